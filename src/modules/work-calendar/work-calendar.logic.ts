/**
 * What is expected of an employee on a day, as pure rules: the minutes their schedule expects,
 * unless it is a holiday they do not work, or before they were employed, less the approved
 * absences of that day (a full day all of it, an hourly absence its span).
 */
import type { Holiday } from '../holidays/index.js'

export interface DayPlan {
  /** Minutes the schedule expects on this weekday. */
  scheduleMinutes: number
  holiday: Holiday | null
  worksHolidays: boolean
  /** false before the hire date and after a deactivation: nothing is expected of someone not employed. */
  employed?: boolean
  /**
   * Minutes of approved absence on this day; a full-day absence is `Infinity`. This is where
   * absences reduce what is expected of the employee.
   */
  absenceMinutes: number
}

export function dayExpectation(plan: DayPlan): { isWorkday: boolean; expectedMinutes: number } {
  const isWorkday = plan.employed !== false && plan.scheduleMinutes > 0 && (plan.holiday === null || plan.worksHolidays)
  const expectedMinutes = isWorkday ? Math.max(0, plan.scheduleMinutes - plan.absenceMinutes) : 0
  return { isWorkday, expectedMinutes }
}

/** The days, and for an hourly absence the hours, that an absence takes. */
export interface AbsenceSpan {
  start_date: string
  end_date: string
  start_time: string | null
  end_time: string | null
}

export function minutesOfDay(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5))
}

export function isHourly(a: AbsenceSpan): boolean {
  return a.start_time !== null
}

/**
 * How much of `date` an approved absence takes off what is expected: all of it for a full-day
 * absence (Infinity), the span of an hourly one. 0 when the absence does not cover the date.
 */
export function absenceMinutesOn(a: AbsenceSpan, date: string): number {
  if (date < a.start_date || date > a.end_date) return 0
  if (!isHourly(a)) return Number.POSITIVE_INFINITY
  return minutesOfDay(a.end_time!) - minutesOfDay(a.start_time!)
}
