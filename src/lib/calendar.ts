/**
 * The project's calendar: dates (`YYYY-MM-DD`), day numbers and weekdays, ranges of days and the
 * 366-day rule, and the local days of a time zone with the instant each begins. Pure functions and
 * fixed facts of the time-zone data; nothing here knows about employees or the database.
 */
import { DateTime } from 'luxon'
import { invalidField } from '../errors.js'
import { BoundedCache } from './bounded-cache.js'

/**
 * Calendar dates between 1900 and 9998: every date an HR record needs (birth dates included), and
 * far enough from the edges of the calendar that the day after any accepted date is still valid.
 */
export const MIN_YEAR = 1900
export const MAX_YEAR = 9998

export function isValidDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (!m) return false
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])]
  if (year < MIN_YEAR || year > MAX_YEAR || month < 1 || month > 12 || day < 1) return false
  const daysInMonth = new Date(Date.UTC(2000, month, 0)).getUTCDate() // 2000 is a leap year: February has 29
  if (month === 2) {
    const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
    return day <= (leap ? 29 : 28)
  }
  return day <= daysInMonth
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
  return Object.freeze({
    dates: Object.freeze(dates),
    starts: Object.freeze(starts),
    weekdays: Object.freeze(weekdays),
  })
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

/** The longest range a read may ask for, in days (both ends included): a year, leap day included. */
export const MAX_RANGE_DAYS = 366

/** Checks a [from, to] range: `to` not before `from`, at most 366 days (both 400). */
export function assertDateRange(from: string, to: string): void {
  const days = daysInRange(from, to)
  if (days < 1) throw invalidField('to', 'must be on or after from')
  if (days > MAX_RANGE_DAYS) throw invalidField('to', `the range may cover at most ${MAX_RANGE_DAYS} days`)
}

/** Today's calendar date (YYYY-MM-DD) in the given time zone. */
export function todayIn(zone: string, at: Date = new Date()): string {
  return dayFormatters
    .get(
      zone,
      () => new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }),
    )
    .format(at)
}

/**
 * One formatter per zone: making an Intl.DateTimeFormat costs ICU 0.1-1 ms of CPU, formatting with
 * one made already a few microseconds, and a request asks for today at least once. A zone ICU does
 * not know throws before anything is kept.
 */
const dayFormatters = new BoundedCache<string, Intl.DateTimeFormat>(1_000)

/** The zone's UTC offset in minutes at an instant: constant within each quarter hour, so cached per quarter hour. */
function offsetMinutesAt(ms: number, zone: string): number {
  const quarter = Math.floor(ms / QUARTER_HOUR_MS)
  return zoneOffsets.get(`${zone}|${quarter}`, () => DateTime.fromMillis(quarter * QUARTER_HOUR_MS, { zone }).offset)
}

const zoneOffsets = new BoundedCache<string, number>(100_000)
const fixedZones = new BoundedCache<string, boolean>(1_000)

/**
 * An instant as local ISO 8601 time with its offset, to the second (2026-10-01T09:00:00+02:00).
 * Exports write thousands of them; this costs a string slice where luxon builds an object.
 */
export function localIsoWithOffset(iso: string, zone: string): string {
  const ms = Date.parse(iso)
  const offset = offsetMinutesAt(ms, zone)
  // Local mean times of the early 1900s had offsets in seconds; luxon writes those.
  if (!Number.isInteger(offset)) return DateTime.fromMillis(ms, { zone }).toISO({ suppressMilliseconds: true })!
  const local = new Date(ms + offset * 60_000).toISOString().slice(0, 19)
  if (offset === 0 && fixedZones.get(zone, () => DateTime.now().setZone(zone).zone.isUniversal)) return `${local}Z` // as luxon writes it
  const abs = Math.abs(offset)
  return `${local}${offset < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`
}

/** The first day (YYYY-MM-DD) of the month after a YYYY-MM month. */
export function firstDayOfNextMonth(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number]
  return m === 12 ? `${year + 1}-01-01` : `${year}-${String(m + 1).padStart(2, '0')}-01`
}
