import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import fc from 'fast-check'
import {
  MAX_MINOR_UNITS,
  checkCsvHeader,
  csvColumnOf,
  csvHeaderProblem,
  csvRowToBody,
  currencyDigits,
  expenseRuleIssues,
  hasAtMostTwoDecimals,
  isSupportedCurrency,
  leadingBlankLines,
  lineBreaks,
  parseBoolean,
  parseMajorUnits,
  parseTaxes,
} from '../../src/modules/expenses/expenses.logic.js'

const value = (text: string, digits: number | null) => {
  const parsed = parseMajorUnits(text, digits)
  assert.ok(parsed.ok, `${text} should parse: ${parsed.ok ? '' : parsed.message}`)
  return parsed.value
}
const refusal = (text: string, digits: number | null) => {
  const parsed = parseMajorUnits(text, digits)
  assert.ok(!parsed.ok, `${text} should be refused, got ${parsed.ok ? parsed.value : ''}`)
  return parsed.message
}

describe('currencies', () => {
  it('knows ISO 4217 codes through Intl, in capitals only', () => {
    for (const code of ['EUR', 'USD', 'JPY', 'KWD', 'GBP', 'CHF']) assert.ok(isSupportedCurrency(code), code)
    for (const code of ['XYZ', 'eur', 'EURO', '', 'E1R']) assert.ok(!isSupportedCurrency(code), code)
  })
  it('uses the ISO 4217 minor units: EUR 2, JPY 0, KWD 3 (not the display digits of CLDR)', () => {
    assert.equal(currencyDigits('EUR'), 2)
    assert.equal(currencyDigits('USD'), 2)
    assert.equal(currencyDigits('JPY'), 0)
    assert.equal(currencyDigits('KRW'), 0)
    assert.equal(currencyDigits('KWD'), 3)
    assert.equal(currencyDigits('BHD'), 3)
    // CLDR shows these without decimals, ISO 4217 has 2 (HUF) and 3 (IQD) minor units.
    if (isSupportedCurrency('HUF')) assert.equal(currencyDigits('HUF'), 2)
    if (isSupportedCurrency('IQD')) assert.equal(currencyDigits('IQD'), 3)
    assert.equal(currencyDigits('XYZ'), null)
  })
})

describe('money in major units to minor units, exactly', () => {
  it('shifts the digits as text, with none of floating point’s rounding', () => {
    assert.equal((0.1 + 0.2) * 100, 30.000000000000004, 'what floating point would give')
    assert.equal(value('0.1', 2) + value('0.2', 2), 30)
    assert.equal(value('0.10', 2), 10)
    assert.equal(4.35 * 100, 434.99999999999994, 'what floating point would give')
    assert.equal(value('4.35', 2), 435)
    assert.equal(value('1.15', 2), 115)
    assert.equal(value('1.005', 3), 1005)
    assert.equal(value('9999999999999.99', 2), MAX_MINOR_UNITS)
  })
  it('reads whole numbers, one or two decimals for EUR; leading zeros are harmless', () => {
    assert.equal(value('1234', 2), 123400)
    assert.equal(value('12.5', 2), 1250)
    assert.equal(value('12.50', 2), 1250)
    assert.equal(value('0', 2), 0)
    assert.equal(value('0.00', 2), 0)
    assert.equal(value('007.05', 2), 705)
  })
  it('JPY has no decimals and KWD three', () => {
    assert.equal(value('1200', 0), 1200)
    assert.match(refusal('12.5', 0), /whole number/)
    assert.match(refusal('12.0', 0), /whole number/)
    assert.equal(value('1.234', 3), 1234)
    assert.equal(value('1.2', 3), 1200)
    assert.match(refusal('1.2345', 3), /at most 3 decimals/)
    assert.match(refusal('12.345', 2), /at most 2 decimals/)
  })
  it('refuses negatives and anything that is not a plain decimal with a point', () => {
    assert.match(refusal('-5', 2), /negative/)
    assert.match(refusal('-0.01', 2), /negative/)
    assert.match(refusal('', 2), /required/)
    for (const garbage of [
      'abc',
      '1,50',
      '1.2.3',
      '1e3',
      '+5',
      '.5',
      '5.',
      ' 5',
      '12 345',
      '12,345.00',
      '0x10',
      'NaN',
      'Infinity',
      '١٢',
    ]) {
      assert.match(refusal(garbage, 2), /decimal number/, garbage)
    }
  })
  it('refuses amounts beyond 15 digits of minor units', () => {
    assert.match(refusal('10000000000000.00', 2), /too large/)
    assert.match(refusal('1000000000000000', 0), /too large/)
    assert.equal(value('999999999999999', 0), MAX_MINOR_UNITS)
  })
  it('with an unknown currency checks only the form', () => {
    assert.equal(value('12.3456', null), 0)
    refusal('12,5', null)
  })
  it('property: any amount written with its currency’s decimals reads back as itself', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_MINOR_UNITS }), fc.constantFrom(0, 2, 3), (minor, digits) => {
        const text =
          digits === 0
            ? String(minor)
            : `${Math.floor(minor / 10 ** digits)}.${String(minor % 10 ** digits).padStart(digits, '0')}`
        return value(text, digits) === minor
      }),
    )
  })
})

describe('taxes in the CSV form rate:amount;...', () => {
  it('reads rates in percent and amounts in major units', () => {
    assert.deepEqual(parseTaxes('21:2.10;10:0.50', 2), {
      ok: true,
      value: [
        { rate_percent: 21, amount: 210 },
        { rate_percent: 10, amount: 50 },
      ],
    })
    assert.deepEqual(parseTaxes(' 5.5 : 0.55 ; ', 2), { ok: true, value: [{ rate_percent: 5.5, amount: 55 }] })
    assert.deepEqual(parseTaxes('10:100', 0), { ok: true, value: [{ rate_percent: 10, amount: 100 }] })
    assert.deepEqual(parseTaxes('0:0', 3), { ok: true, value: [{ rate_percent: 0, amount: 0 }] })
    assert.deepEqual(parseTaxes('', 2), { ok: true, value: [] })
  })
  it('refuses malformed items, rates outside 0..100 or with 3 decimals, and amounts the currency cannot hold', () => {
    const refused = (text: string, digits = 2) => {
      const parsed = parseTaxes(text, digits)
      assert.ok(!parsed.ok, text)
      return parsed.message
    }
    assert.match(refused('21'), /rate:amount/)
    assert.match(refused('21:1:2'), /rate:amount/)
    assert.match(refused('21:1;;10:1'), /item 2 must be rate:amount/)
    assert.match(refused('101:1'), /0 to 100/)
    assert.match(refused('21.555:1'), /2 decimals/)
    assert.match(refused('-1:1'), /0 to 100/)
    assert.match(refused('21:1.234'), /item 1: the amount must have at most 2 decimals/)
    assert.match(refused('10:0.5', 0), /whole number/)
    assert.match(refused('10:-1'), /negative/)
    assert.match(refused(Array.from({ length: 21 }, () => '1:1').join(';')), /at most 20 items/)
  })
})

describe('booleans', () => {
  it('true/false/1/0/yes/no in any case', () => {
    for (const t of ['true', 'TRUE', '1', 'yes', 'Yes']) assert.deepEqual(parseBoolean(t), { ok: true, value: true })
    for (const f of ['false', 'False', '0', 'no', 'NO']) assert.deepEqual(parseBoolean(f), { ok: true, value: false })
    for (const bad of ['y', 'n', '2', 'si', '']) assert.equal(parseBoolean(bad).ok, false)
  })
})

describe('rules beyond the schema', () => {
  const body = (over: Record<string, unknown> = {}) => ({
    amount: 1000,
    currency: 'EUR',
    amount_eur: 1000,
    taxes: [],
    ...over,
  })
  it('accepts a coherent expense', () => {
    assert.deepEqual(expenseRuleIssues(body()), [])
    assert.deepEqual(
      expenseRuleIssues(body({ currency: 'USD', amount_eur: 917, taxes: [{ rate_percent: 21, amount: 1000 }] })),
      [],
    )
  })
  it('a currency that matches the pattern but is not ISO 4217', () => {
    assert.deepEqual(expenseRuleIssues(body({ currency: 'XYZ' })), [
      { field: 'currency', message: 'must be an ISO 4217 currency code, e.g. EUR' },
    ])
  })
  it('amount_eur must equal amount in EUR', () => {
    assert.deepEqual(
      expenseRuleIssues(body({ amount_eur: 999 })).map((i) => i.field),
      ['amount_eur'],
    )
  })
  it('taxes may add up to the amount, not more', () => {
    assert.deepEqual(
      expenseRuleIssues(
        body({
          taxes: [
            { rate_percent: 10, amount: 600 },
            { rate_percent: 5, amount: 400 },
          ],
        }),
      ),
      [],
    )
    assert.deepEqual(
      expenseRuleIssues(
        body({
          taxes: [
            { rate_percent: 10, amount: 600 },
            { rate_percent: 5, amount: 401 },
          ],
        }),
      ).map((i) => i.field),
      ['taxes'],
    )
  })
  it('rates have at most two decimals', () => {
    assert.ok(
      hasAtMostTwoDecimals(21) &&
        hasAtMostTwoDecimals(21.1) &&
        hasAtMostTwoDecimals(0.07) &&
        hasAtMostTwoDecimals(99.99),
    )
    assert.ok(!hasAtMostTwoDecimals(10.005) && !hasAtMostTwoDecimals(0.001) && !hasAtMostTwoDecimals(Number.NaN))
    assert.deepEqual(
      expenseRuleIssues(body({ taxes: [{ rate_percent: 21.125, amount: 1 }] })).map((i) => i.field),
      ['taxes.0.rate_percent'],
    )
  })
  it('ignores fields of the wrong type (the schema reports those)', () => {
    assert.deepEqual(expenseRuleIssues({ amount: '10', currency: 'EUR', amount_eur: 11, taxes: 'x' }), [])
    assert.deepEqual(
      expenseRuleIssues({ amount: 10, currency: 'EUR', amount_eur: 10, taxes: [{ rate_percent: 'x', amount: 'y' }] }),
      [],
    )
  })
})

describe('CSV header and rows', () => {
  it('a header needs user_email or user_id and the required columns, and nothing unknown or repeated', () => {
    const ok = ['user_email', 'merchant', 'expense_date', 'amount', 'currency', 'category']
    assert.equal(csvHeaderProblem(checkCsvHeader(ok)), null)
    assert.equal(
      csvHeaderProblem(
        checkCsvHeader(['user_id', ...ok.slice(1), 'amount_eur', 'category_label', 'taxes', 'reconciled']),
      ),
      null,
    )
    const check = checkCsvHeader(['merchant', 'amount', 'amount', 'notes'])
    assert.deepEqual(check, {
      missing: ['user_email', 'expense_date', 'currency', 'category'],
      unknown: ['notes'],
      duplicated: ['amount'],
    })
    const problem = csvHeaderProblem(check)!
    assert.match(
      problem.message,
      /missing required columns: user_email \(or user_id\), expense_date, currency, category/,
    )
    assert.deepEqual(
      problem.issues.map((i) => i.field),
      ['user_email', 'expense_date', 'currency', 'category', 'notes', 'amount'],
    )
  })

  const row = {
    user_email: 'ana@example.com',
    merchant: 'Renfe',
    expense_date: '2026-03-02',
    amount: '45.60',
    currency: 'EUR',
    category: 'travel',
  }
  it('maps a row to the API body: minor units, amount_eur = amount for EUR, label = key, defaults left to the schema', () => {
    const result = csvRowToBody(row)
    assert.deepEqual(result.issues, [])
    assert.deepEqual(result.user, { by: 'email', email: 'ana@example.com' })
    assert.deepEqual(result.body, {
      merchant: 'Renfe',
      expense_date: '2026-03-02',
      currency: 'EUR',
      category: { key: 'travel', label: 'travel' },
      amount: 4560,
      amount_eur: 4560,
    })
    const full = csvRowToBody({
      ...row,
      user_email: '',
      user_id: 'usr_1',
      currency: 'JPY',
      amount: '1200',
      amount_eur: '7.35',
      category_label: 'Travel',
      taxes: '10:109',
      reconciled: 'yes',
    })
    assert.deepEqual(full.issues, [])
    assert.deepEqual(full.user, { by: 'id', id: 'usr_1' })
    assert.deepEqual(full.body, {
      merchant: 'Renfe',
      expense_date: '2026-03-02',
      currency: 'JPY',
      category: { key: 'travel', label: 'Travel' },
      amount: 1200,
      amount_eur: 735,
      taxes: [{ rate_percent: 10, amount: 109 }],
      reconciled: true,
    })
  })
  it('reports each unreadable column once, and leaves unconvertible amounts unchecked', () => {
    const bad = csvRowToBody({ ...row, user_email: '', amount: '12,50', currency: 'USD', reconciled: 'maybe' })
    assert.deepEqual(
      bad.issues.map((i) => i.field),
      ['user_email', 'amount', 'amount_eur', 'reconciled'],
    )
    const unknownCurrency = csvRowToBody({ ...row, currency: 'XYZ', amount: '12.345', taxes: '10:1.2345' })
    assert.deepEqual(unknownCurrency.issues, [], 'the currency itself is reported by the shared rules')
    assert.ok(
      unknownCurrency.unchecked.has('amount') &&
        unknownCurrency.unchecked.has('amount_eur') &&
        unknownCurrency.unchecked.has('taxes'),
    )
    const both = csvRowToBody({ ...row, user_id: 'usr_1' })
    assert.deepEqual(
      both.issues.map((i) => i.field),
      ['user_id'],
    )
  })
  it('names the CSV column an API field comes from', () => {
    assert.equal(csvColumnOf('category.key'), 'category')
    assert.equal(csvColumnOf('category.label'), 'category_label')
    assert.equal(csvColumnOf('taxes.0.rate_percent'), 'taxes')
    assert.equal(csvColumnOf('merchant'), 'merchant')
  })
  it('counts line breaks in raw records (CRLF once) and the blank lines before a record', () => {
    assert.equal(lineBreaks('a,b'), 0)
    assert.equal(lineBreaks('a,"b\nc",d\n'), 2)
    assert.equal(lineBreaks('a\r\nb\rc\n\r\n'), 4)
    assert.equal(leadingBlankLines('1,2,3\n'), 0)
    assert.equal(leadingBlankLines('  \n\r\n\t\n 8,9\n'), 3)
    assert.equal(leadingBlankLines('\r"x\ny",5\r'), 1)
  })
})
