/**
 * The guards of http/overload.ts, over a real socket with routes whose end the test decides.
 * Shedding: only while requests queue (in flight at the bound) and the loop lags, never the only
 * request in flight. The per-key limit on expensive reads: at most N run at once per key, the next
 * is 429 `concurrency_limited` with `Retry-After`, other keys and cheap routes are not held back,
 * and a slot comes back when a response ends or its client goes away. The API marks summaries,
 * reports, exports and batches expensive (checked here through the OpenAPI document).
 */
import assert from 'node:assert/strict'
import { setTimeout as sleep } from 'node:timers/promises'
import { after, before, describe, it } from 'node:test'
import Fastify, { type FastifyInstance } from 'fastify'
import type { AuthContext } from '../../src/auth/context.js'
import { registerErrorHandler } from '../../src/http/error-handler.js'
import { EventLoopLag, registerOverloadGuards } from '../../src/http/overload.js'
import { buildApp } from '../../src/app.js'
import { openDatabase } from '../../src/db/database.js'

describe('expensive reads are limited per key in concurrency', () => {
  let app: FastifyInstance
  let url: string
  const lag = new EventLoopLag()
  /** Ends the slow requests the server holds, in arrival order. */
  const pending: (() => void)[] = []
  const shed: string[] = []

  before(async () => {
    app = Fastify()
    app.decorateRequest('auth', null)
    app.decorateRequest('kiosk', null)
    registerErrorHandler(app, () => [])
    const guards = registerOverloadGuards(app, {
      lag,
      maxLagMs: 60_000,
      queueingInFlight: 1,
      expensivePerKey: 2,
      onShed: (reason) => shed.push(reason),
    })
    // Stands in for authentication: the key is named by a header.
    app.addHook('onRequest', (request, _reply, done) => {
      request.auth = { keyId: String(request.headers['x-key']), tenantId: 'ten_test' } as AuthContext
      done()
    })
    guards.addLimitHook()
    app.get(
      '/slow',
      { config: { expensive: true } },
      () => new Promise((resolve) => pending.push(() => resolve({ ok: true }))),
    )
    app.get('/cheap', async () => ({ ok: true }))
    url = await app.listen({ port: 0, host: '127.0.0.1' })
  })
  after(async () => {
    lag.stop()
    await app.close()
  })

  const call = (path: string, key: string, signal?: AbortSignal) =>
    fetch(`${url}${path}`, { headers: { 'x-key': key }, ...(signal ? { signal } : {}) })
  async function held(count: number): Promise<void> {
    for (let i = 0; i < 200 && pending.length < count; i++) await sleep(10)
    assert.equal(pending.length, count, `${count} slow requests are running`)
  }

  it('the third at once is 429 with Retry-After; other keys and cheap routes go on; an answer or a hang-up frees a slot', async () => {
    const first = call('/slow', 'key_a')
    const second = call('/slow', 'key_a')
    await held(2)
    const third = await call('/slow', 'key_a')
    assert.equal(third.status, 429)
    assert.equal(third.headers.get('retry-after'), '1')
    const body = (await third.json()) as { error: { code: string; message: string } }
    assert.equal(body.error.code, 'concurrency_limited')
    assert.match(body.error.message, /2 expensive requests running/)
    assert.deepEqual(shed, ['concurrency_limited'])

    assert.equal((await call('/cheap', 'key_a')).status, 200, 'cheap routes are not limited')
    const otherKey = call('/slow', 'key_b')
    await held(3)

    // The first answer frees its slot.
    pending.shift()!()
    assert.equal((await first).status, 200)
    const fourth = call('/slow', 'key_a')
    await held(3)
    assert.equal((await call('/slow', 'key_a')).status, 429)

    // A client that hangs up frees its slot too, although its handler is still running.
    const aborter = new AbortController()
    const abandoned = call('/slow', 'key_c', aborter.signal)
    const abandonedToo = call('/slow', 'key_c')
    await held(5)
    assert.equal((await call('/slow', 'key_c')).status, 429)
    aborter.abort()
    await assert.rejects(abandoned)
    // The server learns of the hang-up when the socket closes: then a new request is held, not refused.
    const retries: Promise<Response>[] = []
    let outcome: number | 'held' = 429
    for (let i = 0; i < 50 && outcome !== 'held'; i++) {
      await sleep(20)
      const retry = call('/slow', 'key_c')
      retries.push(retry)
      outcome = await Promise.race([retry.then((r) => r.status), sleep(200).then(() => 'held' as const)])
    }
    assert.equal(outcome, 'held', 'the hung-up request gave its slot back')

    while (pending.length > 0) pending.shift()!()
    for (const response of [second, otherKey, fourth, abandonedToo]) assert.equal((await response).status, 200)
    await Promise.allSettled(retries)
  })

  it('the API marks summaries, reports, exports and batches expensive, and says so in its document', async () => {
    const database = await openDatabase('sqlite::memory:')
    const api = await buildApp({ db: database.db })
    try {
      const document = (await api.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json()
      const expensive = Object.values<any>(document.paths)
        .flatMap((item) => Object.values<any>(item))
        .filter((op) => op.description?.includes('concurrency_limited'))
        .map((op) => op.operationId)
        .sort()
      assert.deepEqual(expensive, [
        'attendance-reports.company',
        'attendance-reports.export',
        'attendance-reports.get',
        'attendance-reports.record-export',
        'attendance.anomalies',
        'attendance.batch',
        'attendance.summary',
        'overtime-lots.list',
        'overtime-reports.monthly',
        'overtime.balance',
      ])
    } finally {
      await api.close()
      await database.destroy()
    }
  })
})

/** Keeps the event loop busy for `ms`, as a long synchronous computation would. */
function blockEventLoop(ms: number): void {
  const until = performance.now() + ms
  while (performance.now() < until) {
    // Spinning on purpose.
  }
}

describe('shedding refuses requests that queue, never the only one in flight', () => {
  let app: FastifyInstance
  let url: string
  const lag = new EventLoopLag()
  const pending: (() => void)[] = []
  const BOUND = 3

  before(async () => {
    app = Fastify()
    registerErrorHandler(app, () => [])
    registerOverloadGuards(app, { lag, maxLagMs: 100, queueingInFlight: BOUND, expensivePerKey: 2 })
    app.get('/api/held', () => new Promise((resolve) => pending.push(() => resolve({ ok: true }))))
    app.get('/api/quick', async () => ({ ok: true }))
    app.get('/health', async () => ({ ok: true }))
    url = await app.listen({ port: 0, host: '127.0.0.1' })
  })
  after(async () => {
    lag.stop()
    await app.close()
  })

  async function held(count: number): Promise<void> {
    for (let i = 0; i < 200 && pending.length < count; i++) await sleep(10)
    assert.equal(pending.length, count, `${count} requests are held`)
  }

  it('the only request in flight is served however far behind the loop is', async () => {
    for (let i = 0; i < 5; i++) {
      blockEventLoop(300)
      assert.ok(lag.lagMs() > 100, 'the loop lags above the threshold')
      assert.equal((await fetch(`${url}/api/quick`)).status, 200)
    }
  })

  it('below the bound nothing is shed; at it, a lagging loop sheds the next with Retry-After; answers free the way', async () => {
    const running = Array.from({ length: BOUND - 1 }, () => fetch(`${url}/api/held`))
    await held(BOUND - 1)
    blockEventLoop(300)
    assert.equal((await fetch(`${url}/api/quick`)).status, 200, `${BOUND - 1} in flight: not queueing yet`)
    running.push(fetch(`${url}/api/held`))
    await held(BOUND)

    blockEventLoop(300)
    const refused = await fetch(`${url}/api/quick`)
    assert.equal(refused.status, 503)
    assert.equal(refused.headers.get('retry-after'), '1')
    const body = (await refused.json()) as { error: { code: string; message: string } }
    assert.equal(body.error.code, 'overloaded')
    assert.match(body.error.message, new RegExp(`${BOUND} requests in flight`))
    assert.equal((await fetch(`${url}/health`)).status, 200, 'probes are never shed')

    // Requests queueing, but a loop that keeps up: served.
    await sleep(1100)
    assert.equal((await fetch(`${url}/api/quick`)).status, 200)

    while (pending.length > 0) pending.shift()!()
    for (const response of running) assert.equal((await response).status, 200)
    blockEventLoop(300)
    assert.equal((await fetch(`${url}/api/quick`)).status, 200, 'alone again: served although the loop lags')
  })

  it('a burst of slow requests while the loop lags: the first reach the bound, the rest are shed', async () => {
    blockEventLoop(300)
    const burst = Array.from({ length: 20 }, () => fetch(`${url}/api/held`))
    // Give the server time to take them in while the loop still lags (held ones are not answered).
    const settled = await Promise.all(
      burst.map((response) => Promise.race([response.then((r) => r.status), sleep(1500).then(() => 'held' as const)])),
    )
    const shed = settled.filter((s) => s === 503).length
    const heldCount = settled.filter((s) => s === 'held').length
    assert.ok(heldCount >= BOUND, `at least ${BOUND} taken in: ${JSON.stringify(settled)}`)
    assert.ok(shed > 0, `some shed: ${JSON.stringify(settled)}`)
    assert.equal(shed + heldCount, burst.length, JSON.stringify(settled))
    while (pending.length > 0) pending.shift()!()
    await Promise.allSettled(burst)
  })
})
