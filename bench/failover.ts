/**
 * Failover benchmark (`npm run bench`, docs/decisions/0021-failover-and-read-replicas.md): a
 * primary and a synchronous standby started from Debian's PostgreSQL binaries
 * (test/helpers/pg-cluster.ts), one service on the multi-host DATABASE_URL, 32 clients pushing
 * punches with Idempotency-Keys. It measures punches acknowledged per second before the primary is
 * killed (SIGKILL) and after the standby is promoted (2 s later), the time clients see without a
 * writable database (first 503 to the first 201 after the promotion) and how much of it follows the
 * promotion, and counts acknowledged punches missing from the new primary. Targets: writable again
 * within 10 s of the promotion, none lost. Needs root and the server binaries; says so and skips
 * otherwise.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { buildApp } from '../src/app.js'
import { migrateToLatest, openDatabase } from '../src/db/database.js'
import { companyWithWorkers, numberedWorkers } from '../test/helpers/cluster-company.js'
import { NO_CLUSTER, startCluster } from '../test/helpers/pg-cluster.js'
import { PROJECT_ROOT, formatTable, machineInfo } from './lib.js'

const CLIENTS = 32
const WINDOW_MS = 3000

if (NO_CLUSTER) {
  console.log(`Failover benchmark SKIPPED: ${NO_CLUSTER}`)
} else {
  const cluster = await startCluster()
  const database = await openDatabase(cluster.url, { pgPoolSize: 16 })
  try {
    await migrateToLatest(database)
    const app = await buildApp({
      db: database.db,
      rateLimitPerMinute: 100_000_000,
      logger: false,
      load: { maxLagMs: 60_000 },
    })
    const created = await companyWithWorkers(app, database.db, 'Failover bench', numberedWorkers(CLIENTS))
    const { headers, workers: employees } = created
    const acknowledged: { id: string; at: number }[] = []
    const other5xx: number[] = []
    let firstUnavailable: number | null = null
    let promotedAt = Number.POSITIVE_INFINITY
    let firstAfter: number | null = null
    let stop = false
    const base = Date.now() - 6 * 3_600_000
    const client = async (index: number) => {
      for (let n = 0; !stop; n++) {
        const payload = {
          user_id: employees[index],
          type: n % 2 ? 'out' : 'in',
          ts: new Date(base + n * 1000).toISOString(),
        }
        for (;;) {
          const res = await app.inject({
            method: 'POST',
            url: '/api/v1/attendance',
            headers: { ...headers, 'idempotency-key': `bench-${index}-${n}` },
            payload,
          })
          const now = Date.now()
          if (res.statusCode === 201) {
            acknowledged.push({ id: res.json().data.id, at: now })
            if (now > promotedAt && firstAfter === null) firstAfter = now
            break
          }
          if (res.statusCode === 503) firstUnavailable ??= now
          else if (res.statusCode >= 500) other5xx.push(res.statusCode)
          await new Promise((r) => setTimeout(r, 100))
        }
      }
    }
    const running = employees.map((_, i) => client(i))
    await new Promise((r) => setTimeout(r, 1000)) // warm up
    const beforeStart = Date.now()
    await new Promise((r) => setTimeout(r, WINDOW_MS))
    const killedAt = Date.now()
    cluster.killPrimary()
    await new Promise((r) => setTimeout(r, 2000))
    cluster.promoteStandby()
    promotedAt = Date.now()
    while (firstAfter === null && Date.now() - promotedAt < 30_000) await new Promise((r) => setTimeout(r, 50))
    const afterStart = Date.now() + 1000
    await new Promise((r) => setTimeout(r, 1000 + WINDOW_MS))
    stop = true
    await Promise.all(running)
    await app.close()
    const rate = (from: number, to: number) =>
      acknowledged.filter((a) => a.at >= from && a.at < to).length / ((to - from) / 1000)
    const promoted = await openDatabase(cluster.urlOf(cluster.standbyPort))
    const stored = new Set(
      (await promoted.db.selectFrom('punches').select('id').where('tenant_id', '=', created.tenantId).execute()).map(
        (p) => p.id,
      ),
    )
    await promoted.destroy()
    const lost = acknowledged.filter((a) => !stored.has(a.id)).length
    const figures = {
      before_per_second: rate(beforeStart, killedAt),
      after_per_second: rate(afterStart, afterStart + WINDOW_MS),
      unavailable_ms: firstAfter === null || firstUnavailable === null ? null : firstAfter - firstUnavailable,
      after_promotion_ms: firstAfter === null ? null : firstAfter - promotedAt,
      acknowledged: acknowledged.length,
      lost,
      other_5xx: other5xx.length,
    }
    console.log(`Failover benchmark: ${CLIENTS} clients, the primary killed, the standby promoted 2 s later`)
    console.log(
      formatTable(
        [
          'before (punches/s)',
          'after (punches/s)',
          'no writes (ms)',
          'after promotion (ms)',
          'acknowledged',
          'lost',
          'other 5xx',
        ],
        [
          [
            figures.before_per_second.toFixed(0),
            figures.after_per_second.toFixed(0),
            String(figures.unavailable_ms),
            String(figures.after_promotion_ms),
            String(figures.acknowledged),
            String(figures.lost),
            String(figures.other_5xx),
          ],
        ],
      ),
    )
    const problems = [
      ...(figures.after_promotion_ms === null || figures.after_promotion_ms >= 10_000
        ? ['not writable within 10 s of the promotion']
        : []),
      ...(lost > 0 ? [`${lost} acknowledged punches lost`] : []),
      ...(other5xx.length > 0 ? ['5xx other than 503'] : []),
    ]
    console.log(problems.length ? `BELOW TARGET (${problems.join(', ')})` : 'PASS')
    mkdirSync(join(PROJECT_ROOT, 'bench', 'results'), { recursive: true })
    writeFileSync(
      join(PROJECT_ROOT, 'bench', 'results', 'failover-latest.json'),
      `${JSON.stringify({ date: new Date().toISOString(), machine: machineInfo(), clients: CLIENTS, ...figures }, null, 2)}\n`,
    )
  } finally {
    await database.destroy()
    await cluster.stop()
  }
}
