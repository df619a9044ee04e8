/**
 * What in a day's punches needs a person's attention, as pure rules: a session open longer than
 * the company allows (a forgotten clock-out), continuous work past the art. 34.4 ET limit without
 * the break it requires, and punches on a day off. None of them changes the record: they flag it,
 * and a forgotten clock-out is closed only by a correction both sides consent to.
 */
import type { TenantRow } from '../../db/schema.js'
import { AppError } from '../../errors.js'
import type { PunchPoint, Session } from './attendance.logic.js'
import type { CorrectionChange } from './corrections.logic.js'

/** The company's working-time policy (its settings). */
export interface WorkingTimePolicy {
  maxSessionHours: number
  /** Continuous work longer than this needs a break; */
  breakAfterMinutes: number
  /** of at least this long (0: no break rule). */
  minBreakMinutes: number
}

/** The company's working-time policy, from its settings. */
export function workingTimePolicyOf(
  tenant: Pick<TenantRow, 'max_session_hours' | 'break_after_minutes' | 'min_break_minutes'>,
): WorkingTimePolicy {
  return {
    maxSessionHours: tenant.max_session_hours,
    breakAfterMinutes: tenant.break_after_minutes,
    minBreakMinutes: tenant.min_break_minutes,
  }
}

export type AnomalyType = 'session_too_long' | 'missing_break' | 'punch_on_day_off'
export type DayOffReason = 'rest_day' | 'holiday' | 'absence'

export interface Anomaly {
  type: AnomalyType
  /** The `in` of the session concerned (the day's first for punch_on_day_off), UTC. */
  session_started_at: string
  /** How long: the session, the longest stretch worked without the break, the work on the day off. */
  minutes: number
  /** What the company allows (null for punch_on_day_off). */
  limit_minutes: number | null
  /** Why the day is off, for punch_on_day_off; null otherwise. */
  day_off: DayOffReason | null
}

const MINUTE_MS = 60_000

/** How long a session lasts, from its `in` to its `out` or, still open, to `nowMs`. */
export function sessionLengthMs(session: Session, nowMs: number): number {
  const last = session.punches.at(-1)!
  return (last.type === 'out' ? last.ms : nowMs) - session.inMs
}

/** A session is left open too long once it has lasted more than the company's maximum. */
export function isPastMaximum(sessionInMs: number, atMs: number, policy: WorkingTimePolicy): boolean {
  return atMs - sessionInMs > policy.maxSessionHours * 3_600_000
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
  // A session left open says nothing about breaks until a correction closes it.
  if (policy.minBreakMinutes > 0 && plausible.length > 0) {
    const longest = Math.max(...continuousStretchesMs(plausible, nowMs, policy.minBreakMinutes))
    const minutes = Math.floor(longest / MINUTE_MS)
    if (minutes > policy.breakAfterMinutes)
      anomalies.push({
        type: 'missing_break',
        session_started_at: plausible[0]!.punches[0]!.at,
        minutes,
        limit_minutes: policy.breakAfterMinutes,
        day_off: null,
      })
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
  correctionId: string | null
  /** Who proposed that correction: the company, HR, or the employee (then HR or a supervisor decides). */
  proposedBy?: string | null
  /** Where the pending correction puts the `out`, when it adds one. */
  proposedOutAt: string | null
}

/** The refusal of a punch past the maximum, naming what settles it and what to do next. */
export function sessionLeftOpenError(found: LeftOpenSession): AppError {
  const next = found.correctionId
    ? `Correction ${found.correctionId} proposes closing it${found.proposedOutAt ? ` at ${found.proposedOutAt}` : ''}: accept it, or reject it and propose the time you left (POST /api/v1/attendance/corrections), or ask HR`
    : 'The company proposes a correction closing it within minutes; you may also propose the time you left (POST /api/v1/attendance/corrections) or ask HR to correct it'
  return new AppError(
    'session_left_open',
    `The session that began at ${found.sessionStartedAt} was never closed. ${next}`,
    [
      { field: 'session_started_at', message: 'The `in` of the session left open', value: found.sessionStartedAt },
      ...(found.correctionId
        ? [{ field: 'correction_id', message: 'The pending correction that closes it', value: found.correctionId }]
        : []),
      ...(found.proposedOutAt
        ? [{ field: 'proposed_out_at', message: 'Where that correction puts the `out`', value: found.proposedOutAt }]
        : []),
    ],
  )
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
