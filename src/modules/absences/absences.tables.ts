/**
 * The absences module's tables, added to the database's type (db/schema.ts) by declaration merging:
 * Kysely knows them wherever the database is typed, and no central list names them.
 */
import type { Selectable } from 'kysely'
import type { DbBoolean } from '../../db/schema.js'

export interface AbsenceTypesTable {
  id: string
  tenant_id: string
  /** Unique in the tenant; what requests name (`vacation`, `sick`, ...). */
  key: string
  label: string
  /**
   * The type's name in each language the company gives, JSON `{"es": …, "en": …}`; null when only
   * `label` names it. Migration 0035.
   */
  labels: string | null
  requires_approval: DbBoolean
  allows_hourly: DbBoolean
  consumes_vacation: DbBoolean
  /**
   * Art. 38.3 ET: a full-day absence of this type may lie over approved vacation, whose days it
   * covers go back to the balance (sick leave, temporary incapacity). Migration 0028.
   */
  interrupts_vacation: DbBoolean
  created_at: string
}

export interface AbsencesTable {
  id: string
  tenant_id: string
  user_id: string
  type_id: string
  status: 'pending' | 'approved' | 'rejected' | 'cancelled'
  start_date: string
  /** Inclusive. */
  end_date: string
  /** HH:MM, hourly absences only (then start_date = end_date). */
  start_time: string | null
  end_time: string | null
  /** Notes are stored, never returned. */
  request_note: string | null
  decision_note: string | null
  decided_by: string | null
  decided_at: string | null
  cancelled_at: string | null
  created_at: string
  /** The last change of status (or the creation): what overtime looks at to follow the record. */
  updated_at: string
}

export type AbsenceTypeRow = Selectable<AbsenceTypesTable>

export type AbsenceRow = Selectable<AbsencesTable>

declare module '../../db/schema.js' {
  interface Database {
    absence_types: AbsenceTypesTable
    absences: AbsencesTable
  }
}
