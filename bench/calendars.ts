/**
 * Calendars benchmark (`npm run bench`): a company of 1,000 employees with punches this month
 * and about 20 absences each over the feed's window, on SQLite and PostgreSQL.
 * - The company's calendar feed (`GET /calendar/{token}.ics`: about 20,000 absences and the
 *   holidays as iCalendar) as calendar applications poll it, against its underlying select (the
 *   same absences read directly). Target: within 3x. The first fetch, which writes the text, is
 *   shown beside it.
 * - Who is in now (`GET /attendance/now`, a page of 100 of the 1,000), against its underlying
 *   selects (the page of employees, their latest effective punches, today's absences, their
 *   calendars). Target: within 2x.
 *
 * Environment: BENCH_EMPLOYEES (default 1000), BENCH_RUNS (default 9), BENCH_ENGINES,
 * BENCH_DATABASE_URL.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { buildApp } from '../src/app.js'
import type { AbsenceRow } from '../src/modules/absences/index.js'
import { addDays } from '../src/lib/calendar.js'
import { newId } from '../src/lib/ids.js'
import { lastEffectivePunches } from '../src/modules/attendance/attendance.repository.js'
import { absencesForFeed } from '../src/modules/calendars/calendars.repository.js'
import { feedWindow } from '../src/modules/calendars/calendars.logic.js'
import { approvedAbsencesBetween, calendarSubjects } from '../src/modules/work-calendar/work-calendar.repository.js'
import { loadWorkCalendars } from '../src/modules/work-calendar/work-calendar.service.js'
import { seedCompany } from './company.js'
import { openBenchDatabase } from './data.js'
import { PROJECT_ROOT, benchEngines, formatTable, machineInfo, timeMedian } from './lib.js'

const EMPLOYEES = Number(process.env.BENCH_EMPLOYEES ?? 1000)
const RUNS = Number(process.env.BENCH_RUNS ?? 9)
const ENGINES = benchEngines()
const TODAY = '2026-11-18'
const NOW = Date.parse(`${TODAY}T10:30:00Z`)
const TYPES = ['vacation', 'sick', 'personal', 'justified'] as const

interface Figures {
  engine: string
  absences: number
  feedMs: number
  feedColdMs: number
  feedSelectMs: number
  feedBytes: number
  nowMs: number
  nowSelectMs: number
}

async function benchEngine(engine: 'sqlite' | 'postgres'): Promise<Figures | null> {
  const opened = await openBenchDatabase(engine, 'calendars')
  if (!opened) return null
  const { handle } = opened
  const { db } = handle
  try {
    const t = performance.now()
    const company = await seedCompany(handle, {
      employees: EMPLOYEES,
      from: '2026-11-02',
      to: '2026-11-17',
      zone: 'Europe/Madrid',
    })
    const types = new Map(
      (
        await db.selectFrom('absence_types').select(['id', 'key']).where('tenant_id', '=', company.tenantId).execute()
      ).map((r) => [r.key, r.id]),
    )
    const { from } = feedWindow(TODAY)
    let absences = 0
    for (let i = 0; i < company.userIds.length; i += 100) {
      await db.transaction().execute(async (trx) => {
        const rows: AbsenceRow[] = []
        for (const [j, userId] of company.userIds.slice(i, i + 100).entries()) {
          // About 20 absences in the fifteen months of the window: one every 22 days.
          for (let k = 0; k < 20; k++) {
            const start = addDays(from, k * 22 + ((i + j) % 7))
            const type = TYPES[(k + j) % TYPES.length]!
            const hourly = type === 'justified'
            const at = new Date(NOW - (20 - k) * 86_400_000).toISOString()
            rows.push({
              id: newId('absence'),
              tenant_id: company.tenantId,
              user_id: userId,
              type_id: types.get(type)!,
              status: k % 4 === 0 ? 'pending' : 'approved',
              start_date: start,
              end_date: hourly ? start : addDays(start, 1),
              start_time: hourly ? '09:00' : null,
              end_time: hourly ? '11:00' : null,
              request_note: null,
              decision_note: null,
              decided_by: null,
              decided_at: k % 4 === 0 ? null : at,
              cancelled_at: null,
              created_at: at,
              updated_at: at,
            })
          }
        }
        for (let r = 0; r < rows.length; r += 200)
          await trx
            .insertInto('absences')
            .values(rows.slice(r, r + 200))
            .execute()
        absences += rows.length
      })
    }
    console.log(
      `  [${engine}] generated ${EMPLOYEES} employees, ${company.punches} punches, ${absences} absences in ${((performance.now() - t) / 1000).toFixed(1)} s`,
    )
    const app = await buildApp({ db, rateLimitPerMinute: 100_000_000, clock: () => NOW, load: { maxLagMs: 60_000 } })
    const auth = { authorization: `Bearer ${company.adminKey}` }
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/calendar-feeds',
      headers: { ...auth, 'content-type': 'application/json' },
      payload: { scope: 'company' },
    })
    if (created.statusCode !== 201) throw new Error(`calendar-feeds.create: ${created.statusCode} ${created.body}`)
    const path = new URL(JSON.parse(created.body).data.url).pathname
    let feedBytes = 0
    // The first fetch writes the calendar; later ones, while nothing changed, serve it again.
    const coldStart = performance.now()
    const cold = await app.inject({ method: 'GET', url: path })
    if (cold.statusCode !== 200) throw new Error(`feed: ${cold.statusCode}`)
    const feedColdMs = performance.now() - coldStart
    // Each feed may be fetched 30 times a minute: warm-up and runs stay within that.
    const feedMs = await timeMedian(RUNS, async () => {
      const res = await app.inject({ method: 'GET', url: path })
      if (res.statusCode !== 200) throw new Error(`feed: ${res.statusCode} ${res.body.slice(0, 200)}`)
      feedBytes = res.rawPayload.length
    })
    const window = feedWindow(TODAY)
    const feedSelectMs = await timeMedian(RUNS, () =>
      absencesForFeed(db, company.tenantId, { kind: 'company' }, window.from, window.to),
    )
    const short = { warmMs: 500, minMs: 1500 }
    const nowMs = await timeMedian(
      RUNS,
      async () => {
        const res = await app.inject({
          method: 'GET',
          url: '/api/v1/attendance/now?page_size=100&page=3',
          headers: auth,
        })
        if (res.statusCode !== 200) throw new Error(`now: ${res.statusCode} ${res.body.slice(0, 200)}`)
      },
      short,
    )
    const tenant = await db
      .selectFrom('tenants')
      .selectAll()
      .where('id', '=', company.tenantId)
      .executeTakeFirstOrThrow()
    // What the answer reads: the page of employees, their latest punches, today's absences, their calendars.
    const nowSelectMs = await timeMedian(
      RUNS,
      async () => {
        const page = await calendarSubjects(db, company.tenantId, { status: 'active' }, { limit: 100, offset: 200 })
        const ids = page.rows.map((s) => s.id)
        await Promise.all([
          lastEffectivePunches(db, company.tenantId, ids),
          approvedAbsencesBetween(db, company.tenantId, ids, TODAY, TODAY),
          loadWorkCalendars(db, tenant, ids, TODAY, TODAY),
        ])
      },
      short,
    )
    console.log(
      `  [${engine}] feed ${feedMs.toFixed(0)} ms (first fetch ${feedColdMs.toFixed(0)} ms, ${(feedBytes / 1_048_576).toFixed(1)} MiB) vs select ${feedSelectMs.toFixed(0)} ms; now ${nowMs.toFixed(1)} ms vs selects ${nowSelectMs.toFixed(1)} ms`,
    )
    await app.close()
    return { engine, absences, feedMs, feedColdMs, feedSelectMs, feedBytes, nowMs, nowSelectMs }
  } finally {
    await handle.destroy()
    await opened.cleanup()
  }
}

console.log(`Calendars benchmark: ${EMPLOYEES} employees, about 20 absences each, ${RUNS} runs (median)`)
const results: Figures[] = []
for (const engine of ENGINES) {
  const figures = await benchEngine(engine)
  if (figures) results.push(figures)
}
console.log(
  formatTable(
    [
      'engine',
      'absences',
      'feed (ms)',
      'first fetch (ms)',
      'select (ms)',
      'x select',
      'now, 100 (ms)',
      'selects (ms)',
      'x selects',
    ],
    results.map((f) => [
      f.engine,
      String(f.absences),
      f.feedMs.toFixed(0),
      f.feedColdMs.toFixed(0),
      f.feedSelectMs.toFixed(0),
      `${(f.feedMs / f.feedSelectMs).toFixed(2)}x`,
      f.nowMs.toFixed(1),
      f.nowSelectMs.toFixed(1),
      `${(f.nowMs / f.nowSelectMs).toFixed(2)}x`,
    ]),
  ),
)
for (const f of results) {
  const problems = [
    ...(f.feedMs > 3 * f.feedSelectMs ? ['feed over 3x its select'] : []),
    ...(f.nowMs > 2 * f.nowSelectMs ? ['now over 2x its selects'] : []),
  ]
  console.log(`${f.engine}: ${problems.length ? `BELOW TARGET (${problems.join(', ')})` : 'PASS'}`)
}
mkdirSync(join(PROJECT_ROOT, 'bench', 'results'), { recursive: true })
writeFileSync(
  join(PROJECT_ROOT, 'bench', 'results', 'calendars-latest.json'),
  `${JSON.stringify({ date: new Date().toISOString(), machine: machineInfo(), employees: EMPLOYEES, runs: RUNS, results }, null, 2)}\n`,
)
