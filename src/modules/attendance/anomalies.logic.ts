/**
 * What in a day's punches needs a person's attention, as pure rules: a session open longer than
 * the company allows (a forgotten clock-out), continuous work past the art. 34.4 ET limit without
 * the break it requires, punches on a day off or under a full-day absence, and the limits of the
 * working day and week (art. 34.3, 36.1 and 37.1 ET). None of them changes the record: they flag
 * it, and a forgotten clock-out is closed only by a correction both sides consent to.
 */
import { type LocalDays, dayIndexOf } from '../../lib/calendar.js'
import type { TenantRow } from '../../db/schema.js'
import { type PunchPoint, type Session, sessionWorkedMs } from './attendance.logic.js'
import type { CorrectionChange } from './corrections.logic.js'

/** The company's working-time policy (its settings). */
export interface WorkingTimePolicy {
  maxSessionHours: number
  /** Continuous work longer than this needs a break; */
  breakAfterMinutes: number
  /** of at least this long (0: no break rule). */
  minBreakMinutes: number
  /** Art. 34.3 ET: at least this many hours between one day's end and the next day's start (default 12). */
  minDailyRestHours: number
  /** Art. 34.3 ET: at most this many hours of ordinary work a day (default 9; 8 for minors whatever it says). */
  maxOrdinaryDayHours: number
}

/** The company's working-time policy, from its settings. */
export function workingTimePolicyOf(
  tenant: Pick<
    TenantRow,
    | 'max_session_hours'
    | 'break_after_minutes'
    | 'min_break_minutes'
    | 'min_daily_rest_hours'
    | 'max_ordinary_day_hours'
  >,
): WorkingTimePolicy {
  return {
    maxSessionHours: tenant.max_session_hours,
    breakAfterMinutes: tenant.break_after_minutes,
    minBreakMinutes: tenant.min_break_minutes,
    minDailyRestHours: tenant.min_daily_rest_hours,
    maxOrdinaryDayHours: tenant.max_ordinary_day_hours,
  }
}

export type AnomalyType =
  | 'session_too_long'
  | 'missing_break'
  | 'punch_on_day_off'
  | 'short_daily_rest'
  | 'long_ordinary_day'
  | 'short_weekly_rest'
  | 'night_average_exceeded'
  | 'absence_overlaps_work'
export type DayOffReason = 'rest_day' | 'holiday' | 'absence'

export interface Anomaly {
  type: AnomalyType
  /**
   * The `in` of the session concerned (the day's first for punch_on_day_off, absence_overlaps_work,
   * long_ordinary_day, short_daily_rest and night_average_exceeded; the week's last for
   * short_weekly_rest), UTC.
   */
  session_started_at: string
  /**
   * How long: the session, the longest stretch worked without the break, the work on the day off
   * or under the absence, the day's work, the rest before the day, the week's longest rest, or the
   * average day of the 15 days.
   */
  minutes: number
  /** What the company or the law allows (null for punch_on_day_off and absence_overlaps_work). */
  limit_minutes: number | null
  /** Why the day is off, for punch_on_day_off and absence_overlaps_work; null otherwise. */
  day_off: DayOffReason | null
}

/** Art. 34.3 ET: a minor's ordinary day is at most 8 hours, whatever an agreement says. */
export const MINOR_MAX_DAY_HOURS = 8
/** Art. 34.4 ET: a minor whose continuous work passes 4.5 hours has a break of at least 30 minutes. */
export const MINOR_BREAK_AFTER_MINUTES = 270
export const MINOR_MIN_BREAK_MINUTES = 30
/** Art. 37.1 ET: a day and a half of uninterrupted weekly rest, which may be accumulated over 14 days. */
export const WEEKLY_REST_HOURS = 36
/** Art. 37.1 ET: a minor's weekly rest is two uninterrupted days. */
export const MINOR_WEEKLY_REST_HOURS = 48
/** Art. 36.1 ET: a night worker's day is at most 8 hours averaged over 15 days. */
export const NIGHT_AVERAGE_HOURS = 8
export const NIGHT_AVERAGE_DAYS = 15
/**
 * Days read before a range so that its first days are judged like any other: the 15 days of the
 * night workers' average, which also hold the previous week for the weekly rest and the previous
 * day for the daily rest.
 */
export const RULE_LOOKBACK_DAYS = NIGHT_AVERAGE_DAYS
/**
 * Days read after a range: a rest that runs from a week into the next counts whole, so a week is
 * judged only once the two days after it (the longest weekly rest the law asks for) are known.
 */
export const RULE_LOOKAHEAD_DAYS = MINOR_WEEKLY_REST_HOURS / 24

/** Whether someone born on `birthDate` is under 18 on `date` (both YYYY-MM-DD); null: not known, an adult. */
export function isMinorOn(birthDate: string | null | undefined, date: string): boolean {
  if (!birthDate) return false
  const adultFrom = `${String(Number(birthDate.slice(0, 4)) + 18).padStart(4, '0')}${birthDate.slice(4)}`
  return date < adultFrom
}

const MINUTE_MS = 60_000
const HOUR_MS = 3_600_000

/**
 * How long a session lasts, from its `in` to its `out` or, still open, to `nowMs`; one left open
 * (another session began after it without its `out`) to the next `in`.
 */
export function sessionLengthMs(session: Session, nowMs: number): number {
  const last = session.punches.at(-1)!
  return (last.type === 'out' ? last.ms : Math.min(nowMs, session.openUntilMs ?? nowMs)) - session.inMs
}

/** The anomalies after which a day counts no more than it expected (countedWorkedMinutes). */
const CAPPING: ReadonlySet<AnomalyType> = new Set(['session_too_long', 'absence_overlaps_work'])

/**
 * The minutes a day counts as worked: a day with a session too long (a forgotten clock-out,
 * until a correction closes it) counts no more than its expected minutes, so that a session left
 * open is never overtime (art. 35 ET counts hours worked, and a missing `out` is not work;
 * docs/decisions/0023-daily-limits-and-real-life.md). So does a day worked under a full-day
 * absence other than vacation (sick leave over a worked day): its work is recorded and flagged
 * (absence_overlaps_work), and it expected nothing, so it counts nothing and is never overtime.
 * Every other day counts what was worked.
 */
export function countedWorkedMinutes(
  workedMinutes: number,
  expectedMinutes: number,
  anomalies: readonly Pick<Anomaly, 'type'>[],
): number {
  return anomalies.some((a) => CAPPING.has(a.type)) ? Math.min(workedMinutes, expectedMinutes) : workedMinutes
}

/** A session is left open too long once it has lasted more than the company's maximum. */
export function isPastMaximum(sessionInMs: number, atMs: number, policy: WorkingTimePolicy): boolean {
  return atMs - sessionInMs > policy.maxSessionHours * 3_600_000
}

/**
 * The sessions left open among `sessions` (in time order), as of `nowMs`: those another session
 * followed without their `out`, and the last one when it is still open past the maximum.
 */
export function leftOpenSessions<S extends Session>(
  sessions: readonly S[],
  nowMs: number,
  policy: WorkingTimePolicy,
): S[] {
  return sessions.filter(
    (session, i) =>
      session.punches.at(-1)!.type !== 'out' &&
      (session.openUntilMs !== undefined || (i === sessions.length - 1 && isPastMaximum(session.inMs, nowMs, policy))),
  )
}

/**
 * The stretches of continuous work of a day's sessions, in ms: working intervals joined across
 * pauses (breaks, or the gap between two sessions) shorter than the minimum break; each stretch
 * counts the time worked in it.
 */
export function continuousStretchesMs(sessions: readonly Session[], nowMs: number, minBreakMinutes: number): number[] {
  const intervals: [number, number][] = []
  for (const session of sessions) {
    let since: number | null = null
    for (const punch of session.punches) {
      if (punch.type === 'in' || punch.type === 'break_end') since = punch.ms
      else if (since !== null) {
        intervals.push([since, punch.ms])
        since = null
      }
    }
    if (since !== null) intervals.push([since, Math.max(since, nowMs)])
  }
  const stretches: number[] = []
  let previousEnd = Number.NEGATIVE_INFINITY
  for (const [start, end] of intervals) {
    if (start - previousEnd < minBreakMinutes * MINUTE_MS && stretches.length > 0)
      stretches[stretches.length - 1]! += end - start
    else stretches.push(end - start)
    previousEnd = end
  }
  return stretches
}

export interface DayFacts {
  isWorkday: boolean
  holiday: boolean
  /** An approved absence takes the whole day. */
  absentAllDay: boolean
  /** That absence is not vacation (sick leave, say): work on the day is absence_overlaps_work. */
  absentNotOnVacation?: boolean
  /** The person is under 18 that day (art. 34.3 and 34.4 ET). */
  minor?: boolean
}

/** The anomalies of one day: the sessions that began on it, judged at `nowMs`. */
export function dayAnomalies<P extends PunchPoint & { at: string }>(
  sessions: readonly Session<P>[],
  day: DayFacts,
  policy: WorkingTimePolicy,
  nowMs: number,
): Anomaly[] {
  if (sessions.length === 0) return []
  const anomalies: Anomaly[] = []
  const maxMinutes = policy.maxSessionHours * 60
  const plausible: Session<P>[] = []
  for (const session of sessions) {
    // In milliseconds, as punches are refused: a session is too long from the first millisecond past the maximum.
    const lengthMs = sessionLengthMs(session, nowMs)
    const minutes = Math.floor(lengthMs / MINUTE_MS)
    if (lengthMs <= maxMinutes * MINUTE_MS) plausible.push(session)
    else
      anomalies.push({
        type: 'session_too_long',
        session_started_at: session.punches[0]!.at,
        minutes,
        limit_minutes: maxMinutes,
        day_off: null,
      })
  }
  // A session left open says nothing about breaks until a correction closes it. A minor has a
  // break of 30 minutes once continuous work passes 4.5 hours (art. 34.4 ET), whatever the
  // company's settings; an adult, the company's (art. 34.4 ET: 15 minutes past 6 hours).
  const breakAfter = day.minor
    ? Math.min(policy.breakAfterMinutes, MINOR_BREAK_AFTER_MINUTES)
    : policy.breakAfterMinutes
  const minBreak = day.minor ? Math.max(policy.minBreakMinutes, MINOR_MIN_BREAK_MINUTES) : policy.minBreakMinutes
  if (minBreak > 0 && plausible.length > 0) {
    const longest = Math.max(...continuousStretchesMs(plausible, nowMs, minBreak))
    const minutes = Math.floor(longest / MINUTE_MS)
    if (minutes > breakAfter)
      anomalies.push({
        type: 'missing_break',
        session_started_at: plausible[0]!.punches[0]!.at,
        minutes,
        limit_minutes: breakAfter,
        day_off: null,
      })
  }
  // Art. 34.3 ET: at most 9 hours of ordinary work a day (an agreement's figure in the company's
  // max_ordinary_day_hours), 8 for a minor. A session left open is judged once it is closed.
  if (plausible.length > 0) {
    const limit = Math.min(policy.maxOrdinaryDayHours, day.minor ? MINOR_MAX_DAY_HOURS : Number.POSITIVE_INFINITY) * 60
    const minutes = Math.floor(plausible.reduce((sum, s) => sum + sessionWorkedMs(s, nowMs), 0) / MINUTE_MS)
    if (minutes > limit)
      anomalies.push({
        type: 'long_ordinary_day',
        session_started_at: plausible[0]!.punches[0]!.at,
        minutes,
        limit_minutes: limit,
        day_off: null,
      })
  }
  if (day.absentAllDay && day.absentNotOnVacation) {
    // Work recorded under sick leave (or another full-day absence but vacation): flagged, and the
    // day counts none of it (countedWorkedMinutes).
    const workedMs = continuousStretchesMs(sessions, nowMs, 0).reduce((sum, ms) => sum + ms, 0)
    anomalies.push({
      type: 'absence_overlaps_work',
      session_started_at: sessions[0]!.punches[0]!.at,
      minutes: Math.floor(workedMs / MINUTE_MS),
      limit_minutes: null,
      day_off: 'absence',
    })
    return anomalies
  }
  const dayOff: DayOffReason | null = day.absentAllDay
    ? 'absence'
    : day.isWorkday
      ? null
      : day.holiday
        ? 'holiday'
        : 'rest_day'
  if (dayOff) {
    const workedMs = continuousStretchesMs(sessions, nowMs, 0).reduce((sum, ms) => sum + ms, 0)
    anomalies.push({
      type: 'punch_on_day_off',
      session_started_at: sessions[0]!.punches[0]!.at,
      minutes: Math.floor(workedMs / MINUTE_MS),
      limit_minutes: null,
      day_off: dayOff,
    })
  }
  return anomalies
}

/** What the rules over several days know of the person. */
export interface PersonFacts {
  /** Under 18, for each day of the range (art. 34.3, 34.4 and 37.1 ET). */
  minorOn: readonly boolean[]
  /** A night worker (art. 36.1 ET). */
  nightWorker: boolean
}

/**
 * Where a session's work ends, for the rest rules: at its `out`; still open within the maximum, at
 * `nowMs`; left open, at its last punch (when it really ended is not known until a correction says
 * so, and a forgotten clock-out is flagged as session_too_long, not as a lack of rest).
 */
function workEndMs(session: Session, isLast: boolean, nowMs: number, policy: WorkingTimePolicy): number {
  const last = session.punches.at(-1)!
  if (last.type === 'out') return last.ms
  if (session.openUntilMs !== undefined || !isLast || isPastMaximum(session.inMs, nowMs, policy)) return last.ms
  return Math.max(last.ms, nowMs)
}

/**
 * The anomalies that take more than one day to see, for each day of `days`: the daily rest before
 * the day (art. 34.3 ET), the weekly rest of the ISO week the day ends (art. 37.1 ET), and a night
 * worker's average day (art. 36.1 ET). `sessions` are all of the person's, in time order, and
 * `days` should begin RULE_LOOKBACK_DAYS before the first day judged and end RULE_LOOKAHEAD_DAYS
 * after the last; `countedMinutes` are each day's counted worked minutes (countedWorkedMinutes), so
 * that a forgotten clock-out or work under sick leave weighs in no average.
 */
export function spanAnomalies<P extends PunchPoint & { at: string }>(
  sessions: readonly Session<P>[],
  days: LocalDays,
  countedMinutes: readonly number[],
  person: PersonFacts,
  policy: WorkingTimePolicy,
  nowMs: number,
): Anomaly[][] {
  const result = days.dates.map((): Anomaly[] => [])
  const spans = sessions.map((session, i) => ({
    session,
    start: session.inMs,
    end: workEndMs(session, i === sessions.length - 1, nowMs, policy),
    day: dayIndexOf(days, session.inMs),
  }))
  const firstOfDay = new Map<number, (typeof spans)[number]>()
  const lastOfDay = new Map<number, (typeof spans)[number]>()
  for (const span of spans) {
    if (span.day < 0) continue
    if (!firstOfDay.has(span.day)) firstOfDay.set(span.day, span)
    lastOfDay.set(span.day, span)
  }

  // Art. 34.3 ET: at least min_daily_rest_hours (12 by default) between the end of one day's work
  // and the start of the next; flagged on the later day.
  const minRestMs = policy.minDailyRestHours * HOUR_MS
  for (let i = 1; i < spans.length; i++) {
    const span = spans[i]!
    const before = spans[i - 1]!
    if (span.day < 0 || before.day >= span.day) continue // not the first session of its day
    if (before.session.punches.at(-1)!.type !== 'out') continue // its end is not known
    const restMs = span.start - before.end
    if (restMs < minRestMs)
      result[span.day]!.push({
        type: 'short_daily_rest',
        session_started_at: span.session.punches[0]!.at,
        minutes: Math.floor(restMs / MINUTE_MS),
        limit_minutes: policy.minDailyRestHours * 60,
        day_off: null,
      })
  }

  // Art. 37.1 ET: a day and a half of uninterrupted rest a week, which may be accumulated over 14
  // days (read here: the longest rest of an ISO week, and the average of it and the week before,
  // must reach 36 hours); a minor, two uninterrupted days (48 hours) every week. A rest counts for
  // each week it overlaps, whole, so a week is judged once it and the two days after it are over
  // (and read), on the day of its last `in`.
  const gaps: [number, number][] = []
  let restSince = Number.NEGATIVE_INFINITY
  for (const span of [...spans].sort((a, b) => a.start - b.start)) {
    if (span.start > restSince) gaps.push([restSince, span.start])
    restSince = Math.max(restSince, span.end)
  }
  gaps.push([restSince, Number.POSITIVE_INFINITY])
  const longestRestMs = (weekStart: number, weekEnd: number) =>
    Math.max(0, ...gaps.filter(([a, b]) => a < weekEnd && b > weekStart).map(([a, b]) => b - a))
  const knownUntil = Math.min(nowMs, days.starts[days.dates.length]!)
  for (let monday = 0; monday + 7 <= days.dates.length; monday++) {
    if (days.weekdays[monday] !== 1 || days.starts[monday + 7]! + MINOR_WEEKLY_REST_HOURS * HOUR_MS > knownUntil)
      continue
    let flagDay = -1
    for (let d = monday; d < monday + 7; d++) if (lastOfDay.has(d)) flagDay = d
    if (flagDay < 0) continue // no work began this week
    const ownMs = longestRestMs(days.starts[monday]!, days.starts[monday + 7]!)
    const minor = person.minorOn[flagDay] ?? false
    const limitHours = minor ? MINOR_WEEKLY_REST_HOURS : WEEKLY_REST_HOURS
    const previousMs =
      monday >= 7 ? longestRestMs(days.starts[monday - 7]!, days.starts[monday]!) : Number.POSITIVE_INFINITY
    const short = minor
      ? ownMs < limitHours * HOUR_MS
      : ownMs < limitHours * HOUR_MS && (ownMs + previousMs) / 2 < limitHours * HOUR_MS
    if (short)
      result[flagDay]!.push({
        type: 'short_weekly_rest',
        session_started_at: lastOfDay.get(flagDay)!.session.punches[0]!.at,
        minutes: Math.floor(ownMs / MINUTE_MS),
        limit_minutes: limitHours * 60,
        day_off: null,
      })
  }

  // Art. 36.1 ET: a night worker's day is at most 8 hours averaged over 15 days: each day worked is
  // judged with the days worked among it and the 14 before it.
  if (person.nightWorker) {
    for (const [day, first] of firstOfDay) {
      if (countedMinutes[day]! <= 0) continue
      let total = 0
      let worked = 0
      for (let d = Math.max(0, day - NIGHT_AVERAGE_DAYS + 1); d <= day; d++) {
        if (countedMinutes[d]! <= 0) continue
        total += countedMinutes[d]!
        worked++
      }
      if (total > NIGHT_AVERAGE_HOURS * 60 * worked)
        result[day]!.push({
          type: 'night_average_exceeded',
          session_started_at: first.session.punches[0]!.at,
          minutes: Math.floor(total / worked),
          limit_minutes: NIGHT_AVERAGE_HOURS * 60,
          day_off: null,
        })
    }
  }
  return result
}

/**
 * The correction the company proposes to close a session left open: an `out` when the day's
 * expected work is done (the `in`, plus the expected minutes, plus the breaks already taken),
 * never before the session's last punch nor after the maximum. A session left on a break ends
 * where the break began: its `break_start` is voided and an `out` takes its place.
 */
export function closingChanges(
  session: Session<PunchPoint & { id: string }>,
  expectedMinutes: number,
  policy: WorkingTimePolicy,
  /** Worked in the day's earlier sessions (a split shift): the expected work left is what remains. */
  workedEarlierMinutes = 0,
): { changes: CorrectionChange[]; outMs: number } {
  const last = session.punches.at(-1)!
  if (last.type === 'break_start') {
    return {
      changes: [
        { action: 'void', punch_id: last.id },
        { action: 'add', type: 'out', ts: new Date(last.ms).toISOString() },
      ],
      outMs: last.ms,
    }
  }
  let breaksMs = 0
  let breakSince: number | null = null
  for (const punch of session.punches) {
    if (punch.type === 'break_start') breakSince = punch.ms
    else if (punch.type === 'break_end' && breakSince !== null) {
      breaksMs += punch.ms - breakSince
      breakSince = null
    }
  }
  const planned = session.inMs + Math.max(0, expectedMinutes - workedEarlierMinutes) * MINUTE_MS + breaksMs
  const latest = session.inMs + policy.maxSessionHours * 3_600_000
  const outMs = Math.max(last.ms + MINUTE_MS, Math.min(planned, latest))
  return { changes: [{ action: 'add', type: 'out', ts: new Date(outMs).toISOString() }], outMs }
}

/** A session left open past the maximum, and the pending correction that would close it (if any). */
export interface LeftOpenSession {
  userId: string
  sessionStartedAt: string
  /** Whether it is the employee's latest session (no `in` came after it yet): only an `in` may follow. */
  current: boolean
  correctionId: string | null
  /** Who proposed that correction: the company, HR, or the employee (then HR or a supervisor decides). */
  proposedBy?: string | null
  /** Where the pending correction puts the `out`, when it adds one. */
  proposedOutAt: string | null
}

/** Where a correction's changes put the `out` they add, if they add one. */
export function proposedOut(changes: readonly CorrectionChange[]): string | null {
  const out = changes.find((c) => c.action === 'add' && c.type === 'out')
  return out && out.action === 'add' ? out.ts : null
}

/**
 * Of the pending corrections touching a session left open (earliest first), the one that closes
 * it: the first that adds an `out`. Another pending correction (moving its `in`, say) closes nothing.
 */
export function closingCorrection<C extends { changes: string }>(pending: readonly C[]): C | undefined {
  return pending.find((c) => proposedOut(JSON.parse(c.changes) as CorrectionChange[]) !== null)
}
