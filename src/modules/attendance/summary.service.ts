/** Hours per employee over a range: the daily record of each employee of a page, summed. */
import type { Kysely } from 'kysely'
import { type AuthContext, noteRecordsRead } from '../../auth/context.js'
import { recordsLimitedToTeamOf } from '../../auth/policies.js'
import type { Database } from '../../db/schema.js'
import { assertDateRange } from '../../lib/calendar.js'
import { listBody, pageOf } from '../../lib/pagination.js'
import { calendarSubjects } from '../work-calendar/work-calendar.repository.js'
import type { SummaryQueryType, SummaryRowType } from './attendance.schemas.js'
import { dailyEntriesOf, readAttendanceInputs } from './daily-record.service.js'

type Db = Kysely<Database>

export async function attendanceSummary(db: Db, auth: AuthContext, query: SummaryQueryType, nowMs = Date.now()) {
  assertDateRange(query.from, query.to)
  const window = pageOf(query)
  const filters = {
    status: query.status,
    departmentId: query.department_id,
    workCenterId: query.work_center_id,
    teamOf: recordsLimitedToTeamOf(auth) ?? undefined,
  }
  const page = await calendarSubjects(db, auth.tenantId, filters, window)
  noteRecordsRead(
    auth,
    page.rows.map((s) => s.id),
  )
  const inputs = await readAttendanceInputs(db, auth.tenant, page.rows.map((s) => s.id), query.from, query.to, query.tz ?? auth.tenant.timezone)
  return listBody(window, page, (subject): SummaryRowType => {
    // The same computation as the daily list, summed: a row always equals its daily entries.
    const days = dailyEntriesOf(subject, inputs, nowMs)
    const worked = days.reduce((sum, d) => sum + d.worked_minutes, 0)
    const expected = days.reduce((sum, d) => sum + d.expected_minutes, 0)
    return {
      user_id: subject.id,
      full_name: subject.full_name,
      worked_minutes: worked,
      expected_minutes: expected,
      balance_minutes: worked - expected,
      worked_days: days.filter((d) => d.worked_minutes > 0).length,
      expected_days: days.filter((d) => d.expected_minutes > 0).length,
    }
  })
}
