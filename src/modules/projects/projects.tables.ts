/**
 * The projects module's table, added to the database's type (db/schema.ts) by declaration merging:
 * Kysely knows it wherever the database is typed, and no central list names it.
 */
import type { Selectable } from 'kysely'
import type { DbBoolean } from '../../db/schema.js'

export interface ProjectsTable {
  id: string
  tenant_id: string
  /** Unique in the tenant. */
  code: string
  name: string
  active: DbBoolean
  created_at: string
}
export type ProjectRow = Selectable<ProjectsTable>

declare module '../../db/schema.js' {
  interface Database {
    projects: ProjectsTable
  }
}
