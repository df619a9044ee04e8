import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { after, it } from 'node:test'
import { Redis } from 'ioredis'
import { buildApp } from '../../src/app.js'
import { RedisRateLimitStore } from '../../src/http/rate-limit.js'
import { Client, expectError, forEachEngine, NO_SHEDDING } from '../helpers/harness.js'

const REDIS_URL = process.env.TEST_REDIS_URL || null

forEachEngine(
  'rate limiting (in memory)',
  (t) => {
    it('request 301 within a minute is 429 with Retry-After; headers count down', async () => {
      const tenant = await t.newTenant()
      const first = await tenant.admin.get('/api/v1/me')
      assert.equal(first.headers['ratelimit-policy'], '"per-minute";q=300;w=60')
      const [remaining, reset] = /^"per-minute";r=(\d+);t=(\d+)$/
        .exec(String(first.headers.ratelimit))!
        .slice(1)
        .map(Number) as [number, number]
      assert.equal(remaining, 299)
      assert.ok(reset >= 59 && reset <= 60, `reset ${reset}`)
      for (let i = 2; i <= 300; i++) {
        const res = await tenant.admin.get('/api/v1/me')
        assert.equal(res.status, 200, `request ${i}`)
        if (i === 300) assert.match(String(res.headers.ratelimit), /;r=0;/)
      }
      const limited = await tenant.admin.get('/api/v1/me')
      expectError(limited, 429, 'rate_limited')
      const retryAfter = Number(limited.headers['retry-after'])
      assert.ok(retryAfter >= 1 && retryAfter <= 60, `Retry-After ${retryAfter}`)
      // Another key of the same tenant has its own budget.
      const other = await tenant.keyFor(tenant.adminId, ['users.list'])
      assert.equal((await other.get('/api/v1/users')).status, 200)
    })

    it('requests without a valid key are limited per address; valid keys from that address still work', async () => {
      const tenant = await t.newTenant()
      const anonymous = t.client(`jnd_01ARZ3NDEKTSV4RRFFQ69G5FAV_${'x'.repeat(43)}`)
      for (let i = 1; i <= 300; i++) expectError(await anonymous.get('/api/v1/me'), 401)
      const limited = await anonymous.get('/api/v1/me')
      expectError(limited, 429, 'rate_limited')
      assert.ok(Number(limited.headers['retry-after']) >= 1)
      expectError(await t.client(null).get('/api/v1/users'), 429, 'rate_limited')
      // Behind a shared address (a load balancer, a NAT) one bad client must not lock out the rest.
      assert.equal((await tenant.admin.get('/api/v1/me')).status, 200)
      // Health probes are never rate limited, nor are the app's and the kiosk's pages: a phone
      // behind the same address still opens the app and shows its own message.
      for (let i = 0; i < 10; i++)
        for (const page of ['/app', '/app/app.js', '/app/app.css', '/kiosk'])
          assert.notEqual((await t.client(null).get(page)).status, 429, page)
      assert.equal((await t.client(null).get('/health')).status, 200)
      assert.equal((await t.client(null).get('/ready')).status, 200)
    })
  },
  { app: { rateLimitPerMinute: 300 } },
)

forEachEngine('rate limiting when Redis is unreachable', (t) => {
  it('requests are served uncounted instead of failing', async () => {
    const redis = new Redis('redis://127.0.0.1:1', {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      lazyConnect: true,
      retryStrategy: () => null,
    })
    redis.on('error', () => {})
    const app = await buildApp({
      load: NO_SHEDDING,
      db: t.database.db,
      rateLimitPerMinute: 300,
      rateLimitStore: new RedisRateLimitStore(redis),
    })
    try {
      const tenant = await t.newTenant()
      const res = await new Client(app, tenant.adminKey).get('/api/v1/me')
      assert.equal(res.status, 200)
      assert.equal(res.headers['ratelimit-policy'], undefined)
      assert.equal(res.headers.ratelimit, undefined)
      expectError(await new Client(app, null).get('/api/v1/me'), 401)
    } finally {
      await app.close()
      redis.disconnect()
    }
  })

  it('closing the store over a connection already lost does not fail (a shutdown must not crash on it)', async () => {
    const redis = new Redis('redis://127.0.0.1:1', {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      lazyConnect: true,
      retryStrategy: () => null,
    })
    redis.on('error', () => {})
    await redis.connect().catch(() => {})
    await new RedisRateLimitStore(redis).close()
    assert.equal(redis.status, 'end')
  })
})

forEachEngine('rate limiting shared through Redis', (t) => {
  const skip = REDIS_URL ? false : 'Redis half skipped: TEST_REDIS_URL is not set'
  const redisClients: Redis[] = []
  after(async () => {
    for (const r of redisClients) await r.quit()
  })

  it('two instances draw on one budget per key', { skip }, async () => {
    const prefix = `jornada:test:${randomBytes(4).toString('hex')}:`
    const instance = async () => {
      const redis = new Redis(REDIS_URL!)
      redisClients.push(redis)
      return buildApp({
        load: NO_SHEDDING,
        db: t.database.db,
        rateLimitPerMinute: 300,
        rateLimitStore: new RedisRateLimitStore(redis, prefix),
      })
    }
    const [appA, appB] = await Promise.all([instance(), instance()])
    try {
      const tenant = await t.newTenant()
      const a = new Client(appA, tenant.adminKey)
      const b = new Client(appB, tenant.adminKey)
      for (let i = 1; i <= 300; i++) {
        const res = await (i % 2 ? a : b).get('/api/v1/me')
        assert.equal(res.status, 200, `request ${i}`)
        assert.match(String(res.headers.ratelimit), new RegExp(`;r=${300 - i};`))
      }
      const limitedA = await a.get('/api/v1/me')
      const limitedB = await b.get('/api/v1/me')
      expectError(limitedA, 429, 'rate_limited')
      expectError(limitedB, 429, 'rate_limited')
      assert.ok(Number(limitedB.headers['retry-after']) >= 1)
    } finally {
      await appA.close()
      await appB.close()
    }
  })
})
