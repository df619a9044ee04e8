/**
 * The kiosks module's tables, added to the database's type (db/schema.ts) by declaration merging:
 * Kysely knows them wherever the database is typed, and no central list names them.
 */
import type { Selectable } from 'kysely'

/**
 * A shared clock-in device at a workplace (docs/decisions/0013-kiosks.md); its token is stored as a
 * SHA-256 hash.
 */
export interface KiosksTable {
  id: string
  tenant_id: string
  name: string
  work_center_id: string | null
  token_hash: string
  created_by: string
  created_at: string
  revoked_at: string | null
  last_used_at: string | null
  /** Failed sign-ins at this device in the current 15-minute window (the slowdown across identifiers). */
  failure_window_start: string | null
  failures_in_window: number
  last_failure_at: string | null
}

/** A short-lived sign-in at a kiosk: who identified, at which device, until when. */
export interface KioskSessionsTable {
  token_hash: string
  tenant_id: string
  kiosk_id: string
  user_id: string
  created_at: string
  expires_at: string
}

export type KioskSessionRow = Selectable<KioskSessionsTable>

/** Wrong PINs typed for one identifier of a company (known or not), and the lock they caused. */
export interface KioskLockoutsTable {
  tenant_id: string
  identifier: string
  failures: number
  locked_until: string | null
  last_attempt_at: string
}

export type KioskLockoutRow = Selectable<KioskLockoutsTable>

export type KioskRow = Selectable<KiosksTable>

declare module '../../db/schema.js' {
  interface Database {
    kiosks: KiosksTable
    kiosk_sessions: KioskSessionsTable
    kiosk_lockouts: KioskLockoutsTable
  }
}
