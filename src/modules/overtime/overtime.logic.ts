/**
 * Overtime as the Workers' Statute counts it (art. 35, docs/decisions/0018-overtime.md): the pure
 * rules, with no I/O. How many minutes of a month are overtime on each basis, when their rest is
 * due, how much of a year counts toward the cap, who may work overtime only in force majeure, and
 * how rest taken is drawn from what is owed, oldest first. Tested without HTTP
 * (test/unit/overtime-logic.test.ts).
 */
import { DateTime } from 'luxon'
import { type OvertimeBasis, type OvertimeCompensation, monthsOf } from '../../lib/overtime-policy.js'
import type { LotKind } from './overtime.tables.js'

/** One day of the record as overtime reads it: minutes worked and expected on that local day. */
export interface DayBalance {
  /** YYYY-MM-DD, the company's local day. */
  date: string
  worked: number
  expected: number
}

/**
 * A day of the daily record as overtime reads it, for the lots and for every document that shows
 * overtime, so they cannot disagree. The record's `worked_minutes` are already the minutes the day
 * counts (attendance's countedWorkedMinutes): a forgotten clock-out or work on a day of sick leave
 * counts at most the expected minutes, so neither is overtime.
 */
export function dayBalanceOf(day: { date: string; worked_minutes: number; expected_minutes: number }): DayBalance {
  return { date: day.date, worked: day.worked_minutes, expected: day.expected_minutes }
}

const monthOf = (date: string) => date.slice(0, 7)

const DAY_MS = 86_400_000

// Settling a company's year splits the days of every employee's months: these run for each day, so
// they are plain UTC arithmetic on YYYY-MM-DD dates rather than calendar objects (bench/overtime.ts).

/** The ISO weekday of a YYYY-MM-DD date: 1 Monday to 7 Sunday. */
function isoWeekday(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay() || 7
}

/** `days` days after (before, if negative) a YYYY-MM-DD date. */
function plusDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10)
}

/** The Sunday that ends the ISO week of `date` (weeks run Monday to Sunday). */
export function isoWeekEnd(date: string): string {
  return plusDays(date, 7 - isoWeekday(date))
}

/**
 * A pure function of a month and a basis, asked for each employee's month: remembered, a few
 * hundred entries at most (the months within reach times three bases), cleared should it grow.
 */
function rememberedByMonth<T>(compute: (month: string, basis: OvertimeBasis) => T) {
  const known = new Map<string, T>()
  return (month: string, basis: OvertimeBasis): T => {
    const key = `${month} ${basis}`
    let value = known.get(key)
    if (value === undefined) {
      if (known.size >= 1000) known.clear()
      value = compute(month, basis)
      known.set(key, value)
    }
    return value
  }
}

/** The days a month's overtime is counted from on a basis: weekly needs the days before the 1st of the month's first full week's end. */
export function daysNeeded(month: string, basis: OvertimeBasis): { readonly from: string; readonly to: string } {
  return daysNeededOf(month, basis)
}

const daysNeededOf = rememberedByMonth((month, basis) => {
  const first = DateTime.fromISO(`${month}-01`, { zone: 'utc' })
  const last = first.endOf('month').toISODate()!
  if (basis !== 'weekly') return { from: first.toISODate()!, to: last }
  // The first week ending in this month may have begun in the previous one; the last week that
  // begins in it and ends in the next belongs to the next month.
  const firstWeekEnd = DateTime.fromISO(isoWeekEnd(first.toISODate()!), { zone: 'utc' })
  const lastWeekEnd = DateTime.fromISO(isoWeekEnd(last), { zone: 'utc' })
  const to = monthOf(lastWeekEnd.toISODate()!) === month ? lastWeekEnd : lastWeekEnd.minus({ days: 7 })
  return { from: firstWeekEnd.minus({ days: 6 }).toISODate()!, to: to.toISODate()! }
})

/** A day a lot's overtime was counted on, with its minutes (docs/decisions/0022-overtime-as-the-law-counts-it.md). */
export interface OvertimeDay {
  /** YYYY-MM-DD: the day (daily basis), the ISO week's Sunday (weekly) or the month's last day (monthly). */
  date: string
  minutes: number
}

/**
 * The overtime of `month` on `basis`, day by day, from the balances of the days `daysNeeded` names
 * (days outside them are ignored; a day missing counts as nothing worked and nothing expected):
 * - daily: the positive part of each day's balance, as the monthly report counts it, on that day;
 * - weekly: the positive part of each ISO week's net balance, on the week's Sunday, the week counted
 *   in the month of its last day (a week that ends in the next month is that month's);
 * - monthly: the positive part of the month's net balance, on its last day.
 * Only days with overtime are listed, in date order: when the hours were worked (art. 35.1 ET).
 */
export function overtimeDays(month: string, basis: OvertimeBasis, days: readonly DayBalance[]): OvertimeDay[] {
  const { from, to } = daysNeeded(month, basis)
  const inRange = days.filter((d) => d.date >= from && d.date <= to)
  const counted = new Map<string, number>()
  const add = (date: string, minutes: number) => counted.set(date, (counted.get(date) ?? 0) + minutes)
  if (basis === 'daily') for (const d of inRange) add(d.date, d.worked - d.expected > 0 ? d.worked - d.expected : 0)
  else if (basis === 'monthly') for (const d of inRange) add(to, d.worked - d.expected)
  else
    for (const d of inRange) if (monthOf(isoWeekEnd(d.date)) === month) add(isoWeekEnd(d.date), d.worked - d.expected)
  return [...counted]
    .filter(([, minutes]) => minutes > 0)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([date, minutes]) => ({ date, minutes }))
}

/** The overtime minutes of `month` on `basis` (see overtimeDays). */
export function overtimeMinutes(month: string, basis: OvertimeBasis, days: readonly DayBalance[]): number {
  return overtimeDays(month, basis, days).reduce((sum, d) => sum + d.minutes, 0)
}

/**
 * The days of a new or following lot: the record's overtime days less what the month's other lots
 * already hold on each (an adjustment holds the difference, a day taken away a negative entry).
 * Null when another lot does not know its days (written before lots kept them): the lot's days
 * cannot be told apart, and its deadline runs from the end of the month.
 */
export function lotDays(
  record: readonly OvertimeDay[],
  others: readonly { days: readonly OvertimeDay[]; minutes: number }[],
): OvertimeDay[] | null {
  if (others.some((o) => o.minutes !== 0 && o.days.length === 0)) return null
  const left = new Map(record.map((d) => [d.date, d.minutes]))
  for (const other of others) for (const d of other.days) left.set(d.date, (left.get(d.date) ?? 0) - d.minutes)
  return [...left]
    .filter(([, minutes]) => minutes !== 0)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([date, minutes]) => ({ date, minutes }))
}

/** An employee's terms: their own where set, else the company's. */
export function effectiveTerms(
  own: { overtime_compensation: OvertimeCompensation | null; overtime_comp_expiry: string | null },
  company: { overtime_compensation: OvertimeCompensation; overtime_comp_expiry: string },
): { compensation: OvertimeCompensation; expiryMonths: number } {
  const period = own.overtime_comp_expiry ?? company.overtime_comp_expiry
  return {
    compensation: own.overtime_compensation ?? company.overtime_compensation,
    // Stored periods were validated; four months is the law's fallback should one not read.
    expiryMonths: monthsOf(period) ?? 4,
  }
}

/** `months` months after `date`, the same day number, clamped to the month's end (5 Oct + 4 = 5 Feb; 31 Oct + 4 = 28 Feb). */
export function plusMonths(date: string, months: number): string {
  return DateTime.fromISO(date, { zone: 'utc' }).plus({ months }).toISODate()!
}

/** The last day rest for overtime of `month` may be taken, counted from the month's end: the end of the month, plus `months` months. */
export function compensateBy(month: string, months: number): string {
  return DateTime.fromISO(`${month}-01`, { zone: 'utc' }).plus({ months }).endOf('month').toISODate()!
}

/**
 * When a lot's hours were worked, as its deadlines count from (art. 35.1 ET): the end of the day,
 * ISO week or month of its earliest overtime (its first day with minutes), else, for a lot that
 * does not know its days, the end of its month.
 */
export function workedBy(lot: { month: string; days: readonly OvertimeDay[] }): string {
  return (
    lot.days.find((d) => d.minutes > 0)?.date ??
    DateTime.fromISO(`${lot.month}-01`, { zone: 'utc' }).endOf('month').toISODate()!
  )
}

/**
 * A lot's deadline (art. 35.1 ET): `months` months after its hours were worked (workedBy). An
 * adjustment, which brings overtime to light only when a later change of the record does, gets at
 * least as long from the end of the month it was proposed in.
 */
export function lotDeadline(
  lot: { month: string; sequence: number; days: readonly OvertimeDay[] },
  proposedIn: string,
  months: number,
): string {
  const due = plusMonths(workedBy(lot), months)
  if (lot.sequence === 1) return due
  const fromProposal = compensateBy(proposedIn, months)
  return fromProposal > due ? fromProposal : due
}

/** The four months within which rest taken keeps a lot's hours out of the annual cap (art. 35.2). */
export const REST_WINDOW_MONTHS = 4

/** A lot as the cap and the balance read it. */
export interface LotFacts {
  month: string
  /** Complementary hours are not overtime (art. 12.5 ET): never toward the cap. Default overtime. */
  kind?: LotKind
  /** The days its overtime was counted on; none for a lot written before lots kept them. */
  days: readonly OvertimeDay[]
  minutes: number
  status: 'pending' | 'approved'
  compensation: 'rest' | 'pay' | null
  force_majeure: boolean
  paid_minutes: number
  /** Rest taken for this lot, each with the day it was taken. */
  rest: readonly { date: string; minutes: number }[]
}

/** A lot's stored days (JSON); a lot written before lots kept them has none. */
export function parseDays(json: string | null): OvertimeDay[] {
  return json ? (JSON.parse(json) as OvertimeDay[]) : []
}

/** Stored lots with their days and the rest taken for each (from its draws), as the cap reads them. */
export function withRestTaken<L extends Omit<LotFacts, 'rest' | 'days'> & { id: string; days: string }>(
  lots: readonly L[],
  draws: readonly { lot_id: string; taken_on: string; minutes: number }[],
): (Omit<L, 'days'> & LotFacts)[] {
  return lots.map((lot) => ({
    ...lot,
    days: parseDays(lot.days),
    rest: draws.filter((d) => d.lot_id === lot.id).map((d) => ({ date: d.taken_on, minutes: d.minutes })),
  }))
}

/** A year's overtime toward the annual cap (art. 35.2): what counts already, and what still may. */
export interface CapFigures {
  /** Paid minutes, and rest not taken within the four months: they count, whatever happens next. */
  counted: number
  /** Pending minutes, and rest still owed within the four months: they count unless rested in time. */
  atRisk: number
}

/**
 * A year's lots against the annual cap, as of `today` (art. 35.2): force majeure never counts
 * (art. 35.3), nor complementary hours (art. 12.5 ET: they are not overtime), nor rest taken within the four months after the hours were worked. An approved pay lot
 * counts at once; a rest lot counts what was paid, and once its four months have passed, what was
 * not rested in them; until then that is at risk, as is a pending lot. An adjustment down takes
 * back from its month's figures (at risk first), never more than the month had.
 */
export function capFigures(lots: readonly LotFacts[], year: number, today: string): CapFigures {
  const months = new Map<string, { counted: number; atRisk: number; takenBack: number }>()
  for (const lot of lots) {
    if (!lot.month.startsWith(`${year}-`) || lot.force_majeure || lot.kind === 'complementary') continue
    const month = months.get(lot.month) ?? { counted: 0, atRisk: 0, takenBack: 0 }
    months.set(lot.month, month)
    if (lot.status === 'pending') month.atRisk += Math.max(0, lot.minutes)
    else if (lot.minutes < 0) month.takenBack -= lot.minutes
    else if (lot.compensation === 'pay') month.counted += lot.minutes
    else {
      // Four months from when the hours were worked (art. 35.2).
      const window = plusMonths(workedBy(lot), REST_WINDOW_MONTHS)
      // Rest counts once taken (a day that has passed), and only within the window.
      const restedInTime = lot.rest
        .filter((r) => r.date <= window && r.date < today)
        .reduce((sum, r) => sum + r.minutes, 0)
      const paid = Math.min(lot.paid_minutes, lot.minutes)
      const unrested = Math.max(0, lot.minutes - restedInTime - paid)
      month.counted += paid + (today > window ? unrested : 0)
      month.atRisk += today > window ? 0 : unrested
    }
  }
  const total = { counted: 0, atRisk: 0 }
  for (const month of months.values()) {
    const fromRisk = Math.min(month.takenBack, month.atRisk)
    total.atRisk += month.atRisk - fromRisk
    total.counted += Math.max(0, month.counted - (month.takenBack - fromRisk))
  }
  return total
}

/** The minutes of a year's overtime that count toward the annual cap as of `today` (see capFigures). */
export function countedTowardCap(lots: readonly LotFacts[], year: number, today: string): number {
  return capFigures(lots, year, today).counted
}

/**
 * The minutes of `lots` worked by a minor (art. 6.3 ET forbids them any overtime): recorded and
 * payable as wages due, never approved, and reported as a violation. Complementary hours are
 * ordinary work, which a minor may do part-time: never a violation.
 */
export function violationMinutes(
  lots: readonly { month: string; minutes: number; kind?: LotKind }[],
  birthDate: string | null,
): number {
  return Math.max(
    0,
    lots
      .filter((l) => l.kind !== 'complementary' && isMinorIn(birthDate, l.month))
      .reduce((sum, l) => sum + l.minutes, 0),
  )
}

/** What the cap flags: the minutes counted beyond it (art. 35.2); approving is never refused for it. */
export function overCapMinutes(counted: number, cap: number): number {
  return Math.max(0, counted - cap)
}

/**
 * An employee's week as the cap and the bans read it: the minutes their own schedule expects, and
 * the company's full-time week (its default schedule) in the same week.
 */
export interface WeekFacts {
  own: number
  fullTime: number
}

/** Part-time: a schedule that expects less than the company's full-time week (art. 12.1 ET). */
export function isPartTime(week: WeekFacts): boolean {
  return week.own > 0 && week.fullTime > 0 && week.own < week.fullTime
}

// ---------------------------------------------------------------------------------------------
// Complementary hours of part-time workers (art. 12.4.c and 12.5 ET)

/**
 * A day as complementary hours read it: the minutes the employee's own schedule sets and those
 * the company's full-time schedule (its default) sets, holidays and absences aside: the contracts'
 * hours, not what was expected that day.
 */
export interface ScheduleDay {
  date: string
  own: number
  fullTime: number
}

/**
 * The schedule days from `from` to `to`: `own` the minutes the employee's schedule sets on a date
 * (its ISO weekday 1-7 given), `fullTime` the company's default schedule's.
 */
export function scheduleDaysOf(
  from: string,
  to: string,
  own: (date: string, weekday: number) => number,
  fullTime: (date: string, weekday: number) => number,
): ScheduleDay[] {
  const days: ScheduleDay[] = []
  for (let date = from; date <= to; date = plusDays(date, 1)) {
    const weekday = isoWeekday(date)
    days.push({ date, own: own(date, weekday), fullTime: fullTime(date, weekday) })
  }
  return days
}

/** A month's hours beyond the schedule, by kind, each day with its minutes (OvertimeDay). */
export interface ExtraDays {
  overtime: OvertimeDay[]
  complementary: OvertimeDay[]
}

/** The Monday that begins the ISO week of `date`. */
function isoWeekStart(date: string): string {
  return plusDays(date, 1 - isoWeekday(date))
}

/**
 * The days splitting `month`'s extra hours needs: those its overtime is counted from
 * (daysNeeded), and on a daily basis the days of its first ISO week that fall in the month
 * before, whose extra hours took that week's room first.
 */
export function splitDaysNeeded(month: string, basis: OvertimeBasis): { readonly from: string; readonly to: string } {
  return splitDaysNeededOf(month, basis)
}

const splitDaysNeededOf = rememberedByMonth((month, basis) => {
  const needed = daysNeeded(month, basis)
  return basis === 'daily' ? { from: isoWeekStart(needed.from), to: needed.to } : needed
})

/**
 * The room for complementary hours of each period (art. 12.5 ET: ordinary and complementary hours
 * never exceed full time), keyed by the period's last day: on a daily or weekly basis each ISO
 * week, the company's full-time week less the employee's own; on a monthly basis the month, its
 * full-time minutes less their own. A period in which the employee is not part-time (isPartTime)
 * has none.
 */
export function complementaryRoom(
  month: string,
  basis: OvertimeBasis,
  schedule: readonly ScheduleDay[],
): Map<string, number> {
  const { from, to } = splitDaysNeeded(month, basis)
  const periods = new Map<string, WeekFacts>()
  for (const day of schedule) {
    if (day.date < from || day.date > to) continue
    const key = basis === 'monthly' ? to : isoWeekEnd(day.date)
    const period = periods.get(key) ?? { own: 0, fullTime: 0 }
    period.own += day.own
    period.fullTime += day.fullTime
    periods.set(key, period)
  }
  return new Map([...periods].map(([key, p]) => [key, isPartTime(p) ? p.fullTime - p.own : 0]))
}

/**
 * Splits a part-timer's extra hours of `month` on `basis` into complementary hours and overtime
 * (art. 12.4.c and 12.5 ET): the extra minutes counted as overtimeDays counts them, in date order,
 * are complementary while their period's room (complementaryRoom) lasts, overtime beyond it. On a
 * daily basis the days of the month's first week that fall in the month before take the week's
 * room first. Someone who is not part-time has no room: all of it is overtime. `days` and
 * `schedule` cover splitDaysNeeded; a day missing counts as nothing.
 */
export function splitExtra(
  month: string,
  basis: OvertimeBasis,
  days: readonly DayBalance[],
  schedule: readonly ScheduleDay[],
): ExtraDays {
  const room = complementaryRoom(month, basis, schedule)
  const { from, to } = splitDaysNeeded(month, basis)
  const extra =
    basis === 'daily'
      ? days
          .filter((d) => d.date >= from && d.date <= to && d.worked > d.expected)
          .map((d) => ({ date: d.date, minutes: d.worked - d.expected }))
          .sort((a, b) => a.date.localeCompare(b.date))
      : overtimeDays(month, basis, days)
  const split: ExtraDays = { overtime: [], complementary: [] }
  for (const day of extra) {
    const key = basis === 'monthly' ? to : isoWeekEnd(day.date)
    const left = room.get(key) ?? 0
    const complementary = Math.min(left, day.minutes)
    room.set(key, left - complementary)
    // A day of the month before only took room: its hours are that month's.
    if (monthOf(day.date) !== month) continue
    if (complementary > 0) split.complementary.push({ date: day.date, minutes: complementary })
    if (day.minutes > complementary) split.overtime.push({ date: day.date, minutes: day.minutes - complementary })
  }
  return split
}

/**
 * The hours beyond the schedule of `month` on `basis`, by kind (splitExtra), as the lots and every
 * document count them: `days` cover splitDaysNeeded, `own` and `fullTime` give the minutes the
 * employee's schedule and the company's full-time schedule set on a date (its ISO weekday given).
 * A month with nothing beyond the schedule reads no schedule at all.
 */
export function extraOf(
  month: string,
  basis: OvertimeBasis,
  days: readonly DayBalance[],
  own: (date: string, weekday: number) => number,
  fullTime: (date: string, weekday: number) => number,
): ExtraDays {
  if (overtimeDays(month, basis, days).length === 0) return { overtime: [], complementary: [] }
  const { from, to } = splitDaysNeeded(month, basis)
  return splitExtra(month, basis, days, scheduleDaysOf(from, to, own, fullTime))
}

/** Art. 12.5.a ET: a pact of complementary hours only on a contract of at least 10 hours a week on average. */
export const PACT_MINIMUM_WEEK_MINUTES = 600

/** The percentages of the year's ordinary hours that bound complementary hours (art. 12.5 ET). */
export interface ComplementaryTerms {
  /** The written pact's share (art. 12.5.c: up to 30 %, up to 60 % by collective agreement); 0: no pact. */
  pactPercent: number
  /** Voluntary ones offered on an indefinite contract (art. 12.5.g: up to 15 %, 30 % by agreement). */
  voluntaryPercent: number
}

/**
 * The ordinary minutes of the contract in `year`: the week the employee's schedule sets over the
 * year's weeks (its days / 7), reduced, as the annual cap is, for a contract shorter than the year
 * (`employedShare`, days employed over the days of the year).
 */
export function ordinaryMinutesOfYear(weekMinutes: number, year: number, employedShare = 1): number {
  return Math.floor(((weekMinutes * daysInYear(year)) / 7) * Math.min(1, Math.max(0, employedShare)))
}

/**
 * The year's complementary hours against the pact (art. 12.5 ET): the limit is the pact's and the
 * voluntary percentages of the year's ordinary minutes; what goes beyond is flagged, never refused
 * (the hours were worked). With neither, every complementary minute is over. `pactBelowMinimum`:
 * a pact on a schedule of less than 10 hours a week (art. 12.5.a ET allows none) is flagged too.
 */
export function complementaryFigures(
  minutes: number,
  terms: ComplementaryTerms,
  ordinaryMinutes: number,
  weekMinutes: number,
): { minutes: number; limit: number; overPact: number; pactBelowMinimum: boolean } {
  const limit = Math.floor((ordinaryMinutes * (terms.pactPercent + terms.voluntaryPercent)) / 100)
  return {
    minutes,
    limit,
    overPact: Math.max(0, minutes - limit),
    pactBelowMinimum: terms.pactPercent > 0 && weekMinutes < PACT_MINIMUM_WEEK_MINUTES,
  }
}

/**
 * The annual cap in minutes (art. 35.2 ET): the company's hours, reduced in proportion for a
 * worker whose year is shorter than the company's general one "por la modalidad o duración de su
 * contrato": part-time (their week against the company's full-time week) and a contract shorter
 * than the year (`employedShare`, the days employed in the year over the days of the year). Never
 * above the full cap; a week that cannot be compared (no schedule on either side) counts as full.
 */
export function annualCapMinutes(capHours: number, week: WeekFacts, employedShare = 1): number {
  const share = isPartTime(week) ? week.own / week.fullTime : 1
  return Math.floor(capHours * 60 * share * Math.min(1, Math.max(0, employedShare)))
}

/** The days of `year` (365 or 366). */
export function daysInYear(year: number): number {
  return (Date.UTC(year + 1, 0, 1) - Date.UTC(year, 0, 1)) / 86_400_000
}

/** Under 18 on any day of `month` (the month's first day is the earliest it could be). */
export function isMinorIn(birthDate: string | null, month: string): boolean {
  if (!birthDate) return false
  return DateTime.fromISO(birthDate, { zone: 'utc' }).plus({ years: 18 }).toISODate()! > `${month}-01`
}

/**
 * Who may not do overtime (arts. 6.3, 36.1, 12.4.c ET), or null. A minor may do none at all, force
 * majeure included (art. 6.3 writes no exception: docs/decisions/0022-overtime-as-the-law-counts-it.md);
 * a night worker or a part-time employee only in force majeure.
 */
export function overtimeBan(
  facts: { birthDate: string | null; nightWorker: boolean; week: WeekFacts },
  month: string,
): 'minor' | 'night_worker' | 'part_time' | null {
  if (isMinorIn(facts.birthDate, month)) return 'minor'
  if (facts.nightWorker) return 'night_worker'
  if (isPartTime(facts.week)) return 'part_time'
  return null
}

/**
 * Rest drawn but not taken yet, by lot: drawn for an absence whose last day has not passed `today`
 * (docs/decisions/0022-overtime-as-the-law-counts-it.md: rest counts once taken).
 */
export function scheduledRestByLot(
  draws: readonly { lot_id: string; taken_on: string; minutes: number }[],
  today: string,
): Map<string, number> {
  const scheduled = new Map<string, number>()
  for (const d of draws) if (d.taken_on >= today) scheduled.set(d.lot_id, (scheduled.get(d.lot_id) ?? 0) + d.minutes)
  return scheduled
}

/** Rest owed on a lot: what is still to be taken, and by when. */
export interface OwedRest {
  lotId: string
  owedMinutes: number
  compensateBy: string
}

/**
 * Draws `minutes` of rest from the lots that owe it, the one due first first (then by id, so two
 * readers agree). Null when they owe less than asked: the absence is refused, nothing is drawn.
 */
export function drawRest(owed: readonly OwedRest[], minutes: number): { lotId: string; minutes: number }[] | null {
  if (minutes <= 0) return []
  const queue = owed
    .filter((o) => o.owedMinutes > 0)
    .sort((a, b) => a.compensateBy.localeCompare(b.compensateBy) || a.lotId.localeCompare(b.lotId))
  const drawn: { lotId: string; minutes: number }[] = []
  let left = minutes
  for (const lot of queue) {
    if (left === 0) break
    const take = Math.min(left, lot.owedMinutes)
    drawn.push({ lotId: lot.lotId, minutes: take })
    left -= take
  }
  return left === 0 ? drawn : null
}

/** A rest lot past its deadline with rest still owed: flagged, announced, never dropped. */
export function isOverdue(owedMinutes: number, deadline: string, today: string): boolean {
  return owedMinutes > 0 && today > deadline
}

/** A lot of one employee's month, as settling the month reads it. */
export interface MonthLot {
  id: string
  sequence: number
  minutes: number
  status: 'pending' | 'approved'
}

/** What settling a month against the record does: nothing, follow with the pending lot, or add a lot. */
export type Settlement =
  | { kind: 'none' }
  | { kind: 'follow'; lotId: string; minutes: number }
  | { kind: 'propose'; sequence: number; minutes: number }

/**
 * Settles a month's lots against its overtime on the record now (art. 35: hours worked beyond the
 * ordinary day were worked, whatever anyone decides). Approved lots never change: what the record
 * adds beyond them is a new lot, what it takes away a negative adjustment. The newest pending lot
 * follows the record, to zero or below if need be (an older pending one, left by the retired
 * rejections, keeps its minutes); the month's first lot is proposed only when there is overtime.
 */
export function settleMonth(lots: readonly MonthLot[], overtime: number): Settlement {
  const approved = lots.filter((l) => l.status === 'approved').reduce((total, l) => total + l.minutes, 0)
  const pendings = lots.filter((l) => l.status === 'pending').sort((a, b) => a.sequence - b.sequence)
  const pending = pendings.at(-1)
  const heldByOlder = pendings.slice(0, -1).reduce((total, l) => total + l.minutes, 0)
  const target = overtime - approved - heldByOlder
  if (pending)
    return pending.minutes === target ? { kind: 'none' } : { kind: 'follow', lotId: pending.id, minutes: target }
  if (target === 0 || (lots.length === 0 && target < 0)) return { kind: 'none' }
  return { kind: 'propose', sequence: Math.max(0, ...lots.map((l) => l.sequence)) + 1, minutes: target }
}

/** An approved lot as what is still owed on it is worked out. */
export interface ApprovedLot {
  id: string
  month: string
  /** Each kind of a month is its own set of lots (default overtime). */
  kind?: LotKind
  sequence: number
  minutes: number
  compensation: 'rest' | 'pay'
  compensate_by: string
  rested_minutes: number
  paid_minutes: number
}

/**
 * What is still owed on each approved lot: its minutes less rest taken and pay made. A negative
 * adjustment owes nothing and takes its minutes off what its month's other lots of its kind still
 * owe, first lot first, whatever their compensation.
 */
export function owedByLot(lots: readonly ApprovedLot[]): Map<string, number> {
  const owed = new Map<string, number>()
  const groups = new Map<string, ApprovedLot[]>()
  for (const lot of [...lots].sort((a, b) => a.sequence - b.sequence)) {
    const key = `${lot.month} ${lot.kind ?? 'overtime'}`
    groups.set(key, [...(groups.get(key) ?? []), lot])
  }
  for (const group of groups.values()) {
    let takenBack = 0
    for (const lot of group) {
      if (lot.minutes < 0) {
        takenBack -= lot.minutes
        owed.set(lot.id, 0)
      } else owed.set(lot.id, Math.max(0, lot.minutes - lot.rested_minutes - lot.paid_minutes))
    }
    for (const lot of group) {
      if (takenBack === 0) break
      const take = Math.min(takenBack, owed.get(lot.id)!)
      owed.set(lot.id, owed.get(lot.id)! - take)
      takenBack -= take
    }
  }
  return owed
}

/** The month after `month` (YYYY-MM). */
export function nextMonth(month: string): string {
  return DateTime.fromISO(`${month}-01`, { zone: 'utc' }).plus({ months: 1 }).toFormat('yyyy-MM')
}

/** The month before `month` (YYYY-MM). */
export function previousMonth(month: string): string {
  return DateTime.fromISO(`${month}-01`, { zone: 'utc' }).minus({ months: 1 }).toFormat('yyyy-MM')
}

/** The month `count` months before `month` (YYYY-MM). */
export function monthsBefore(month: string, count: number): string {
  return DateTime.fromISO(`${month}-01`, { zone: 'utc' }).minus({ months: count }).toFormat('yyyy-MM')
}

/** The months from `first` to `last`, both included; none when `last` is before `first`. */
export function monthsFromTo(first: string, last: string): string[] {
  const months: string[] = []
  for (let m = first; m <= last; m = nextMonth(m)) months.push(m)
  return months
}

/**
 * The months whose overtime a change of the record on the days [from, to] may change: the
 * months of those days, and on a weekly basis also the month of the last week's end (a week is
 * counted in the month it ends in).
 */
export function monthsTouchedBy(from: string, to: string, basis: OvertimeBasis): string[] {
  const last = basis === 'weekly' ? isoWeekEnd(to) : to
  return monthsFromTo(monthOf(from), monthOf(last))
}

/** A lot of the month as the representatives' report sums it. */
export interface ReportedLot {
  /** Complementary hours are summed apart (art. 12.4.c ET); default overtime. */
  kind?: LotKind
  minutes: number
  status: 'pending' | 'approved'
  compensation: 'rest' | 'pay' | null
  force_majeure: boolean
  rested_minutes: number
  scheduled_rest_minutes: number
  paid_minutes: number
  owed_minutes: number
  overdue: boolean
}

export interface OvertimeFigures {
  pending_minutes: number
  approved_minutes: number
  force_majeure_minutes: number
  rest_minutes: number
  pay_minutes: number
  rested_minutes: number
  scheduled_rest_minutes: number
  paid_minutes: number
  owed_minutes: number
  overdue_minutes: number
  violation_minutes: number
  complementary_minutes: number
}

export function noOvertimeFigures(): OvertimeFigures {
  return {
    pending_minutes: 0,
    approved_minutes: 0,
    force_majeure_minutes: 0,
    rest_minutes: 0,
    pay_minutes: 0,
    rested_minutes: 0,
    scheduled_rest_minutes: 0,
    paid_minutes: 0,
    owed_minutes: 0,
    overdue_minutes: 0,
    violation_minutes: 0,
    complementary_minutes: 0,
  }
}

/**
 * The figures of the month's lots (RD 1561/1995 DA 3: the overtime and how it is compensated):
 * what was proposed and approved, how the approved part is compensated and how much of
 * it still is owed. A part-timer's complementary hours are not overtime: summed apart, pending and
 * approved (art. 12.4.c ET).
 */
export function overtimeFiguresOf(lots: readonly ReportedLot[], violation = 0): OvertimeFigures {
  const figures = { ...noOvertimeFigures(), violation_minutes: violation }
  for (const lot of lots) {
    if (lot.kind === 'complementary') {
      figures.complementary_minutes += lot.minutes
      continue
    }
    figures[`${lot.status}_minutes`] += lot.minutes
    if (lot.status !== 'approved') continue
    if (lot.force_majeure) figures.force_majeure_minutes += lot.minutes
    if (lot.compensation === 'rest') figures.rest_minutes += lot.minutes
    if (lot.compensation === 'pay') figures.pay_minutes += lot.minutes
    figures.rested_minutes += lot.rested_minutes
    figures.scheduled_rest_minutes += lot.scheduled_rest_minutes
    figures.paid_minutes += lot.paid_minutes
    figures.owed_minutes += lot.owed_minutes
    if (lot.overdue) figures.overdue_minutes += lot.owed_minutes
  }
  return figures
}

export const OVERTIME_REPORT_CSV_HEADER = [
  'user_id',
  'full_name',
  'pending_minutes',
  'approved_minutes',
  'force_majeure_minutes',
  'rest_minutes',
  'pay_minutes',
  'rested_minutes',
  'scheduled_rest_minutes',
  'paid_minutes',
  'owed_minutes',
  'overdue_minutes',
  'violation_minutes',
  'complementary_minutes',
  'year_counted_toward_cap_minutes',
  'year_at_risk_minutes',
  'cap_minutes',
  'year_over_cap_minutes',
] as const
