/** Expense queries. Each function takes the tenant id and filters by it. */
import type { Kysely } from 'kysely'
import { paginate } from '../../db/paginate.js'
import { teamOf } from '../../db/team.js'
import type { Database } from '../../db/schema.js'
import type { ExpenseRow } from './expenses.tables.js'
import type { Page } from '../../lib/pagination.js'

type Db = Kysely<Database>

/**
 * Rows per INSERT statement: 15 columns each keeps a statement far below SQLite's 32,766 and
 * PostgreSQL's 65,535 bound parameters, whatever the import's batch size.
 */
const ROWS_PER_STATEMENT = 500

export async function insertExpenses(db: Db, rows: readonly ExpenseRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    await db
      .insertInto('expenses')
      .values(rows.slice(i, i + ROWS_PER_STATEMENT))
      .execute()
  }
}

export async function findExpense(db: Db, tenantId: string, id: string): Promise<ExpenseRow | undefined> {
  return db.selectFrom('expenses').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst()
}

export interface ExpenseFilters {
  userId?: string | undefined
  from?: string | undefined
  to?: string | undefined
  status?: string | undefined
  /** Only the expenses of this supervisor's team (need-to-know); undefined: everyone's. */
  teamOf?: string | undefined
}

function filtered(db: Db, tenantId: string, f: ExpenseFilters) {
  let q = db.selectFrom('expenses').where('tenant_id', '=', tenantId)
  if (f.userId !== undefined) q = q.where('user_id', '=', f.userId)
  if (f.from !== undefined) q = q.where('expense_date', '>=', f.from)
  if (f.to !== undefined) q = q.where('expense_date', '<=', f.to)
  if (f.status !== undefined) q = q.where('status', '=', f.status)
  if (f.teamOf !== undefined) q = q.where('user_id', 'in', teamOf(tenantId, f.teamOf))
  return q
}

/** A page of expenses, most recent first: expense_date desc, created_at desc, id desc. */
export async function listExpenses(
  db: Db,
  tenantId: string,
  filters: ExpenseFilters,
  window: { limit: number; offset: number },
): Promise<Page<ExpenseRow>> {
  return paginate(filtered(db, tenantId, filters), window, (q) =>
    q.selectAll().orderBy('expense_date', 'desc').orderBy('created_at', 'desc').orderBy('id', 'desc'),
  )
}

/** The id of the tenant's user with this email (already lower-cased), for the CSV import. */
export async function userIdByEmail(db: Db, tenantId: string, emailNormalized: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('email_normalized', '=', emailNormalized)
    .executeTakeFirst()
  return row?.id
}

/** Whether the tenant has a user with this id, for the CSV import. */
export async function userExists(db: Db, tenantId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', userId)
    .executeTakeFirst()
  return row !== undefined
}
