/** Request and response schemas of the expenses API; they also generate its OpenAPI entries. */
import { Type, type Static } from 'typebox'
import { DateString, Id, PaginationQuery } from '../../lib/schemas.js'
import { CATEGORY_KEY_PATTERN, MAX_MINOR_UNITS, MAX_TAX_LINES } from './expenses.logic.js'

const ExpenseStatus = Type.Enum(['imported'], {
  type: 'string',
  description: "'imported': entered through an import (the only status so far)",
})
const MinorUnits = (description: string) => Type.Integer({ minimum: 0, maximum: MAX_MINOR_UNITS, description })
const Currency = Type.String({
  pattern: '^[A-Z]{3}$',
  description: 'ISO 4217 code in capitals, e.g. EUR, USD, JPY',
  examples: ['EUR'],
})

const TaxLine = Type.Object(
  {
    rate_percent: Type.Number({
      minimum: 0,
      maximum: 100,
      description: 'Tax rate in percent, 0 to 100, at most 2 decimals (21, 10.5)',
    }),
    amount: MinorUnits('Tax included in the amount, in minor units of the currency'),
  },
  { additionalProperties: false },
)

const Category = Type.Object(
  {
    key: Type.String({
      pattern: CATEGORY_KEY_PATTERN,
      description: 'Stable key: 1 to 50 of a-z, 0-9, _ and -',
      examples: ['travel'],
    }),
    label: Type.String({
      minLength: 1,
      maxLength: 100,
      pattern: '\\S',
      description: 'Name shown to people',
      examples: ['Travel'],
    }),
  },
  { additionalProperties: false },
)

export const Expense = Type.Object(
  {
    id: Type.String(),
    user_id: Type.String({ description: 'Employee who incurred the expense' }),
    status: ExpenseStatus,
    merchant: Type.String(),
    expense_date: Type.String({ format: 'date', description: 'Day of the expense, YYYY-MM-DD' }),
    amount: Type.Integer({
      description: 'Amount in minor units of `currency` (cents for EUR, yen for JPY, fils for KWD)',
    }),
    currency: Type.String({ description: 'ISO 4217 code' }),
    amount_eur: Type.Integer({ description: 'Euro equivalent in cents' }),
    taxes: Type.Array(
      Type.Object({ rate_percent: Type.Number(), amount: Type.Integer({ description: 'Minor units of `currency`' }) }),
      {
        description: 'Taxes included in the amount',
      },
    ),
    category: Type.Object({ key: Type.String(), label: Type.String() }),
    reconciled: Type.Boolean({ description: 'Matched with a bank movement' }),
    created_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'Expense', description: 'An expense of an employee; money as integers of minor units' },
)
export type ExpenseType = Static<typeof Expense>

export const CreateExpenseBody = Type.Object(
  {
    user_id: Id('Employee who incurred the expense: the acting user, or anyone when acting as an administrator'),
    merchant: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S', description: 'Where the money was spent' }),
    expense_date: DateString('Day of the expense'),
    amount: MinorUnits(
      'Amount in minor units of `currency` (1250 is 12.50 EUR; 1250 is 1,250 JPY). Not negative: refunds are not expenses',
    ),
    currency: Currency,
    amount_eur: MinorUnits('Euro equivalent in cents; equal to `amount` when the currency is EUR'),
    taxes: Type.Optional(
      Type.Array(TaxLine, {
        maxItems: MAX_TAX_LINES,
        default: [],
        description: 'Taxes included in the amount; their amounts add up to at most `amount`',
      }),
    ),
    category: Category,
    reconciled: Type.Optional(
      Type.Boolean({ default: false, description: 'Already matched with a bank movement (default false)' }),
    ),
  },
  { additionalProperties: false },
)
export type CreateExpenseBodyType = Static<typeof CreateExpenseBody>

export const ListExpensesQuery = Type.Object(
  {
    user_id: Type.Optional(Id('Only this employee’s expenses')),
    from: Type.Optional(DateString('Only expenses on or after this day')),
    to: Type.Optional(DateString('Only expenses on or before this day (not before `from`)')),
    status: Type.Optional(ExpenseStatus),
    page: Type.Optional(PaginationQuery.page),
    page_size: Type.Optional(PaginationQuery.page_size),
  },
  { additionalProperties: false },
)
export type ListExpensesQueryType = Static<typeof ListExpensesQuery>

export const ExpenseIdParams = Type.Object({ expense_id: Id() }, { additionalProperties: false })
