/**
 * `DATABASE_READ_URL` (docs/decisions/0021-failover-and-read-replicas.md) on a primary and a
 * streaming standby the test starts itself:
 * the heavy reads run on the replica, and a replica held behind (replay paused with
 * pg_wal_replay_pause) shows what it has; a company's own writes through the service, and a
 * replica lagging beyond the bound or gone, send its reads to the primary. Every routed report
 * answers from a real standby, which refuses any write.
 */
import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { type AddressInfo, type Socket, createServer } from 'node:net'
import { after, before, describe, it } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { Redis } from 'ioredis'
import { sql } from 'kysely'
import pg from 'pg'
import { buildApp } from '../src/app.js'
import { type DatabaseHandle, migrateToLatest, openDatabase } from '../src/db/database.js'
import { isCancelledToGoOn } from '../src/db/errors.js'
import { RedisWriteMarks, type ReplicaOutcome } from '../src/db/read-replica.js'
import { SecretBox } from '../src/lib/secret-box.js'
import { companyWithWorkers } from './helpers/cluster-company.js'
import { NO_SHEDDING } from './helpers/harness.js'
import { type Cluster, NO_CLUSTER, startCluster } from './helpers/pg-cluster.js'
import { replicaReads } from './helpers/replica-reads.js'

const REDIS_URL = process.env.TEST_REDIS_URL || null

if (NO_CLUSTER) console.log(`# Read replica test SKIPPED: ${NO_CLUSTER}`)

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10)
const today = () => daysAgo(0)
const month = () => today().slice(0, 7)
/** The days around the punches, whatever the hour and the company's zone. */
const range = () => `from=${daysAgo(1)}&to=${daysAgo(-1)}`

/** The company's worker clocks in again, two hours after their first session began, through `app`. */
async function clockInAgain(
  app: FastifyInstance,
  company: { headers: Record<string, string>; userId: string; start: number },
): Promise<void> {
  const punch = await app.inject({
    method: 'POST',
    url: '/api/v1/attendance',
    headers: company.headers,
    payload: { user_id: company.userId, type: 'in', ts: new Date(company.start + 2 * 3_600_000).toISOString() },
  })
  assert.equal(punch.statusCode, 201, punch.body)
}

/** The summary row of one employee. */
function rowOf(res: { json(): unknown }, userId: string): { full_name: string; worked_minutes: number } {
  const rows = (res.json() as { data: { user_id: string; full_name: string; worked_minutes: number }[] }).data
  return rows.find((row) => row.user_id === userId)!
}

/** Runs `read` and says where the read went. */
async function servedBy<T>(app: FastifyInstance, read: () => Promise<T>): Promise<{ result: T; by: ReplicaOutcome }> {
  const before = await replicaReads(app)
  const result = await read()
  const after = await replicaReads(app)
  const moved = (Object.keys(after) as ReplicaOutcome[]).filter((o) => after[o] > before[o])
  assert.equal(moved.length, 1, `one heavy read counted: ${JSON.stringify({ before, after })}`)
  return { result, by: moved[0]! }
}

describe('heavy reads on a read replica', { skip: NO_CLUSTER, timeout: 180_000 }, () => {
  let cluster: Cluster
  let primary: DatabaseHandle
  let replica: DatabaseHandle
  let app: FastifyInstance
  const apps: FastifyInstance[] = []
  const build = async (options: { maxLagSeconds: number; marks?: RedisWriteMarks }) => {
    const built = await buildApp({
      db: primary.db,
      readReplica: { db: replica.db, ...options },
      rateLimitPerMinute: 100_000_000,
      load: NO_SHEDDING,
      secrets: new SecretBox(randomBytes(32)),
      logger: false,
    })
    apps.push(built)
    return built
  }

  /** Waits until the standby has replayed everything the primary has written. */
  async function caughtUp(): Promise<void> {
    const { rows } = await sql<{ lsn: string }>`select pg_current_wal_lsn()::text as lsn`.execute(primary.db)
    for (let i = 0; i < 200; i++) {
      const { rows: replayed } = await sql<{ done: boolean }>`
        select pg_last_wal_replay_lsn() >= ${rows[0]!.lsn}::pg_lsn as done`.execute(replica.db)
      if (replayed[0]?.done) return
      await new Promise((r) => setTimeout(r, 25))
    }
    throw new Error('the standby did not catch up')
  }
  const pauseReplay = () => sql`select pg_wal_replay_pause()`.execute(replica.db)
  const resumeReplay = () => sql`select pg_wal_replay_resume()`.execute(replica.db)

  before(async () => {
    cluster = await startCluster()
    primary = await openDatabase(cluster.urlOf(cluster.primaryPort))
    await migrateToLatest(primary)
    replica = await openDatabase(cluster.urlOf(cluster.standbyPort))
    app = await build({ maxLagSeconds: 60 })
  })
  after(async () => {
    for (const built of apps) await built.close()
    await replica?.destroy()
    await primary?.destroy()
    await cluster?.stop()
  })

  /** A company with one worker and a morning of work today, made through the API. */
  async function company(name: string) {
    const created = await companyWithWorkers(app, primary.db, name, [
      { full_name: 'Ana Replica', hire_date: daysAgo(30) },
    ])
    const { headers } = created
    const userId = created.workers[0]!
    const start = Date.now() - 5 * 3_600_000
    for (const [type, at] of [
      ['in', start],
      ['out', start + 3_600_000],
    ] as const) {
      const punch = await app.inject({
        method: 'POST',
        url: '/api/v1/attendance',
        headers,
        payload: { user_id: userId, type, ts: new Date(at).toISOString() },
      })
      assert.equal(punch.statusCode, 201, punch.body)
    }
    return { tenantId: created.tenantId, headers, userId, start }
  }

  it('every routed report answers from the standby, which takes no write', async () => {
    const { headers, userId } = await company('Routed')
    await caughtUp()
    for (const url of [
      `/api/v1/attendance/summary?${range()}`,
      `/api/v1/attendance/reports/company?month=${month()}`,
      `/api/v1/attendance/reports/company?month=${month()}&format=pdf`,
      `/api/v1/attendance/reports/export?month=${month()}`,
      `/api/v1/overtime/reports/monthly?month=${month()}`,
      `/api/v1/attendance/reports/monthly?user_id=${userId}&month=${month()}`,
      `/api/v1/attendance/reports/monthly?user_id=${userId}&month=${month()}&format=pdf`,
      `/api/v1/attendance/reports/record-export?${range()}`,
    ]) {
      // The record export makes the company's record key first, on the primary.
      if (url.includes('record-export')) {
        assert.equal((await app.inject({ method: 'GET', url: '/api/v1/tenant/record-key', headers })).statusCode, 200)
        await caughtUp()
      }
      const { result, by } = await servedBy(app, () => app.inject({ method: 'GET', url, headers }))
      assert.equal(result.statusCode, 200, `${url}: ${result.body.slice(0, 300)}`)
      assert.equal(by, 'replica', url)
    }
  })

  it('a replica held behind serves what it has; a company’s own write is read from the primary', async () => {
    const a = await company('Lagging A')
    const b = await company('Lagging B')
    await caughtUp()
    const summaryOf = async (headers: Record<string, string>) => {
      const res = await app.inject({
        method: 'GET',
        url: `/api/v1/attendance/summary?${range()}`,
        headers,
      })
      assert.equal(res.statusCode, 200, res.body)
      return (res.json().data as { user_id: string; full_name: string; worked_minutes: number }[]).find(
        (row) => row.user_id === (headers === a.headers ? a.userId : b.userId),
      )!
    }
    assert.deepEqual((await servedBy(app, () => summaryOf(a.headers))).by, 'replica')

    await pauseReplay()
    try {
      // Changed elsewhere (another process, a manual fix): the service was not told.
      await primary.db
        .updateTable('users')
        .set({ full_name: 'Ana Renamed Elsewhere' })
        .where('tenant_id', 'in', [a.tenantId, b.tenantId])
        .where('id', 'in', [a.userId, b.userId])
        .execute()
      const stale = await servedBy(app, () => summaryOf(a.headers))
      assert.equal(stale.by, 'replica')
      assert.equal(stale.result.full_name, 'Ana Replica', 'the replica’s figures, as of its last replay')
      assert.equal(stale.result.worked_minutes, 60)

      // The company clocks in through the service: its reads go to the primary at once.
      await clockInAgain(app, a)
      const own = await servedBy(app, () => summaryOf(a.headers))
      assert.equal(own.by, 'own_writes')
      assert.equal(own.result.full_name, 'Ana Renamed Elsewhere', 'the primary’s figures')
      assert.ok(own.result.worked_minutes > 60, 'the open session counts up to now')
      const report = await servedBy(app, () =>
        app.inject({ method: 'GET', url: `/api/v1/attendance/reports/company?month=${month()}`, headers: a.headers }),
      )
      assert.equal(report.by, 'own_writes')

      // Another company, which wrote nothing since, still reads the replica.
      const other = await servedBy(app, () => summaryOf(b.headers))
      assert.equal(other.by, 'replica')
      assert.equal(other.result.full_name, 'Ana Replica')
    } finally {
      await resumeReplay()
    }
    await caughtUp()
    const replayed = await servedBy(app, () => summaryOf(a.headers))
    assert.equal(replayed.by, 'replica', 'back on the replica once it replayed the write')
    assert.equal(replayed.result.full_name, 'Ana Renamed Elsewhere')
  })

  it('a replica lagging beyond DATABASE_READ_MAX_LAG_SECONDS is passed over', async () => {
    const tight = await build({ maxLagSeconds: 1 })
    const c = await company('Lag bound')
    await caughtUp()
    const summary = () =>
      tight.inject({ method: 'GET', url: `/api/v1/attendance/summary?${range()}`, headers: c.headers })
    assert.equal((await servedBy(tight, summary)).by, 'replica')
    await pauseReplay()
    try {
      await primary.db.updateTable('users').set({ full_name: 'Ana Later' }).where('id', '=', c.userId).execute()
      const changedAt = Date.now()
      // Within the bound, the replica's figures are good enough: no sample of the primary's
      // position taken after the change is a second old yet.
      const within = await servedBy(tight, summary)
      if (Date.now() - changedAt < 1000) {
        assert.equal(within.by, 'replica')
        assert.equal(rowOf(within.result, c.userId).full_name, 'Ana Replica')
      }
      // Past it (the bound, and up to a second until the next sample), they are not.
      let passed = within
      while (passed.by !== 'lagging' && Date.now() - changedAt < 15_000) {
        await new Promise((r) => setTimeout(r, 200))
        passed = await servedBy(tight, summary)
      }
      const after = Date.now() - changedAt
      assert.equal(passed.by, 'lagging', `still on the paused replica ${after} ms after the change`)
      assert.ok(after >= 1000, `passed over after ${after} ms, not before the bound`)
      assert.equal(rowOf(passed.result, c.userId).full_name, 'Ana Later')
    } finally {
      await resumeReplay()
    }
  })

  it('instances sharing Redis read each other’s writes from the primary', {
    skip: !REDIS_URL && 'TEST_REDIS_URL not set',
  }, async () => {
    const prefix = `jornada:test:${randomBytes(4).toString('hex')}:`
    const connections = [new Redis(REDIS_URL!), new Redis(REDIS_URL!)]
    try {
      const [one, two] = [
        await build({ maxLagSeconds: 60, marks: new RedisWriteMarks(connections[0]!, prefix) }),
        await build({ maxLagSeconds: 60, marks: new RedisWriteMarks(connections[1]!, prefix) }),
      ]
      const c = await company('Shared marks')
      await caughtUp()
      const summary = (instance: FastifyInstance) =>
        instance.inject({ method: 'GET', url: `/api/v1/attendance/summary?${range()}`, headers: c.headers })
      assert.equal((await servedBy(two, () => summary(two))).by, 'replica')
      await pauseReplay()
      try {
        await clockInAgain(one, c)
        const seen = await servedBy(two, () => summary(two))
        assert.equal(seen.by, 'own_writes', 'the other instance knows the company wrote')
        assert.ok(rowOf(seen.result, c.userId).worked_minutes > 60)
      } finally {
        await resumeReplay()
      }
    } finally {
      for (const connection of connections) connection.disconnect()
    }
  })

  it('a read the standby cancels to replay the primary’s changes is recognised as one to retry (503 database_unavailable)', async () => {
    const standby = new pg.Client({ connectionString: cluster.urlOf(cluster.standbyPort) })
    standby.on('error', () => undefined)
    await standby.connect()
    try {
      await standby.query("alter system set max_standby_streaming_delay = '100ms'")
      await standby.query('select pg_reload_conf()')
      await standby.query('begin isolation level repeatable read')
      await standby.query('select count(*) from users')
      const held = standby.query('select pg_sleep(10)').then(
        () => null,
        (error: unknown) => error,
      )
      // An exclusive lock on the primary is replayed on the standby, where the read holds the table.
      await primary.db.transaction().execute((trx) => sql`lock table users in access exclusive mode`.execute(trx))
      const error = await held
      assert.equal((error as { code?: string }).code, '40001', String(error))
      assert.equal(isCancelledToGoOn(error), true)
    } finally {
      // The standby may go on from cancelling the read to ending the session that still holds the
      // table ("terminating connection due to conflict with recovery"): the setting is put back
      // over a connection of its own, and the ended one is let go quietly.
      await standby.end().catch(() => undefined)
      const admin = new pg.Client({ connectionString: cluster.urlOf(cluster.standbyPort) })
      await admin.connect()
      await admin.query('alter system reset max_standby_streaming_delay')
      await admin.query('select pg_reload_conf()')
      await admin.end()
    }
  })

  it('a replica that takes the connection and says nothing is given a second, then left alone', async () => {
    // A server that accepts connections and never answers: a replica behind a dropped route.
    const held: Socket[] = []
    const silent = createServer((socket) => held.push(socket))
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    const mute = await openDatabase(`postgres://postgres@127.0.0.1:${(silent.address() as AddressInfo).port}/jornada`, {
      connectTimeoutMs: 30_000,
    })
    try {
      const muted = await buildApp({
        db: primary.db,
        readReplica: { db: mute.db, maxLagSeconds: 60 },
        rateLimitPerMinute: 100_000_000,
        load: NO_SHEDDING,
        logger: false,
      })
      apps.push(muted)
      const c = await company('Replica mute')
      const summary = () =>
        muted.inject({ method: 'GET', url: `/api/v1/attendance/summary?${range()}`, headers: c.headers })
      const started = Date.now()
      const first = await servedBy(muted, summary)
      const waited = Date.now() - started
      assert.equal(first.by, 'unavailable')
      assert.equal(first.result.statusCode, 200)
      assert.ok(waited < 5_000, `answered from the primary after ${waited} ms`)
      const again = Date.now()
      assert.equal((await servedBy(muted, summary)).by, 'unavailable')
      const waitedAgain = Date.now() - again
      assert.ok(waitedAgain < waited, `not waited for again (${waitedAgain} ms, the first ${waited} ms)`)
    } finally {
      for (const socket of held) socket.destroy()
      silent.close()
      await mute.destroy().catch(() => undefined)
    }
  })

  it('a replica promoted on its own no longer follows the primary, and is passed over', async () => {
    const c = await company('Replica promoted')
    await caughtUp()
    await cluster.makeAsynchronous()
    cluster.promoteStandby()
    const summary = await servedBy(app, () =>
      app.inject({ method: 'GET', url: `/api/v1/attendance/summary?${range()}`, headers: c.headers }),
    )
    assert.equal(summary.by, 'not_in_recovery')
    assert.equal(summary.result.statusCode, 200, summary.result.body)
  })

  it('a replica that does not answer leaves the reads to the primary', async () => {
    const c = await company('Replica gone')
    await cluster.stopStandby()
    const summary = await servedBy(app, () =>
      app.inject({ method: 'GET', url: `/api/v1/attendance/summary?${range()}`, headers: c.headers }),
    )
    assert.equal(summary.by, 'unavailable')
    assert.equal(summary.result.statusCode, 200, summary.result.body)
    const again = await servedBy(app, () =>
      app.inject({ method: 'GET', url: `/api/v1/attendance/reports/company?month=${month()}`, headers: c.headers }),
    )
    assert.equal(again.by, 'unavailable', 'left alone for a while, without waiting on it again')
    assert.equal(again.result.statusCode, 200)
  })
})
