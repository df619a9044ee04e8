/**
 * The users module's table, added to the database's type (db/schema.ts) by declaration merging:
 * Kysely knows it wherever the database is typed, and no central list names it.
 */
import type { Selectable } from 'kysely'

export interface FoldersTable {
  id: string
  tenant_id: string
  user_id: string
  name: string
  position: number
  document_count: number
  created_at: string
}

export type FolderRow = Selectable<FoldersTable>

declare module '../../db/schema.js' {
  interface Database {
    folders: FoldersTable
  }
}
