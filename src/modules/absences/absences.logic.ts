/**
 * The rules of absences as pure functions: what a valid request is, when two absences overlap,
 * and how many vacation days an absence uses in each year. How much of a day an absence takes off
 * the schedule is the work calendar's (work-calendar.logic); who may decide or cancel one is a
 * policy (auth/policies).
 */
import type { FieldIssue } from '../../errors.js'
import { addDays, daysInRange } from '../../lib/calendar.js'
import { type AbsenceSpan, isHourly, minutesOfDay } from '../work-calendar/index.js'

/** The catalogue every new company starts with, labelled in the company's language. */
export const DEFAULT_ABSENCE_TYPES = [
  {
    key: 'vacation',
    labels: { en: 'Vacation', es: 'Vacaciones' },
    requires_approval: true,
    allows_hourly: false,
    consumes_vacation: true,
  },
  {
    key: 'sick',
    labels: { en: 'Sick leave', es: 'Baja por enfermedad' },
    requires_approval: false,
    allows_hourly: true,
    consumes_vacation: false,
  },
  {
    key: 'justified',
    labels: { en: 'Justified absence', es: 'Ausencia justificada' },
    requires_approval: true,
    allows_hourly: true,
    consumes_vacation: false,
  },
  {
    key: 'personal',
    labels: { en: 'Personal matters', es: 'Asuntos propios' },
    requires_approval: true,
    allows_hourly: true,
    consumes_vacation: false,
  },
  // The system type rest for overtime is taken with (docs/decisions/0018-overtime.md): it draws on
  // approved rest lots.
  {
    key: 'overtime_rest',
    labels: { en: 'Overtime rest', es: 'Descanso por horas extra' },
    requires_approval: true,
    allows_hourly: true,
    consumes_vacation: false,
  },
] as const

export type AbsenceStatus = 'pending' | 'approved' | 'rejected' | 'cancelled'

/** The statuses that hold a place in the calendar (and in the vacation balance). */
export const ACTIVE_STATUSES: readonly AbsenceStatus[] = ['pending', 'approved']

/**
 * Two absences overlap when their date ranges share a day; two hourly absences on the same day
 * overlap only when their time spans intersect (a full day overlaps everything that day).
 */
export function absencesOverlap(a: AbsenceSpan, b: AbsenceSpan): boolean {
  if (a.start_date > b.end_date || b.start_date > a.end_date) return false
  if (isHourly(a) && isHourly(b)) {
    return (
      minutesOfDay(a.start_time!) < minutesOfDay(b.end_time!) && minutesOfDay(b.start_time!) < minutesOfDay(a.end_time!)
    )
  }
  return true
}

export interface AbsenceRequest extends AbsenceSpan {
  type: { allows_hourly: boolean }
}

/**
 * The longest absence one request may cover: two years (731 days with a leap day). The longest
 * leave in Spanish law, temporary incapacity, lasts at most 365 days plus a 180-day extension
 * (545 days); longer suspensions of the contract (excedencias) are an employment matter
 * (deactivation and reactivation), not an absence. The cap also bounds the work of one request:
 * the vacation check walks every day asked.
 */
export const MAX_ABSENCE_DAYS = 731

/** Why a request is invalid (400), one item per field, given today's date in the company's zone. */
/** How far back an absence that already happened may be recorded: the four years labour claims reach. */
export const RECORD_YEARS_BACK = 4

/**
 * What is wrong with an absence's dates and times. A request (`absences.create`) starts today or
 * later; an absence recorded afterwards (`absences.record`) started today or earlier, at most four
 * years ago.
 */
export function requestProblems(
  r: AbsenceRequest,
  today: string,
  kind: 'request' | 'record' = 'request',
): FieldIssue[] {
  const issues: FieldIssue[] = []
  if (kind === 'request' && r.start_date < today)
    issues.push({
      field: 'start_date',
      message: `must not be in the past (today is ${today}); HR records an absence that already happened with POST /api/v1/absences/record`,
    })
  if (kind === 'record') {
    const earliest = `${Number(today.slice(0, 4)) - RECORD_YEARS_BACK}${today.slice(4)}`
    if (r.start_date > today)
      issues.push({
        field: 'start_date',
        message: `must be today or earlier for a recorded absence (today is ${today}); ask for a future one with POST /api/v1/absences`,
      })
    else if (r.start_date < earliest)
      issues.push({
        field: 'start_date',
        message: `must be at most ${RECORD_YEARS_BACK} years back (from ${earliest})`,
      })
  }
  if (r.end_date < r.start_date) issues.push({ field: 'end_date', message: 'must be on or after start_date' })
  else if (daysInRange(r.start_date, r.end_date) > MAX_ABSENCE_DAYS) {
    issues.push({
      field: 'end_date',
      message: `an absence covers at most ${MAX_ABSENCE_DAYS} days (two years); request longer ones in parts`,
    })
  }
  const hasStart = r.start_time !== null
  const hasEnd = r.end_time !== null
  if (hasStart !== hasEnd)
    issues.push({
      field: hasStart ? 'end_time' : 'start_time',
      message: 'hourly absences need both start_time and end_time',
    })
  if (hasStart && hasEnd) {
    if (r.end_date !== r.start_date)
      issues.push({ field: 'end_date', message: 'an hourly absence starts and ends on the same day' })
    if (minutesOfDay(r.end_time!) <= minutesOfDay(r.start_time!))
      issues.push({ field: 'end_time', message: 'must be after start_time' })
    if (!r.type.allows_hourly)
      issues.push({ field: 'type', message: 'this absence type does not allow hourly absences' })
  }
  return issues
}

/**
 * Vacation days an absence uses in each calendar year: its working days, as decided by
 * `isWorkingDay` (the employee's schedule, less holidays). An absence across New Year counts in
 * both years.
 */
export function workingDaysByYear(a: AbsenceSpan, isWorkingDay: (date: string) => boolean): Map<number, number> {
  const byYear = new Map<number, number>()
  const count = daysInRange(a.start_date, a.end_date)
  for (let i = 0; i < count; i++) {
    const date = addDays(a.start_date, i)
    if (!isWorkingDay(date)) continue
    const year = Number(date.slice(0, 4))
    byYear.set(year, (byYear.get(year) ?? 0) + 1)
  }
  return byYear
}

export type VacationRounding = 'up' | 'nearest' | 'down'

/**
 * A year's vacation in proportion to the days of employment in it (Workers' Statute art. 38 and
 * the usual collective agreements: the days accrue with the time worked), rounded to whole days
 * as the company chose. A whole year employed is the annual figure exactly; no employment is 0.
 * `up` is the default: a worker never gets less than their share.
 */
export function proratedVacationDays(
  annual: number,
  year: number,
  isEmployedOn: (date: string) => boolean,
  rounding: VacationRounding,
): { days: number; employedDays: number; daysInYear: number } {
  const first = `${year}-01-01`
  const last = `${year}-12-31`
  const daysInYear = daysInRange(first, last)
  let employedDays = 0
  for (let date = first; date <= last; date = addDays(date, 1)) if (isEmployedOn(date)) employedDays++
  if (employedDays === daysInYear) return { days: annual, employedDays, daysInYear }
  // Integers first: annual * employed / days is exact up to the division, so 0.5 is 0.5.
  const numerator = annual * employedDays
  const whole = Math.floor(numerator / daysInYear)
  const remainder = numerator - whole * daysInYear
  const days =
    remainder === 0
      ? whole
      : rounding === 'up'
        ? whole + 1
        : rounding === 'down'
          ? whole
          : 2 * remainder >= daysInYear
            ? whole + 1
            : whole
  return { days, employedDays, daysInYear }
}
