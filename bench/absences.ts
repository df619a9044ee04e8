/**
 * Absences benchmark (third part of `npm run bench`): a company of 1,000 employees with about 20
 * absences each over a year, on SQLite and PostgreSQL. Through the API (in-process `inject`) it
 * measures absences.list over the year (a page of 100, most recent first) and absences.create of
 * a vacation request (overlap and balance checks included), each against the baseline of the same
 * SQL statements run directly (no HTTP, validation or computation). Targets: within 3x the baseline; the list median at most 50 ms.
 *
 * Environment: BENCH_EMPLOYEES (default 1000), BENCH_RUNS (default 15), BENCH_DATABASE_URL.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { buildApp } from '../src/app.js'
import type { DatabaseHandle } from '../src/db/database.js'
import type { AbsenceRow } from '../src/modules/absences/index.js'
import { newId } from '../src/lib/ids.js'
import { addDays, isoWeekday } from '../src/lib/calendar.js'
import {
  activeAbsencesOf,
  findTypeByKey,
  insertAbsence,
  listAbsences,
} from '../src/modules/absences/absences.repository.js'
import { createTenant } from '../src/modules/onboarding/onboarding.service.js'
import { lockRow } from '../src/db/locks.js'
import { findUserRow } from '../src/modules/users/users.repository.js'
import { calendarSubject } from '../src/modules/work-calendar/work-calendar.repository.js'
import { companyHolidaysBetween } from '../src/modules/holidays/holidays.repository.js'
import { insertUserRecord, newUserInput } from '../src/modules/users/users.service.js'
import { openBenchDatabase } from './data.js'
import { PROJECT_ROOT, formatTable, machineInfo, timeMedian } from './lib.js'

const EMPLOYEES = Number(process.env.BENCH_EMPLOYEES ?? 1000)
const RUNS = Number(process.env.BENCH_RUNS ?? 15)
const YEAR = 2027
const NOW = Date.parse('2026-12-01T10:00:00Z') // before the year, so every absence is in the future
const TYPES = ['vacation', 'sick', 'personal', 'justified'] as const

interface Figure {
  engine: string
  name: string
  medianMs: number
  baselineMs: number
}

async function seed(handle: DatabaseHandle) {
  const created = await createTenant(
    { db: handle.db, now: Date.now() },
    {
      name: 'Bench Absences',
      admin_email: 'admin@abs.example',
      admin_name: 'Admin',
      country: 'ES',
      region: 'MD',
    },
  )
  const tenantId = created.tenant.id
  const types = new Map<string, string>()
  for (const key of TYPES) types.set(key, (await findTypeByKey(handle.db, tenantId, key))!.id)
  const userIds = await handle.db.transaction().execute(async (trx) => {
    const ids: string[] = []
    for (let i = 0; i < EMPLOYEES; i++) {
      ids.push(
        await insertUserRecord(
          { db: trx, now: Date.now() },
          tenantId,
          newUserInput({ email: `e${i}@abs.example`, fullName: `Employee ${i}`, vacationDays: 400 }),
        ),
      )
    }
    return ids
  })
  let count = 0
  for (let i = 0; i < userIds.length; i += 100) {
    await handle.db.transaction().execute(async (trx) => {
      for (const [j, userId] of userIds.slice(i, i + 100).entries()) {
        // About 20 absences a year: one every 18 days, one or two days long, a mix of types.
        for (let k = 0; k < 20; k++) {
          const start = addDays(`${YEAR}-01-04`, k * 18 + ((i + j) % 5))
          const type = TYPES[(k + j) % TYPES.length]!
          const hourly = type === 'personal'
          const row: AbsenceRow = {
            id: newId('absence'),
            tenant_id: tenantId,
            user_id: userId,
            type_id: types.get(type)!,
            status: k % 3 === 0 ? 'pending' : 'approved',
            start_date: start,
            end_date: hourly ? start : addDays(start, 1),
            start_time: hourly ? '09:00' : null,
            end_time: hourly ? '11:00' : null,
            request_note: null,
            decision_note: null,
            decided_by: null,
            decided_at: null,
            cancelled_at: null,
            created_at: new Date(NOW - (20 - k) * 86_400_000).toISOString(),
            updated_at: new Date(NOW - (20 - k) * 86_400_000).toISOString(),
          }
          await insertAbsence(trx, row)
          count++
        }
      }
    })
  }
  return { tenantId, adminKey: created.api_key, userIds, count }
}

async function benchEngine(engine: 'sqlite' | 'postgres'): Promise<Figure[] | null> {
  const opened = await openBenchDatabase(engine, 'bench_absences')
  if (!opened) return null
  const { handle, cleanup } = opened
  try {
    const t = performance.now()
    const company = await seed(handle)
    console.log(
      `  [${engine}] generated ${EMPLOYEES} employees, ${company.count} absences in ${((performance.now() - t) / 1000).toFixed(1)} s`,
    )
    const app = await buildApp({ db: handle.db, rateLimitPerMinute: 1_000_000_000, clock: () => NOW })
    const auth = { authorization: `Bearer ${company.adminKey}` }
    const call = async (method: 'GET' | 'POST', url: string, payload?: unknown) => {
      const res = await app.inject({ method, url, headers: auth, ...(payload ? { payload: payload as object } : {}) })
      if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`)
      return res
    }
    const filters = { from: `${YEAR}-01-01`, to: `${YEAR}-12-31` }
    const list = {
      engine,
      name: 'absences.list, a year, page of 100 (of ~20,000)',
      medianMs: await timeMedian(RUNS, () =>
        call('GET', `/api/v1/absences?from=${filters.from}&to=${filters.to}&page_size=100`),
      ),
      baselineMs: await timeMedian(RUNS, () =>
        listAbsences(handle.db, company.tenantId, filters, { limit: 100, offset: 0 }),
      ),
    }
    // Vacation requests of the first employee on successive free weeks of the next year: each
    // passes the overlap and balance checks and is written.
    const requester = company.userIds[0]!
    let week = 0
    const nextWeek = () => {
      let monday = addDays(`${YEAR + 1}-01-04`, 7 * week++)
      while (isoWeekday(monday) !== 1) monday = addDays(monday, 1)
      return { start_date: monday, end_date: addDays(monday, 2) }
    }
    const vacationTypeId = (await findTypeByKey(handle.db, company.tenantId, 'vacation'))!.id
    const create = {
      engine,
      name: 'absences.create, vacation (overlap + balance checks)',
      medianMs: await timeMedian(RUNS, () =>
        call('POST', '/api/v1/absences', { user_id: requester, type: 'vacation', ...nextWeek() }),
      ),
      // The bare statements a request runs, without HTTP, validation or computation: the type
      // (the company comes with the key), then under the lock the employee, their absences in the
      // year, their schedule and work center, the company holidays of the year, and the insert.
      baselineMs: await timeMedian(RUNS, async () => {
        const span = nextWeek()
        const year = span.start_date.slice(0, 4)
        await findTypeByKey(handle.db, company.tenantId, 'vacation')
        await handle.db.transaction().execute(async (trx) => {
          await lockRow(trx, 'users', company.tenantId, requester)
          await findUserRow(trx, company.tenantId, requester)
          await activeAbsencesOf(trx, company.tenantId, requester, `${year}-01-01`, `${year}-12-31`)
          await calendarSubject(trx, company.tenantId, requester)
          await companyHolidaysBetween(trx, company.tenantId, `${year}-01-01`, `${year}-12-31`)
          await insertAbsence(trx, {
            id: newId('absence'),
            tenant_id: company.tenantId,
            user_id: requester,
            type_id: vacationTypeId,
            status: 'pending',
            ...span,
            start_time: null,
            end_time: null,
            request_note: null,
            decision_note: null,
            decided_by: null,
            decided_at: null,
            cancelled_at: null,
            created_at: new Date().toISOString(),
            updated_at: new Date().toISOString(),
          })
        })
      }),
    }
    await app.close()
    for (const f of [list, create])
      console.log(`  [${engine}] ${f.name}: ${f.medianMs.toFixed(1)} ms (baseline ${f.baselineMs.toFixed(1)} ms)`)
    return [list, create]
  } finally {
    await handle.destroy()
    await cleanup()
  }
}

const results: Figure[] = []
console.log(`Absences benchmark: ${EMPLOYEES} employees, ~20 absences each, ${RUNS} measured runs per figure (median)`)
for (const engine of ['sqlite', 'postgres'] as const) results.push(...((await benchEngine(engine)) ?? []))
console.log('')
console.log(
  formatTable(
    ['engine', 'operation', 'median ms', 'baseline ms', 'x baseline'],
    results.map((f) => [
      f.engine,
      f.name,
      f.medianMs.toFixed(1),
      f.baselineMs.toFixed(1),
      (f.medianMs / f.baselineMs).toFixed(2),
    ]),
  ),
)
for (const f of results) {
  const problems = []
  if (f.medianMs > 3 * f.baselineMs) problems.push('over 3x baseline')
  if (f.name.startsWith('absences.list') && f.medianMs > 50) problems.push('median over 50 ms')
  console.log(`${f.engine} ${f.name}: ${problems.length ? `BELOW TARGET (${problems.join(', ')})` : 'PASS'}`)
}
mkdirSync(join(PROJECT_ROOT, 'bench', 'results'), { recursive: true })
writeFileSync(
  join(PROJECT_ROOT, 'bench', 'results', 'absences.json'),
  JSON.stringify(
    { date: new Date().toISOString(), machine: machineInfo(), employees: EMPLOYEES, runs: RUNS, results },
    null,
    2,
  ),
)
