/**
 * Corrections of the punch record, as pure rules: what a correction changes, which stretch of the
 * employee's effective punches it touches, and whether the sequence stays coherent once applied.
 * Applying never edits a punch: moved and voided punches are superseded, moved and added ones
 * are appended as new punches (see corrections.service).
 */
import { type Modality, type PunchType, punchProblem } from './attendance.logic.js'

export type CorrectionChange =
  | { action: 'add'; type: PunchType; ts: string; modality?: Modality }
  | { action: 'move'; punch_id: string; ts: string }
  | { action: 'void'; punch_id: string }

/** An effective punch as corrections see it; `ts` in the stored form (UTC, milliseconds). */
export interface TimedPunch {
  id: string
  type: PunchType
  ts: string
  modality: Modality
}

/** A punch of the corrected sequence; `fromChange` marks one a correction appends. */
export type CorrectedPunch = TimedPunch & { fromChange: boolean }

/** How far apart the instants one correction touches may be: a correction fixes a stretch, not a year. */
export const MAX_CORRECTION_SPAN_DAYS = 31
export const MAX_CHANGES = 50

/** The stored form of an instant: UTC with milliseconds, so that text order is time order. */
export function normalisedInstant(ts: string): string {
  return new Date(Date.parse(ts)).toISOString()
}

/** Punch ids the changes name (move and void). */
export function namedPunchIds(changes: readonly CorrectionChange[]): string[] {
  return changes.flatMap((c) => (c.action === 'add' ? [] : [c.punch_id]))
}

/**
 * Problems a change list has in itself, as [field, message] pairs: a punch named twice, a
 * modality on a punch other than `in`, a moment in the future, a move to where the punch is.
 */
export function changeListProblems(
  changes: readonly CorrectionChange[],
  nowMs: number,
  maxFutureMs: number,
): [string, string][] {
  const problems: [string, string][] = []
  const seen = new Set<string>()
  changes.forEach((change, i) => {
    if (change.action !== 'add') {
      if (seen.has(change.punch_id))
        problems.push([`changes[${i}].punch_id`, 'names a punch another change of this correction already names'])
      seen.add(change.punch_id)
    }
    if (change.action === 'add' && change.modality !== undefined && change.type !== 'in') {
      problems.push([`changes[${i}].modality`, "is only accepted on 'in' punches"])
    }
    if (change.action !== 'void' && Date.parse(change.ts) > nowMs + maxFutureMs)
      problems.push([`changes[${i}].ts`, 'must not be in the future'])
  })
  return problems
}

/** The earliest and latest instants the changes touch: new moments, and where moved or voided punches were. */
export function touchedSpan(
  changes: readonly CorrectionChange[],
  named: ReadonlyMap<string, TimedPunch>,
): { first: string; last: string } {
  const instants: string[] = []
  for (const change of changes) {
    if (change.action !== 'add') instants.push(named.get(change.punch_id)!.ts)
    if (change.action !== 'void') instants.push(normalisedInstant(change.ts))
  }
  instants.sort()
  return { first: instants[0]!, last: instants.at(-1)! }
}

/**
 * The effective punches of a stretch after the changes: moved and voided punches leave, moved
 * punches come back at their new moment as new punches, added ones join; by time. Appended
 * punches other than `in` take the modality of the session they fall in (`before` carries the
 * modality of the session open when the stretch begins).
 */
export function applyChanges(
  within: readonly TimedPunch[],
  changes: readonly CorrectionChange[],
  named: ReadonlyMap<string, TimedPunch>,
  before: TimedPunch | undefined,
): CorrectedPunch[] {
  const leaving = new Set(namedPunchIds(changes))
  const result: CorrectedPunch[] = within.filter((p) => !leaving.has(p.id)).map((p) => ({ ...p, fromChange: false }))
  changes.forEach((change, i) => {
    if (change.action === 'void') return
    const type = change.action === 'add' ? change.type : named.get(change.punch_id)!.type
    const modality = change.action === 'add' ? (change.modality ?? 'onsite') : named.get(change.punch_id)!.modality
    result.push({ id: `change:${i}`, type, ts: normalisedInstant(change.ts), modality, fromChange: true })
  })
  result.sort((a, b) => (a.ts < b.ts ? -1 : a.ts > b.ts ? 1 : 0))
  let sessionModality: Modality = before?.modality ?? 'onsite'
  for (const punch of result) {
    if (punch.type === 'in') sessionModality = punch.modality
    else if (punch.fromChange) punch.modality = sessionModality
  }
  return result
}

/**
 * Why the corrected stretch, between the effective punch before it and the one after it, is not a
 * coherent sequence; null when it is. Punches must follow the sequence rules and be at distinct,
 * increasing moments; as when punching, an `in` past the maximum after a session left open starts
 * a new session (`openSince`: the `in` of the session `before` belongs to, when it is open).
 */
export function coherenceProblem(
  before: TimedPunch | undefined,
  corrected: readonly TimedPunch[],
  after: TimedPunch | undefined,
  session: { openSince?: string; maxSessionMs: number } = { maxSessionMs: Number.POSITIVE_INFINITY },
): string | null {
  const sequence = [...corrected, ...(after ? [after] : [])]
  let previous = before
  const openSince = before?.type === 'in' ? before.ts : before?.type === 'out' ? undefined : session.openSince
  let openSinceMs = openSince === undefined ? undefined : Date.parse(openSince)
  for (const punch of sequence) {
    if (previous && punch.ts <= previous.ts) return `Two punches would be at the same moment (${punch.ts})`
    const atMs = Date.parse(punch.ts)
    const problem = punchProblem(previous?.type ?? null, openSinceMs, punch.type, atMs, session.maxSessionMs)
    if (problem) return `After the correction, at ${punch.ts}: ${problem}`
    if (punch.type === 'in') openSinceMs = atMs
    else if (punch.type === 'out') openSinceMs = undefined
    previous = punch
  }
  return null
}
