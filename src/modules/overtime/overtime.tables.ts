/**
 * The overtime module's tables, added to the database's type (db/schema.ts) by declaration merging:
 * Kysely knows them wherever the database is typed, and no central list names them.
 */
import type { Selectable } from 'kysely'
import type { DbBoolean } from '../../db/schema.js'

/** What a lot's hours are: overtime, or a part-timer's complementary hours (art. 12.4.c, 12.5 ET). */
export type LotKind = 'overtime' | 'complementary'

/**
 * One employee's overtime of one ended month (docs/decisions/0018-overtime.md). A pending lot
 * follows the record; a decided one never changes its minutes: a later change of the month adds an
 * adjustment lot (`sequence` 2, 3, ...), whose minutes may be negative.
 */
export interface OvertimeLotsTable {
  id: string
  tenant_id: string
  user_id: string
  /** YYYY-MM */
  month: string
  sequence: number
  /** For an adjustment, the id of the month's first lot of its kind. */
  adjusts: string | null
  /**
   * Overtime (art. 35 ET), or a part-timer's complementary hours (art. 12.5 ET): their hours
   * beyond their schedule up to the company's full-time week. Each kind of a month is settled
   * apart, with its own sequence.
   */
  kind: LotKind
  minutes: number
  /**
   * JSON, the days its minutes were counted on (`OvertimeDay[]`: the day, the ISO week's Sunday or
   * the month's last day, by basis): its deadlines run from the first (art. 35.1 ET). `[]` for a
   * lot written before lots kept them.
   */
  days: string
  /** The basis the month was counted on, kept when the company's policy changes. */
  basis: 'daily' | 'weekly' | 'monthly'
  /** A lot is a fact, never refused (docs/decisions/0022-overtime-as-the-law-counts-it.md): pending or approved. */
  status: 'pending' | 'approved'
  compensation: 'rest' | 'pay' | null
  force_majeure: DbBoolean
  /** YYYY-MM-DD: when the hours were worked (see `days`) plus the employee's expiry. */
  compensate_by: string
  rested_minutes: number
  paid_minutes: number
  /** When `overtime.compensation_overdue` was announced for it, once. */
  overdue_announced_at: string | null
  decided_by: string | null
  decided_at: string | null
  decision_note: string | null
  created_at: string
  updated_at: string
}

export type OvertimeLotRow = Selectable<OvertimeLotsTable>

/** Minutes of rest an approved `overtime_rest` absence took from a lot; deleted when it is cancelled. */
export interface OvertimeRestDrawsTable {
  tenant_id: string
  absence_id: string
  lot_id: string
  user_id: string
  minutes: number
  /** YYYY-MM-DD, the absence's last day. */
  taken_on: string
  created_at: string
}

/** A payment of a lot's minutes, in a payroll month. */
export interface OvertimePaymentsTable {
  id: string
  tenant_id: string
  lot_id: string
  user_id: string
  minutes: number
  payroll_month: string
  paid_by: string
  created_at: string
}

/** An employee's year whose overtime went over the annual cap: `overtime.cap_exceeded` was announced once. */
export interface OvertimeCapFlagsTable {
  tenant_id: string
  user_id: string
  year: number
  flagged_at: string
}

/** How far a company's lots have been proposed and its record's changes looked at. */
export interface OvertimeSettlementsTable {
  tenant_id: string
  /** From this month on, every month up to `settled_month` has been settled for everyone. */
  first_month: string
  settled_month: string
  changes_seen_until: string
}

declare module '../../db/schema.js' {
  interface Database {
    overtime_lots: OvertimeLotsTable
    overtime_rest_draws: OvertimeRestDrawsTable
    overtime_payments: OvertimePaymentsTable
    overtime_settlements: OvertimeSettlementsTable
    overtime_cap_flags: OvertimeCapFlagsTable
  }
}
