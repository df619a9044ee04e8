/**
 * The rules of expenses as pure functions: currencies and their minor units, exact conversion of
 * decimal text to minor units (string arithmetic, never floating point), the checks an expense
 * must pass beyond its JSON schema, and the mapping of one CSV row to an API body. The API and
 * the CSV import share them, so both accept and refuse exactly the same expenses.
 */
import type { FieldIssue } from '../../errors.js'

/** Largest amount in minor units: 15 digits, well inside 2^53 (exact as a JS number, fits bigint). */
export const MAX_MINOR_UNITS = 999_999_999_999_999
export const MAX_TAX_LINES = 20
export const CATEGORY_KEY_PATTERN = '^[a-z0-9_-]{1,50}$'

const SUPPORTED_CURRENCIES: ReadonlySet<string> = new Set(Intl.supportedValuesOf('currency'))

/**
 * ISO 4217 minor units that are not 2. (The runtime's CLDR data gives display digits instead,
 * which differ from ISO for HUF, IDR, COP, IQD and others, so it is not used for this.)
 */
const MINOR_UNIT_EXCEPTIONS: Readonly<Record<string, number>> = {
  BIF: 0,
  CLP: 0,
  DJF: 0,
  GNF: 0,
  ISK: 0,
  JPY: 0,
  KMF: 0,
  KRW: 0,
  PYG: 0,
  RWF: 0,
  UGX: 0,
  UYI: 0,
  VND: 0,
  VUV: 0,
  XAF: 0,
  XOF: 0,
  XPF: 0,
  BHD: 3,
  IQD: 3,
  JOD: 3,
  KWD: 3,
  LYD: 3,
  OMR: 3,
  TND: 3,
  CLF: 4,
  UYW: 4,
}

/** true for an ISO 4217 code this runtime knows (`Intl.supportedValuesOf('currency')`). */
export function isSupportedCurrency(code: string): boolean {
  return SUPPORTED_CURRENCIES.has(code)
}

/** Decimal places of the currency's minor unit (EUR 2, JPY 0, KWD 3), or null for an unknown code. */
export function currencyDigits(code: string): number | null {
  if (!isSupportedCurrency(code)) return null
  return MINOR_UNIT_EXCEPTIONS[code] ?? 2
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string }

const DECIMAL = /^(\d+)(?:\.(\d+))?$/

/**
 * Decimal text in major units (`12.50`, `1234`) to an integer of minor units, exactly: the digits
 * are shifted as text, so `0.1` is 10 cents and `4.35` is 435 (4.35 * 100 is 434.99999999999994
 * in floating point). More decimals than the currency has, signs, exponents, thousands
 * separators and decimal commas are refused rather than guessed at. With `digits` null (the
 * currency is unknown) only the form is checked and the value is 0.
 */
export function parseMajorUnits(text: string, digits: number | null): Parsed<number> {
  if (text === '') return { ok: false, message: 'is required' }
  if (/^-\s*[\d.]/.test(text)) return { ok: false, message: 'must not be negative' }
  const m = DECIMAL.exec(text)
  if (!m) return { ok: false, message: 'must be a decimal number in major units with a point, e.g. 12.50' }
  const whole = m[1]!
  const fraction = m[2] ?? ''
  if (digits === null) return { ok: true, value: 0 }
  if (fraction.length > digits) {
    return {
      ok: false,
      message:
        digits === 0
          ? 'must be a whole number: the currency has no decimals'
          : `must have at most ${digits} decimals for this currency`,
    }
  }
  const minor = (whole + fraction.padEnd(digits, '0')).replace(/^0+(?=\d)/, '')
  if (minor.length > String(MAX_MINOR_UNITS).length) return { ok: false, message: 'is too large' }
  return { ok: true, value: Number(minor) }
}

export interface TaxLine {
  rate_percent: number
  amount: number
}

const RATE = /^\d{1,3}(?:\.\d{1,2})?$/

/**
 * The CSV form of taxes, `rate:amount` pairs separated by `;` with amounts in major units
 * (`21:2.10;10:0.50`), to tax lines in minor units. Empty text is no taxes.
 */
export function parseTaxes(text: string, digits: number | null): Parsed<TaxLine[]> {
  const lines: TaxLine[] = []
  const parts = text.split(';').map((p) => p.trim())
  if (parts.at(-1) === '') parts.pop() // a trailing separator
  if (parts.length === 1 && parts[0] === '') return { ok: true, value: [] }
  for (const [i, part] of parts.entries()) {
    const pair = /^([^:]*):([^:]*)$/.exec(part)
    if (!pair) return { ok: false, message: `item ${i + 1} must be rate:amount, e.g. 21:2.10 (items separated by ;)` }
    const rate = pair[1]!.trim()
    if (!RATE.test(rate) || Number(rate) > 100)
      return {
        ok: false,
        message: `item ${i + 1}: the rate must be a percentage from 0 to 100 with at most 2 decimals`,
      }
    const amount = parseMajorUnits(pair[2]!.trim(), digits)
    if (!amount.ok) return { ok: false, message: `item ${i + 1}: the amount ${amount.message}` }
    lines.push({ rate_percent: Number(rate), amount: amount.value })
  }
  if (lines.length > MAX_TAX_LINES) return { ok: false, message: `must have at most ${MAX_TAX_LINES} items` }
  return { ok: true, value: lines }
}

const TRUE = new Set(['true', '1', 'yes'])
const FALSE = new Set(['false', '0', 'no'])

/** true/false/1/0/yes/no in any case. */
export function parseBoolean(text: string): Parsed<boolean> {
  const t = text.toLowerCase()
  if (TRUE.has(t)) return { ok: true, value: true }
  if (FALSE.has(t)) return { ok: true, value: false }
  return { ok: false, message: 'must be true, false, 1, 0, yes or no' }
}

/** A percentage with at most two decimals: 21, 10.5, 5.25 (the nearest double of one, that is). */
export function hasAtMostTwoDecimals(value: number): boolean {
  return Number.isFinite(value) && Math.round(value * 100) / 100 === value
}

/**
 * The rules an expense body must follow beyond its JSON schema. Each check looks only at fields
 * that have the right type, so it can run beside schema validation and add its own issues.
 */
export function expenseRuleIssues(body: Record<string, unknown>): FieldIssue[] {
  const issues: FieldIssue[] = []
  const { currency, amount, amount_eur: amountEur, taxes } = body
  if (typeof currency === 'string' && /^[A-Z]{3}$/.test(currency) && !isSupportedCurrency(currency)) {
    issues.push({ field: 'currency', message: 'must be an ISO 4217 currency code, e.g. EUR' })
  }
  if (currency === 'EUR' && Number.isInteger(amount) && Number.isInteger(amountEur) && amount !== amountEur) {
    issues.push({ field: 'amount_eur', message: 'must equal amount when the currency is EUR' })
  }
  if (Array.isArray(taxes)) {
    let sum = 0
    let summable = true
    for (const [i, line] of taxes.entries()) {
      const rate = (line as Partial<TaxLine> | null)?.rate_percent
      const lineAmount = (line as Partial<TaxLine> | null)?.amount
      if (typeof rate === 'number' && !hasAtMostTwoDecimals(rate)) {
        issues.push({ field: `taxes.${i}.rate_percent`, message: 'must have at most 2 decimals' })
      }
      if (Number.isInteger(lineAmount)) sum += lineAmount as number
      else summable = false
    }
    if (summable && Number.isInteger(amount) && sum > (amount as number)) {
      issues.push({ field: 'taxes', message: 'the tax amounts add up to more than the amount' })
    }
  }
  return issues
}

// ---------------------------------------------------------------------------------------------
// CSV rows

/** Columns of the import file. A row names its employee by `user_email` or `user_id`. */
export const CSV_REQUIRED_COLUMNS = ['merchant', 'expense_date', 'amount', 'currency', 'category'] as const
export const CSV_USER_COLUMNS = ['user_email', 'user_id'] as const
/** Every column, in the order row errors are listed. */
export const CSV_COLUMNS = [
  'user_email',
  'user_id',
  'merchant',
  'expense_date',
  'amount',
  'currency',
  'amount_eur',
  'category',
  'category_label',
  'taxes',
  'reconciled',
] as const
const KNOWN_COLUMNS: ReadonlySet<string> = new Set(CSV_COLUMNS)

export interface CsvHeaderCheck {
  /** Required columns that are absent (`user_email` stands for "user_email or user_id"). */
  missing: string[]
  unknown: string[]
  duplicated: string[]
}

/** What is wrong with a header row (already trimmed and lower-cased). */
export function checkCsvHeader(columns: readonly string[]): CsvHeaderCheck {
  const seen = new Set<string>()
  const check: CsvHeaderCheck = { missing: [], unknown: [], duplicated: [] }
  for (const column of columns) {
    if (seen.has(column)) check.duplicated.push(column)
    else if (!KNOWN_COLUMNS.has(column)) check.unknown.push(column)
    seen.add(column)
  }
  if (!CSV_USER_COLUMNS.some((c) => seen.has(c))) check.missing.push('user_email')
  check.missing.push(...CSV_REQUIRED_COLUMNS.filter((c) => !seen.has(c)))
  return check
}

/** The header's problems as issues (one per column) and one sentence; null when it is usable. */
export function csvHeaderProblem(check: CsvHeaderCheck): { message: string; issues: FieldIssue[] } | null {
  const issues: FieldIssue[] = [
    ...check.missing.map((c) => ({
      field: c,
      message: c === 'user_email' ? 'required column is missing (or give user_id)' : 'required column is missing',
    })),
    ...check.unknown.map((c) => ({ field: c || '(empty)', message: 'unknown column' })),
    ...check.duplicated.map((c) => ({ field: c || '(empty)', message: 'column appears more than once' })),
  ]
  if (issues.length === 0) return null
  const parts = [
    check.missing.length > 0
      ? `missing required columns: ${check.missing.map((c) => (c === 'user_email' ? 'user_email (or user_id)' : c)).join(', ')}`
      : '',
    check.unknown.length > 0
      ? `unknown columns: ${check.unknown.join(', ')} (known: ${[...KNOWN_COLUMNS].join(', ')})`
      : '',
    check.duplicated.length > 0 ? `repeated columns: ${check.duplicated.join(', ')}` : '',
  ]
  return { message: `The CSV header is not usable: ${parts.filter(Boolean).join('; ')}`, issues }
}

/** How a row names its employee. */
export type UserReference = { by: 'email'; email: string } | { by: 'id'; id: string }

export interface CsvRowResult {
  /** The API body the row describes, without `user_id`, as far as its fields could be read. */
  body: Record<string, unknown>
  user: UserReference | null
  /** Problems found while reading the text, by CSV column. */
  issues: FieldIssue[]
  /** API fields that are absent because their column was already reported (or could not be read). */
  unchecked: Set<string>
}

/**
 * One CSV row (column -> trimmed text) to the body the API would receive: money from decimal
 * major units to minor units of its currency, taxes from `rate:amount;...`, the category label
 * defaulting to its key, `amount_eur` defaulting to `amount` for EUR.
 */
export function csvRowToBody(row: Readonly<Record<string, string | undefined>>): CsvRowResult {
  const text = (column: string) => row[column] ?? ''
  const issues: FieldIssue[] = []
  const unchecked = new Set<string>()
  const body: Record<string, unknown> = {
    merchant: text('merchant'),
    expense_date: text('expense_date'),
    currency: text('currency'),
    category: { key: text('category'), label: text('category_label') || text('category') },
  }
  const fail = (column: string, field: string, message: string) => {
    issues.push({ field: column, message })
    unchecked.add(field)
  }

  let user: UserReference | null = null
  const email = text('user_email')
  const id = text('user_id')
  if (email && id) fail('user_id', 'user_id', 'give user_email or user_id, not both')
  else if (email) user = { by: 'email', email }
  else if (id) user = { by: 'id', id }
  else fail('user_email', 'user_id', 'is required (or give user_id)')

  // Without a known currency the amounts cannot be converted; only their form is checked.
  const currency = text('currency')
  const digits = currencyDigits(currency)
  const money = (column: 'amount' | 'amount_eur', places: number | null): void => {
    const parsed = parseMajorUnits(text(column), places)
    if (!parsed.ok) fail(column, column, parsed.message)
    else if (places === null) unchecked.add(column)
    else body[column] = parsed.value
  }
  money('amount', digits)
  if (text('amount_eur') !== '') money('amount_eur', 2)
  else if (currency === 'EUR') {
    if (body.amount !== undefined) body.amount_eur = body.amount
    else unchecked.add('amount_eur')
  } else if (digits !== null) fail('amount_eur', 'amount_eur', 'is required when the currency is not EUR')
  else unchecked.add('amount_eur')

  if (text('taxes') !== '') {
    const parsed = parseTaxes(text('taxes'), digits)
    if (!parsed.ok) fail('taxes', 'taxes', parsed.message)
    else if (digits === null) unchecked.add('taxes')
    else body.taxes = parsed.value
  }
  if (text('reconciled') !== '') {
    const parsed = parseBoolean(text('reconciled'))
    if (parsed.ok) body.reconciled = parsed.value
    else fail('reconciled', 'reconciled', parsed.message)
  }
  return { body, user, issues, unchecked }
}

/** The CSV column an API field (`category.key`, `taxes.0.amount`) comes from. */
export function csvColumnOf(field: string): string {
  if (field === 'category.label') return 'category_label'
  if (field.startsWith('category')) return 'category'
  if (field.startsWith('taxes')) return 'taxes'
  return field
}

/** Line breaks in a text, `\r\n` counting once (as do a lone `\r` or `\n`). */
export function lineBreaks(text: string): number {
  let count = 0
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === 10) count += 1
    else if (c === 13) {
      count += 1
      if (text.charCodeAt(i + 1) === 10) i += 1
    }
  }
  return count
}

/** Blank lines at the start of a record's raw text (skipped lines before it). */
export function leadingBlankLines(raw: string): number {
  const blank = /^(?:[ \t]*(?:\r\n|\r|\n))*/.exec(raw)
  return blank ? lineBreaks(blank[0]) : 0
}
