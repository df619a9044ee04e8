/**
 * The monthly record of a worker as pure functions: the days of a month, the sessions and breaks
 * of a day from its effective punches, the totals, the canonical form a signature is the hash of,
 * and the rows of the CSV. The figures of each day are taken as they are from the daily record
 * (attendance.list); nothing here computes worked or expected time again.
 */
import { createHash } from 'node:crypto'
import { addDays, firstDayOfNextMonth, isoWeekday, localIsoWithOffset, todayIn } from '../../lib/calendar.js'
import { canonicalJson } from '../../lib/canonical-json.js'
// One rule for every CSV the service writes (lib/csv); the cells here are neutralised as they are made too.
import { neutralised } from '../../lib/csv.js'
import type { AnomalyType, CorrectionChange, DailyEntryType, PunchType } from '../attendance/index.js'
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
  /**
   * The overtime counted on this day on the month's basis, as its lots count it: on a daily basis
   * the day's positive balance, on a weekly one the week's on its Sunday, on a monthly one the
   * month's on its last day. Only overtime: a part-timer's hours up to full time are apart.
   */
  overtime_minutes: number
  /**
   * A part-timer's complementary hours counted on this day, as overtime_minutes is counted: their
   * hours beyond their schedule up to the company's full-time week (art. 12.4.c, 12.5 ET).
   */
  complementary_minutes: number
  /** An approved correction added or moved one of its punches, or voided or moved one away from it. */
  corrected: boolean
  /** The kinds of the day's anomalies (the limits of the day and week, arts. 34, 36 and 37 ET); not signed. */
  anomalies: AnomalyType[]
  /**
   * The instants of the day's punches made with a credential the company issued
   * (docs/decisions/0024-only-the-worker-acts-as-the-worker.md); only on days that have any. Not
   * signed: a signature covers the times, and carries its own mark.
   */
  company_issued_punches?: string[]
}

export interface ReportTotals {
  worked_minutes: number
  expected_minutes: number
  balance_minutes: number
  overtime_minutes: number
  /** Ordinary and complementary hours apart (art. 12.4.c ET). */
  complementary_minutes: number
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
 * approved absences, whether a correction touched it (`lostPunch`: a punch of the day was
 * voided or moved away), and the overtime and a part-timer's complementary hours counted on it on
 * the month's basis (`extra`, from the overtime module, as the month's lots count them).
 */
export function reportDayOf(
  entry: DailyEntryType,
  absences: DayAbsence[],
  lostPunch: boolean,
  modalityOfIn: (at: string) => Modality,
  extra: { overtime: number; complementary: number },
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
    overtime_minutes: extra.overtime,
    complementary_minutes: extra.complementary,
    corrected: lostPunch || entry.punches.some((p) => p.edited),
    anomalies: entry.anomalies.map((a) => a.type),
  }
}

/** Totals of nothing: what sums start from. */
export function noTotals(): ReportTotals {
  return {
    worked_minutes: 0,
    expected_minutes: 0,
    balance_minutes: 0,
    overtime_minutes: 0,
    complementary_minutes: 0,
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
    totals.complementary_minutes += day.complementary_minutes
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
  const { user_id, month, time_zone } = content
  // No complementary hours are left out of the signed form, as before it had them: a full-timer's
  // signature stays valid, a part-timer's counts what their hours now are (art. 12.4.c ET).
  // Anomalies are judgments of the record with the company's settings of the moment, not the
  // record: a signature covers the days without them, and stays valid when a setting changes.
  // A holiday's names in each language are how it is shown, not the record: the signed form keeps
  // its `name` and type only, as before they were given, so no signature is superseded by them.
  const days = content.days.map(({ anomalies, company_issued_punches, ...day }) =>
    withoutNoComplementary({ ...day, holiday: day.holiday && { name: day.holiday.name, type: day.holiday.type } }),
  )
  const totals = withoutNoComplementary(content.totals)
  return createHash('sha256').update(canonicalJson({ user_id, month, time_zone, days, totals })).digest('hex')
}

function withoutNoComplementary<T extends { complementary_minutes: number }>(figures: T) {
  const { complementary_minutes, ...rest } = figures
  return complementary_minutes === 0 ? rest : figures
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
  'complementary_minutes',
  'corrected',
  // The local times of the day's punches made with a credential the company issued
  // (docs/decisions/0024-only-the-worker-acts-as-the-worker.md); empty: the worker's own.
  'company_issued_punches',
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
    day.complementary_minutes,
    day.corrected ? 'true' : 'false',
    (day.company_issued_punches ?? []).map((at) => localIsoWithOffset(at, zone)).join(' '),
    ...overtime,
  ]
}
