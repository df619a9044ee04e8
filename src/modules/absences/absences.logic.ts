/**
 * The rules of absences as pure functions: what a valid request is, when two absences overlap
 * (and when one may lie over vacation, art. 38.3 ET), how many vacation days an absence uses in
 * each year, and the vacation ledger of an employee's years. How much of a day an absence takes off
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
    interrupts_vacation: false,
  },
  {
    key: 'sick',
    labels: { en: 'Sick leave', es: 'Baja por enfermedad' },
    requires_approval: false,
    allows_hourly: true,
    consumes_vacation: false,
    // Art. 38.3 ET: a temporary incapacity during the vacation gives its days back.
    interrupts_vacation: true,
  },
  {
    key: 'justified',
    labels: { en: 'Justified absence', es: 'Ausencia justificada' },
    requires_approval: true,
    allows_hourly: true,
    consumes_vacation: false,
    interrupts_vacation: false,
  },
  {
    key: 'personal',
    labels: { en: 'Personal matters', es: 'Asuntos propios' },
    requires_approval: true,
    allows_hourly: true,
    consumes_vacation: false,
    interrupts_vacation: false,
  },
  // The system type rest for overtime is taken with (docs/decisions/0018-overtime.md): it draws on
  // approved rest lots.
  {
    key: 'overtime_rest',
    labels: { en: 'Overtime rest', es: 'Descanso por horas extra' },
    requires_approval: true,
    allows_hourly: true,
    consumes_vacation: false,
    interrupts_vacation: false,
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

/** What the vacation rules need of an absence type. */
export interface VacationFlags {
  consumes_vacation: boolean
  interrupts_vacation: boolean
}

/** An absence the employee has in the calendar (pending or approved), with its type's flags. */
export type ActiveSpan = AbsenceSpan & VacationFlags & { status: AbsenceStatus }

/**
 * Art. 38.3 ET: a temporary incapacity that coincides with the vacation lets the worker take those
 * days later. So a full-day absence of a type that interrupts vacation may lie over approved
 * vacation; pending vacation is still only a request (rejected or cancelled instead), and an
 * hourly absence (a doctor's visit) leaves the day a vacation day.
 */
export function mayLieOver(candidate: AbsenceSpan & { interrupts_vacation: boolean }, existing: ActiveSpan): boolean {
  return (
    candidate.interrupts_vacation &&
    !isHourly(candidate) &&
    existing.status === 'approved' &&
    existing.consumes_vacation
  )
}

/** The first active absence the candidate overlaps and may not lie over (409 `absence_overlap`), if any. */
export function blockingOverlap<T extends ActiveSpan>(
  candidate: AbsenceSpan & { interrupts_vacation: boolean },
  existing: readonly T[],
): T | undefined {
  return existing.find((a) => absencesOverlap(a, candidate) && !mayLieOver(candidate, a))
}

/** Whether an absence interrupts the vacation under it (art. 38.3 ET): approved, full-day, of such a type. */
export function interruptsVacation(a: AbsenceSpan & { status: AbsenceStatus; interrupts_vacation: boolean }): boolean {
  return a.status === 'approved' && a.interrupts_vacation && !isHourly(a)
}

/** The part of `span` inside `within` (both full days), or null when they share no day. */
export function clipped<T extends AbsenceSpan>(span: T, within: AbsenceSpan): T | null {
  const start_date = span.start_date > within.start_date ? span.start_date : within.start_date
  const end_date = span.end_date < within.end_date ? span.end_date : within.end_date
  return start_date <= end_date ? { ...span, start_date, end_date } : null
}

/**
 * The dates of a vacation that absences interrupting it cover (art. 38.3 ET): those days go back to
 * the balance. The vacation keeps its own dates; the interruption is derived from the absences over
 * it, so cancelling one of them gives its days back to the vacation.
 */
export function interruptedDates(
  vacation: AbsenceSpan,
  others: readonly (AbsenceSpan & { status: AbsenceStatus; interrupts_vacation: boolean })[],
): Set<string> {
  const dates = new Set<string>()
  for (const other of others) {
    if (!interruptsVacation(other)) continue
    const part = clipped(other, vacation)
    if (!part) continue
    for (let date = part.start_date; date <= part.end_date; date = addDays(date, 1)) dates.add(date)
  }
  return dates
}

/**
 * The absences a day shows: on a day a full-day absence that interrupts vacation covers, the
 * vacation it interrupts is not what the day is (art. 38.3 ET), so only the others are shown.
 */
export function absencesShownOnDay<T extends AbsenceSpan & VacationFlags>(onDay: readonly T[]): T[] {
  const interrupted = onDay.some((a) => a.interrupts_vacation && !isHourly(a))
  return interrupted ? onDay.filter((a) => !a.consumes_vacation) : [...onDay]
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

/**
 * How vacation is counted (art. 38.1 ET): the working days of the vacation (the employee's schedule,
 * less holidays), or every calendar day of it (Monday to Sunday is 7).
 */
export type VacationUnit = 'working_days' | 'calendar_days'

/** One day a vacation uses, or would use but for an absence interrupting it (art. 38.3 ET). */
export interface VacationDay {
  date: string
  status: 'approved' | 'pending'
  interrupted: boolean
}

/**
 * The days a vacation counts in the company's unit, from `from` to `to` at most: every date
 * `counts` accepts (working days, or every day employed), each marked interrupted or not.
 */
export function vacationDaysOf(
  vacation: AbsenceSpan & { status: AbsenceStatus },
  counts: (date: string) => boolean,
  interrupted: ReadonlySet<string>,
  within: { from: string; to: string },
): VacationDay[] {
  if (vacation.status !== 'approved' && vacation.status !== 'pending') return []
  const part = clipped(vacation, { start_date: within.from, end_date: within.to, start_time: null, end_time: null })
  if (!part) return []
  const days: VacationDay[] = []
  for (let date = part.start_date; date <= part.end_date; date = addDays(date, 1)) {
    if (counts(date)) days.push({ date, status: vacation.status, interrupted: interrupted.has(date) })
  }
  return days
}

/** Returned days carried from `year` into later years, to be taken by `until`. */
export interface CarriedDays {
  year: number
  days: number
  until: string
}

/** A year of the vacation ledger: what the balance answers, and how many days nothing covers. */
export interface LedgerYear {
  year: number
  entitled: number
  approved: number
  pending: number
  /** Days of the year's vacation interrupted (art. 38.3 ET), in neither approved nor pending. */
  interrupted: number
  /** Returned days of earlier years still to be taken at the start of the year. */
  carried_in: CarriedDays[]
  /** entitled + carried_in - approved - pending. */
  remaining: number
  /** Days of vacation that neither the year's days nor days carried in (within their deadline) cover. */
  overdrawn: number
}

/**
 * Art. 38.3 ET: days returned by an interruption may be taken after the year ends, within 18
 * months of the end of the year they were generated in: until 30 June of the year after next.
 */
export function carriedUntil(year: number): string {
  return `${year + 2}-06-30`
}

/**
 * The vacation ledger of consecutive years, oldest first. Each year's vacation draws on that
 * year's own days first. Its own days left at the year's end lapse, except up to the days
 * interrupted that year (art. 38.3 ET), which are carried on until `carriedUntil(year)`. A year
 * whose vacation exceeds its own days draws on the days carried in, the one due soonest first and
 * for its earliest days (each carried day only on a date by its deadline); what remains is
 * overdrawn. Because a year spends its own days first, what it carries depends on that year alone.
 */
export function vacationLedger(
  years: readonly number[],
  entitledIn: (year: number) => number,
  days: readonly VacationDay[],
): Map<number, LedgerYear> {
  const pools: { year: number; left: number; until: string }[] = []
  const ledger = new Map<number, LedgerYear>()
  for (const year of years) {
    const prefix = `${year}-`
    const ofYear = days.filter((d) => d.date.startsWith(prefix))
    const used = ofYear.filter((d) => !d.interrupted).sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
    const entitled = entitledIn(year)
    const carried_in = pools
      .filter((p) => p.left > 0 && p.until >= `${year}-01-01`)
      .map((p) => ({ year: p.year, days: p.left, until: p.until }))
    // Own days cover the year's latest days; the earliest ones, beyond them, draw on carried days.
    const beyond = Math.max(0, used.length - entitled)
    let overdrawn = 0
    for (const day of used.slice(0, beyond)) {
      const pool = pools.find((p) => p.left > 0 && p.until >= day.date) // oldest first: due soonest
      if (pool) pool.left--
      else overdrawn++
    }
    const interrupted = ofYear.filter((d) => d.interrupted).length
    const approved = used.filter((d) => d.status === 'approved').length
    const pending = used.length - approved
    const ownLeft = Math.max(0, entitled - used.length)
    pools.push({ year, left: Math.min(interrupted, ownLeft), until: carriedUntil(year) })
    ledger.set(year, {
      year,
      entitled,
      approved,
      pending,
      interrupted,
      carried_in,
      remaining: entitled + carried_in.reduce((sum, c) => sum + c.days, 0) - approved - pending,
      overdrawn,
    })
  }
  return ledger
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
