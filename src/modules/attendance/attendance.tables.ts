/**
 * The attendance module's tables, added to the database's type (db/schema.ts) by declaration merging:
 * Kysely knows them wherever the database is typed, and no central list names them.
 */
import type { Selectable } from 'kysely'
import type { JsonText } from '../../db/codec.js'

/** Append-only: the code inserts punches and never updates or deletes one. */
export interface PunchesTable {
  id: string
  tenant_id: string
  user_id: string
  /** Position in the user's chain, from 1. */
  seq: number
  type: 'in' | 'out' | 'break_start' | 'break_end'
  ts: string
  /** Modality of the session the punch belongs to (chosen on its `in`). */
  modality: 'onsite' | 'remote'
  /** `api` (pushed by an administrator), `clock` (the employee's own), `kiosk`, `correction`. */
  source: PunchSource
  /** Acting user who recorded it; null for punches recorded before origins were kept. */
  created_by: string | null
  /** The kiosk it was punched at (source `kiosk`). */
  kiosk_id: string | null
  /** The approved correction that appended it (source `correction`). */
  correction_id: string | null
  /**
   * 'company_issued': the employee's own punch (`clock`, `kiosk`) made with a credential the
   * company issued and the employee had not replaced
   * (docs/decisions/0024-only-the-worker-acts-as-the-worker.md); null otherwise. Set at insert;
   * the hash covers it when present. Optional to write: rows made without it are the person's own.
   */
  credential_origin?: CredentialOrigin | null
  /** Canonical form the hash covers: 1 before origins were kept, 2 with them. */
  hash_version: number
  created_at: string
  prev_hash: string | null
  /** SHA-256 over the punch's canonical fields and prev_hash. */
  hash: string
}

export type PunchSource = 'api' | 'clock' | 'kiosk' | 'correction'

/** How a personal act's credential came to be: only the company-issued case is stored. */
export type CredentialOrigin = 'company_issued'

/**
 * A proposed change to an employee's punches, decided by the other side. Mutable only while
 * pending; once approved it is a link of the employee's hash chain (seq, prev_hash, hash).
 */
export interface PunchCorrectionsTable {
  id: string
  tenant_id: string
  user_id: string
  status: 'pending' | 'approved' | 'rejected' | 'cancelled'
  reason: string
  /** The changes, normalised (instants in UTC with milliseconds). */
  changes: JsonText<unknown[]>
  /** Earliest and latest instants the changes touch (old and new positions). */
  first_ts: string
  last_ts: string
  proposed_by: string
  proposed_at: string
  decided_by: string | null
  decided_at: string | null
  decision_note: string | null
  /** 'company_issued': the employee decided with a credential the company issued (null otherwise). */
  decision_credential_origin: CredentialOrigin | null
  cancelled_at: string | null
  seq: number | null
  prev_hash: string | null
  hash: string | null
}

/** Append-only: a punch superseded (moved or voided) by an approved correction. */
export interface PunchSupersessionsTable {
  punch_id: string
  tenant_id: string
  user_id: string
  correction_id: string
  created_at: string
}

/**
 * The last link of each employee's punch chain, written in the same transaction as the punch.
 * A chain alone cannot show that punches were removed from its end; this row can.
 */
export interface PunchChainHeadsTable {
  user_id: string
  tenant_id: string
  seq: number
  hash: string
}

export type PunchRow = Selectable<PunchesTable>

export type PunchChainHeadRow = Selectable<PunchChainHeadsTable>

export type PunchCorrectionRow = Selectable<PunchCorrectionsTable>

declare module '../../db/schema.js' {
  interface Database {
    punches: PunchesTable
    punch_chain_heads: PunchChainHeadsTable
    punch_corrections: PunchCorrectionsTable
    punch_supersessions: PunchSupersessionsTable
  }
}
