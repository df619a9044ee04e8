import { scopeOfRequest } from '../../http/request-scope.js'
import { type ApiModule, operations } from '../../http/route.js'
import { DataOf, ListOf } from '../../lib/schemas.js'
import { CreateExpenseBody, Expense, ExpenseIdParams, ListExpensesQuery } from './expenses.schemas.js'
import * as service from './expenses.service.js'

const operation = operations('Expenses')

export const expensesApi: ApiModule = {
  schemas: [Expense],
  routes: () => async (app) => {
    app.get(
      '/expenses',
      operation('expenses.list', {
        summary: 'List expenses',
        description:
          'Most recent first: ordered by expense_date descending, then created_at descending, then id descending. `from` and `to` filter on expense_date, both included; `to` before `from` is 400. An unknown `user_id` simply matches nothing.',
        querystring: ListExpensesQuery,
        response: { 200: ListOf(Expense) },
      }),
      async (request) => service.listExpenses(scopeOfRequest(request), request.query),
    )
    app.get(
      '/expenses/:expense_id',
      operation('expenses.get', {
        summary: 'Get an expense',
        params: ExpenseIdParams,
        response: { 200: DataOf(Expense) },
        errors: [404],
      }),
      async (request) => ({ data: await service.getExpense(scopeOfRequest(request), request.params.expense_id) }),
    )
    app.post(
      '/expenses',
      operation('expenses.create', {
        summary: 'Import one expense (status imported)',
        description:
          'Money is in integer minor units of the currency (12.50 EUR is 1250; JPY has no decimals, KWD three). `amount_eur` must equal `amount` for EUR; the taxes may add up to at most `amount`. Allowed for an administrator, or for the employee themselves. Many expenses at once: `jornada expenses import FILE.csv`.',
        body: CreateExpenseBody,
        response: { 201: DataOf(Expense) },
        errors: [404],
      }),
      async (request, reply) =>
        reply.status(201).send({ data: await service.createExpense(scopeOfRequest(request), request.body) }),
    )
  },
}
