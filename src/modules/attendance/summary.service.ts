/** Hours per employee over a range: the daily record of each employee of a page, summed. */
import { recordsLimitedToTeamOf } from '../../auth/policies.js'
import { type RequestScope, noteRecordsRead } from '../../auth/request-scope.js'
import { assertDateRange, todayIn } from '../../lib/calendar.js'
import { listBody, pageOf } from '../../lib/pagination.js'
import { calendarSubjects } from '../work-calendar/index.js'
import type { SummaryQueryType, SummaryRowType } from './attendance.schemas.js'
import { dailyEntriesInSlices } from './daily-record.service.js'
import { toDateFigures } from './to-date.logic.js'

/** An open session counts up to the scope's moment, as in the daily list; so does "today" of the figures to date. */
export async function attendanceSummary(scope: RequestScope, query: SummaryQueryType) {
  assertDateRange(query.from, query.to)
  const { db, auth } = scope
  const window = pageOf(query)
  const filters = {
    status: query.status,
    departmentId: query.department_id,
    workCenterId: query.work_center_id,
    teamOf: recordsLimitedToTeamOf(auth) ?? undefined,
  }
  const page = await calendarSubjects(db, auth.tenantId, filters, window)
  noteRecordsRead(
    scope,
    page.rows.map((s) => s.id),
  )
  const zone = query.tz ?? auth.tenant.timezone
  const today = todayIn(zone, new Date(scope.now))
  const rows: SummaryRowType[] = []
  for await (const [subject, days] of dailyEntriesInSlices(scope, page.rows, query.from, query.to, zone))
    rows.push(summaryRow(subject, days, today))
  return listBody(window, { ...page, rows }, (row) => row)
}

/** The same computation as the daily list, summed: a row always equals its daily entries. */
function summaryRow(
  subject: { id: string; full_name: string },
  days: readonly { date: string; worked_minutes: number; expected_minutes: number; anomalies: readonly unknown[] }[],
  today: string,
): SummaryRowType {
  const worked = days.reduce((sum, d) => sum + d.worked_minutes, 0)
  const expected = days.reduce((sum, d) => sum + d.expected_minutes, 0)
  return {
    user_id: subject.id,
    full_name: subject.full_name,
    worked_minutes: worked,
    expected_minutes: expected,
    balance_minutes: worked - expected,
    ...toDateFigures(days, today),
    worked_days: days.filter((d) => d.worked_minutes > 0).length,
    expected_days: days.filter((d) => d.expected_minutes > 0).length,
    anomaly_count: days.reduce((sum, d) => sum + d.anomalies.length, 0),
  }
}
