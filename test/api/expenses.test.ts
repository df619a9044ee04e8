/**
 * Expenses through HTTP: importing one (POST, status imported), reading one, listing with
 * filters, order and pagination; validation, permissions and tenant isolation. Each test makes
 * its own tenant.
 */
import assert from 'node:assert/strict'
import { it } from 'node:test'
import { expectError, forEachEngine, type Client, type TestContext, type TestTenant } from '../helpers/harness.js'
import { expenseBody } from '../helpers/fixtures.js'

const EXPENSE_FIELDS = [
  'amount',
  'amount_eur',
  'category',
  'created_at',
  'currency',
  'expense_date',
  'id',
  'merchant',
  'reconciled',
  'status',
  'taxes',
  'user_id',
]

const body = expenseBody

async function create(client: Client, payload: Record<string, unknown>): Promise<any> {
  const res = await client.post('/api/v1/expenses', payload)
  assert.equal(res.status, 201, JSON.stringify(res.body))
  return res.body.data
}

async function list(client: Client, query = ''): Promise<{ data: any[]; meta: any }> {
  const res = await client.get(`/api/v1/expenses${query}`)
  assert.equal(res.status, 200, JSON.stringify(res.body))
  return res.body
}

async function storedCount(t: TestContext, tenant: TestTenant): Promise<number> {
  const { n } = await t.database.db
    .selectFrom('expenses')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant_id', '=', tenant.id)
    .executeTakeFirstOrThrow()
  return Number(n)
}

forEachEngine('expenses', (t) => {
  it('imports an expense (201) in the documented shape, and reads it back', async () => {
    const tenant = await t.newTenant()
    const user = await tenant.createUser()
    const before = Date.now()
    const created = await create(
      tenant.admin,
      body(user.id, {
        merchant: '  Hotel Arts  ',
        currency: 'USD',
        amount: 123456,
        amount_eur: 113580,
        taxes: [{ rate_percent: 10.5, amount: 11730 }],
        reconciled: true,
      }),
    )
    assert.deepEqual(Object.keys(created).sort(), EXPENSE_FIELDS)
    assert.match(created.id, /^exp_[0-9A-Z]{26}$/)
    assert.deepEqual(
      { ...created, id: undefined, created_at: undefined },
      {
        id: undefined,
        created_at: undefined,
        user_id: user.id,
        status: 'imported',
        merchant: 'Hotel Arts',
        expense_date: '2026-03-02',
        amount: 123456,
        currency: 'USD',
        amount_eur: 113580,
        taxes: [{ rate_percent: 10.5, amount: 11730 }],
        category: { key: 'travel', label: 'Travel' },
        reconciled: true,
      },
    )
    assert.match(created.created_at, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)
    assert.ok(Date.parse(created.created_at) >= before - 1000)

    const read = await tenant.admin.get(`/api/v1/expenses/${created.id}`)
    assert.equal(read.status, 200)
    assert.deepEqual(read.body, { data: created }, 'what is read is what was returned on creation')
  })

  it('defaults: no taxes, not reconciled; zero amounts are allowed; JPY and KWD amounts are minor units', async () => {
    const tenant = await t.newTenant()
    const created = await create(tenant.admin, body(tenant.adminId))
    assert.deepEqual(created.taxes, [])
    assert.equal(created.reconciled, false)
    assert.equal((await create(tenant.admin, body(tenant.adminId, { amount: 0, amount_eur: 0 }))).amount, 0)
    const yen = await create(tenant.admin, body(tenant.adminId, { currency: 'JPY', amount: 1200, amount_eur: 735 }))
    assert.deepEqual([yen.amount, yen.currency, yen.amount_eur], [1200, 'JPY', 735])
    const dinar = await create(tenant.admin, body(tenant.adminId, { currency: 'KWD', amount: 1234, amount_eur: 370 }))
    assert.deepEqual([dinar.amount, dinar.currency], [1234, 'KWD'])
    // Taxes may add up to the whole amount.
    assert.equal(
      (await create(tenant.admin, body(tenant.adminId, { taxes: [{ rate_percent: 100, amount: 4560 }] }))).taxes[0]
        .amount,
      4560,
    )
    // The largest amount round-trips exactly through both engines' bigint columns.
    const big = await create(
      tenant.admin,
      body(tenant.adminId, { amount: 999_999_999_999_999, amount_eur: 999_999_999_999_999 }),
    )
    assert.equal((await tenant.admin.get(`/api/v1/expenses/${big.id}`)).body.data.amount, 999_999_999_999_999)
  })

  it('400 for each invalid field, with one details item naming it, and nothing written', async () => {
    const tenant = await t.newTenant()
    const u = tenant.adminId
    const cases: [string, Record<string, unknown>, string][] = [
      ['unknown currency', body(u, { currency: 'XYZ' }), 'currency'],
      ['currency not in capitals', body(u, { currency: 'eur', amount_eur: 4560 }), 'currency'],
      ['EUR with a different amount_eur', body(u, { amount_eur: 4559 }), 'amount_eur'],
      [
        'taxes above the amount',
        body(u, {
          taxes: [
            { rate_percent: 21, amount: 3000 },
            { rate_percent: 10, amount: 1561 },
          ],
        }),
        'taxes',
      ],
      [
        'tax rate with three decimals',
        body(u, { taxes: [{ rate_percent: 21.005, amount: 10 }] }),
        'taxes.0.rate_percent',
      ],
      ['tax rate over 100', body(u, { taxes: [{ rate_percent: 101, amount: 10 }] }), 'taxes.0.rate_percent'],
      ['unknown field in a tax', body(u, { taxes: [{ rate_percent: 21, amount: 10, base: 5 }] }), 'taxes.0.base'],
      [
        'category key with capitals and spaces',
        body(u, { category: { key: 'Bad Key', label: 'Travel' } }),
        'category.key',
      ],
      ['category key too long', body(u, { category: { key: 'a'.repeat(51), label: 'Travel' } }), 'category.key'],
      ['empty category label', body(u, { category: { key: 'travel', label: '' } }), 'category.label'],
      ['unknown field', body(u, { notes: 'typo' }), 'notes'],
      ['impossible date', body(u, { expense_date: '2026-02-30' }), 'expense_date'],
      ['date with a time', body(u, { expense_date: '2026-03-02T10:00:00Z' }), 'expense_date'],
      ['negative amount (refunds are not expenses)', body(u, { amount: -100, amount_eur: -100 }), 'amount'],
      ['fractional amount', body(u, { amount: 45.6, amount_eur: 45.6 }), 'amount'],
      ['amount as text', body(u, { amount: '4560' }), 'amount'],
      ['amount beyond 15 digits', body(u, { amount: 1e15, amount_eur: 1e15 }), 'amount'],
      ['blank merchant', body(u, { merchant: '   ' }), 'merchant'],
      ['merchant over 200 characters', body(u, { merchant: 'm'.repeat(201) }), 'merchant'],
      ['reconciled as text', body(u, { reconciled: 'yes' }), 'reconciled'],
      ['missing amount_eur', (({ amount_eur: _, ...rest }) => rest)(body(u)), 'amount_eur'],
    ]
    for (const [name, payload, field] of cases) {
      const error = expectError(await tenant.admin.post('/api/v1/expenses', payload), 400, 'invalid_request')
      assert.ok(
        error.details?.some((d) => d.field === field),
        `${name}: expected a details item for ${field}, got ${JSON.stringify(error.details)}`,
      )
    }
    expectError(
      await tenant.admin.request('POST', '/api/v1/expenses', '{"user_id":', { 'content-type': 'application/json' }),
      400,
      'invalid_json',
    )
    assert.equal(await storedCount(t, tenant), 0, 'no rejected request wrote anything')
  })

  it('404 for an unknown user or one of another tenant; validation comes first', async () => {
    const tenant = await t.newTenant()
    const other = await t.newTenant()
    const stranger = await other.createUser()
    expectError(await tenant.admin.post('/api/v1/expenses', body('usr_01ARZ3NDEKTSV4RRFFQ69G5FAV')), 404, 'not_found')
    expectError(await tenant.admin.post('/api/v1/expenses', body(stranger.id)), 404, 'not_found')
    expectError(
      await tenant.admin.post('/api/v1/expenses', body('usr_01ARZ3NDEKTSV4RRFFQ69G5FAV', { currency: 'XYZ' })),
      400,
      'invalid_request',
    )
    assert.equal(await storedCount(t, tenant), 0)
    assert.equal(await storedCount(t, other), 0)
  })

  it('a member imports their own expenses (201) but not another employee’s (403 permission_denied, after 400 and 404)', async () => {
    const tenant = await t.newTenant()
    const member = await tenant.createUser()
    const colleague = await tenant.createUser()
    const asMember = await tenant.keyFor(member.id)
    const own = await create(asMember, body(member.id))
    assert.equal(own.user_id, member.id)
    expectError(await asMember.post('/api/v1/expenses', body(colleague.id)), 403, 'permission_denied')
    expectError(await asMember.post('/api/v1/expenses', body(colleague.id, { amount_eur: 1 })), 400, 'invalid_request')
    expectError(await asMember.post('/api/v1/expenses', body('usr_01ARZ3NDEKTSV4RRFFQ69G5FAV')), 404, 'not_found')
    assert.equal(await storedCount(t, tenant), 1, 'only the member’s own expense')
    // An administrator imports for anyone.
    assert.equal((await create(tenant.admin, body(colleague.id))).user_id, colleague.id)
  })

  it('scopes: each operation needs its own', async () => {
    const tenant = await t.newTenant()
    const expense = await create(tenant.admin, body(tenant.adminId))
    const readOnly = await tenant.keyFor(tenant.adminId, ['expenses.get'])
    expectError(await readOnly.post('/api/v1/expenses', body(tenant.adminId)), 403, 'scope_required')
    expectError(await readOnly.get('/api/v1/expenses'), 403, 'scope_required')
    assert.equal((await readOnly.get(`/api/v1/expenses/${expense.id}`)).status, 200)
    expectError(await t.client(null).get('/api/v1/expenses'), 401, 'unauthenticated')
  })

  it('get: 404 for an unknown id and for another tenant’s expense', async () => {
    const tenant = await t.newTenant()
    const other = await t.newTenant()
    const theirs = await create(other.admin, body(other.adminId))
    expectError(await tenant.admin.get('/api/v1/expenses/exp_01ARZ3NDEKTSV4RRFFQ69G5FAV'), 404, 'not_found')
    expectError(await tenant.admin.get(`/api/v1/expenses/${theirs.id}`), 404, 'not_found')
    assert.equal((await other.admin.get(`/api/v1/expenses/${theirs.id}`)).status, 200)
  })

  it('list: most recent first (expense_date, then created_at, then id, all descending), paginated', async () => {
    const tenant = await t.newTenant()
    const dates = ['2026-03-02', '2026-01-15', '2026-03-02', '2026-02-10', '2026-03-02', '2025-12-31']
    const created: any[] = []
    for (const [i, date] of dates.entries())
      created.push(await create(tenant.admin, body(tenant.adminId, { expense_date: date, merchant: `M${i}` })))
    const expected = [...created].sort(
      (a, b) =>
        b.expense_date.localeCompare(a.expense_date) ||
        b.created_at.localeCompare(a.created_at) ||
        b.id.localeCompare(a.id),
    )
    const all = await list(tenant.admin)
    assert.deepEqual(all.meta, { page: 1, page_size: 25, total: 6 })
    assert.deepEqual(
      all.data.map((e) => e.id),
      expected.map((e) => e.id),
    )
    assert.deepEqual(all.data[0], expected[0], 'list items are the same objects as get returns')

    const pages = [
      await list(tenant.admin, '?page_size=4'),
      await list(tenant.admin, '?page_size=4&page=2'),
      await list(tenant.admin, '?page_size=4&page=3'),
    ]
    assert.deepEqual(
      pages.map((p) => p.data.length),
      [4, 2, 0],
    )
    assert.deepEqual(
      pages.map((p) => p.meta.total),
      [6, 6, 6],
    )
    assert.deepEqual(
      [...pages[0]!.data, ...pages[1]!.data].map((e) => e.id),
      expected.map((e) => e.id),
    )
    expectError(await tenant.admin.get('/api/v1/expenses?page_size=101'), 400, 'invalid_request')
    expectError(await tenant.admin.get('/api/v1/expenses?page=0'), 400, 'invalid_request')
  })

  it('list filters: user_id, from/to on expense_date (both included), status; bad filters are 400', async () => {
    const tenant = await t.newTenant()
    const ana = await tenant.createUser()
    const ben = await tenant.createUser()
    const a1 = await create(tenant.admin, body(ana.id, { expense_date: '2026-01-31' }))
    const a2 = await create(tenant.admin, body(ana.id, { expense_date: '2026-02-01' }))
    const a3 = await create(tenant.admin, body(ana.id, { expense_date: '2026-02-28' }))
    const b1 = await create(tenant.admin, body(ben.id, { expense_date: '2026-02-15' }))
    const ids = (page: { data: any[] }) => page.data.map((e) => e.id)

    assert.deepEqual(ids(await list(tenant.admin, `?user_id=${ana.id}`)), [a3.id, a2.id, a1.id])
    assert.deepEqual(ids(await list(tenant.admin, `?user_id=${ben.id}`)), [b1.id])
    assert.deepEqual(ids(await list(tenant.admin, '?from=2026-02-01&to=2026-02-28')), [a3.id, b1.id, a2.id])
    assert.deepEqual(ids(await list(tenant.admin, '?from=2026-02-01')), [a3.id, b1.id, a2.id])
    assert.deepEqual(ids(await list(tenant.admin, '?to=2026-02-01')), [a2.id, a1.id])
    assert.deepEqual(ids(await list(tenant.admin, '?from=2026-02-15&to=2026-02-15')), [b1.id])
    assert.deepEqual(
      ids(await list(tenant.admin, `?user_id=${ana.id}&from=2026-02-01&to=2026-02-27&status=imported`)),
      [a2.id],
    )
    assert.equal((await list(tenant.admin, '?status=imported')).meta.total, 4)
    assert.deepEqual(await list(tenant.admin, '?user_id=usr_01ARZ3NDEKTSV4RRFFQ69G5FAV'), {
      data: [],
      meta: { page: 1, page_size: 25, total: 0 },
    })

    const error = expectError(
      await tenant.admin.get('/api/v1/expenses?from=2026-02-02&to=2026-02-01'),
      400,
      'invalid_request',
    )
    assert.deepEqual(
      error.details?.map((d) => d.field),
      ['to'],
    )
    for (const [query, field] of [
      ['?status=approved', 'status'],
      ['?from=2026-02-30', 'from'],
      ['?to=tomorrow', 'to'],
      ['?userid=x', 'userid'],
    ] as const) {
      const e = expectError(await tenant.admin.get(`/api/v1/expenses${query}`), 400, 'invalid_request')
      assert.ok(
        e.details?.some((d) => d.field === field),
        `${query}: ${JSON.stringify(e.details)}`,
      )
    }
  })

  it('list never shows another tenant’s expenses, even when filtering by their user', async () => {
    const tenant = await t.newTenant()
    const other = await t.newTenant()
    const stranger = await other.createUser()
    const mine = await create(tenant.admin, body(tenant.adminId))
    await create(other.admin, body(stranger.id))
    await create(other.admin, body(other.adminId))
    const page = await list(tenant.admin)
    assert.deepEqual(
      page.data.map((e) => e.id),
      [mine.id],
    )
    assert.equal(page.meta.total, 1)
    assert.equal((await list(tenant.admin, `?user_id=${stranger.id}`)).meta.total, 0)
    assert.equal((await list(other.admin)).meta.total, 2)
  })

  it('the OpenAPI document describes the three operations with their scopes', async () => {
    const tenant = await t.newTenant()
    const doc = (await tenant.admin.get('/api/v1/openapi.json')).body
    assert.equal(doc.paths['/api/v1/expenses'].get['x-scope'], 'expenses.list')
    assert.equal(doc.paths['/api/v1/expenses'].post['x-scope'], 'expenses.create')
    assert.equal(doc.paths['/api/v1/expenses/{expense_id}'].get['x-scope'], 'expenses.get')
    assert.match(
      doc.paths['/api/v1/expenses'].get.description,
      /expense_date descending, then created_at descending, then id descending/,
    )
    assert.ok(doc.components.schemas.Expense, 'the Expense schema is a named component')
  })
})
