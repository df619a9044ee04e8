/**
 * The daily record, the read model of the punches: for each local day of a range, the work
 * sessions that began that day, the minutes worked, and what the work calendar expected. The
 * summary is built from exactly this computation, so a summary row always equals the sum of that
 * employee's daily entries.
 */
import { type RequestScope, noteRecordsRead } from '../../auth/request-scope.js'
import { canSeeRecordsOf } from '../../auth/visibility.js'
import type { TenantRow } from '../../db/schema.js'
import type { Db } from '../../db/unit-of-work.js'
import { notFound } from '../../errors.js'
import { type LocalDays, addDays, assertDateRange, dayIndexOf, daysInRange, localDays } from '../../lib/calendar.js'
import { slicesOf, yieldToEventLoop } from '../../lib/cooperative.js'
import { pageOf } from '../../lib/pagination.js'
import { type ApprovedSpan, absenceMinutesOn, dayExpectation } from '../work-calendar/index.js'
import { type CalendarSubject, approvedAbsencesBetween, calendarSubject } from '../work-calendar/index.js'
import { type PlanOfDay, loadWorkCalendars } from '../work-calendar/index.js'
import {
  RULE_LOOKAHEAD_DAYS,
  RULE_LOOKBACK_DAYS,
  type WorkingTimePolicy,
  countedWorkedMinutes,
  dayAnomalies,
  isMinorOn,
  spanAnomalies,
  workingTimePolicyOf,
} from './anomalies.logic.js'
import * as logic from './attendance.logic.js'
import * as repo from './attendance.repository.js'
import type { DailyEntryType, ListAttendanceQueryType } from './attendance.schemas.js'

/** Everything read from the database to compute some employees' days; one query of each kind. */
export interface AttendanceInputs {
  /** The days asked for. */
  days: LocalDays
  /**
   * Those days, the RULE_LOOKBACK_DAYS before them and the RULE_LOOKAHEAD_DAYS after, whose
   * punches, calendars and absences are read too: the rules over several days (rests, a night
   * worker's average) judge the first and last days asked for like any other.
   */
  readDays: LocalDays
  punchesByUser: Map<string, repo.PunchSlice[]>
  absencesByUser: Map<string, ApprovedSpan[]>
  calendarOf: (subject: CalendarSubject) => PlanOfDay
  policy: WorkingTimePolicy
}

/**
 * Reads the punches, approved absences and company holidays of [from, to] in `zone` for the given
 * employees, and of the few days around them the rules over several days need. It needs only their ids, so a caller can
 * read who they are at the same time.
 */
export async function readAttendanceInputs(
  db: Db,
  tenant: TenantRow,
  userIds: readonly string[],
  from: string,
  to: string,
  zone: string,
): Promise<AttendanceInputs> {
  const days = localDays(from, to, zone)
  const readFrom = addDays(from, -RULE_LOOKBACK_DAYS)
  const readTo = addDays(to, RULE_LOOKAHEAD_DAYS)
  const readDays = localDays(readFrom, readTo, zone)
  const startIso = new Date(readDays.starts[0]!).toISOString()
  const endIso = new Date(readDays.starts[readDays.starts.length - 1]!).toISOString()
  // Independent reads: on PostgreSQL they run on separate pooled connections at the same time.
  const [punchRows, calendarOf, absences] = await Promise.all([
    repo.punchesBetween(db, tenant.id, userIds, startIso, endIso),
    loadWorkCalendars(db, tenant, userIds, readFrom, readTo),
    approvedAbsencesBetween(db, tenant.id, userIds, readFrom, readTo),
  ])
  const absencesByUser = new Map<string, ApprovedSpan[]>()
  for (const absence of absences) {
    const list = absencesByUser.get(absence.user_id)
    if (list) list.push(absence)
    else absencesByUser.set(absence.user_id, [absence])
  }
  const punchesByUser = new Map<string, repo.PunchSlice[]>(userIds.map((id) => [id, []]))
  for (const punch of punchRows) punchesByUser.get(punch.user_id)!.push(punch)
  await Promise.all(
    [...punchesByUser].map(async ([userId, punches]) => {
      // A session that began inside the range and is still going at its end: read up to its `out`.
      if (punches.length > 0 && punches.at(-1)!.type !== 'out')
        punches.push(...(await repo.restOfSession(db, tenant.id, userId, endIso)))
    }),
  )
  return { days, readDays, punchesByUser, absencesByUser, calendarOf, policy: workingTimePolicyOf(tenant) }
}

/**
 * One employee's daily entries, from what readAttendanceInputs read. Pure computation: every day
 * read is computed, the days before those asked for only to judge the rules over several days.
 */
export function dailyEntriesOf(subject: CalendarSubject, inputs: AttendanceInputs, nowMs: number): DailyEntryType[] {
  const days = inputs.readDays
  const points = (inputs.punchesByUser.get(subject.id) ?? []).map((p) => ({
    type: p.type,
    ms: Date.parse(p.ts),
    modality: p.modality,
    at: p.ts,
    edited: p.correction_id !== null, // added or moved by an approved correction
  }))
  const sessions = logic.buildSessions(points)
  const work = logic.workByDay(sessions, days, nowMs)
  // The sessions of each day, as workByDay attributes them (to the day of their `in`), for its anomalies.
  const sessionsByDay = days.dates.map((): logic.Session<(typeof points)[number]>[] => [])
  for (const session of sessions) sessionsByDay[dayIndexOf(days, session.inMs)]?.push(session)
  const planOf = inputs.calendarOf(subject)
  const absent = inputs.absencesByUser.get(subject.id)
  const minorOn = days.dates.map((date) => isMinorOn(subject.birth_date, date))
  const entries = days.dates.map((date, i): DailyEntryType => {
    const plan = planOf(date, days.weekdays[i]!)
    // Approved absences reduce what is expected: a full day all of it, an hourly one its span.
    let absenceMinutes = 0
    // A full day of an absence that is not vacation (sick leave, say): work on it is an anomaly.
    let absentNotOnVacation = false
    if (absent)
      for (const a of absent) {
        const minutes = absenceMinutesOn(a, date)
        absenceMinutes += minutes
        if (minutes === Number.POSITIVE_INFINITY && !a.consumes_vacation) absentNotOnVacation = true
      }
    const { isWorkday, expectedMinutes } = dayExpectation({
      scheduleMinutes: plan.scheduleMinutes,
      holiday: plan.holiday,
      worksHolidays: plan.worksHolidays,
      employed: plan.employed,
      absenceMinutes,
    })
    const day = work[i]!
    const anomalies = dayAnomalies(
      sessionsByDay[i]!,
      {
        isWorkday,
        holiday: plan.holiday !== null,
        absentAllDay: absenceMinutes === Number.POSITIVE_INFINITY,
        absentNotOnVacation,
        minor: minorOn[i]!,
      },
      inputs.policy,
      nowMs,
    )
    // A forgotten clock-out, or work under sick leave, counts no more than the day expected.
    const workedMinutes = countedWorkedMinutes(day.workedMinutes, expectedMinutes, anomalies)
    return {
      user_id: subject.id,
      date,
      is_workday: isWorkday,
      holiday: plan.holiday,
      modality: day.modality,
      punches: day.punches.map((p) => ({ type: p.type, at: p.at, edited: p.edited })),
      worked_minutes: workedMinutes,
      expected_minutes: expectedMinutes,
      balance_minutes: workedMinutes - expectedMinutes,
      anomalies,
    }
  })
  const overDays = spanAnomalies(
    sessions,
    days,
    entries.map((e) => e.worked_minutes),
    { minorOn, nightWorker: Boolean(subject.night_worker) },
    inputs.policy,
    nowMs,
  )
  for (const [i, entry] of entries.entries()) entry.anomalies.push(...overDays[i]!)
  const first = days.dates.indexOf(inputs.days.dates[0]!)
  return entries.slice(first, first + inputs.days.dates.length)
}

/**
 * Employees read and computed at a time. A page of 100 over a year is about a quarter of a second
 * of work (SQLite reads synchronously); in slices of 5 no stretch takes much more than 15 ms, and
 * other requests run between them (bench/overload.ts).
 */
const EMPLOYEES_PER_SLICE = 5

/**
 * The daily entries of many employees over [from, to] in `zone`, a few employees at a time with
 * other requests let in between: what the summary and the anomalies are made of.
 */
export async function* dailyEntriesInSlices<S extends CalendarSubject>(
  scope: RequestScope,
  subjects: readonly S[],
  from: string,
  to: string,
  zone: string,
): AsyncGenerator<[S, DailyEntryType[]]> {
  for (const [i, slice] of slicesOf(subjects, EMPLOYEES_PER_SLICE).entries()) {
    if (i > 0) await yieldToEventLoop()
    const inputs = await readAttendanceInputs(
      scope.db,
      scope.auth.tenant,
      slice.map((s) => s.id),
      from,
      to,
      zone,
    )
    for (const subject of slice) yield [subject, dailyEntriesOf(subject, inputs, scope.now)]
  }
}

/** An open session counts up to the scope's moment. */
export async function listAttendance(scope: RequestScope, query: ListAttendanceQueryType) {
  const { db, auth } = scope
  assertDateRange(query.from, query.to)
  const { page, pageSize, offset: first } = pageOf(query)
  const total = daysInRange(query.from, query.to) // the list is paginated by day
  if (!(await canSeeRecordsOf(db, auth, query.user_id))) throw notFound('User')
  if (first >= total) {
    if (!(await calendarSubject(db, auth.tenantId, query.user_id))) throw notFound('User')
    // A page past the range shows none of the employee's days.
    noteRecordsRead(scope, [])
    return { data: [], meta: { page, page_size: pageSize, total } }
  }
  const pageFrom = addDays(query.from, first)
  const pageTo = addDays(query.from, Math.min(total, first + pageSize) - 1)
  // Who the employee is and what they did are read at the same time; the punches of an id that
  // is not an employee of this company are none, and the answer is then 404.
  const [subject, inputs] = await Promise.all([
    calendarSubject(db, auth.tenantId, query.user_id),
    readAttendanceInputs(db, auth.tenant, [query.user_id], pageFrom, pageTo, query.tz ?? auth.tenant.timezone),
  ])
  if (!subject) throw notFound('User')
  noteRecordsRead(scope, [subject.id])
  return { data: dailyEntriesOf(subject, inputs, scope.now), meta: { page, page_size: pageSize, total } }
}
