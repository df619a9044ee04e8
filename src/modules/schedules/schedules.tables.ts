/**
 * The schedules module's tables, added to the database's type (db/schema.ts) by declaration merging:
 * Kysely knows them wherever the database is typed, and no central list names them.
 */
import type { Selectable } from 'kysely'
import type { JsonText } from '../../db/codec.js'

export interface SchedulesTable {
  id: string
  tenant_id: string
  name: string
  /** 7 integers: expected minutes Monday ... Sunday. */
  weekday_minutes: JsonText<number[]>
  created_at: string
}

/** The weekly minutes a schedule expects from a date on. */
export interface ScheduleVersionsTable {
  id: string
  tenant_id: string
  schedule_id: string
  /** YYYY-MM-DD; 0001-01-01 is "since always". */
  effective_from: string
  /** 7 integers, Monday first. */
  weekday_minutes: JsonText<number[]>
  created_at: string
}

/** Which schedule applies from a date on: a user's own (user_id set) or the company default (user_id null). */
export interface ScheduleAssignmentsTable {
  id: string
  tenant_id: string
  user_id: string | null
  effective_from: string
  /** For a user, null follows the company default. */
  schedule_id: string | null
  created_at: string
}

export type ScheduleRow = Selectable<SchedulesTable>

export type ScheduleVersionRow = Selectable<ScheduleVersionsTable>

export type ScheduleAssignmentRow = Selectable<ScheduleAssignmentsTable>

declare module '../../db/schema.js' {
  interface Database {
    schedules: SchedulesTable
    schedule_versions: ScheduleVersionsTable
    schedule_assignments: ScheduleAssignmentsTable
  }
}
