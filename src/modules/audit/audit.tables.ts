/**
 * The audit module's table, added to the database's type (db/schema.ts) by declaration merging:
 * Kysely knows it wherever the database is typed, and no central list names it.
 */
import type { Selectable } from 'kysely'
import type { JsonText } from '../../db/codec.js'

/** One write through the API or the CLI; append-only. `fields`: the field names. */
export interface AuditLogTable {
  id: string
  tenant_id: string
  at: string
  source: 'api' | 'cli'
  key_id: string | null
  user_id: string | null
  operation: string
  resource_id: string | null
  fields: JsonText<string[]>
}

export type AuditLogRow = Selectable<AuditLogTable>

declare module '../../db/schema.js' {
  interface Database {
    audit_log: AuditLogTable
  }
}
