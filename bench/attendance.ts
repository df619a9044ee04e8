/**
 * Attendance benchmark (`npm run bench`, after the HTTP one): a generated company of 1,000
 * employees with a year of punches (about four per working day: ~1 million punches), on SQLite
 * and on PostgreSQL. It measures, through the API (in-process `inject`, no socket):
 * - attendance.summary for a 100-employee page over 366 days,
 * - attendance.list for one employee over 366 days (four pages of 100 days),
 * and in the same run the baseline of simply selecting those same punch rows. Then it corrects one
 * working day in fifty of every employee (an approved correction moving the day's `out`, through
 * the corrections service) and measures again: corrections may cost at most 15% more. Then it adds
 * ten times as much data belonging to other tenants and other dates and measures again: the cost
 * must follow the punches asked for, not the size of the database.
 *
 * Environment: BENCH_EMPLOYEES (default 1000), BENCH_NOISE_FACTOR (default 10), BENCH_RUNS
 * (measured runs per figure, default 9), BENCH_ENGINES (default sqlite,postgres), BENCH_DATABASE_URL (PostgreSQL; default the local
 * postgres://postgres@127.0.0.1:5432/test, skipped with a message when unreachable).
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { DateTime } from 'luxon'
import { type Kysely, sql } from 'kysely'
import { buildApp } from '../src/app.js'
import type { DatabaseHandle } from '../src/db/database.js'
import type { Database } from '../src/db/schema.js'
import type { AuthContext } from '../src/auth/context.js'
import { scopeOf } from '../src/auth/request-scope.js'
import { punchLog, punchesBetween } from '../src/modules/attendance/attendance.repository.js'
import { decideCorrection, proposeCorrection } from '../src/modules/attendance/corrections.service.js'
import { requireTenant } from '../src/modules/tenants/tenants.repository.js'
import { type BenchCompany, seedCompany } from './company.js'
import { openBenchDatabase } from './data.js'
import { PROJECT_ROOT, benchEngines, formatTable, machineInfo, timeMedian } from './lib.js'

const EMPLOYEES = Number(process.env.BENCH_EMPLOYEES ?? 1000)
const NOISE_FACTOR = Number(process.env.BENCH_NOISE_FACTOR ?? 10)
const RUNS = Number(process.env.BENCH_RUNS ?? 9)
const FROM = '2025-01-01'
const TO = '2026-01-01' // 366 days, inclusive
const ZONE = 'Europe/Madrid'
const NOW = Date.parse('2026-01-05T12:00:00Z')
const ENGINES = benchEngines()
/** The list takes milliseconds: warm it up like a running server's hot path and take many samples. */
const SHORT = { warmMs: 500, minMs: 1500 }

interface Figure {
  engine: string
  phase: string
  name: string
  medianMs: number
  baselineMs: number
  /** list only: the same punches read page by page, one select per 100-day page as the list does. */
  pageBaselineMs?: number
  rows: number
}

/** How many working days of each employee one correction covers. */
const CORRECTED_ONE_DAY_IN = 50

/**
 * Corrects one working day in fifty of every employee, as the API would: the administrator
 * proposes moving the day's `out` seven minutes later, the employee approves. Returns how many.
 */
async function addCorrections(handle: DatabaseHandle, company: BenchCompany): Promise<number> {
  const tenant = await requireTenant(handle.db, company.tenantId)
  const adminId = (
    await handle.db
      .selectFrom('users')
      .select('id')
      .where('tenant_id', '=', tenant.id)
      .where('role', '=', 'admin')
      .executeTakeFirstOrThrow()
  ).id
  const authOf = (userId: string, role: 'admin' | 'member'): AuthContext => ({
    keyId: 'bench',
    kind: 'standard',
    credential: 'key',
    personal: true,
    tenantId: tenant.id,
    tenant,
    scopes: [],
    actor: {
      id: userId,
      email: 'bench@bench.example',
      fullName: 'Bench',
      role,
      departmentId: null,
      representative: false,
    },
  })
  const admin = authOf(adminId, 'admin')
  const start = DateTime.fromISO(FROM, { zone: ZONE }).toUTC().toISO()!
  const end = DateTime.fromISO(TO, { zone: ZONE }).plus({ days: 1 }).toUTC().toISO()!
  let count = 0
  for (const [i, userId] of company.userIds.entries()) {
    const punches = (await punchLog(handle.db, tenant.id, userId, start, end, { limit: 10_000, offset: 0 })).rows
    const outs = punches.filter((p) => p.type === 'out')
    for (let d = i % CORRECTED_ONE_DAY_IN; d < outs.length; d += CORRECTED_ONE_DAY_IN) {
      const out = outs[d]!
      const ts = new Date(Date.parse(out.ts) + 7 * 60_000).toISOString()
      const proposal = await proposeCorrection(scopeOf(handle.db, admin, NOW), {
        user_id: userId,
        reason: 'Left later than clocked',
        changes: [{ action: 'move', punch_id: out.id, ts }],
      })
      await decideCorrection(scopeOf(handle.db, authOf(userId, 'member'), NOW), proposal.id, { decision: 'approved' })
      count++
    }
  }
  return count
}

async function columnsOf(db: Kysely<Database>, table: string): Promise<string[]> {
  const tables = await db.introspection.getTables()
  return tables.find((t) => t.name === table)!.columns.map((c) => c.name)
}

/**
 * Ten times the data, written by the database itself (INSERT ... SELECT): copies of the company
 * as other tenants, and the company's own punches moved to earlier years.
 */
async function addNoise(handle: DatabaseHandle, tenantId: string): Promise<number> {
  const db = handle.db
  const q = (name: string) => `"${name}"`
  const tenantCols = await columnsOf(db, 'tenants')
  const userCols = await columnsOf(db, 'users')
  const punchCols = await columnsOf(db, 'punches')
  const copy = async (table: string, cols: string[], overrides: Record<string, string>, where: string) => {
    const select = cols.map((c) => overrides[c] ?? q(c)).join(', ')
    await sql
      .raw(`insert into ${q(table)} (${cols.map(q).join(', ')}) select ${select} from ${q(table)} where ${where}`)
      .execute(db)
  }
  for (let k = 1; k <= NOISE_FACTOR; k++) {
    const suffix = `'_n${k}'`
    if (k % 2 === 0) {
      // The same employees' punches in an earlier year: other dates, same tenant.
      const years = k / 2
      await copy(
        'punches',
        punchCols,
        {
          id: `id || ${suffix}`,
          seq: `seq + ${k * 10_000_000}`,
          ts: `replace(ts, '2025-', '${2025 - years}-')`,
          created_at: `replace(created_at, '2025-', '${2025 - years}-')`,
        },
        `tenant_id = '${tenantId}' and seq < 10000000`, // the original year only, not earlier copies
      )
    } else {
      // Another tenant with the same shape.
      await copy('tenants', tenantCols, { id: `id || ${suffix}`, default_schedule_id: 'null' }, `id = '${tenantId}'`)
      await copy(
        'users',
        userCols,
        { id: `id || ${suffix}`, tenant_id: `tenant_id || ${suffix}`, schedule_id: 'null', manager_id: 'null' },
        `tenant_id = '${tenantId}'`,
      )
      await copy(
        'punches',
        punchCols,
        { id: `id || ${suffix}`, tenant_id: `tenant_id || ${suffix}`, user_id: `user_id || ${suffix}` },
        `tenant_id = '${tenantId}' and seq < 10000000`,
      )
    }
  }
  await settle(handle)
  const { n } = await db
    .selectFrom('punches')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(n)
}

/**
 * Statistics for the planner, and on PostgreSQL the visibility map autovacuum would have written
 * by now: the steady state, in which index-only scans need not visit the table.
 */
async function settle(handle: DatabaseHandle): Promise<void> {
  if (handle.engine === 'sqlite') {
    await sql`analyze`.execute(handle.db)
    return
  }
  await sql`vacuum analyze`.execute(handle.db)
  // Write out now what generating the data dirtied, rather than while the queries are timed.
  await sql`checkpoint`.execute(handle.db)
}

async function measurePhase(
  handle: DatabaseHandle,
  engine: string,
  phase: string,
  company: BenchCompany,
): Promise<Figure[]> {
  const app = await buildApp({ db: handle.db, rateLimitPerMinute: 1_000_000_000, clock: () => NOW })
  const auth = { authorization: `Bearer ${company.adminKey}` }
  // The response body is checked for success but not parsed: parsing it is the client's work.
  const get = async (url: string) => {
    const res = await app.inject({ method: 'GET', url, headers: auth })
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`)
    return res
  }
  // The summary's first page: the 100 employees first by name (the admin and Employee 00000..).
  const page = (await get(`/api/v1/attendance/summary?from=${FROM}&to=${TO}&page_size=100`)).json().data as {
    user_id: string
  }[]
  const pageIds = page.map((r) => r.user_id)
  const start = DateTime.fromISO(FROM, { zone: ZONE }).toUTC().toISO()!
  const end = DateTime.fromISO(TO, { zone: ZONE }).plus({ days: 1 }).toUTC().toISO()!
  const someone = company.userIds[Math.floor(company.userIds.length / 2)]!
  // The instants each 100-day page of the list covers.
  const pageRanges = [0, 100, 200, 300].map((first) => {
    const pageStart = DateTime.fromISO(FROM, { zone: ZONE }).plus({ days: first })
    const pageEnd = DateTime.min(pageStart.plus({ days: 100 }), DateTime.fromISO(TO, { zone: ZONE }).plus({ days: 1 }))
    return [pageStart.toUTC().toISO()!, pageEnd.toUTC().toISO()!] as const
  })

  const summaryRows = (await punchesBetween(handle.db, company.tenantId, pageIds, start, end)).length
  const listRows = (await punchesBetween(handle.db, company.tenantId, [someone], start, end)).length
  const figures: Figure[] = [
    {
      engine,
      phase,
      name: 'attendance.summary, 100 employees x 366 days',
      medianMs: await timeMedian(RUNS, () => get(`/api/v1/attendance/summary?from=${FROM}&to=${TO}&page_size=100`)),
      baselineMs: await timeMedian(RUNS, () => punchesBetween(handle.db, company.tenantId, pageIds, start, end)),
      rows: summaryRows,
    },
    {
      engine,
      phase,
      name: 'attendance.list, 1 employee x 366 days (4 pages)',
      medianMs: await timeMedian(
        RUNS,
        async () => {
          for (let p = 1; p <= 4; p++)
            await get(`/api/v1/attendance?user_id=${someone}&from=${FROM}&to=${TO}&page_size=100&page=${p}`)
        },
        SHORT,
      ),
      baselineMs: await timeMedian(
        RUNS,
        () => punchesBetween(handle.db, company.tenantId, [someone], start, end),
        SHORT,
      ),
      pageBaselineMs: await timeMedian(
        RUNS,
        async () => {
          for (const [from, to] of pageRanges) await punchesBetween(handle.db, company.tenantId, [someone], from, to)
        },
        SHORT,
      ),
      rows: listRows,
    },
  ]
  await app.close()
  for (const f of figures) {
    const perPage = f.pageBaselineMs === undefined ? '' : `, page by page ${f.pageBaselineMs.toFixed(1)} ms`
    console.log(
      `  [${engine}] ${phase}: ${f.name}: ${f.medianMs.toFixed(1)} ms (baseline ${f.baselineMs.toFixed(1)} ms${perPage})`,
    )
  }
  return figures
}

async function benchEngine(
  engine: 'sqlite' | 'postgres',
): Promise<{ figures: Figure[]; punches: number; totalAfterNoise: number } | null> {
  const opened = await openBenchDatabase(engine, 'bench_attendance')
  if (!opened) return null
  const { handle, cleanup } = opened
  try {
    let t = performance.now()
    const company = await seedCompany(handle, { employees: EMPLOYEES, from: FROM, to: TO, zone: ZONE })
    await settle(handle)
    console.log(
      `  [${engine}] generated ${EMPLOYEES} employees, ${company.punches} punches in ${((performance.now() - t) / 1000).toFixed(1)} s`,
    )
    const figures = await measurePhase(handle, engine, 'alone', company)
    t = performance.now()
    const corrections = await addCorrections(handle, company)
    await settle(handle)
    console.log(
      `  [${engine}] approved ${corrections} corrections (one working day in ${CORRECTED_ONE_DAY_IN}) in ${((performance.now() - t) / 1000).toFixed(1)} s`,
    )
    figures.push(...(await measurePhase(handle, engine, 'corrected', company)))
    t = performance.now()
    const total = await addNoise(handle, company.tenantId)
    console.log(
      `  [${engine}] added other tenants and dates: ${total} punches in the database (${((performance.now() - t) / 1000).toFixed(1)} s)`,
    )
    figures.push(...(await measurePhase(handle, engine, `x${NOISE_FACTOR + 1} data`, company)))
    return { figures, punches: company.punches, totalAfterNoise: total }
  } finally {
    await handle.destroy()
    await cleanup()
  }
}

const results: Figure[] = []
console.log(
  `Attendance benchmark: ${EMPLOYEES} employees, one year of punches, ${RUNS} measured runs per figure (median)`,
)
for (const engine of ENGINES) {
  const outcome = await benchEngine(engine)
  if (outcome) results.push(...outcome.figures)
}
const maxRssMiB = process.resourceUsage().maxRSS / 1024

const rows = results.map((f) => {
  const alone = results.find((r) => r.engine === f.engine && r.name === f.name && r.phase === 'alone')!
  return [
    f.engine,
    f.phase,
    f.name,
    String(f.rows),
    f.medianMs.toFixed(1),
    f.baselineMs.toFixed(1),
    (f.medianMs / f.baselineMs).toFixed(2),
    f.pageBaselineMs === undefined
      ? ''
      : `${f.pageBaselineMs.toFixed(1)} (${(f.medianMs / f.pageBaselineMs).toFixed(2)}x)`,
    f.phase === 'alone' ? '' : `${(((f.medianMs - alone.medianMs) / alone.medianMs) * 100).toFixed(0)}%`,
  ]
})
console.log('')
console.log(
  formatTable(
    ['engine', 'data', 'query', 'punches', 'median ms', 'baseline ms', 'x baseline', 'page by page ms', 'vs alone'],
    rows,
  ),
)
console.log(`Peak memory (max RSS of this process): ${maxRssMiB.toFixed(0)} MiB`)
const verdicts = results.map((f) => {
  const alone = results.find((r) => r.engine === f.engine && r.name === f.name && r.phase === 'alone')!
  const problems = []
  if (f.medianMs > 3 * f.baselineMs) problems.push('over 3x baseline')
  if (f.name.startsWith('attendance.summary') && f.medianMs > 300) problems.push('median over 300 ms')
  // Corrections are judged by the ratio to the baseline measured beside them: this machine's speed
  // drifts by more than 15 % between phases a minute apart, the baselines' included.
  if (f.phase === 'corrected' && f.medianMs / f.baselineMs > (alone.medianMs / alone.baselineMs) * 1.15)
    problems.push('over 15% slower with corrections (x baseline)')
  if (f.phase !== 'alone' && f.phase !== 'corrected' && f.medianMs > alone.medianMs * 1.2)
    problems.push('over 20% slower with more data')
  return `${f.engine} ${f.phase} ${f.name}: ${problems.length ? `BELOW TARGET (${problems.join(', ')})` : 'PASS'}`
})
console.log(verdicts.join('\n'))
mkdirSync(join(PROJECT_ROOT, 'bench', 'results'), { recursive: true })
writeFileSync(
  join(PROJECT_ROOT, 'bench', 'results', 'attendance.json'),
  JSON.stringify(
    {
      date: new Date().toISOString(),
      machine: machineInfo(),
      employees: EMPLOYEES,
      noiseFactor: NOISE_FACTOR,
      runs: RUNS,
      maxRssMiB,
      results,
    },
    null,
    2,
  ),
)
