/**
 * What schedule applied to an employee when: their own assignments, the company's default and
 * the versions of each schedule, merged into spans of days with one schedule and one version.
 */
import type { RequestScope } from '../../auth/request-scope.js'
import { canSeeRecordsOf } from '../../auth/visibility.js'
import { notFound } from '../../errors.js'
import { addDays } from '../../lib/calendar.js'
import { pageOf } from '../../lib/pagination.js'
import { SINCE_ALWAYS, schedulePeriods, timelineOf } from '../schedules/index.js'
import { scheduleAssignmentsUpTo, scheduleNames, scheduleVersionsUpTo } from '../schedules/index.js'
import { weekdayMinutesOf } from '../schedules/index.js'
import { calendarSubject } from './work-calendar.repository.js'
import type { ScheduleHistoryQueryType, SchedulePeriodType } from './work-calendar.schemas.js'

const END_OF_TIME = '9999-12-31'

/** The employee's schedule periods, oldest first, paginated. */
export async function scheduleHistory(scope: RequestScope, userId: string, query: ScheduleHistoryQueryType) {
  const { db, auth } = scope
  if (!(await canSeeRecordsOf(db, auth, userId)) || !(await calendarSubject(db, auth.tenantId, userId)))
    throw notFound('User')
  const [versions, assignments, names] = await Promise.all([
    scheduleVersionsUpTo(db, auth.tenantId, END_OF_TIME),
    scheduleAssignmentsUpTo(db, auth.tenantId, [userId], END_OF_TIME),
    scheduleNames(db, auth.tenantId),
  ])
  const periods = schedulePeriods(timelineOf(userId, versions, assignments), (date) => addDays(date, -1)).map(
    (p): SchedulePeriodType => ({
      effective_from: p.from === SINCE_ALWAYS ? null : p.from,
      effective_to: p.to,
      schedule_id: p.scheduleId,
      schedule_name: p.scheduleId ? (names.get(p.scheduleId) ?? null) : null,
      origin: p.origin,
      weekday_minutes: weekdayMinutesOf(p.minutes),
    }),
  )
  const window = pageOf(query)
  return {
    data: periods.slice(window.offset, window.offset + window.limit),
    meta: { page: window.page, page_size: window.pageSize, total: periods.length },
  }
}
