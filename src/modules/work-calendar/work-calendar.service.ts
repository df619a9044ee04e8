/**
 * What each employee's days look like before anything is worked: the minutes their schedule
 * expects that weekday, the holiday of their place, whether they work holidays, and whether they
 * were employed yet. Shared by the daily record and by vacation balances, so both count the same
 * working days.
 */
import type { Kysely } from 'kysely'
import type { Database, TenantRow } from '../../db/schema.js'
import { type Holiday, placeOf } from '../holidays/holidays.logic.js'
import { loadHolidayCalendars } from '../holidays/holidays.service.js'
import type { DayPlan } from './work-calendar.logic.js'
import type { CalendarSubject } from './work-calendar.repository.js'

export type PlanOfDay = (date: string, weekday: number) => Omit<DayPlan, 'absenceMinutes'> & { holiday: Holiday | null }

const NO_SCHEDULE = [0, 0, 0, 0, 0, 0, 0]

/**
 * Reads the company's holidays of [from, to] once; the returned function gives each employee's
 * plan of a day. The schedule comes with the employee (see CalendarSubject.weekday_minutes).
 */
export async function loadWorkCalendars(
  db: Kysely<Database>,
  tenant: TenantRow,
  from: string,
  to: string,
): Promise<(subject: CalendarSubject) => PlanOfDay> {
  const calendarOf = await loadHolidayCalendars(db, tenant.id, from, to)
  return (subject) => {
    const weekly = subject.weekday_minutes === null ? NO_SCHEDULE : (JSON.parse(subject.weekday_minutes) as number[])
    const holidays = calendarOf(
      placeOf(tenant, subject.work_center_id ? { id: subject.work_center_id, country: subject.work_center_country, region: subject.work_center_region } : null),
    )
    const worksHolidays = Boolean(subject.works_holidays)
    return (date, weekday) => {
      const holiday = holidays.get(date)
      return {
        scheduleMinutes: weekly[weekday - 1] ?? 0,
        holiday: holiday ? { name: holiday.name, type: holiday.type } : null,
        worksHolidays,
        employed: subject.hire_date === null || date >= subject.hire_date,
      }
    }
  }
}
