/**
 * What each employee's days look like before anything is worked: the minutes the schedule that
 * applied to them that day expects that weekday, the holiday of their place, whether they work
 * holidays, and whether they were employed that day. Shared by the daily record and by vacation
 * balances, so both count the same working days.
 */
import type { TenantRow } from '../../db/schema.js'
import type { Db } from '../../db/unit-of-work.js'
import { type Holiday, placeOf } from '../holidays/index.js'
import { loadHolidayCalendars } from '../holidays/index.js'
import { assignmentsOf, scheduledMinutesOn, versionsBySchedule } from '../schedules/index.js'
import { scheduleAssignmentsUpTo, scheduleVersionsUpTo } from '../schedules/index.js'
import { isEmployedOn, parseEmploymentPeriods } from '../users/index.js'
import type { DayPlan } from './work-calendar.logic.js'
import type { CalendarSubject } from './work-calendar.repository.js'

export type PlanOfDay = (date: string, weekday: number) => Omit<DayPlan, 'absenceMinutes'> & { holiday: Holiday | null }

/**
 * Reads the company's holidays of [from, to] and the schedule history up to `to` of the given
 * employees once; the returned function gives each employee's plan of a day.
 */
export async function loadWorkCalendars(
  db: Db,
  tenant: TenantRow,
  userIds: readonly string[],
  from: string,
  to: string,
): Promise<(subject: CalendarSubject) => PlanOfDay> {
  // Independent reads: on PostgreSQL they run on separate pooled connections at the same time.
  const [calendarOf, versions, assignments] = await Promise.all([
    loadHolidayCalendars(db, tenant.id, from, to),
    scheduleVersionsUpTo(db, tenant.id, to),
    scheduleAssignmentsUpTo(db, tenant.id, userIds, to),
  ])
  const versionsOf = versionsBySchedule(versions)
  return (subject) => {
    const timeline = { versionsOf, ...assignmentsOf(subject.id, assignments) }
    const periods = parseEmploymentPeriods(subject.employment_periods)
    const holidays = calendarOf(
      placeOf(
        tenant,
        subject.work_center_id
          ? { id: subject.work_center_id, country: subject.work_center_country, region: subject.work_center_region }
          : null,
      ),
    )
    const worksHolidays = subject.works_holidays
    return (date, weekday) => {
      const holiday = holidays.get(date)
      return {
        scheduleMinutes: scheduledMinutesOn(timeline, date, weekday),
        holiday: holiday ? { name: holiday.name, names: holiday.names ?? {}, type: holiday.type } : null,
        worksHolidays,
        employed: isEmployedOn(subject.hire_date, periods, date),
      }
    }
  }
}

/**
 * The minutes the company's default schedule expects on a date, whatever any employee's own: the
 * company's full-time day (a part-time schedule is one that expects less).
 */
export async function loadCompanyDefaultSchedule(
  db: Db,
  tenant: TenantRow,
  to: string,
): Promise<(date: string, weekday: number) => number> {
  const [versions, assignments] = await Promise.all([
    scheduleVersionsUpTo(db, tenant.id, to),
    scheduleAssignmentsUpTo(db, tenant.id, [], to),
  ])
  const timeline = { versionsOf: versionsBySchedule(versions), ...assignmentsOf('', assignments) }
  return (date, weekday) => scheduledMinutesOn(timeline, date, weekday)
}
