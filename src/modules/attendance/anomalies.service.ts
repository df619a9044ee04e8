/**
 * The anomalies of a range, for HR and supervisors: each visible employee's daily entries (the
 * same computation as the daily list) reduced to what needs attention, with the pending
 * correction that would settle each. Only employees who punched in the range can have one, so
 * the cost grows with the punches of the range, not with the size of the company.
 */
import { recordsLimitedToTeamOf } from '../../auth/policies.js'
import { type RequestScope, noteRecordsRead } from '../../auth/request-scope.js'
import { invalidField } from '../../errors.js'
import { addDays, assertDateRange, daysInRange, startOfLocalDay } from '../../lib/calendar.js'
import { pageOf } from '../../lib/pagination.js'
import { calendarSubjects } from '../work-calendar/index.js'
import { type AnomaliesQueryType, type AnomalyRowType, MAX_ANOMALY_RANGE_DAYS } from './attendance.schemas.js'
import { punchedBetween } from './attendance.repository.js'
import { pendingCorrectionsFrom } from './corrections.repository.js'
import { dailyEntriesInSlices } from './daily-record.service.js'

/** More employees than this punching in one range is more than one answer should compute. */
const MAX_EMPLOYEES = 10_000

export async function listAnomalies(scope: RequestScope, query: AnomaliesQueryType) {
  const { db, auth } = scope
  assertDateRange(query.from, query.to)
  if (daysInRange(query.from, query.to) > MAX_ANOMALY_RANGE_DAYS)
    throw invalidField('to', `must be at most ${MAX_ANOMALY_RANGE_DAYS} days from from; ask for a month at a time`)
  const zone = query.tz ?? auth.tenant.timezone
  const fromIso = new Date(startOfLocalDay(query.from, zone)).toISOString()
  const toIso = new Date(startOfLocalDay(addDays(query.to, 1), zone)).toISOString()
  const { rows: subjects } = await calendarSubjects(
    db,
    auth.tenantId,
    {
      userId: query.user_id,
      teamOf: recordsLimitedToTeamOf(auth) ?? undefined,
      condition: punchedBetween(auth.tenantId, fromIso, toIso),
    },
    { limit: MAX_EMPLOYEES, offset: 0 },
  )
  noteRecordsRead(
    scope,
    subjects.map((s) => s.id),
  )
  const pending = await pendingCorrectionsFrom(
    db,
    auth.tenantId,
    subjects.map((s) => s.id),
    fromIso,
  )
  const rows: AnomalyRowType[] = []
  for await (const [subject, days] of dailyEntriesInSlices(scope, subjects, query.from, query.to, zone)) {
    for (const day of days) {
      for (const anomaly of day.anomalies) {
        if (query.type && anomaly.type !== query.type) continue
        // A pending correction touching the session: from its `in` to its end (or now).
        const endIso = new Date(Date.parse(anomaly.session_started_at) + (anomaly.minutes + 1) * 60_000).toISOString()
        const settling = pending.find(
          (c) => c.user_id === subject.id && c.last_ts >= anomaly.session_started_at && c.first_ts <= endIso,
        )
        rows.push({
          user_id: subject.id,
          full_name: subject.full_name,
          date: day.date,
          ...anomaly,
          pending_correction_id: settling?.id ?? null,
        })
      }
    }
  }
  // By day, then in the order of the employees (full name, id), then as each day lists them.
  const order = new Map(subjects.map((s, i) => [s.id, i]))
  rows.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : order.get(a.user_id)! - order.get(b.user_id)!))
  const { page, pageSize, offset } = pageOf(query)
  return {
    data: rows.slice(offset, offset + pageSize),
    meta: { page, page_size: pageSize, total: rows.length },
  }
}
