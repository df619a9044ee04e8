/**
 * Expenses: importing them (one through the API, many from a CSV file through the CLI) and
 * reading them back. Both ways in validate with the same schema and rules (`expenseInputIssues`).
 */
import type { ControlledTransaction, Kysely } from 'kysely'
import type { AuthContext } from '../../auth/context.js'
import { canAdministerEmployees } from '../../auth/permissions.js'
import type { Database, ExpenseRow } from '../../db/schema.js'
import { AppError, type FieldIssue, invalidField, notFound, permissionDenied } from '../../errors.js'
import { pageOf } from '../../http/pagination.js'
import { checkAgainst } from '../../http/validation.js'
import { newId } from '../../lib/ids.js'
import { nowIso } from '../../lib/time.js'
import { findUserRow } from '../users/users.repository.js'
import * as logic from './expenses.logic.js'
import * as repo from './expenses.repository.js'
import { CreateExpenseBody, type CreateExpenseBodyType, type ExpenseType, type ListExpensesQueryType } from './expenses.schemas.js'

type Db = Kysely<Database>

export const IMPORTED = 'imported'

export function expenseToApi(row: ExpenseRow): ExpenseType {
  return {
    id: row.id,
    user_id: row.user_id,
    status: row.status as ExpenseType['status'],
    merchant: row.merchant,
    expense_date: row.expense_date,
    amount: Number(row.amount),
    currency: row.currency,
    amount_eur: Number(row.amount_eur),
    taxes: JSON.parse(row.taxes) as logic.TaxLine[],
    category: { key: row.category_key, label: row.category_label },
    reconciled: Boolean(row.reconciled),
    created_at: row.created_at,
  }
}

/**
 * Everything wrong with an expense body: its schema (types, lengths, formats, unknown fields) and
 * the rules beyond it (known currency, EUR amounts equal, taxes within the amount). One issue
 * per field, schema issues first. Fills in the defaults (`taxes`, `reconciled`) when valid.
 */
export function expenseInputIssues(body: Record<string, unknown>): FieldIssue[] {
  const issues = checkAgainst(CreateExpenseBody, body)
  const seen = new Set(issues.map((i) => i.field))
  for (const issue of logic.expenseRuleIssues(body)) {
    if (!seen.has(issue.field)) issues.push(issue)
    seen.add(issue.field)
  }
  return issues
}

/** The row of a valid body (see expenseInputIssues), as imported now. */
export function importedExpenseRow(tenantId: string, body: CreateExpenseBodyType, createdAt: string): ExpenseRow {
  return {
    id: newId('expense'),
    tenant_id: tenantId,
    user_id: body.user_id,
    status: IMPORTED,
    merchant: body.merchant.trim(),
    expense_date: body.expense_date,
    amount: body.amount,
    currency: body.currency,
    amount_eur: body.amount_eur,
    taxes: JSON.stringify((body.taxes ?? []).map((t) => ({ rate_percent: t.rate_percent, amount: t.amount }))),
    category_key: body.category.key,
    category_label: body.category.label.trim(),
    reconciled: body.reconciled ?? false,
    created_at: createdAt,
  }
}

/** Imports one expense: 400 (rules) -> 404 (user) -> 403 (an administrator, or the user themselves). */
export async function createExpense(db: Db, auth: AuthContext, body: CreateExpenseBodyType): Promise<ExpenseType> {
  const issues = logic.expenseRuleIssues(body as unknown as Record<string, unknown>)
  if (issues.length > 0) throw new AppError('invalid_request', `Invalid body: ${issues.map((i) => i.field).join(', ')}`, issues)
  if (!(await findUserRow(db, auth.tenantId, body.user_id))) throw notFound('User')
  if (!canAdministerEmployees(auth.actor) && auth.actor.id !== body.user_id) {
    throw permissionDenied('Only an administrator may import expenses of other employees')
  }
  const row = importedExpenseRow(auth.tenantId, body, nowIso())
  await repo.insertExpenses(db, [row])
  return expenseToApi(row)
}

export async function getExpense(db: Db, auth: AuthContext, id: string): Promise<ExpenseType> {
  const row = await repo.findExpense(db, auth.tenantId, id)
  if (!row) throw notFound('Expense')
  return expenseToApi(row)
}

export async function listExpenses(db: Db, auth: AuthContext, query: ListExpensesQueryType) {
  if (query.from !== undefined && query.to !== undefined && query.to < query.from) throw invalidField('to', 'must be on or after from')
  const window = pageOf(query)
  const { rows, total } = await repo.listExpenses(
    db,
    auth.tenantId,
    { userId: query.user_id, from: query.from, to: query.to, status: query.status },
    window,
  )
  return { data: rows.map(expenseToApi), meta: { page: window.page, page_size: window.pageSize, total } }
}

/**
 * Rows held in memory before they are written into the open batch transaction. Small on purpose:
 * objects that wait for a whole batch (or a large statement in flight) outlive V8's young
 * generation, and the heap then grows with the file until a full collection; with a few dozen
 * rows in flight it stays flat.
 */
const ROWS_PER_WRITE = 20
/**
 * SQLite page cache of the importing connection, KiB. A bulk import writes pages it does not read
 * back, and the connection's usual 64 MiB cache would only fill up with them, so it is lowered
 * for the import (the server's own connection is a different one and keeps its cache).
 */
const IMPORT_PAGE_CACHE_KIB = 4096

/**
 * Writes imported rows in batches of `batchSize`, one transaction per batch: all of a batch's
 * rows or none. The batch's transaction is opened with its first row and rows are written into
 * it as they arrive, so the process never holds a whole batch.
 */
export class ImportBatches {
  #trx: ControlledTransaction<Database> | null = null
  #pending: ExpenseRow[] = []
  #inBatch = 0
  #cacheSetting: number | null = null
  batches = 0
  imported = 0

  private constructor(
    private readonly db: Db,
    private readonly batchSize: number,
  ) {}

  static async open(db: Db, batchSize: number): Promise<ImportBatches> {
    const batches = new ImportBatches(db, batchSize)
    batches.#cacheSetting = await repo.setSqlitePageCache(db, IMPORT_PAGE_CACHE_KIB)
    return batches
  }

  /** Where reads made during the import go: the open transaction (SQLite has a single connection). */
  get reader(): Db {
    return this.#trx ?? this.db
  }

  async add(row: ExpenseRow): Promise<void> {
    this.#trx ??= await this.db.startTransaction().execute()
    this.#pending.push(row)
    this.#inBatch += 1
    if (this.#inBatch >= this.batchSize) await this.#commit()
    else if (this.#pending.length >= ROWS_PER_WRITE) await this.#write()
  }

  /** Commits the last, partial batch. */
  async finish(): Promise<void> {
    if (this.#trx) await this.#commit()
    await repo.restoreSqlitePageCache(this.db, this.#cacheSetting)
  }

  /** Rolls the open batch back after a failure; committed batches stay. */
  async abort(): Promise<void> {
    const trx = this.#trx
    this.#trx = null
    this.#pending = []
    this.#inBatch = 0
    if (trx) await trx.rollback().execute()
    await repo.restoreSqlitePageCache(this.db, this.#cacheSetting)
  }

  async #write(): Promise<void> {
    const rows = this.#pending
    this.#pending = []
    await repo.insertExpenses(this.#trx!, rows)
  }

  async #commit(): Promise<void> {
    await this.#write()
    await this.#trx!.commit().execute()
    this.#trx = null
    this.batches += 1
    this.imported += this.#inBatch
    this.#inBatch = 0
  }
}

/**
 * Finds employees of one tenant by email (case-insensitive) or id, remembering the answers for
 * the rest of an import: a file usually names the same few employees again and again.
 */
export function userResolver(db: () => Db, tenantId: string): (ref: logic.UserReference) => Promise<string | null> {
  const MAX_REMEMBERED = 100_000
  const known = new Map<string, string | null>()
  return async (ref) => {
    const key = ref.by === 'email' ? `e:${ref.email.toLowerCase()}` : `i:${ref.id}`
    const cached = known.get(key)
    if (cached !== undefined) return cached
    const id =
      ref.by === 'email'
        ? ((await repo.userIdByEmail(db(), tenantId, ref.email.toLowerCase())) ?? null)
        : (await repo.userExists(db(), tenantId, ref.id))
          ? ref.id
          : null
    // A file naming ever new (mostly unknown) people must not grow this without end.
    if (known.size >= MAX_REMEMBERED) known.clear()
    known.set(key, id)
    return id
  }
}
