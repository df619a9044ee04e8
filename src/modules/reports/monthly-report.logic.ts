/**
 * The monthly record of a worker as pure functions: the days of a month, the sessions and breaks
 * of a day from its effective punches, the totals, the canonical form a signature is the hash of,
 * and the rows of the CSV. The figures of each day are taken as they are from the daily record
 * (attendance.list); nothing here computes worked or expected time again.
 */
import { createHash } from 'node:crypto'
import { addDays, firstDayOfNextMonth, isoWeekday, localIsoWithOffset, todayIn } from '../../lib/calendar.js'
import { canonicalJson } from '../../lib/canonical-json.js'
import type { CorrectionChange, DailyEntryType, PunchType } from '../attendance/index.js'
import type { OvertimeSectionType } from '../overtime/index.js'

/** The first and last day (YYYY-MM-DD) of a YYYY-MM month. */
export function monthDays(month: string): { from: string; to: string } {
  return { from: `${month}-01`, to: addDays(firstDayOfNextMonth(month), -1) }
}

/** A month has ended once its last day is over in the zone. */
export function monthHasEnded(month: string, zone: string, nowMs: number): boolean {
  return todayIn(zone, new Date(nowMs)) > monthDays(month).to
}

export interface Span {
  start: string
  /** null while it is still open. */
  end: string | null
}

export interface ReportSession extends Span {
  modality: 'onsite' | 'remote'
  breaks: Span[]
}

export interface DayAbsence {
  type: string
  label: string
  /** HH:MM of an hourly absence; null for a whole day. */
  start_time: string | null
  end_time: string | null
}

export interface ReportDay {
  date: string
  is_workday: boolean
  holiday: DailyEntryType['holiday']
  absences: DayAbsence[]
  sessions: ReportSession[]
  modality: 'onsite' | 'remote'
  worked_minutes: number
  expected_minutes: number
  balance_minutes: number
  /** The positive part of the balance. */
  overtime_minutes: number
  /** An approved correction added or moved one of its punches, or voided or moved one away from it. */
  corrected: boolean
}

export interface ReportTotals {
  worked_minutes: number
  expected_minutes: number
  balance_minutes: number
  overtime_minutes: number
  worked_days: number
  expected_days: number
}

type Modality = 'onsite' | 'remote'

/** The work sessions of a day, from its effective punches (each session starts at an `in`). */
export function sessionsOf(
  punches: DailyEntryType['punches'],
  modalityOfIn: (at: string) => Modality,
): ReportSession[] {
  const sessions: ReportSession[] = []
  let current: ReportSession | null = null
  for (const punch of punches) {
    if (punch.type === 'in') {
      current = { start: punch.at, end: null, modality: modalityOfIn(punch.at), breaks: [] }
      sessions.push(current)
    } else if (current && punch.type === 'break_start') current.breaks.push({ start: punch.at, end: null })
    else if (current && punch.type === 'break_end' && current.breaks.length > 0) current.breaks.at(-1)!.end = punch.at
    else if (current && punch.type === 'out') current.end = punch.at
  }
  return sessions
}

/**
 * One day of the report: the daily record's entry as it is, with its sessions, the day's
 * approved absences, and whether a correction touched it (`lostPunch`: a punch of the day was
 * voided or moved away).
 */
export function reportDayOf(
  entry: DailyEntryType,
  absences: DayAbsence[],
  lostPunch: boolean,
  modalityOfIn: (at: string) => Modality,
): ReportDay {
  return {
    date: entry.date,
    is_workday: entry.is_workday,
    holiday: entry.holiday,
    absences,
    sessions: sessionsOf(entry.punches, modalityOfIn),
    modality: entry.modality,
    worked_minutes: entry.worked_minutes,
    expected_minutes: entry.expected_minutes,
    balance_minutes: entry.balance_minutes,
    overtime_minutes: Math.max(0, entry.balance_minutes),
    corrected: lostPunch || entry.punches.some((p) => p.edited),
  }
}

/** Totals of nothing: what sums start from. */
export function noTotals(): ReportTotals {
  return {
    worked_minutes: 0,
    expected_minutes: 0,
    balance_minutes: 0,
    overtime_minutes: 0,
    worked_days: 0,
    expected_days: 0,
  }
}

export function totalsOf(days: readonly ReportDay[]): ReportTotals {
  const totals = noTotals()
  for (const day of days) {
    totals.worked_minutes += day.worked_minutes
    totals.expected_minutes += day.expected_minutes
    totals.balance_minutes += day.balance_minutes
    totals.overtime_minutes += day.overtime_minutes
    if (day.worked_minutes > 0) totals.worked_days++
    if (day.expected_minutes > 0) totals.expected_days++
  }
  return totals
}

/** What a signature covers: the worker's days and totals of the month in its zone, nothing about who reads it or when. */
export interface SignedContent {
  user_id: string
  month: string
  time_zone: string
  days: ReportDay[]
  totals: ReportTotals
}

/** SHA-256 (hex) of the canonical JSON of the signed content. */
export function contentSha256(content: SignedContent): string {
  const { user_id, month, time_zone, days, totals } = content
  return createHash('sha256').update(canonicalJson({ user_id, month, time_zone, days, totals })).digest('hex')
}

/** What a correction's change does to the punches, readable: a moved punch from where to where. */
export interface ChangeEffect {
  action: 'add' | 'move' | 'void'
  type: PunchType
  from: string | null
  to: string | null
}

/** The effects of a correction's changes; `named` holds the punches the changes name (moved and voided). */
export function effectsOf(
  changes: readonly CorrectionChange[],
  named: ReadonlyMap<string, { type: PunchType; ts: string }>,
): ChangeEffect[] {
  return changes.flatMap((change): ChangeEffect[] => {
    if (change.action === 'add') return [{ action: 'add', type: change.type, from: null, to: change.ts }]
    const punch = named.get(change.punch_id)
    if (!punch) return [] // a correction is only proposed for the employee's own punches
    return [
      { action: change.action, type: punch.type, from: punch.ts, to: change.action === 'move' ? change.ts : null },
    ]
  })
}

// ---------------------------------------------------------------------------------------------
// CSV

/** The fixed header of every CSV of the record (one worker's month, and the company export). */
export const CSV_HEADER = [
  'user_id',
  'full_name',
  'date',
  'weekday',
  'is_workday',
  'holiday',
  'absences',
  'sessions',
  'breaks',
  'modality',
  'worked_minutes',
  'expected_minutes',
  'balance_minutes',
  'overtime_minutes',
  'corrected',
  // The worker's overtime (docs/decisions/0018-overtime.md), the same on each of their rows: the
  // month's lots, the rest owed when the file was made, and the year toward the cap.
  'overtime_approved_minutes',
  'overtime_pending_minutes',
  'overtime_owed_rest_minutes',
  'overtime_next_deadline',
  'overtime_year_counted_minutes',
  'overtime_annual_cap_minutes',
  'overtime_year_over_cap_minutes',
] as const

/** The overtime figures of a worker's rows, from their report's overtime section. */
export function overtimeCells(section: OvertimeSectionType): (string | number)[] {
  const ofMonth = (status: string) =>
    section.lots.filter((l) => l.status === status).reduce((sum, l) => sum + l.minutes, 0)
  const next = section.owed_rest.filter((o) => !o.overdue).map((o) => o.compensate_by)
  return [
    ofMonth('approved'),
    ofMonth('pending'),
    section.owed_rest.reduce((sum, o) => sum + o.owed_minutes, 0),
    next.length > 0 ? next.reduce((a, b) => (a < b ? a : b)) : '',
    section.year.counted_toward_cap_minutes,
    section.year.cap_minutes,
    // Over the cap is flagged, never refused (art. 35.2, docs/decisions/0022-overtime-as-the-law-counts-it.md).
    section.year.over_cap_minutes,
  ]
}

/** Also the full-width forms (＝＋－＠), which some spreadsheets read as the same operators. */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/

/**
 * A text cell a spreadsheet would read as a formula (OWASP CSV injection: it begins with =, +,
 * -, @, tab or CR) is prefixed with an apostrophe, which spreadsheets show as text. Numbers are
 * written as numbers: a negative balance is a number, not a formula.
 */
export function neutralised(cell: string): string {
  return FORMULA_START.test(cell) ? `'${cell}` : cell
}

const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun']

function spans(list: readonly Span[], zone: string): string {
  return list
    .map((s) => `${localIsoWithOffset(s.start, zone)}/${s.end ? localIsoWithOffset(s.end, zone) : ''}`)
    .join(' ')
}

/** The cells of one day of one worker, in CSV_HEADER order; `overtime` from overtimeCells. */
export function csvRecordOf(
  worker: { id: string; full_name: string },
  day: ReportDay,
  zone: string,
  overtime: readonly (string | number)[],
): (string | number)[] {
  const weekday = WEEKDAYS[isoWeekday(day.date) - 1]!
  return [
    worker.id,
    neutralised(worker.full_name),
    day.date,
    weekday,
    day.is_workday ? 'true' : 'false',
    neutralised(day.holiday?.name ?? ''),
    neutralised(
      day.absences.map((a) => (a.start_time ? `${a.label} ${a.start_time}-${a.end_time}` : a.label)).join('; '),
    ),
    spans(day.sessions, zone),
    spans(
      day.sessions.flatMap((s) => s.breaks),
      zone,
    ),
    day.modality,
    day.worked_minutes,
    day.expected_minutes,
    day.balance_minutes,
    day.overtime_minutes,
    day.corrected ? 'true' : 'false',
    ...overtime,
  ]
}
