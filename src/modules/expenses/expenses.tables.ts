/**
 * The expenses module's table, added to the database's type (db/schema.ts) by declaration merging:
 * Kysely knows it wherever the database is typed, and no central list names it.
 */
import type { Selectable } from 'kysely'
import type { JsonText } from '../../db/codec.js'
import type { DbBoolean } from '../../db/schema.js'

export interface ExpensesTable {
  id: string
  tenant_id: string
  user_id: string
  status: string
  merchant: string
  expense_date: string
  /** Minor units of `currency` (cents for EUR, yen for JPY). */
  amount: number
  currency: string
  /** Euro cents. */
  amount_eur: number
  /** Amounts in minor units. */
  taxes: JsonText<{ rate_percent: number; amount: number }[]>
  category_key: string
  category_label: string
  reconciled: DbBoolean
  created_at: string
}

export type ExpenseRow = Selectable<ExpensesTable>

declare module '../../db/schema.js' {
  interface Database {
    expenses: ExpensesTable
  }
}
