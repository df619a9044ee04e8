/**
 * Tamper evidence for the punch record. Each punch stores a SHA-256 over its canonical fields and
 * the previous punch's hash of the same user, so editing, deleting or reordering any stored punch
 * breaks the chain from that point on, and `jornada punches verify` reports it. The chain's head
 * (its last seq and hash) is also recorded apart, so that punches removed from the end of a chain,
 * which leave a shorter chain that is valid in itself, are found too.
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
  created_at: string
  prev_hash: string | null
  hash: string
}

const CHAIN_VERSION = 'jornada-punch-v1'

export function punchHash(punch: Omit<ChainedPunch, 'hash'>): string {
  const canonical = JSON.stringify([
    CHAIN_VERSION,
    punch.tenant_id,
    punch.user_id,
    punch.seq,
    punch.id,
    punch.type,
    punch.ts,
    punch.modality,
    punch.source,
    punch.created_at,
    punch.prev_hash,
  ])
  return createHash('sha256').update(canonical).digest('hex')
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

export interface BrokenLink {
  user_id: string
  /** null when the punch concerned is missing (chain_truncated). */
  punch_id: string | null
  seq: number
  problem: ChainProblem
}

export interface ChainHead {
  seq: number
  hash: string
}

/** Checks one user's punches, given in `seq` order, and lists every broken link. */
export function verifyChain(punches: readonly ChainedPunch[]): BrokenLink[] {
  const broken: BrokenLink[] = []
  let previous: ChainedPunch | null = null
  for (const punch of punches) {
    const report = (problem: ChainProblem) => broken.push({ user_id: punch.user_id, punch_id: punch.id, seq: punch.seq, problem })
    if (punchHash(punch) !== punch.hash) report('hash_mismatch')
    if (punch.prev_hash !== (previous?.hash ?? null)) report('prev_hash_mismatch')
    if (punch.seq !== (previous?.seq ?? 0) + 1) report('sequence_gap')
    if (previous && punch.ts <= previous.ts) report('time_not_increasing')
    previous = punch
  }
  return broken
}

/**
 * Checks that one user's chain (in `seq` order) ends at the head recorded with its last punch.
 * At most one problem: the chain's end either is the head or it is not.
 */
export function verifyHead(userId: string, punches: readonly ChainedPunch[], head: ChainHead | null): BrokenLink[] {
  const last = punches.at(-1)
  if (!head) return last ? [{ user_id: userId, punch_id: last.id, seq: last.seq, problem: 'head_missing' }] : []
  if (!last || last.seq < head.seq) return [{ user_id: userId, punch_id: null, seq: head.seq, problem: 'chain_truncated' }]
  if (last.seq !== head.seq || last.hash !== head.hash) return [{ user_id: userId, punch_id: last.id, seq: last.seq, problem: 'head_mismatch' }]
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
export function verifyAnchor(punches: readonly ChainedPunch[], anchor: ChainAnchor): BrokenLink[] {
  const punch = punches.find((p) => p.seq === anchor.seq)
  if (punch && punch.hash === anchor.hash) return []
  return [{ user_id: anchor.user_id, punch_id: punch?.id ?? null, seq: anchor.seq, problem: 'changed_since_report' }]
}
