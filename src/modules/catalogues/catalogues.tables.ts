/**
 * The catalogues module's tables, added to the database's type (db/schema.ts) by declaration merging:
 * Kysely knows them wherever the database is typed, and no central list names them.
 */
import type { Selectable } from 'kysely'

export interface DepartmentsTable {
  id: string
  tenant_id: string
  name: string
  created_at: string
}

export interface WorkCentersTable {
  id: string
  tenant_id: string
  name: string
  country: string | null
  region: string | null
  created_at: string
}

export type DepartmentRow = Selectable<DepartmentsTable>

export type WorkCenterRow = Selectable<WorkCentersTable>

declare module '../../db/schema.js' {
  interface Database {
    departments: DepartmentsTable
    work_centers: WorkCentersTable
  }
}
