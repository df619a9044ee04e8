/**
 * A PostgreSQL failover under load (docs/decisions/0021-failover-and-read-replicas.md), on a
 * primary and a synchronous standby the test starts itself: 32 clients push punches with
 * Idempotency-Keys through the API of one service built on the multi-host DATABASE_URL; the primary
 * is killed with SIGKILL and the standby promoted. The service, never restarted, answers 503
 * database_unavailable with Retry-After in between and 201 again within seconds; every punch
 * answered 201 is on the new primary, none twice for one key, every chain verifies, and no other
 * 5xx was answered. Alongside, a client of the SDK punches through a real socket and never sees an
 * error (its retries carry it), and the webhook dispatcher and housekeeping, running all along,
 * report failed rounds while no primary answers and go on by themselves: every event is delivered.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { FastifyInstance } from 'fastify'
import type { AddressInfo } from 'node:net'
import { createJornada } from '../sdk/src/index.js'
import { buildApp } from '../src/app.js'
import { type DatabaseHandle, migrateToLatest, openDatabase } from '../src/db/database.js'
import { verifyPunchChains } from '../src/modules/attendance/index.js'
import { startHousekeeping } from '../src/modules/housekeeping/index.js'
import { createTenant } from '../src/modules/onboarding/onboarding.service.js'
import { type Dispatcher, startWebhookDispatcher } from '../src/modules/webhooks/index.js'
import { type Receiver, startReceiver } from './helpers/webhook-receiver.js'
import { NO_SHEDDING, uniqueEmail } from './helpers/harness.js'
import { companyWithWorkers, numberedWorkers } from './helpers/cluster-company.js'
import { type Cluster, NO_CLUSTER, startCluster } from './helpers/pg-cluster.js'

const CLIENTS = 32

if (NO_CLUSTER) console.log(`# Failover test SKIPPED: ${NO_CLUSTER}`)

describe('a PostgreSQL failover under load', { skip: NO_CLUSTER, timeout: 180_000 }, () => {
  let cluster: Cluster
  let database: DatabaseHandle
  let app: FastifyInstance
  let receiver: Receiver
  let dispatcher: Dispatcher
  let stopHousekeeping: () => void
  /** When housekeeping ran, and whether the round failed. */
  const housekeeping: { at: number; failed: boolean }[] = []
  const dispatchErrors: number[] = []
  before(async () => {
    cluster = await startCluster()
    database = await openDatabase(cluster.url, { pgPoolSize: 16 })
    await migrateToLatest(database)
    app = await buildApp({
      db: database.db,
      rateLimitPerMinute: 100_000_000,
      load: NO_SHEDDING,
      logger: false,
      webhooksAllowPrivateNetworks: true,
    })
    await app.listen({ port: 0, host: '127.0.0.1' })
    receiver = await startReceiver()
    dispatcher = startWebhookDispatcher(database.db, {
      allowPrivateNetworks: true,
      clock: Date.now,
      pollMs: 50,
      onError: () => dispatchErrors.push(Date.now()),
    })
    stopHousekeeping = startHousekeeping(
      database.db,
      Date.now,
      (outcome) => housekeeping.push({ at: Date.now(), failed: outcome instanceof Error }),
      250,
    )
  })
  after(async () => {
    stopHousekeeping?.()
    await dispatcher?.stop()
    await receiver?.close()
    await app?.close()
    await database?.destroy()
    await cluster?.stop()
  })

  it('loses no acknowledged punch, stores none twice, and answers only 201 or 503 around the promotion', async () => {
    const created = await companyWithWorkers(app, database.db, 'Failover', numberedWorkers(CLIENTS))
    const auth = created.headers
    const employees = created.workers
    // Another company, whose events go to a webhook, and whose worker punches through the SDK.
    const hooks = await createTenant(
      { db: database.db, now: Date.now() },
      { name: 'Failover hooks', admin_email: uniqueEmail('admin'), admin_name: 'Admin' },
    )
    const sdk = createJornada({
      baseUrl: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
      apiKey: hooks.api_key,
      maxRetries: 20,
    })
    const subscribed = await sdk.api.POST('/api/v1/webhooks', {
      body: { url: `${receiver.url}/hooks`, events: ['punch.created'] },
    })
    assert.equal(subscribed.response.status, 201)
    const sdkWorker = await sdk.api.POST('/api/v1/users', {
      body: { email: uniqueEmail('sdk'), full_name: 'SDK worker' },
    })
    assert.equal(sdkWorker.response.status, 201)
    const sdkWorkerId = sdkWorker.data!.data.id

    const acknowledged = new Map<string, string>() // Idempotency-Key -> punch id
    const statuses = new Map<number, number>()
    let phase: 'before' | 'down' | 'after' = 'before'
    let firstUnavailable: number | null = null
    let promotedAt: number | null = null
    let firstAfter: number | null = null
    const counts = { before: 0, after: 0 }
    const base = Date.now() - 6 * 3_600_000
    let stop = false

    async function client(index: number) {
      const userId = employees[index]!
      for (let n = 0; !stop; n++) {
        const key = `failover-${index}-${n}`
        const body = { user_id: userId, type: n % 2 === 0 ? 'in' : 'out', ts: new Date(base + n * 1000).toISOString() }
        for (;;) {
          const res = await app.inject({
            method: 'POST',
            url: '/api/v1/attendance',
            headers: { ...auth, 'idempotency-key': key },
            payload: body,
          })
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1)
          if (res.statusCode === 201) {
            acknowledged.set(key, res.json().data.id)
            if (phase === 'after' && firstAfter === null) firstAfter = Date.now()
            counts[phase === 'after' ? 'after' : 'before']++
            break
          }
          assert.equal(res.statusCode, 503, `${res.statusCode} ${res.body}`)
          assert.equal(res.json().error?.code, 'database_unavailable', res.body)
          assert.ok(Number(res.headers['retry-after']) >= 1)
          firstUnavailable ??= Date.now()
          // A client would wait Retry-After; the test waits less to finish sooner.
          await new Promise((r) => setTimeout(r, 100))
        }
      }
    }

    /** The SDK's punches: every call must end in 201, whatever happens to the database meanwhile. */
    const sdkPunches: string[] = []
    async function sdkClient() {
      for (let n = 0; !stop; n++) {
        const { data, response } = await sdk.api.POST('/api/v1/attendance', {
          body: {
            user_id: sdkWorkerId,
            type: n % 2 === 0 ? 'in' : 'out',
            ts: new Date(base + n * 1000).toISOString(),
          },
        })
        assert.equal(response.status, 201, `the SDK carried the call across: ${response.status}`)
        sdkPunches.push(data!.data.id)
      }
    }

    const running = [...employees.map((_, i) => client(i)), sdkClient()]
    await new Promise((r) => setTimeout(r, 2000))
    const beforeKill = counts.before
    cluster.killPrimary()
    phase = 'down'
    await new Promise((r) => setTimeout(r, 1000))
    // No primary: not ready, still alive.
    assert.equal((await app.inject({ method: 'GET', url: '/ready' })).statusCode, 503)
    assert.equal((await app.inject({ method: 'GET', url: '/health' })).statusCode, 200)
    await new Promise((r) => setTimeout(r, 500))
    cluster.promoteStandby()
    promotedAt = Date.now()
    phase = 'after'
    for (let i = 0; i < 200 && counts.after < CLIENTS * 5; i++) await new Promise((r) => setTimeout(r, 100))
    stop = true
    await Promise.all(running)

    // The dispatcher and housekeeping failed (or waited out) their rounds while no primary
    // answered, and went on by themselves.
    for (let i = 0; i < 100 && !housekeeping.some((r) => !r.failed && r.at > promotedAt!); i++)
      await new Promise((r) => setTimeout(r, 100))
    assert.ok(
      housekeeping.some((round) => !round.failed && round.at > promotedAt!),
      'housekeeping ran again',
    )
    console.log(
      `  housekeeping rounds: ${housekeeping.filter((r) => r.failed).length} failed, ${housekeeping.filter((r) => !r.failed).length} done; the dispatcher reported ${dispatchErrors.length} failed rounds`,
    )

    const ready = await app.inject({ method: 'GET', url: '/ready' })
    assert.equal(ready.statusCode, 200, 'ready again once the standby took over')
    const unavailableFor = firstAfter! - firstUnavailable!
    const afterPromotion = firstAfter! - promotedAt
    console.log(
      `  ${beforeKill} punches before the kill, ${counts.after} after the promotion; 503s for ${unavailableFor} ms, writes back ${afterPromotion} ms after the promotion; statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
    )
    assert.ok(beforeKill > 0 && counts.after >= CLIENTS * 5, 'writes before and after')
    assert.ok(afterPromotion < 10_000, `writable ${afterPromotion} ms after the promotion`)
    assert.deepEqual(
      [...statuses.keys()].filter((s) => s >= 500 && s !== 503),
      [],
      'no 5xx but 503',
    )

    // Read from the new primary alone.
    const promoted = await openDatabase(cluster.urlOf(cluster.standbyPort))
    try {
      const ids = [...acknowledged.values()]
      const stored = await promoted.db
        .selectFrom('punches')
        .select(['id', 'user_id', 'ts'])
        .where('tenant_id', '=', created.tenantId)
        .execute()
      const storedIds = new Set(stored.map((p) => p.id))
      assert.deepEqual(
        ids.filter((id) => !storedIds.has(id)),
        [],
        'every acknowledged punch is on the new primary',
      )
      assert.equal(stored.length, acknowledged.size, 'each Idempotency-Key stored once, nothing else')
      assert.equal(new Set(stored.map((p) => `${p.user_id} ${p.ts}`)).size, stored.length, 'no punch twice')
      const chains = await verifyPunchChains(promoted.db, created.tenantId)
      assert.equal(chains.ok, true, JSON.stringify(chains.broken.slice(0, 3)))

      // The SDK's calls: each stored once, and its company's chain whole.
      const sdkStored = await promoted.db
        .selectFrom('punches')
        .select('id')
        .where('tenant_id', '=', hooks.tenant.id)
        .execute()
      assert.ok(sdkPunches.length > 0)
      assert.deepEqual(sdkStored.map((p) => p.id).sort(), [...sdkPunches].sort(), 'each SDK call stored once')
      assert.equal((await verifyPunchChains(promoted.db, hooks.tenant.id)).ok, true)

      // Every punch.created event of the company reaches the webhook, those of the outage included.
      const events = await promoted.db
        .selectFrom('events')
        .select('id')
        .where('tenant_id', '=', hooks.tenant.id)
        .where('type', '=', 'punch.created')
        .execute()
      assert.equal(events.length, sdkPunches.length)
      const delivered = () => new Set(receiver.received.map((r) => r.headers['webhook-id']))
      for (let i = 0; i < 200 && events.some((e) => !delivered().has(e.id)); i++)
        await new Promise((r) => setTimeout(r, 100))
      assert.deepEqual(
        events.filter((e) => !delivered().has(e.id)).map((e) => e.id),
        [],
        'every event delivered',
      )
    } finally {
      await promoted.destroy()
    }
  })
})
