/**
 * A PostgreSQL failover under load (decisions 21), on a primary and a synchronous standby the test
 * starts itself: 32 clients push punches with Idempotency-Keys through the API of one service
 * built on the multi-host DATABASE_URL; the primary is killed with SIGKILL and the standby
 * promoted. The service, never restarted, answers 503 database_unavailable with Retry-After in
 * between and 201 again within seconds; every punch answered 201 is on the new primary, none twice
 * for one key, every chain verifies, and no other 5xx was answered.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../src/app.js'
import { type DatabaseHandle, migrateToLatest, openDatabase } from '../src/db/database.js'
import { verifyPunchChains } from '../src/modules/attendance/index.js'
import { createTenant } from '../src/modules/onboarding/onboarding.service.js'
import { NO_SHEDDING, uniqueEmail } from './helpers/harness.js'
import { type Cluster, NO_CLUSTER, startCluster } from './helpers/pg-cluster.js'

const CLIENTS = 32

if (NO_CLUSTER) console.log(`# Failover test SKIPPED: ${NO_CLUSTER}`)

describe('a PostgreSQL failover under load', { skip: NO_CLUSTER, timeout: 180_000 }, () => {
  let cluster: Cluster
  let database: DatabaseHandle
  let app: FastifyInstance
  before(async () => {
    cluster = await startCluster()
    database = await openDatabase(cluster.url, { pgPoolSize: 16 })
    await migrateToLatest(database)
    app = await buildApp({ db: database.db, rateLimitPerMinute: 100_000_000, load: NO_SHEDDING, logger: false })
  })
  after(async () => {
    await app?.close()
    await database?.destroy()
    await cluster?.stop()
  })

  it('loses no acknowledged punch, stores none twice, and answers only 201 or 503 around the promotion', async () => {
    const created = await createTenant(
      { db: database.db, now: Date.now() },
      { name: 'Failover', admin_email: uniqueEmail('admin'), admin_name: 'Admin' },
    )
    const auth = { authorization: `Bearer ${created.api_key}` }
    const employees: string[] = []
    for (let i = 0; i < CLIENTS; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/users',
        headers: auth,
        payload: { email: uniqueEmail('worker'), full_name: `Worker ${i}` },
      })
      assert.equal(res.statusCode, 201, res.body)
      employees.push(res.json().data.id)
    }

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

    const running = employees.map((_, i) => client(i))
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
        .where('tenant_id', '=', created.tenant.id)
        .execute()
      const storedIds = new Set(stored.map((p) => p.id))
      assert.deepEqual(
        ids.filter((id) => !storedIds.has(id)),
        [],
        'every acknowledged punch is on the new primary',
      )
      assert.equal(stored.length, acknowledged.size, 'each Idempotency-Key stored once, nothing else')
      assert.equal(new Set(stored.map((p) => `${p.user_id} ${p.ts}`)).size, stored.length, 'no punch twice')
      const chains = await verifyPunchChains(promoted.db, created.tenant.id)
      assert.equal(chains.ok, true, JSON.stringify(chains.broken.slice(0, 3)))
    } finally {
      await promoted.destroy()
    }
  })
})
