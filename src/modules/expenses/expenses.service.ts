/**
 * Expenses: importing them (one through the API, many from a CSV file through the CLI, see
 * expenses.import) and reading them back. Both ways in validate with the same schema and rules
 * (`expenseInputIssues`).
 */
import type { RequestScope } from '../../auth/request-scope.js'
import { canImportExpenseFor, canReconcileExpenses, recordsLimitedToTeamOf } from '../../auth/policies.js'
import { canSeeRecordsOf } from '../../auth/visibility.js'
import type { ExpenseRow } from './expenses.tables.js'
import { inTransaction, nowIsoOf } from '../../db/unit-of-work.js'
import { AppError, type FieldIssue, invalidField, notFound, permissionDenied } from '../../errors.js'
import { listBody, pageOf } from '../../lib/pagination.js'
import { checkAgainst } from '../../lib/validation.js'
import { newId } from '../../lib/ids.js'
import { findUserRow } from '../users/index.js'
import * as logic from './expenses.logic.js'
import { announced } from '../events/index.js'
import * as repo from './expenses.repository.js'
import {
  CreateExpenseBody,
  type CreateExpenseBodyType,
  type ExpenseType,
  type ListExpensesQueryType,
} from './expenses.schemas.js'
import { jsonText, parseJsonText } from '../../db/codec.js'

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
    taxes: parseJsonText(row.taxes) as logic.TaxLine[],
    category: { key: row.category_key, label: row.category_label },
    reconciled: row.reconciled,
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
    taxes: jsonText((body.taxes ?? []).map((t) => ({ rate_percent: t.rate_percent, amount: t.amount }))),
    category_key: body.category.key,
    category_label: body.category.label.trim(),
    reconciled: body.reconciled ?? false,
    created_at: createdAt,
  }
}

/** Imports one expense: 400 (rules) -> 404 (user) -> 403 (an administrator, or the user themselves). */
export async function createExpense(scope: RequestScope, body: CreateExpenseBodyType): Promise<ExpenseType> {
  const { db, auth } = scope
  const issues = logic.expenseRuleIssues(body as unknown as Record<string, unknown>)
  if (issues.length > 0)
    throw new AppError('invalid_request', `Invalid body: ${issues.map((i) => i.field).join(', ')}`, issues)
  if (!(await findUserRow(db, auth.tenantId, body.user_id))) throw notFound('User')
  if (!canImportExpenseFor(auth.actor, body.user_id)) {
    throw permissionDenied('Only an administrator may import expenses of other employees')
  }
  if (body.reconciled === true && !canReconcileExpenses(auth.actor, auth.tenant.hr_department_id)) {
    throw permissionDenied('Only an administrator or a member of the HR department may mark an expense reconciled')
  }
  const row = importedExpenseRow(auth.tenantId, body, nowIsoOf(scope))
  return inTransaction(scope, async (tx) => {
    await repo.insertExpenses(tx.db, [row])
    return announced(tx, 'expense.created', expenseToApi(row))
  })
}

export async function getExpense(scope: RequestScope, id: string): Promise<ExpenseType> {
  const { db, auth } = scope
  const row = await repo.findExpense(db, auth.tenantId, id)
  if (!row || !(await canSeeRecordsOf(db, auth, row.user_id))) throw notFound('Expense')
  return expenseToApi(row)
}

export async function listExpenses(scope: RequestScope, query: ListExpensesQueryType) {
  const { db, auth } = scope
  if (query.from !== undefined && query.to !== undefined && query.to < query.from)
    throw invalidField('to', 'must be on or after from')
  const window = pageOf(query)
  const filters = {
    userId: query.user_id,
    from: query.from,
    to: query.to,
    status: query.status,
    teamOf: recordsLimitedToTeamOf(auth) ?? undefined,
  }
  return listBody(window, await repo.listExpenses(db, auth.tenantId, filters, window), expenseToApi)
}
