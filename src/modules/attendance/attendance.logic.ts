/**
 * The rules of the working-time record, as pure functions: the punch sequence, grouping punches
 * into work sessions, attributing sessions to local days, and the minute arithmetic of a day.
 * Tested without HTTP or a database, and against a simple reference model (fast-check).
 */
import { DateTime } from 'luxon'
import { BoundedCache } from '../../lib/bounded-cache.js'

export const PUNCH_TYPES = ['in', 'out', 'break_start', 'break_end'] as const
export type PunchType = (typeof PUNCH_TYPES)[number]
export type Modality = 'onsite' | 'remote'

/** What may follow each punch; `null` is "no punch yet". A session is `in` ... `out`. */
const ALLOWED_NEXT: Record<PunchType | 'none', readonly PunchType[]> = {
  none: ['in'],
  in: ['break_start', 'out'],
  break_start: ['break_end'],
  break_end: ['break_start', 'out'],
  out: ['in'],
}

/** Why `next` cannot follow `last`, or null when the sequence stays coherent. */
export function sequenceProblem(last: PunchType | null, next: PunchType): string | null {
  const allowed = ALLOWED_NEXT[last ?? 'none']
  if (allowed.includes(next)) return null
  return last === null
    ? `The first punch of an employee must be 'in', not '${next}'`
    : `A punch of type '${next}' cannot follow '${last}'; expected ${allowed.map((t) => `'${t}'`).join(' or ')}`
}

export interface PunchPoint {
  type: PunchType
  /** Epoch milliseconds. */
  ms: number
  modality: Modality | null
}

export interface Session<P extends PunchPoint = PunchPoint> {
  punches: P[]
  inMs: number
  modality: Modality
}

/**
 * Groups punches (in time order) into sessions, each starting at an `in`. Punches before the
 * first `in` belong to a session that started earlier (outside what was read) and are dropped.
 */
export function buildSessions<P extends PunchPoint>(punches: readonly P[]): Session<P>[] {
  const sessions: Session<P>[] = []
  let current: Session<P> | null = null
  for (const punch of punches) {
    if (punch.type === 'in') {
      current = { punches: [punch], inMs: punch.ms, modality: punch.modality ?? 'onsite' }
      sessions.push(current)
    } else if (current) {
      current.punches.push(punch)
      if (punch.type === 'out') current = null
    }
  }
  return sessions
}

/**
 * Worked time of a session in milliseconds: from `in` to `out` less the breaks. A session or a
 * break still open counts up to `nowMs` (never below zero).
 */
export function sessionWorkedMs(session: Session, nowMs: number): number {
  let worked = 0
  let workingSince: number | null = null
  for (const punch of session.punches) {
    switch (punch.type) {
      case 'in':
      case 'break_end':
        workingSince = punch.ms
        break
      case 'break_start':
      case 'out':
        if (workingSince !== null) worked += punch.ms - workingSince
        workingSince = null
        break
    }
  }
  if (workingSince !== null) worked += Math.max(0, nowMs - workingSince)
  return worked
}

/** The calendar days of [from, to] (inclusive) and the instant each starts at in `zone`. */
export interface LocalDays {
  readonly dates: readonly string[]
  /** ISO weekday (1 = Monday ... 7 = Sunday) of each date. */
  readonly weekdays: readonly number[]
  /** starts[i] = start of dates[i]; starts[dates.length] = end of the last day. */
  readonly starts: readonly number[]
}

const QUARTER_HOUR_MS = 15 * 60_000

/**
 * The instant a local calendar day begins. Where clocks go back at midnight (Atlantic/Azores),
 * midnight happens twice and luxon resolves it to the later one; the day then really began at the
 * earlier one. Offsets only change at quarter hours, so when the offset changed in the three hours
 * before luxon's answer, earlier quarter hours are checked for a first midnight. A day without a
 * midnight (clocks forward at 00:00) begins at its first instant, as luxon says.
 */
export function startOfLocalDay(date: string, zone: string): number {
  return dayStarts.get(`${zone}|${date}`, () => computeStartOfLocalDay(date, zone))
}

/**
 * Day starts are fixed facts of the time-zone data, and luxon takes tens of microseconds to work
 * one out: a year of days is computed once per zone and then read from here.
 */
const dayStarts = new BoundedCache<string, number>(200_000)

function computeStartOfLocalDay(date: string, zone: string): number {
  const guess = DateTime.fromISO(date, { zone }).startOf('day')
  const earlier = guess.minus({ hours: 3 })
  if (earlier.offset === guess.offset) return guess.toMillis()
  let start = guess.toMillis()
  for (let k = 1; k <= 12; k++) {
    const candidate = DateTime.fromMillis(guess.toMillis() - k * QUARTER_HOUR_MS, { zone })
    if (candidate.toISODate() === date && candidate.hour === 0 && candidate.minute === 0 && candidate.second === 0) {
      start = candidate.toMillis()
    }
  }
  return start
}

const DAY_MS = 86_400_000

/** Days since 1970-01-01 of a YYYY-MM-DD date. */
export function dayNumber(date: string): number {
  return Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS)
}

/** The YYYY-MM-DD date of a day number (civil-from-days; no Date object per day). */
export function dateOfDayNumber(n: number): string {
  const z = n + 719468
  const era = Math.floor(z / 146097)
  const doe = z - era * 146097
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365)
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100))
  const mp = Math.floor((5 * doy + 2) / 153)
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1
  const month = mp < 10 ? mp + 3 : mp - 9
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0)
  return `${String(year).padStart(4, '0')}-${month < 10 ? '0' : ''}${month}-${day < 10 ? '0' : ''}${day}`
}

/** ISO weekday (1 = Monday ... 7 = Sunday) of a day number; 1970-01-01 was a Thursday. */
function weekdayOfDayNumber(n: number): number {
  return ((((n + 3) % 7) + 7) % 7) + 1
}

/** ISO weekday (1 = Monday ... 7 = Sunday) of a YYYY-MM-DD date. */
export function isoWeekday(date: string): number {
  return weekdayOfDayNumber(dayNumber(date))
}

/** Adds `n` days to a YYYY-MM-DD date. */
export function addDays(date: string, n: number): string {
  return dateOfDayNumber(dayNumber(date) + n)
}

/**
 * The days of a range, shared read-only: every page of the daily record and every summary asks
 * for the same few ranges again and again, and working them out is a hundred cache lookups.
 */
export function localDays(from: string, to: string, zone: string): LocalDays {
  return rangeDays.get(`${zone}|${from}|${to}`, () => computeLocalDays(from, to, zone))
}

const rangeDays = new BoundedCache<string, LocalDays>(2_000)

function computeLocalDays(from: string, to: string, zone: string): LocalDays {
  const first = dayNumber(from)
  const count = Math.max(0, dayNumber(to) - first + 1)
  const dates: string[] = []
  const weekdays: number[] = []
  const starts: number[] = []
  // One day more than the range: its start marks where the range ends. Each day's start depends
  // on its date alone, so a day begins at the same instant in any range.
  for (let i = 0; i <= count; i++) {
    const date = dateOfDayNumber(first + i)
    starts.push(startOfLocalDay(date, zone))
    if (i === count) break
    dates.push(date)
    weekdays.push(weekdayOfDayNumber(first + i))
  }
  return Object.freeze({ dates: Object.freeze(dates), starts: Object.freeze(starts), weekdays: Object.freeze(weekdays) })
}

/** Number of calendar days in [from, to], inclusive; 0 or less when `to` is before `from`. */
export function daysInRange(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from) + 1
}

/** Index of the local day holding instant `ms`, or -1 outside the range. Binary search. */
export function dayIndexOf(days: LocalDays, ms: number): number {
  if (ms < days.starts[0]! || ms >= days.starts[days.starts.length - 1]!) return -1
  let lo = 0
  let hi = days.dates.length - 1
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1
    if (days.starts[mid]! <= ms) lo = mid
    else hi = mid - 1
  }
  return lo
}

export interface Holiday {
  name: string
  type: 'public' | 'company'
}

export interface DayPlan {
  /** Minutes the schedule expects on this weekday. */
  scheduleMinutes: number
  holiday: Holiday | null
  worksHolidays: boolean
  /** false before the employee's hire date: nothing is expected of someone not yet employed. */
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

export interface DayWork<P extends PunchPoint> {
  punches: P[]
  workedMinutes: number
  modality: Modality
}

/**
 * Attributes each session to the local day of its `in` (so a night shift stays on one day) and
 * sums each day's worked time, floored to whole minutes once per day.
 */
export function workByDay<P extends PunchPoint>(sessions: readonly Session<P>[], days: LocalDays, nowMs: number): DayWork<P>[] {
  const workedMs = new Array<number>(days.dates.length).fill(0)
  const result: DayWork<P>[] = days.dates.map(() => ({ punches: [], workedMinutes: 0, modality: 'onsite' as Modality }))
  const seen = new Array<boolean>(days.dates.length).fill(false)
  for (const session of sessions) {
    const index = dayIndexOf(days, session.inMs)
    if (index < 0) continue
    const day = result[index]!
    if (!seen[index]) {
      day.modality = session.modality // the day's modality is that of its first `in`
      seen[index] = true
    }
    day.punches.push(...session.punches)
    workedMs[index]! += sessionWorkedMs(session, nowMs)
  }
  result.forEach((day, i) => (day.workedMinutes = Math.floor(workedMs[i]! / 60_000)))
  return result
}
