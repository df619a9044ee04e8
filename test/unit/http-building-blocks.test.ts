import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import fc from 'fast-check'
import { MemoryRateLimitStore } from '../../src/http/rate-limit.js'
import { isValidDate, todayIn } from '../../src/lib/calendar.js'
import { findBadCharacter } from '../../src/lib/validation.js'
import { formatApiKey, parseApiKey, secretMatches, sha256Hex } from '../../src/lib/secrets.js'
import { Registry } from 'prom-client'
import { RequestSeries } from '../../src/http/request-series.js'
import { loggableRequest } from '../../src/http/request-log.js'
import { isValidInstant, isValidTimeZone } from '../../src/lib/time.js'
import { loadConfig } from '../../src/config.js'

describe('date and instant formats', () => {
  it('calendar dates: leap years and month lengths', () => {
    for (const ok of ['2024-02-29', '2000-02-29', '2026-12-31', '2026-04-30']) assert.ok(isValidDate(ok), ok)
    for (const bad of [
      '2026-02-29',
      '2100-02-29',
      '2026-04-31',
      '2026-13-01',
      '2026-00-10',
      '2026-1-1',
      '26-01-01',
      '2026-01-01T00:00',
    ]) {
      assert.ok(!isValidDate(bad), bad)
    }
  })
  it('agrees with the JavaScript calendar from 1900 to 9998, and refuses years outside', () => {
    for (const outside of ['1899-12-31', '9999-01-01', '0001-01-01']) assert.ok(!isValidDate(outside), outside)
    assert.ok(isValidDate('1900-01-01') && isValidDate('9998-12-31'))
    fc.assert(
      fc.property(
        fc.integer({ min: 1900, max: 9998 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 31 }),
        (y, m, d) => {
          const text = `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`
          const js = new Date(Date.UTC(y, m - 1, d))
          assert.equal(isValidDate(text), js.getUTCMonth() === m - 1 && js.getUTCDate() === d)
        },
      ),
    )
  })
  it('instants need Z or an offset', () => {
    for (const ok of [
      '2026-03-02T08:00:00Z',
      '2026-03-02T08:00:00.123Z',
      '2026-03-02T09:00:00+01:00',
      '2026-03-02T08:00Z',
    ])
      assert.ok(isValidInstant(ok), ok)
    for (const bad of [
      '2026-03-02T08:00:00',
      '2026-03-02 08:00:00Z',
      '2026-02-30T08:00:00Z',
      '2026-03-02T24:00:00Z',
      '2026-03-02t08:00:00z',
    ]) {
      assert.ok(!isValidInstant(bad), bad)
    }
  })
  it('time zones', () => {
    assert.ok(isValidTimeZone('Europe/Madrid'))
    assert.ok(isValidTimeZone('Pacific/Auckland'))
    assert.ok(!isValidTimeZone('Mars/Olympus'))
    assert.ok(!isValidTimeZone(''))
    // The answers are kept per zone: asked again, the same, the unknown zone included.
    assert.ok(isValidTimeZone('Europe/Madrid'))
    assert.ok(!isValidTimeZone('Mars/Olympus'))
  })
  it('today in a zone, with its formatter kept per zone; an unknown zone throws every time', () => {
    const lateEvening = new Date('2026-03-28T23:30:00Z')
    assert.equal(todayIn('Europe/Madrid', lateEvening), '2026-03-29')
    assert.equal(todayIn('America/New_York', lateEvening), '2026-03-28')
    assert.equal(todayIn('Europe/Madrid', new Date('2026-03-29T21:59:59Z')), '2026-03-29')
    assert.equal(todayIn('Europe/Madrid', new Date('2026-03-29T22:00:00Z')), '2026-03-30')
    for (let i = 0; i < 2; i++) assert.throws(() => todayIn('Mars/Olympus', lateEvening), RangeError)
  })
})

describe('NUL characters', () => {
  it('finds the path of the first string holding one', () => {
    assert.equal(findBadCharacter({ a: 'ok', b: { c: ['x', 'y\u0000'] } })?.field, 'b.c.1')
    assert.equal(findBadCharacter({ a: 'ok' }), null)
    assert.equal(findBadCharacter(undefined), null)
    // Half a surrogate pair is no character; a whole pair (an emoji) is.
    assert.match(findBadCharacter({ name: 'Dept \ud800 x' })?.message ?? '', /well-formed Unicode/)
    assert.equal(findBadCharacter({ name: 'Dept \udc00' })?.field, 'name')
    assert.equal(findBadCharacter({ name: 'Dept 😀' }), null)
  })
})

describe('API key format', () => {
  it('round-trips and rejects malformed tokens', () => {
    const token = formatApiKey('key_01ARZ3NDEKTSV4RRFFQ69G5FAV', 'abcdefghijklmnopqrstuvwxyz0123456789_-ABCDE')
    assert.deepEqual(parseApiKey(token), {
      keyId: 'key_01ARZ3NDEKTSV4RRFFQ69G5FAV',
      secret: 'abcdefghijklmnopqrstuvwxyz0123456789_-ABCDE',
    })
    for (const bad of [
      '',
      'jnd_',
      'abc_01ARZ3NDEKTSV4RRFFQ69G5FAV_secretsecretsecretsecret',
      'jnd_01ARZ3NDEKTSV4RRFFQ69G5FA_secretsecretsecretsecret',
      'jnd_01ARZ3NDEKTSV4RRFFQ69G5FAV_short',
    ]) {
      assert.equal(parseApiKey(bad), null, bad)
    }
  })
  it('compares secrets against their hash', () => {
    assert.ok(secretMatches('s3cret', sha256Hex('s3cret')))
    assert.ok(!secretMatches('s3cret', sha256Hex('other')))
    assert.ok(!secretMatches('s3cret', 'abcd'))
    // A digest differing in its last character only, or in case (digests are stored lower-case).
    const digest = sha256Hex('s3cret')
    assert.ok(!secretMatches('s3cret', `${digest.slice(0, -1)}${digest.endsWith('0') ? '1' : '0'}`))
    assert.ok(!secretMatches('s3cret', digest.toUpperCase()))
    assert.equal(sha256Hex('s3cret'), '1ec1c26b50d5d3c58d9583181af8076655fe00756bf7285940ba3670f99fcba0')
  })
})

describe('in-memory sliding window', () => {
  it('allows `limit` requests in any 60 s window and reports when one frees up', async () => {
    let now = 1_000_000
    const store = new MemoryRateLimitStore(() => now)
    try {
      for (let i = 0; i < 3; i++) {
        assert.equal((await store.hit('k', 3)).allowed, true)
        now += 10_000
      }
      const refused = await store.hit('k', 3)
      assert.deepEqual(refused, { allowed: false, limit: 3, remaining: 0, resetMs: 30_000 })
      now += 30_000 // the first request leaves the window
      assert.equal((await store.hit('k', 3)).allowed, true)
      assert.equal((await store.hit('k', 3)).allowed, false, 'rolling, not fixed: the other two are still inside')
      assert.equal((await store.hit('other', 3)).remaining, 2, 'buckets are independent')
    } finally {
      await store.close()
    }
  })
})

describe('configuration', () => {
  it('defaults and validation', () => {
    const config = loadConfig({})
    assert.equal(config.port, 3000)
    assert.equal(config.databaseUrl, 'sqlite:./data/jornada.db')
    assert.equal(config.rateLimitPerMinute, 300)
    assert.throws(() => loadConfig({ PORT: 'abc' }), /PORT/)
    assert.throws(() => loadConfig({ DATABASE_URL: 'mysql://x' }), /DATABASE_URL/)
    assert.throws(() => loadConfig({ REDIS_URL: 'http://x' }), /REDIS_URL/)
    assert.throws(() => loadConfig({ LOG_LEVEL: 'loud' }), /LOG_LEVEL/)
    assert.throws(() => loadConfig({ RATE_LIMIT_PER_MINUTE: '0' }), /RATE_LIMIT_PER_MINUTE/)
  })

  it('a read replica needs a PostgreSQL primary; its lag bound defaults to 30 s', () => {
    assert.equal(loadConfig({}).readReplica, null)
    const pg = {
      DATABASE_URL: 'postgres://u@primary/jornada',
      DATABASE_READ_URL: 'postgres://u:secret@replica/jornada',
    }
    assert.deepEqual(loadConfig(pg).readReplica, { url: pg.DATABASE_READ_URL, maxLagSeconds: 30 })
    assert.equal(loadConfig({ ...pg, DATABASE_READ_MAX_LAG_SECONDS: '5' }).readReplica?.maxLagSeconds, 5)
    assert.throws(() => loadConfig({ DATABASE_READ_URL: pg.DATABASE_READ_URL }), /needs a PostgreSQL DATABASE_URL/)
    assert.throws(
      () => loadConfig({ ...pg, DATABASE_READ_URL: 'mysql://u:secret@replica/x' }),
      (error: Error) => {
        // The password is not printed back.
        assert.match(error.message, /DATABASE_READ_URL must start with postgres/)
        assert.doesNotMatch(error.message, /secret/)
        return true
      },
    )
    assert.throws(
      () => loadConfig({ ...pg, DATABASE_READ_URL: 'mysql://u:se/c@ret@replica/x' }),
      (error: Error) => {
        assert.doesNotMatch(error.message, /se\/c|ret@/)
        return true
      },
    )
    assert.throws(
      () => loadConfig({ ...pg, DATABASE_READ_URL: `${pg.DATABASE_READ_URL}?target_session_attrs=read-write` }),
      /never takes writes/,
    )
    assert.throws(() => loadConfig({ ...pg, DATABASE_READ_MAX_LAG_SECONDS: '0' }), /DATABASE_READ_MAX_LAG_SECONDS/)
    assert.throws(() => loadConfig({ DATABASE_READ_MAX_LAG_SECONDS: '5' }), /needs DATABASE_READ_URL/)
  })
})

describe('request series (count and latency histogram)', () => {
  it('tallies per method, route and status, and shows them as prom-client shows a counter and a histogram', async () => {
    const series = new RequestSeries([0.01, 0.1, 1])
    const registry = new Registry()
    series.register(registry, {
      count: 'requests_total',
      countHelp: 'Requests',
      duration: 'duration_seconds',
      durationHelp: 'Durations',
    })
    // On a bound counts within it (le); above every bound, only in +Inf.
    for (const seconds of [0.005, 0.01, 0.05, 2]) series.record('GET', '/users/:id', 200, seconds)
    series.record('GET', '/users/:id', 404, 0.001)
    series.record('POST', '/users', 201, 0.2)
    const text = await registry.metrics()
    const sample = (line: string) =>
      text
        .split('\n')
        .find((l) => l.startsWith(`${line} `))
        ?.split(' ')[1]
    const users = 'method="GET",route="/users/:id",status="200"'
    assert.equal(sample(`requests_total{${users}}`), '4')
    assert.equal(sample('requests_total{method="GET",route="/users/:id",status="404"}'), '1')
    assert.equal(sample('requests_total{method="POST",route="/users",status="201"}'), '1')
    assert.deepEqual(
      ['0.01', '0.1', '1', '+Inf'].map((le) => sample(`duration_seconds_bucket{le="${le}",${users}}`)),
      ['2', '3', '3', '4'],
    )
    assert.equal(Number(sample(`duration_seconds_sum{${users}}`)), 0.005 + 0.01 + 0.05 + 2)
    assert.equal(sample(`duration_seconds_count{${users}}`), '4')
    assert.match(text, /# TYPE requests_total counter\n/)
    assert.match(text, /# TYPE duration_seconds histogram\n/)
    registry.resetMetrics()
    assert.ok(!(await registry.metrics()).includes('requests_total{'), 'reset clears the tallies')
  })
})

describe('the request line of a calendar feed', () => {
  it('logs the route, never the address and its secret, whatever form the address came in', () => {
    for (const url of [
      '/calendar/jcf_01KAF000000000000000000001_S3cr3tS3cr3tS3cr3tS3cr3t.ics',
      '/calendar/jcf_01KAF000000000000000000001_S3cr3tS3cr3tS3cr3tS3cr3t.ics/',
      '/c%61lendar/jcf%5F01KAF000000000000000000001_S3cr3tS3cr3tS3cr3tS3cr3t.ics?x=1',
    ]) {
      const request = { url, routeOptions: { url: '/calendar/:file' } } as unknown as Parameters<
        typeof loggableRequest
      >[0]
      assert.equal(loggableRequest(request).path, '/calendar/:file')
      assert.ok(!JSON.stringify(loggableRequest(request)).includes('S3cr3t'))
    }
  })
})
