/**
 * Failed sign-ins are throttled per email and address pair and per address
 * (docs/decisions/0016-accounts-and-sign-in.md, docs/decisions/0024-only-the-worker-acts-as-the-worker.md),
 * in memory for one instance and in Redis for several; a right password does not get through a
 * throttle from where the failures came, but gets in from a clean address, with a delay at most;
 * and a cross-site form post with the cookie is refused before anything else.
 */
import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { after, describe, it } from 'node:test'
import { Redis } from 'ioredis'
import { buildApp } from '../../src/app.js'
import { AppError } from '../../src/errors.js'
import {
  LOGIN_WINDOW_MS,
  type LoginThrottle,
  MemoryLoginThrottle,
  RedisLoginThrottle,
} from '../../src/modules/accounts/index.js'
import { PASSWORD, login, signedIn } from '../helpers/accounts.js'
import { NO_SHEDDING, expectError, forEachEngine, uniqueEmail } from '../helpers/harness.js'

const REDIS_URL = process.env.TEST_REDIS_URL || null
let now = Date.now()

/** The wait a refusal asks for, or null when the attempt went on (and counts as a failure). */
async function refusal(throttle: LoginThrottle, email: string, address: string, at: number): Promise<number | null> {
  try {
    await throttle.begin(email, address, at)
    return null
  } catch (error) {
    assert.ok(error instanceof AppError && error.code === 'login_throttled', String(error))
    return error.retryAfterSeconds ?? null
  }
}

/** The same rules whichever store counts. */
function throttleRules(make: () => Promise<LoginThrottle>) {
  it('ten failures for one email from one address within 15 minutes, then that pair is refused until the oldest leaves the window', async () => {
    const throttle = await make()
    const email = uniqueEmail()
    const start = Date.now()
    // A right password is forgiven: it never counts.
    await throttle.forgive(await throttle.begin(email, '10.0.0.1', start - 1000))
    for (let i = 0; i < 10; i++)
      assert.equal(await refusal(throttle, email, '10.0.0.1', start + i * 1000), null, `attempt ${i + 1}`)
    const wait = await refusal(throttle, email, '10.0.0.1', start + 10_000)
    assert.ok(wait !== null && wait > 880 && wait <= 900, `Retry-After ${wait}`)
    assert.equal(await refusal(throttle, uniqueEmail(), '10.0.0.1', start + 10_000), null, 'another email goes on')
    // Another address is not refused: only slowed down, a second for the ten failures.
    const elsewhere = await throttle.begin(email, '10.0.0.2', start + 10_000)
    assert.equal(elsewhere.delayMs, 1000)
    assert.equal(await refusal(throttle, email, '10.0.0.1', start + LOGIN_WINDOW_MS + 1), null, 'the oldest left')
    await throttle.close()
  })

  it('failures for one email from many addresses slow its attempts down, to three seconds at most, and refuse none', async () => {
    const throttle = await make()
    const email = uniqueEmail()
    const start = Date.now()
    for (let i = 0; i < 45; i++) await throttle.begin(email, `10.7.0.${i}`, start)
    const next = await throttle.begin(email, '10.7.1.1', start + 1)
    assert.equal(next.delayMs, 3000)
    await throttle.close()
  })

  it('a hundred failures from one address, whatever the emails, then that address is refused', async () => {
    const throttle = await make()
    const address = `10.9.${randomBytes(1)[0]}.${randomBytes(1)[0]}`
    const start = Date.now()
    for (let i = 0; i < 100; i++) await throttle.begin(uniqueEmail(), address, start)
    assert.ok((await refusal(throttle, uniqueEmail(), address, start + 1)) !== null)
    assert.equal(await refusal(throttle, uniqueEmail(), '10.0.0.3', start + 1), null, 'other addresses go on')
    await throttle.close()
  })

  it('attempts begun at once cannot all pass the check: exactly ten of thirty go on', async () => {
    const throttle = await make()
    const email = uniqueEmail()
    const start = Date.now()
    const outcomes = await Promise.all(Array.from({ length: 30 }, () => refusal(throttle, email, '10.0.0.9', start)))
    assert.equal(outcomes.filter((wait) => wait === null).length, 10)
    await throttle.close()
  })
}

describe('login throttle in memory', () => throttleRules(async () => new MemoryLoginThrottle(() => now)))
describe('login throttle in Redis', { skip: REDIS_URL ? false : 'Redis half skipped: TEST_REDIS_URL is not set' }, () =>
  throttleRules(
    async () => new RedisLoginThrottle(new Redis(REDIS_URL!), `jornada:test:${randomBytes(4).toString('hex')}:`),
  ),
)

forEachEngine(
  'sign-in throttles over HTTP',
  (t) => {
    it('the eleventh attempt for an email is 429 with Retry-After, even with the right password', async () => {
      now = Date.now()
      const tenant = await t.newTenant()
      const user = await tenant.createUser({ password: PASSWORD })
      for (let i = 0; i < 10; i++)
        expectError((await login(t.app, { email: user.email, password: `wrong-${i}` })).res, 401, 'invalid_credentials')
      const refused = (await login(t.app, { email: user.email, password: PASSWORD })).res
      expectError(refused, 429, 'login_throttled')
      assert.ok(Number(refused.headers['retry-after']) > 0)
      const failed = (await tenant.admin.get(`/api/v1/audit-log?operation=auth.login_failed&user_id=${user.id}`)).body
      assert.equal(failed.meta.total, 10, 'each failure is audited, the throttled one is not tried')
      expectError((await login(t.app, { email: user.email, password: PASSWORD })).res, 429, 'login_throttled')
      now += LOGIN_WINDOW_MS + 1000
      assert.equal((await login(t.app, { email: user.email, password: PASSWORD })).res.status, 200)
    })

    it('an attacker failing ten times from 127.0.0.3 cannot lock the owner out: the right password from 127.0.0.4 signs in', async () => {
      now = Date.now()
      const tenant = await t.newTenant()
      const user = await tenant.createUser({ password: PASSWORD })
      for (let i = 0; i < 10; i++)
        expectError(
          (await login(t.app, { email: user.email, password: `guess-${i}` }, {}, '127.0.0.3')).res,
          401,
          'invalid_credentials',
        )
      // The attacker's address is refused, even with the right password.
      expectError(
        (await login(t.app, { email: user.email, password: PASSWORD }, {}, '127.0.0.3')).res,
        429,
        'login_throttled',
      )
      // The owner, from an address that has not failed, signs in: slowed a second, not refused.
      const started = Date.now()
      const owner = await login(t.app, { email: user.email, password: PASSWORD }, {}, '127.0.0.4')
      assert.equal(owner.res.status, 200, JSON.stringify(owner.res.body))
      assert.ok(Date.now() - started >= 900, 'with the delay of an email under attack')
      assert.equal((await owner.client!.get('/api/v1/me')).status, 200)
    })

    it('a failed sign-in is audited only in the company asked for', async () => {
      now = Date.now()
      const email = uniqueEmail('twice')
      const [first, second] = [await t.newTenant(), await t.newTenant()]
      const inFirst = await first.createUser({ email, password: PASSWORD })
      const inSecond = await second.createUser({ email, password: 'Otra-Contraseña-Distinta-2026' })
      const failedIn = async (tenant: typeof first, userId: string) =>
        (await tenant.admin.get(`/api/v1/audit-log?operation=auth.login_failed&user_id=${userId}`)).body.meta.total
      expectError(
        (await login(t.app, { email, password: 'wrong-wrong', tenant_id: second.id }, {}, '127.0.0.5')).res,
        401,
      )
      assert.equal(await failedIn(second, inSecond.id), 1)
      assert.equal(await failedIn(first, inFirst.id), 0, 'the other company learns nothing')
      // Without a company named, an email of two companies tells neither.
      expectError((await login(t.app, { email, password: 'wrong-wrong' }, {}, '127.0.0.5')).res, 401)
      assert.equal(await failedIn(second, inSecond.id), 1)
      assert.equal(await failedIn(first, inFirst.id), 0)
    })

    it('a cross-site form post with the cookie is refused, and so is a write without the token', async () => {
      const tenant = await t.newTenant()
      const user = await tenant.createUser({ password: PASSWORD })
      const client = await signedIn(t.app, user.email)
      const form = await t.app.inject({
        method: 'POST',
        url: '/api/v1/attendance/clock',
        headers: {
          cookie: `jornada_session=${client.cookie}`,
          origin: 'https://attacker.example',
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: 'type=in',
      })
      assert.equal(form.statusCode, 403, form.body)
      assert.equal(JSON.parse(form.body).error.code, 'csrf_failed')
      const punches = await t.database.db.selectFrom('punches').select('id').where('user_id', '=', user.id).execute()
      assert.equal(punches.length, 0, 'nothing was recorded')
    })
  },
  { app: { clock: () => now } },
)

forEachEngine('sign-in throttles shared through Redis', (t) => {
  const skip = REDIS_URL ? false : 'Redis half skipped: TEST_REDIS_URL is not set'
  const redisClients: Redis[] = []
  after(async () => {
    for (const r of redisClients) r.disconnect()
  })

  it('failures on two instances add up: the eleventh attempt is refused on either', { skip }, async () => {
    const prefix = `jornada:test:${randomBytes(4).toString('hex')}:`
    const instance = () => {
      const redis = new Redis(REDIS_URL!)
      redisClients.push(redis)
      return buildApp({
        load: NO_SHEDDING,
        db: t.database.db,
        rateLimitPerMinute: 100_000,
        accounts: { throttle: new RedisLoginThrottle(redis, prefix) },
      })
    }
    const [appA, appB] = await Promise.all([instance(), instance()])
    try {
      const tenant = await t.newTenant()
      const user = await tenant.createUser({ password: PASSWORD })
      for (let i = 0; i < 10; i++)
        expectError((await login(i % 2 ? appA : appB, { email: user.email, password: 'nope-nope' })).res, 401)
      expectError((await login(appA, { email: user.email, password: PASSWORD })).res, 429, 'login_throttled')
      expectError((await login(appB, { email: user.email, password: PASSWORD })).res, 429, 'login_throttled')
    } finally {
      await appA.close()
      await appB.close()
    }
  })
})
