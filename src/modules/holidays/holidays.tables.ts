/**
 * The holidays module's table, added to the database's type (db/schema.ts) by declaration merging:
 * Kysely knows it wherever the database is typed, and no central list names it.
 */
import type { Selectable } from 'kysely'

export interface CompanyHolidaysTable {
  id: string
  tenant_id: string
  date: string
  name: string
  /** null: a holiday of the whole company; otherwise only of that work center. */
  work_center_id: string | null
  created_at: string
}

export type CompanyHolidayRow = Selectable<CompanyHolidaysTable>

declare module '../../db/schema.js' {
  interface Database {
    company_holidays: CompanyHolidaysTable
  }
}
