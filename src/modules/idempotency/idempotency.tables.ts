/**
 * The idempotency module's table, added to the database's type (db/schema.ts) by declaration merging:
 * Kysely knows it wherever the database is typed, and no central list names it.
 */
import type { Selectable } from 'kysely'

/**
 * The answer kept for an Idempotency-Key of one API key (docs/decisions/0012-integrations.md),
 * purged after 24 hours.
 */
export interface IdempotencyKeysTable {
  tenant_id: string
  api_key_id: string
  key: string
  fingerprint: string
  state: 'running' | 'done'
  claim: string
  claimed_at: string
  /** PostgreSQL's pg_postmaster_start_time() when claimed: a later life of the server means the request died. Null on SQLite. */
  claimed_on_server: string | null
  status: number | null
  body: string | null
  created_at: string
}
export type IdempotencyKeyRow = Selectable<IdempotencyKeysTable>

declare module '../../db/schema.js' {
  interface Database {
    idempotency_keys: IdempotencyKeysTable
  }
}
