/**
 * Overtime as the Workers' Statute counts it (art. 35, docs/decisions/0018-overtime.md): the pure
 * rules, with no I/O. How many minutes of a month are overtime on each basis, when their rest is
 * due, how much of a year counts toward the cap, who may work overtime only in force majeure, and
 * how rest taken is drawn from what is owed, oldest first. Tested without HTTP
 * (test/unit/overtime-logic.test.ts).
 */
import { DateTime } from 'luxon'
import { type OvertimeBasis, type OvertimeCompensation, monthsOf } from '../../lib/overtime-policy.js'

/** One day of the record as overtime reads it: minutes worked and expected on that local day. */
export interface DayBalance {
  /** YYYY-MM-DD, the company's local day. */
  date: string
  worked: number
  expected: number
}

const monthOf = (date: string) => date.slice(0, 7)

/** The Sunday that ends the ISO week of `date` (weeks run Monday to Sunday). */
export function isoWeekEnd(date: string): string {
  const day = DateTime.fromISO(date, { zone: 'utc' })
  return day.plus({ days: 7 - day.weekday }).toISODate()!
}

/** The days a month's overtime is counted from on a basis: weekly needs the days before the 1st of the month's first full week's end. */
export function daysNeeded(month: string, basis: OvertimeBasis): { from: string; to: string } {
  const first = DateTime.fromISO(`${month}-01`, { zone: 'utc' })
  const last = first.endOf('month').toISODate()!
  if (basis !== 'weekly') return { from: first.toISODate()!, to: last }
  // The first week ending in this month may have begun in the previous one; the last week that
  // begins in it and ends in the next belongs to the next month.
  const firstWeekEnd = DateTime.fromISO(isoWeekEnd(first.toISODate()!), { zone: 'utc' })
  const lastWeekEnd = DateTime.fromISO(isoWeekEnd(last), { zone: 'utc' })
  const to = monthOf(lastWeekEnd.toISODate()!) === month ? lastWeekEnd : lastWeekEnd.minus({ days: 7 })
  return { from: firstWeekEnd.minus({ days: 6 }).toISODate()!, to: to.toISODate()! }
}

/**
 * The overtime minutes of `month` on `basis`, from the balances of the days `daysNeeded` names
 * (days outside them are ignored; a day missing counts as nothing worked and nothing expected).
 * - daily: the positive part of each day's balance, as the monthly report counts it;
 * - weekly: the positive part of each ISO week's net balance, the week counted in the month of its
 *   last day (a week that ends in the next month is that month's);
 * - monthly: the positive part of the month's net balance.
 */
export function overtimeMinutes(month: string, basis: OvertimeBasis, days: readonly DayBalance[]): number {
  const { from, to } = daysNeeded(month, basis)
  const inRange = days.filter((d) => d.date >= from && d.date <= to)
  if (basis === 'daily') return inRange.reduce((sum, d) => sum + Math.max(0, d.worked - d.expected), 0)
  if (basis === 'monthly')
    return Math.max(
      0,
      inRange.reduce((sum, d) => sum + d.worked - d.expected, 0),
    )
  const weeks = new Map<string, number>()
  for (const d of inRange) weeks.set(isoWeekEnd(d.date), (weeks.get(isoWeekEnd(d.date)) ?? 0) + d.worked - d.expected)
  let total = 0
  for (const [end, net] of weeks) if (monthOf(end) === month) total += Math.max(0, net)
  return total
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

/** The last day rest for a lot of `month` may be taken: the end of the month, plus `months` months. */
export function compensateBy(month: string, months: number): string {
  return DateTime.fromISO(`${month}-01`, { zone: 'utc' }).plus({ months }).endOf('month').toISODate()!
}

/**
 * A lot's deadline: the end of its month plus the employee's months. An adjustment, which brings
 * overtime to light only when a later change of the record does, gets at least as long from the
 * end of the month it was proposed in.
 */
export function lotDeadline(lot: { month: string; sequence: number }, proposedIn: string, months: number): string {
  const due = compensateBy(lot.month, months)
  if (lot.sequence === 1) return due
  const fromProposal = compensateBy(proposedIn, months)
  return fromProposal > due ? fromProposal : due
}

/** The four months within which rest taken keeps a lot's hours out of the annual cap (art. 35.2). */
export const REST_WINDOW_MONTHS = 4

/** A lot as the cap and the balance read it. */
export interface LotFacts {
  month: string
  minutes: number
  status: 'pending' | 'approved' | 'rejected'
  force_majeure: boolean
  /** Rest taken for this lot, each with the day it was taken. */
  rest: readonly { date: string; minutes: number }[]
}

/** Lots with the rest taken for each (from its draws), as the cap reads them. */
export function withRestTaken<L extends Omit<LotFacts, 'rest'> & { id: string }>(
  lots: readonly L[],
  draws: readonly { lot_id: string; taken_on: string; minutes: number }[],
): (L & LotFacts)[] {
  return lots.map((lot) => ({
    ...lot,
    rest: draws.filter((d) => d.lot_id === lot.id).map((d) => ({ date: d.taken_on, minutes: d.minutes })),
  }))
}

/**
 * The minutes of a year's approved lots that count toward the annual cap: force majeure does not
 * count, nor hours compensated by rest taken within the four months after the month worked.
 */
export function countedTowardCap(lots: readonly LotFacts[], year: number): number {
  const byMonth = new Map<string, number>()
  for (const lot of lots) {
    if (lot.status !== 'approved' || lot.force_majeure || !lot.month.startsWith(`${year}-`)) continue
    const window = compensateBy(lot.month, REST_WINDOW_MONTHS)
    const restedInTime = lot.rest.filter((r) => r.date <= window).reduce((sum, r) => sum + r.minutes, 0)
    // An adjustment down (negative minutes) takes back what its month had counted, never more.
    const counted = lot.minutes < 0 ? lot.minutes : lot.minutes - Math.min(restedInTime, lot.minutes)
    byMonth.set(lot.month, (byMonth.get(lot.month) ?? 0) + counted)
  }
  let total = 0
  for (const counted of byMonth.values()) total += Math.max(0, counted)
  return total
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

/**
 * The annual cap in minutes: the company's hours, pro rata for a part-time employee (their
 * week against the company's full-time week), never above the full cap. A week that cannot be
 * compared (no schedule on either side) gets the full cap.
 */
export function annualCapMinutes(capHours: number, week: WeekFacts): number {
  const share = isPartTime(week) ? week.own / week.fullTime : 1
  return Math.floor(capHours * 60 * share)
}

/** Why an employee may do overtime only in force majeure (arts. 6.3, 36.1, 12.4.c ET), or null. */
export function overtimeBan(
  facts: { birthDate: string | null; nightWorker: boolean; week: WeekFacts },
  month: string,
): 'minor' | 'night_worker' | 'part_time' | null {
  if (facts.birthDate) {
    // A minor on any day of the month worked: the month's first day is the earliest it could be.
    const eighteen = DateTime.fromISO(facts.birthDate, { zone: 'utc' }).plus({ years: 18 }).toISODate()!
    if (eighteen > `${month}-01`) return 'minor'
  }
  if (facts.nightWorker) return 'night_worker'
  if (isPartTime(facts.week)) return 'part_time'
  return null
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
  status: 'pending' | 'approved' | 'rejected'
}

/** What settling a month against the record does: nothing, follow with the pending lot, or add a lot. */
export type Settlement =
  | { kind: 'none' }
  | { kind: 'follow'; lotId: string; minutes: number }
  | { kind: 'propose'; sequence: number; minutes: number }

/**
 * Settles a month's lots against its overtime on the record now. Decided lots never change: what
 * the record adds beyond the decided minutes is a new lot; what it takes away comes off the
 * rejected minutes first (they were never owed), then off the approved ones, as a negative
 * adjustment. A pending lot follows the record, to zero if need be; the month's first lot is
 * proposed only when there is overtime.
 */
export function settleMonth(lots: readonly MonthLot[], overtime: number): Settlement {
  const sum = (status: MonthLot['status']) =>
    lots.filter((l) => l.status === status).reduce((total, l) => total + l.minutes, 0)
  const approved = sum('approved')
  const rejected = sum('rejected')
  const target = overtime >= approved + rejected ? overtime - approved - rejected : Math.min(0, overtime - approved)
  const pending = lots.find((l) => l.status === 'pending')
  if (pending)
    return pending.minutes === target ? { kind: 'none' } : { kind: 'follow', lotId: pending.id, minutes: target }
  if (target === 0 || (lots.length === 0 && target < 0)) return { kind: 'none' }
  return { kind: 'propose', sequence: Math.max(0, ...lots.map((l) => l.sequence)) + 1, minutes: target }
}

/** An approved lot as what is still owed on it is worked out. */
export interface ApprovedLot {
  id: string
  month: string
  sequence: number
  minutes: number
  compensation: 'rest' | 'pay'
  compensate_by: string
  rested_minutes: number
  paid_minutes: number
}

/**
 * What is still owed on each approved lot: its minutes less rest taken and pay made. A negative
 * adjustment owes nothing and takes its minutes off what its month's other lots still owe, first
 * lot first, whatever their compensation.
 */
export function owedByLot(lots: readonly ApprovedLot[]): Map<string, number> {
  const owed = new Map<string, number>()
  const groups = new Map<string, ApprovedLot[]>()
  for (const lot of [...lots].sort((a, b) => a.sequence - b.sequence)) {
    groups.set(lot.month, [...(groups.get(lot.month) ?? []), lot])
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
  minutes: number
  status: 'pending' | 'approved' | 'rejected'
  compensation: 'rest' | 'pay' | null
  force_majeure: boolean
  rested_minutes: number
  paid_minutes: number
  owed_minutes: number
  overdue: boolean
}

export interface OvertimeFigures {
  pending_minutes: number
  approved_minutes: number
  rejected_minutes: number
  force_majeure_minutes: number
  rest_minutes: number
  pay_minutes: number
  rested_minutes: number
  paid_minutes: number
  owed_minutes: number
  overdue_minutes: number
}

export function noOvertimeFigures(): OvertimeFigures {
  return {
    pending_minutes: 0,
    approved_minutes: 0,
    rejected_minutes: 0,
    force_majeure_minutes: 0,
    rest_minutes: 0,
    pay_minutes: 0,
    rested_minutes: 0,
    paid_minutes: 0,
    owed_minutes: 0,
    overdue_minutes: 0,
  }
}

/**
 * The figures of the month's lots (RD 1561/1995 DA 3: the overtime and how it is compensated):
 * what was proposed, approved and rejected, how the approved part is compensated and how much of
 * it still is owed.
 */
export function overtimeFiguresOf(lots: readonly ReportedLot[]): OvertimeFigures {
  const figures = noOvertimeFigures()
  for (const lot of lots) {
    figures[`${lot.status}_minutes`] += lot.minutes
    if (lot.status !== 'approved') continue
    if (lot.force_majeure) figures.force_majeure_minutes += lot.minutes
    if (lot.compensation === 'rest') figures.rest_minutes += lot.minutes
    if (lot.compensation === 'pay') figures.pay_minutes += lot.minutes
    figures.rested_minutes += lot.rested_minutes
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
  'rejected_minutes',
  'force_majeure_minutes',
  'rest_minutes',
  'pay_minutes',
  'rested_minutes',
  'paid_minutes',
  'owed_minutes',
  'overdue_minutes',
  'year_counted_toward_cap_minutes',
  'cap_minutes',
] as const
