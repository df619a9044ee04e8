/**
 * Overtime benchmark (`npm run bench`): the generated company of 1,000 employees with a year of
 * punches, each staying an hour longer on Thursdays, on SQLite and PostgreSQL.
 * - Proposing a month's lots for everyone (what housekeeping does once a month ends), against
 *   reading that month's daily record of the same 1,000 employees through attendance.summary (ten
 *   pages of 100) in the same run. Target: within 2x.
 * - A company's first settlement of a whole year (every month of the record gets its lots: twelve
 *   months of 1,000 employees), against reading those twelve months' daily records the same way,
 *   month by month, in the same run. Target: within 2x.
 * - An employee's balance (`GET /overtime/balance`) over four years of approved lots. Target:
 *   under 20 ms; shown against users.get of the same employee.
 *
 * Environment: BENCH_EMPLOYEES (default 1000), BENCH_RUNS (default 5 for the month, 15 for the
 * balance), BENCH_YEAR_RUNS (default 3), BENCH_ENGINES, BENCH_DATABASE_URL.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { buildApp } from '../src/app.js'
import type { TenantRow } from '../src/db/schema.js'
import { newId } from '../src/lib/ids.js'
import { proposeOvertimeLots } from '../src/modules/overtime/lot-proposals.service.js'
import { compensateBy, monthsFromTo } from '../src/modules/overtime/overtime.logic.js'
import { seedCompany } from './company.js'
import { openBenchDatabase } from './data.js'
import { PROJECT_ROOT, benchEngines, formatTable, machineInfo, timeMedian } from './lib.js'

const EMPLOYEES = Number(process.env.BENCH_EMPLOYEES ?? 1000)
const RUNS = Number(process.env.BENCH_RUNS ?? 5)
const YEAR_RUNS = Number(process.env.BENCH_YEAR_RUNS ?? 3)
const ENGINES = benchEngines()
const MONTH = '2025-11'
const NOW = Date.parse('2025-12-03T12:00:00Z')
/** The year of punches: December 2024 to November 2025. */
const YEAR = monthsFromTo('2024-12', MONTH)
const lastDayOf = (month: string) =>
  new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).toISOString().slice(0, 10)

interface Figures {
  engine: string
  summaryMs: number
  proposeMs: number
  lots: number
  yearSummaryMs: number
  yearMs: number
  yearLots: number
  balanceMs: number
  userMs: number
}

async function benchEngine(engine: 'sqlite' | 'postgres'): Promise<Figures | null> {
  const opened = await openBenchDatabase(engine, 'overtime')
  if (!opened) return null
  const { handle } = opened
  const { db } = handle
  try {
    const t = performance.now()
    const company = await seedCompany(handle, {
      employees: EMPLOYEES,
      from: '2024-12-01',
      to: '2025-11-30',
      zone: 'Europe/Madrid',
      longerOn: [4], // an hour more every Thursday
    })
    console.log(
      `  [${engine}] generated ${EMPLOYEES} employees, ${company.punches} punches in ${((performance.now() - t) / 1000).toFixed(1)} s`,
    )
    const tenant = (await db
      .selectFrom('tenants')
      .selectAll()
      .where('id', '=', company.tenantId)
      .executeTakeFirstOrThrow()) as TenantRow
    const app = await buildApp({ db, rateLimitPerMinute: 100_000_000, clock: () => NOW, load: { maxLagMs: 60_000 } })
    const auth = { authorization: `Bearer ${company.adminKey}` }
    const get = async (url: string) => {
      const res = await app.inject({ method: 'GET', url, headers: auth })
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 300)}`)
      return res
    }
    // The months before are settled; each run proposes November's lots afresh.
    const settledBefore = async () => {
      await db.deleteFrom('events').where('tenant_id', '=', tenant.id).execute()
      await db.deleteFrom('overtime_lots').where('tenant_id', '=', tenant.id).where('month', '=', MONTH).execute()
      await db.deleteFrom('overtime_settlements').where('tenant_id', '=', tenant.id).execute()
      await db
        .insertInto('overtime_settlements')
        .values({
          tenant_id: tenant.id,
          // Every month of the record settled, so that only November is.
          first_month: '2021-12',
          settled_month: '2025-10',
          // The generated punches were written now, by the real clock, after the bench's NOW: changes
          // seen until later, or every month of the year would be settled again as changed.
          changes_seen_until: new Date(Date.now() + 3_600_000).toISOString(),
        })
        .execute()
    }
    const pages = Math.ceil((EMPLOYEES + 1) / 100)
    const summaryMs = await timeMedian(RUNS, async () => {
      for (let page = 1; page <= pages; page++)
        await get(`/api/v1/attendance/summary?from=${MONTH}-01&to=${MONTH}-30&page_size=100&page=${page}`)
    })
    let lots = 0
    const times: number[] = []
    for (let i = 0; i < RUNS + 1; i++) {
      await settledBefore()
      const start = performance.now()
      lots = await proposeOvertimeLots({ db, now: NOW }, tenant, { followPending: false })
      if (i > 0) times.push(performance.now() - start) // the first run warms up
    }
    times.sort((a, b) => a - b)
    const proposeMs = times[Math.floor(times.length / 2)]!
    // A first settlement of the whole year, against reading the year's months.
    const yearSummaryMs = await timeMedian(YEAR_RUNS, async () => {
      for (const month of YEAR)
        for (let page = 1; page <= pages; page++)
          await get(`/api/v1/attendance/summary?from=${month}-01&to=${lastDayOf(month)}&page_size=100&page=${page}`)
    })
    let yearLots = 0
    const yearTimes: number[] = []
    for (let i = 0; i < YEAR_RUNS + 1; i++) {
      await db.deleteFrom('events').where('tenant_id', '=', tenant.id).execute()
      await db.deleteFrom('overtime_lots').where('tenant_id', '=', tenant.id).execute()
      await db.deleteFrom('overtime_settlements').where('tenant_id', '=', tenant.id).execute()
      const start = performance.now()
      yearLots = await proposeOvertimeLots({ db, now: NOW }, tenant, { followPending: false })
      if (i > 0) yearTimes.push(performance.now() - start) // the first run warms up
    }
    yearTimes.sort((a, b) => a - b)
    const yearMs = yearTimes[Math.floor(yearTimes.length / 2)]!
    // A year of lots for the employee whose balance is read: approve them all.
    await db.deleteFrom('overtime_settlements').where('tenant_id', '=', tenant.id).execute()
    await db.deleteFrom('overtime_lots').where('tenant_id', '=', tenant.id).execute()
    await proposeOvertimeLots({ db, now: NOW }, tenant, { followPending: false })
    const worker = company.userIds[Math.floor(EMPLOYEES / 2)]!
    // Four years of lots: the three years before the punches begin, written as approved lots.
    const earlier = monthsFromTo('2021-12', '2024-11').map((month, i) => ({
      id: newId('overtimeLot'),
      tenant_id: tenant.id,
      user_id: worker,
      month,
      sequence: 1,
      adjusts: null,
      kind: 'overtime' as const,
      minutes: 60 + (i % 5) * 30,
      days: '[]',
      basis: 'daily' as const,
      status: 'approved' as const,
      compensation: 'rest' as const,
      force_majeure: false,
      compensate_by: compensateBy(month, 4),
      rested_minutes: 60,
      paid_minutes: 0,
      overdue_announced_at: null,
      decided_by: 'bench',
      decided_at: new Date(NOW).toISOString(),
      decision_note: null,
      created_at: new Date(NOW).toISOString(),
      updated_at: new Date(NOW).toISOString(),
    }))
    await db.insertInto('overtime_lots').values(earlier).execute()
    await db
      .updateTable('overtime_lots')
      .set({ status: 'approved', compensation: 'rest', decided_by: 'bench', decided_at: new Date(NOW).toISOString() })
      .where('tenant_id', '=', tenant.id)
      .where('user_id', '=', worker)
      .execute()
    const short = { warmMs: 500, minMs: 1500 }
    const balanceMs = await timeMedian(15, () => get(`/api/v1/overtime/balance?user_id=${worker}&year=2025`), short)
    const userMs = await timeMedian(15, () => get(`/api/v1/users/${worker}`), short)
    const workerLots = await db
      .selectFrom('overtime_lots')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', worker)
      .executeTakeFirstOrThrow()
    console.log(
      `  [${engine}] summary of ${EMPLOYEES} ${summaryMs.toFixed(0)} ms, lots proposed ${proposeMs.toFixed(0)} ms (${lots} lots), balance ${balanceMs.toFixed(1)} ms (${workerLots.n} lots), users.get ${userMs.toFixed(2)} ms`,
    )
    await app.close()
    console.log(
      `  [${engine}] a year's months read ${yearSummaryMs.toFixed(0)} ms, first settlement of the year ${yearMs.toFixed(0)} ms (${yearLots} lots)`,
    )
    return { engine, summaryMs, proposeMs, lots, yearSummaryMs, yearMs, yearLots, balanceMs, userMs }
  } finally {
    await handle.destroy()
    await opened.cleanup()
  }
}

console.log(
  `Overtime benchmark: ${EMPLOYEES} employees, punches from ${YEAR[0]} to ${MONTH}, ${RUNS} runs (median; ${YEAR_RUNS} for the year)`,
)
const results: Figures[] = []
for (const engine of ENGINES) {
  const figures = await benchEngine(engine)
  if (figures) results.push(figures)
}
console.log(
  formatTable(
    [
      'engine',
      `summary ${EMPLOYEES} (ms)`,
      'lots proposed (ms)',
      'x summary',
      'lots',
      'year read (ms)',
      'year settled (ms)',
      'x year read',
      'balance (ms)',
      'users.get (ms)',
    ],
    results.map((f) => [
      f.engine,
      f.summaryMs.toFixed(0),
      f.proposeMs.toFixed(0),
      `${(f.proposeMs / f.summaryMs).toFixed(2)}x`,
      String(f.lots),
      f.yearSummaryMs.toFixed(0),
      f.yearMs.toFixed(0),
      `${(f.yearMs / f.yearSummaryMs).toFixed(2)}x`,
      f.balanceMs.toFixed(1),
      f.userMs.toFixed(2),
    ]),
  ),
)
for (const f of results) {
  const problems = [
    ...(f.proposeMs > 2 * f.summaryMs ? ['proposing lots over 2x reading the month'] : []),
    ...(f.yearMs > 2 * f.yearSummaryMs ? ['settling a year over 2x reading its months'] : []),
    ...(f.balanceMs >= 20 ? ['balance not under 20 ms'] : []),
    ...(f.lots === 0 ? ['no lots proposed'] : []),
  ]
  console.log(`${f.engine}: ${problems.length ? `BELOW TARGET (${problems.join(', ')})` : 'PASS'}`)
}
mkdirSync(join(PROJECT_ROOT, 'bench', 'results'), { recursive: true })
writeFileSync(
  join(PROJECT_ROOT, 'bench', 'results', 'overtime-latest.json'),
  `${JSON.stringify({ date: new Date().toISOString(), machine: machineInfo(), employees: EMPLOYEES, month: MONTH, year: YEAR, runs: RUNS, yearRuns: YEAR_RUNS, results }, null, 2)}\n`,
)
