/**
 * The sign-off module's table, added to the database's type (db/schema.ts) by declaration merging:
 * Kysely knows it wherever the database is typed, and no central list names it.
 */
import type { Selectable } from 'kysely'

/** A worker's signature of their monthly record: the SHA-256 of its canonical JSON. Never changed. */
export interface MonthSignaturesTable {
  id: string
  tenant_id: string
  user_id: string
  month: string
  time_zone: string
  sha256: string
  signed_at: string
  key_id: string
  /**
   * 'company_issued': signed with a credential the company issued and the worker had not replaced
   * (docs/decisions/0024-only-the-worker-acts-as-the-worker.md); null: the worker's own.
   */
  credential_origin: 'company_issued' | null
}

export type MonthSignatureRow = Selectable<MonthSignaturesTable>

declare module '../../db/schema.js' {
  interface Database {
    month_signatures: MonthSignaturesTable
  }
}
