/**
 * The allocations module's table, added to the database's type (db/schema.ts) by declaration merging:
 * Kysely knows it wherever the database is typed, and no central list names it.
 */
import type { Selectable } from 'kysely'

export interface AllocationsTable {
  id: string
  tenant_id: string
  user_id: string
  /** Exactly one of project_id and note is set. */
  project_id: string | null
  note: string | null
  comment: string | null
  /** Local day of `start` in the zone given when the allocation was made. */
  date: string
  start: string
  end: string
  minutes: number
  source: string
  created_at: string
}

export type AllocationRow = Selectable<AllocationsTable>

declare module '../../db/schema.js' {
  interface Database {
    allocations: AllocationsTable
  }
}
