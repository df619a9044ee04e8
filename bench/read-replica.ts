/**
 * Read replica benchmark (`npm run bench`, docs/decisions/0021-failover-and-read-replicas.md): a
 * primary and a synchronous standby started from Debian's PostgreSQL binaries
 * (test/helpers/pg-cluster.ts), and two services on the same primary, one without a replica and one
 * with `DATABASE_READ_URL` on the standby. Each in turn takes 16 clients punching and 4 clients
 * reading a week's summary of the company's 32 employees, which writes all the while. It reports
 * punches and summaries per second, their ratio to the service without a replica (the cost of
 * noting each write's WAL position, and what moving the summaries away from the primary gives), and
 * where the summaries ran. Both servers share this machine's cores, so the replica takes no load
 * off the machine: what is measured is the cost and the routing, not the capacity a second machine
 * adds. Needs root and the server binaries; says so and skips otherwise.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../src/app.js'
import { migrateToLatest, openDatabase } from '../src/db/database.js'
import type { ReplicaOutcome } from '../src/db/read-replica.js'
import { companyWithWorkers, numberedWorkers } from '../test/helpers/cluster-company.js'
import { NO_CLUSTER, startCluster } from '../test/helpers/pg-cluster.js'
import { replicaReads } from '../test/helpers/replica-reads.js'
import { PROJECT_ROOT, formatTable, machineInfo } from './lib.js'

const EMPLOYEES = 32
const WRITERS = 16
const READERS = 4
const WINDOW_MS = 3000
const ROUNDS = 2

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10)

if (NO_CLUSTER) {
  console.log(`Read replica benchmark SKIPPED: ${NO_CLUSTER}`)
} else {
  const cluster = await startCluster()
  const primary = await openDatabase(cluster.urlOf(cluster.primaryPort), { pgPoolSize: 16 })
  const replica = await openDatabase(cluster.urlOf(cluster.standbyPort), { pgPoolSize: 16 })
  try {
    await migrateToLatest(primary)
    const common = {
      db: primary.db,
      rateLimitPerMinute: 100_000_000,
      logger: false,
      load: { maxLagMs: 60_000, expensivePerKey: 100 },
    }
    const plain = await buildApp(common)
    const routed = await buildApp({ ...common, readReplica: { db: replica.db, maxLagSeconds: 30 } })
    const { headers, workers: employees } = await companyWithWorkers(
      plain,
      primary.db,
      'Replica bench',
      numberedWorkers(EMPLOYEES, { hire_date: daysAgo(60) }),
    )
    // A week of workdays behind the summary: 8:00 to 16:00 with a break.
    for (const userId of employees) {
      const punches = []
      for (let day = 8; day >= 2; day--)
        for (const [type, hour] of [
          ['in', 8],
          ['break_start', 12],
          ['break_end', 12.5],
          ['out', 16],
        ] as const)
          punches.push({
            user_id: userId,
            type,
            ts: `${daysAgo(day)}T${String(Math.floor(hour)).padStart(2, '0')}:${hour % 1 ? '30' : '00'}:00Z`,
          })
      const res = await plain.inject({ method: 'POST', url: '/api/v1/attendance/batch', headers, payload: { punches } })
      if (res.statusCode !== 200) throw new Error(res.body)
    }

    const summaryUrl = `/api/v1/attendance/summary?from=${daysAgo(8)}&to=${daysAgo(0)}&page_size=100`
    /** Punches made so far per writer: each keeps its employee's punches in order, in and out. */
    const made: number[] = Array.from({ length: WRITERS }, () => 0)
    const base = Date.now() - 86_400_000
    /** One window on `app`: its writers and readers run together. */
    async function measure(app: FastifyInstance, readers: number) {
      let stop = false
      let punches = 0
      let summaries = 0
      const writer = async (index: number) => {
        while (!stop) {
          const n = made[index]!++
          const res = await app.inject({
            method: 'POST',
            url: '/api/v1/attendance',
            headers,
            payload: {
              user_id: employees[index],
              type: n % 2 ? 'out' : 'in',
              ts: new Date(base + n * 1000).toISOString(),
            },
          })
          if (res.statusCode === 201) punches++
        }
      }
      const reader = async () => {
        while (!stop) {
          const res = await app.inject({ method: 'GET', url: summaryUrl, headers })
          if (res.statusCode !== 200) throw new Error(res.body)
          summaries++
        }
      }
      const before = await replicaReads(app)
      const running = [
        ...Array.from({ length: WRITERS }, (_, i) => writer(i)),
        ...Array.from({ length: readers }, () => reader()),
      ]
      await new Promise((r) => setTimeout(r, WINDOW_MS))
      stop = true
      await Promise.all(running)
      const after = await replicaReads(app)
      const moved = (outcome: ReplicaOutcome) => after[outcome] - before[outcome]
      return {
        punches: punches / (WINDOW_MS / 1000),
        summaries: summaries / (WINDOW_MS / 1000),
        onReplica: moved('replica'),
        ownWrites: moved('own_writes'),
        otherwise: moved('lagging') + moved('unavailable') + moved('not_in_recovery'),
      }
    }
    await measure(plain, READERS) // warm up both
    await measure(routed, READERS)
    type Totals = { punches: number; summaries: number; onReplica: number; ownWrites: number; otherwise: number }
    const zero = (): Totals => ({ punches: 0, summaries: 0, onReplica: 0, ownWrites: 0, otherwise: 0 })
    const totals = { writesOnly: { plain: zero(), routed: zero() }, mixed: { plain: zero(), routed: zero() } }
    const add = (into: Totals, window: Totals) => {
      into.punches += window.punches / ROUNDS
      into.summaries += window.summaries / ROUNDS
      into.onReplica += window.onReplica
      into.ownWrites += window.ownWrites
      into.otherwise += window.otherwise
    }
    for (let round = 0; round < ROUNDS; round++) {
      add(totals.writesOnly.plain, await measure(plain, 0))
      add(totals.writesOnly.routed, await measure(routed, 0))
      add(totals.mixed.plain, await measure(plain, READERS))
      add(totals.mixed.routed, await measure(routed, READERS))
    }
    const { writesOnly, mixed } = totals
    const figures = {
      writes_only: {
        punches_per_second: { without_replica: writesOnly.plain.punches, with_replica: writesOnly.routed.punches },
        ratio: writesOnly.routed.punches / writesOnly.plain.punches,
      },
      writes_and_summaries: {
        punches_per_second: { without_replica: mixed.plain.punches, with_replica: mixed.routed.punches },
        summaries_per_second: { without_replica: mixed.plain.summaries, with_replica: mixed.routed.summaries },
        summaries_on_replica: mixed.routed.onReplica,
        summaries_on_primary_after_own_writes: mixed.routed.ownWrites,
        summaries_on_primary_otherwise: mixed.routed.otherwise,
      },
    }
    console.log(
      `Read replica benchmark: ${WRITERS} clients punching, then also ${READERS} reading a week's summary of ${EMPLOYEES} employees; ${ROUNDS} rounds of ${WINDOW_MS / 1000} s`,
    )
    const row = (load: string, name: string, t: Totals, base: Totals, routedRow: boolean) => [
      load,
      name,
      t.punches.toFixed(0),
      (t.punches / base.punches).toFixed(2),
      t.summaries ? t.summaries.toFixed(1) : '-',
      t.summaries && base.summaries ? (t.summaries / base.summaries).toFixed(2) : '-',
      routedRow && t.summaries
        ? `${t.onReplica} of ${t.onReplica + t.ownWrites + t.otherwise} (${t.ownWrites} after the company's own write)`
        : '-',
    ]
    console.log(
      formatTable(
        ['load', 'service', 'punches/s', 'ratio', 'summaries/s', 'ratio', 'summaries on the replica'],
        [
          row('writes', 'without a replica', writesOnly.plain, writesOnly.plain, false),
          row('writes', 'DATABASE_READ_URL', writesOnly.routed, writesOnly.plain, true),
          row('writes + summaries', 'without a replica', mixed.plain, mixed.plain, false),
          row('writes + summaries', 'DATABASE_READ_URL', mixed.routed, mixed.plain, true),
        ],
      ),
    )
    await plain.close()
    await routed.close()
    mkdirSync(join(PROJECT_ROOT, 'bench', 'results'), { recursive: true })
    writeFileSync(
      join(PROJECT_ROOT, 'bench', 'results', 'read-replica-latest.json'),
      `${JSON.stringify({ date: new Date().toISOString(), machine: machineInfo(), ...figures }, null, 2)}\n`,
    )
  } finally {
    await replica.destroy()
    await primary.destroy()
    await cluster.stop()
  }
}
