/**
 * Tamper evidence for the punch record. Each punch stores a SHA-256 over its canonical fields and
 * the previous punch's hash of the same user, so editing, deleting or reordering any stored punch
 * breaks the chain from that point on, and `jornada punches verify` reports it.
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

export type ChainProblem = 'hash_mismatch' | 'prev_hash_mismatch' | 'sequence_gap' | 'time_not_increasing'

export interface BrokenLink {
  user_id: string
  punch_id: string
  seq: number
  problem: ChainProblem
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
