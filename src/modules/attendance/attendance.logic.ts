/**
 * The rules of the working-time record, as pure functions: the punch sequence, grouping punches
 * into work sessions, attributing sessions to local days, and the minute arithmetic of a day.
 * Tested without HTTP or a database, and against a simple reference model (fast-check).
 */
import { type LocalDays, dayIndexOf } from '../../lib/calendar.js'

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

/**
 * Whether `next`, at `atMs`, begins a new session although the one before it is still open: an
 * `in` more than `maxSessionMs` after the `in` of that session (`openSinceMs`). That session was
 * left open (a forgotten clock-out); the new `in` is recorded all the same, so that every day's
 * start and end are in the record (art. 34.9 ET; docs/decisions/0023-daily-limits-and-real-life.md).
 */
export function startsAfterLeftOpen(
  last: PunchType | null,
  openSinceMs: number | undefined,
  next: PunchType,
  atMs: number,
  maxSessionMs: number,
): boolean {
  return (
    next === 'in' && last !== null && last !== 'out' && openSinceMs !== undefined && atMs - openSinceMs > maxSessionMs
  )
}

/**
 * Why `next`, at `atMs`, cannot follow `last`, or null: the sequence rules, except that an `in`
 * past the maximum after a session left open starts a new session (startsAfterLeftOpen).
 */
export function punchProblem(
  last: PunchType | null,
  openSinceMs: number | undefined,
  next: PunchType,
  atMs: number,
  maxSessionMs: number,
): string | null {
  if (startsAfterLeftOpen(last, openSinceMs, next, atMs, maxSessionMs)) return null
  return sequenceProblem(last, next)
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
  /** Left open: the `in` of the next session, which began while this one had no `out`. */
  openUntilMs?: number
}

/**
 * Groups punches (in time order) into sessions, each starting at an `in`. Punches before the
 * first `in` belong to a session that started earlier (outside what was read) and are dropped.
 * An `in` while a session is open (one left open past the maximum) ends that session there.
 */
export function buildSessions<P extends PunchPoint>(punches: readonly P[]): Session<P>[] {
  const sessions: Session<P>[] = []
  let current: Session<P> | null = null
  for (const punch of punches) {
    if (punch.type === 'in') {
      if (current) current.openUntilMs = punch.ms
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
 * break still open counts up to `nowMs` (never below zero), one left open up to the next `in` at
 * most (how much of it counts is the day's business: anomalies.logic countedWorkedMinutes).
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
  if (workingSince !== null) worked += Math.max(0, Math.min(nowMs, session.openUntilMs ?? nowMs) - workingSince)
  return worked
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
export function workByDay<P extends PunchPoint>(
  sessions: readonly Session<P>[],
  days: LocalDays,
  nowMs: number,
): DayWork<P>[] {
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
  for (let i = 0; i < result.length; i++) result[i]!.workedMinutes = Math.floor(workedMs[i]! / 60_000)
  return result
}
