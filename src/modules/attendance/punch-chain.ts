/**
 * Tamper evidence for the punch record. Each entry of an employee's chain (a punch, or an approved
 * correction) stores a SHA-256 over its canonical fields and the previous entry's hash, so
 * editing, deleting or reordering any stored entry breaks the chain from that point on, and
 * `jornada punches verify` reports it. The chain's head (its last seq and hash) is also recorded
 * apart, so that entries removed from the end of a chain, which leave a shorter chain that is
 * valid in itself, are found too. The links that mark punches superseded are checked against the
 * approved corrections that name them.
 */
import { createHash } from 'node:crypto'

export interface ChainedPunch {
  id: string
  tenant_id: string
  user_id: string
  seq: number
  type: string
  ts: string
  modality: string
  source: string
  created_by: string | null
  kiosk_id: string | null
  correction_id: string | null
  /**
   * 'company_issued' when made with a credential the company issued; covered by the hash only
   * when present, so chains recorded before it was kept stay valid.
   */
  credential_origin?: string | null
  /** 1: punches recorded before origins were kept (their hash covers no origin); 2: with origin. */
  hash_version: number
  created_at: string
  prev_hash: string | null
  hash: string
}

/** An approved correction as a link of the chain: what changed, why, who proposed and who consented. */
export interface ChainedCorrection {
  id: string
  tenant_id: string
  user_id: string
  seq: number
  reason: string
  /** The normalised changes, JSON as stored. */
  changes: string
  /** The earliest and latest moments the changes touch (what lists select corrections by). */
  first_ts: string
  last_ts: string
  proposed_by: string
  proposed_at: string
  decided_by: string
  decided_at: string
  decision_note: string | null
  /** 'company_issued' when the employee consented with a credential the company issued; hashed only when present. */
  decision_credential_origin?: string | null
  prev_hash: string | null
  hash: string
}

export type ChainEntry = ({ kind: 'punch' } & ChainedPunch) | ({ kind: 'correction' } & ChainedCorrection)

/** The punch version new punches are recorded with. */
export const PUNCH_HASH_VERSION = 2

function sha256(canonical: unknown[]): string {
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex')
}

export function punchHash(punch: Omit<ChainedPunch, 'hash'>): string {
  const common = [
    punch.tenant_id,
    punch.user_id,
    punch.seq,
    punch.id,
    punch.type,
    punch.ts,
    punch.modality,
    punch.source,
    punch.created_at,
  ]
  if (punch.hash_version === 1) return sha256(['jornada-punch-v1', ...common, punch.prev_hash])
  // The credential's origin only when it was the company's: every punch before it was kept, and
  // every one made with the person's own credential, hashes as it always did.
  const origin = punch.credential_origin ? [punch.credential_origin] : []
  return sha256([
    'jornada-punch-v2',
    ...common,
    punch.created_by,
    punch.kiosk_id,
    punch.correction_id,
    ...origin,
    punch.prev_hash,
  ])
}

export function correctionHash(c: Omit<ChainedCorrection, 'hash'>): string {
  return sha256([
    'jornada-correction-v1',
    c.tenant_id,
    c.user_id,
    c.seq,
    c.id,
    c.reason,
    c.changes,
    c.first_ts,
    c.last_ts,
    c.proposed_by,
    c.proposed_at,
    c.decided_by,
    c.decided_at,
    c.decision_note,
    // Only a consent given with a credential the company issued adds it: older links hash as before.
    ...(c.decision_credential_origin ? [c.decision_credential_origin] : []),
    c.prev_hash,
  ])
}

function entryHash(entry: ChainEntry): string {
  return entry.kind === 'punch' ? punchHash(entry) : correctionHash(entry)
}

/**
 * A punch of hash version 1 was recorded before origins were kept: its hash does not cover them,
 * and they can only hold what the upgrade gave them. Anything else was written since.
 */
function originRewritten(entry: ChainEntry): boolean {
  if (entry.kind !== 'punch' || entry.hash_version === PUNCH_HASH_VERSION) return false
  return (
    entry.hash_version !== 1 ||
    entry.source !== 'api' ||
    entry.created_by !== null ||
    entry.kiosk_id !== null ||
    entry.correction_id !== null
  )
}

export type ChainProblem =
  | 'hash_mismatch'
  | 'prev_hash_mismatch'
  | 'sequence_gap'
  | 'time_not_increasing'
  /** Punches after the chain's last one were recorded and are gone (`seq` is the recorded head's). */
  | 'chain_truncated'
  /** The chain's last punch is not the recorded head: replaced, or added without going through the API. */
  | 'head_mismatch'
  /** The employee has punches but no recorded head. */
  | 'head_missing'
  /** A punch an earlier report anchored is gone or changed (`punch_id` null when gone). */
  | 'changed_since_report'
  /** A punch is marked superseded without an approved correction of its chain naming it, or the reverse. */
  | 'supersession_mismatch'
  /** A punch says an approved correction appended it, and no such correction is in its chain. */
  | 'correction_missing'
  /** A correction with a place in the chain that is not approved, or an approved one without a place. */
  | 'correction_status_mismatch'

export interface BrokenLink {
  user_id: string
  /** The punch or correction concerned; null when it is missing (chain_truncated). */
  punch_id: string | null
  seq: number
  problem: ChainProblem
}

export interface ChainHead {
  seq: number
  hash: string
}

/**
 * Checks one user's chain, given in `seq` order, and lists every broken link. Punches recorded
 * before corrections existed (version 1) were each later than the one before; since corrections
 * append punches of the past, time order is checked between those punches only. A part of a
 * chain (a record export's) is checked from `after`, the link before its first one.
 */
export function verifyChain(entries: readonly ChainEntry[], after: ChainHead | null = null): BrokenLink[] {
  const broken: BrokenLink[] = []
  let previous: ChainEntry | null = null
  for (const entry of entries) {
    const report = (problem: ChainProblem) =>
      broken.push({ user_id: entry.user_id, punch_id: entry.id, seq: entry.seq, problem })
    const before = previous ?? after
    if (entryHash(entry) !== entry.hash || originRewritten(entry)) report('hash_mismatch')
    if (entry.prev_hash !== (before?.hash ?? null)) report('prev_hash_mismatch')
    if (entry.seq !== (before?.seq ?? 0) + 1) report('sequence_gap')
    if (
      previous?.kind === 'punch' &&
      entry.kind === 'punch' &&
      previous.hash_version === 1 &&
      entry.hash_version === 1 &&
      entry.ts <= previous.ts
    ) {
      report('time_not_increasing')
    }
    previous = entry
  }
  return broken
}

/** A punch marked superseded, and by which correction. */
export interface Supersession {
  punch_id: string
  correction_id: string
}

/**
 * The punches a correction's changes (the stored JSON) move or void; none when the text is not
 * an array of changes (its hash fails then anyway).
 */
export function punchesReplacedBy(changes: string): string[] {
  let parsed: unknown
  try {
    parsed = JSON.parse(changes)
  } catch {
    return []
  }
  if (!Array.isArray(parsed)) return []
  return (parsed as { action?: string; punch_id?: string }[]).flatMap((change) =>
    (change.action === 'move' || change.action === 'void') && typeof change.punch_id === 'string'
      ? [change.punch_id]
      : [],
  )
}

/**
 * The punches marked superseded must be exactly those the chain's approved corrections move or
 * void, each by the correction that names it; and every punch a correction appended must name a
 * correction of the chain.
 */
export function verifySupersessions(
  userId: string,
  entries: readonly ChainEntry[],
  links: readonly Supersession[],
): BrokenLink[] {
  const broken: BrokenLink[] = []
  const expected = new Map<string, string>() // punch -> correction
  const corrections = new Set<string>()
  for (const entry of entries) {
    if (entry.kind !== 'correction') continue
    corrections.add(entry.id)
    for (const punchId of punchesReplacedBy(entry.changes)) expected.set(punchId, entry.id)
  }
  const seqOf = new Map(entries.map((e) => [e.id, e.seq]))
  const report = (punchId: string) =>
    broken.push({ user_id: userId, punch_id: punchId, seq: seqOf.get(punchId) ?? 0, problem: 'supersession_mismatch' })
  const linked = new Map(links.map((l) => [l.punch_id, l.correction_id]))
  for (const [punchId, correctionId] of linked) if (expected.get(punchId) !== correctionId) report(punchId)
  for (const punchId of expected.keys()) if (!linked.has(punchId)) report(punchId)
  for (const entry of entries) {
    if (entry.kind === 'punch' && entry.correction_id !== null && !corrections.has(entry.correction_id)) {
      broken.push({ user_id: userId, punch_id: entry.id, seq: entry.seq, problem: 'correction_missing' })
    }
  }
  return broken
}

/**
 * Checks that one user's chain (in `seq` order) ends at the head recorded with its last punch.
 * At most one problem: the chain's end either is the head or it is not.
 */
export function verifyHead(userId: string, entries: readonly ChainEntry[], head: ChainHead | null): BrokenLink[] {
  const last = entries.at(-1)
  if (!head) return last ? [{ user_id: userId, punch_id: last.id, seq: last.seq, problem: 'head_missing' }] : []
  if (!last || last.seq < head.seq)
    return [{ user_id: userId, punch_id: null, seq: head.seq, problem: 'chain_truncated' }]
  if (last.seq !== head.seq || last.hash !== head.hash)
    return [{ user_id: userId, punch_id: last.id, seq: last.seq, problem: 'head_mismatch' }]
  return []
}

/**
 * A punch an earlier verification saw as the last of its employee's chain. Kept outside the
 * database (the `--json` report), it shows later whether that punch, and with it the chain up to
 * it, was rewritten since: even by someone who recomputed every hash and the head.
 */
export interface ChainAnchor {
  user_id: string
  seq: number
  hash: string
}

/** The anchored punch must still be in the chain (given in `seq` order) with the same hash. */
export function verifyAnchor(entries: readonly ChainEntry[], anchor: ChainAnchor): BrokenLink[] {
  const punch = entries.find((p) => p.seq === anchor.seq)
  if (punch && punch.hash === anchor.hash) return []
  return [{ user_id: anchor.user_id, punch_id: punch?.id ?? null, seq: anchor.seq, problem: 'changed_since_report' }]
}
