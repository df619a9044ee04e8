/**
 * The holiday list and create requests through HTTP: pagination over the ordered list, the
 * validation of ranges and bodies (400), and unknown work centers (404).
 */
import assert from 'node:assert/strict'
import { it } from 'node:test'
import { expectError, forEachEngine } from '../helpers/harness.js'
import {
  createHoliday,
  createWorkCenter,
  holidaysUrl,
  madridTenant,
  publicHolidays,
  year2026,
} from '../helpers/schedules-holidays.js'

forEachEngine('holidays: pagination and validation', (t) => {
  it('pagination: pages partition the ordered list; a page past the end is empty and keeps the total', async () => {
    const tenant = await madridTenant(t)
    await createHoliday(tenant.admin, { date: '2026-03-19', name: 'San José (company)' })
    const all = await year2026(tenant.admin)
    const total = all.length
    assert.equal(total, publicHolidays('ES', 'MD', 2026).length + 1)
    const pageSize = 4
    const pages: any[] = []
    const lastPage = Math.ceil(total / pageSize)
    for (let page = 1; page <= lastPage; page++) {
      const res = await tenant.admin.get(
        holidaysUrl({ from: '2026-01-01', to: '2026-12-31', page, page_size: pageSize }),
      )
      assert.equal(res.status, 200)
      assert.deepEqual(res.body.meta, { page, page_size: pageSize, total })
      assert.equal(res.body.data.length, page < lastPage ? pageSize : total - pageSize * (lastPage - 1))
      pages.push(...res.body.data)
    }
    assert.deepEqual(pages, all)
    const past = await tenant.admin.get(
      holidaysUrl({ from: '2026-01-01', to: '2026-12-31', page: lastPage + 1, page_size: pageSize }),
    )
    assert.equal(past.status, 200)
    assert.deepEqual(past.body, { data: [], meta: { page: lastPage + 1, page_size: pageSize, total } })
    const far = await tenant.admin.get(holidaysUrl({ from: '2026-01-01', to: '2026-12-31', page: 1000 }))
    assert.deepEqual(far.body, { data: [], meta: { page: 1000, page_size: 25, total } })
    const defaults = await tenant.admin.get(holidaysUrl({ from: '2026-01-01', to: '2026-12-31' }))
    assert.deepEqual(defaults.body.meta, { page: 1, page_size: 25, total })
    assert.deepEqual(defaults.body.data, all.slice(0, 25))
    expectError(
      await tenant.admin.get(holidaysUrl({ from: '2026-01-01', to: '2026-12-31', page_size: 0 })),
      400,
      'invalid_request',
    )
    expectError(
      await tenant.admin.get(holidaysUrl({ from: '2026-01-01', to: '2026-12-31', page_size: 101 })),
      400,
      'invalid_request',
    )
    expectError(
      await tenant.admin.get(holidaysUrl({ from: '2026-01-01', to: '2026-12-31', page: 0 })),
      400,
      'invalid_request',
    )
    expectError(
      await tenant.admin.get(holidaysUrl({ from: '2026-01-01', to: '2026-12-31', page: 'two' })),
      400,
      'invalid_request',
    )
  })

  it('list validation: real dates, to on or after from, at most 366 days, known parameters (400)', async () => {
    const tenant = await madridTenant(t)
    const list = (query: Record<string, string | number>) => tenant.admin.get(holidaysUrl(query))
    const fieldOf = async (query: Record<string, string | number>, field: string) => {
      const error = expectError(await list(query), 400, 'invalid_request')
      assert.ok(
        error.details?.some((d) => d.field === field),
        `${JSON.stringify(query)}: details name ${field}: ${JSON.stringify(error.details)}`,
      )
    }
    await fieldOf({ from: '2026-02-30', to: '2026-03-31' }, 'from')
    await fieldOf({ from: '2026-01-01', to: '2026-02-29' }, 'to') // 2026 is not a leap year
    await fieldOf({ from: '2026-01-01', to: '2026-13-01' }, 'to')
    await fieldOf({ from: '2026-04-31', to: '2026-05-31' }, 'from')
    await fieldOf({ from: '2026-1-1', to: '2026-01-31' }, 'from')
    await fieldOf({ from: 'yesterday', to: '2026-01-31' }, 'from')
    await fieldOf({ from: '2026-01-01T00:00:00Z', to: '2026-01-31' }, 'from')
    await fieldOf({ to: '2026-01-31' }, 'from')
    await fieldOf({ from: '2026-01-01' }, 'to')
    await fieldOf({ from: '2026-03-02', to: '2026-03-01' }, 'to')
    await fieldOf({ from: '2026-01-01', to: '2027-01-02' }, 'to') // 367 days
    await fieldOf({ from: '2026-01-01', to: '2026-12-31', country: 'ES' }, 'country')
    await fieldOf({ from: '2026-01-01', to: '2026-12-31', year: 2026 }, 'year')
    await fieldOf({ from: '2026-01-01', to: '2026-12-31', work_center_id: '' }, 'work_center_id')
    // Limits that are fine: 366 days (both ends included), a leap day, a leap year.
    assert.equal((await list({ from: '2026-01-01', to: '2027-01-01' })).status, 200)
    assert.equal((await list({ from: '2028-02-29', to: '2028-02-29' })).status, 200)
    assert.equal((await list({ from: '2028-01-01', to: '2028-12-31' })).status, 200)
    assert.equal((await list({ from: '2027-03-01', to: '2028-02-29' })).status, 200, '366 days across a leap day')
    await fieldOf({ from: '2027-02-28', to: '2028-02-29' }, 'to') // 367 days across a leap day
  })

  it('create validation: real date, non-blank name, known fields (400)', async () => {
    const tenant = await madridTenant(t)
    const create = (body: unknown) => tenant.admin.post('/api/v1/holidays', body)
    const cases: [unknown, string][] = [
      [{ date: '2026-02-30', name: 'X' }, 'date'],
      [{ date: '2026-02-29', name: 'X' }, 'date'],
      [{ date: '2026-00-10', name: 'X' }, 'date'],
      [{ date: '02/05/2026', name: 'X' }, 'date'],
      [{ date: '2026-05-02T00:00:00Z', name: 'X' }, 'date'],
      [{ date: 20260502, name: 'X' }, 'date'],
      [{ name: 'X' }, 'date'],
      [{ date: '2026-05-03' }, 'name'],
      [{ date: '2026-05-03', name: '' }, 'name'],
      [{ date: '2026-05-03', name: '   ' }, 'name'],
      [{ date: '2026-05-03', name: 'x'.repeat(201) }, 'name'],
      [{ date: '2026-05-03', name: 'X', work_center_id: '' }, 'work_center_id'],
      [{ date: '2026-05-03', name: 'X', type: 'company' }, 'type'],
    ]
    for (const [body, field] of cases) {
      const error = expectError(await create(body), 400, 'invalid_request')
      assert.ok(
        error.details?.some((d) => d.field === field),
        `${JSON.stringify(body)}: details name ${field}: ${JSON.stringify(error.details)}`,
      )
    }
    expectError(await create([{ date: '2026-05-03', name: 'X' }]), 400, 'invalid_request')
    assert.ok(
      (await year2026(tenant.admin)).every((e) => e.type === 'public'),
      'nothing was created',
    )
    const leap = await create({ date: '2028-02-29', name: 'Leap day' })
    assert.equal(leap.status, 201)
    assert.equal(leap.body.data.date, '2028-02-29')
  })

  it('unknown work center: 404 in list and create', async () => {
    const tenant = await madridTenant(t)
    expectError(
      await tenant.admin.get(holidaysUrl({ from: '2026-01-01', to: '2026-12-31', work_center_id: 'wcr_nope' })),
      404,
      'not_found',
    )
    expectError(
      await tenant.admin.post('/api/v1/holidays', { date: '2026-05-03', name: 'X', work_center_id: 'wcr_nope' }),
      404,
      'not_found',
    )
    const other = await t.newTenant()
    const foreign = await createWorkCenter(other, { name: 'Theirs', country: 'ES', region: 'CT' })
    expectError(
      await tenant.admin.get(holidaysUrl({ from: '2026-01-01', to: '2026-12-31', work_center_id: foreign.id })),
      404,
      'not_found',
    )
    expectError(
      await tenant.admin.post('/api/v1/holidays', { date: '2026-05-03', name: 'X', work_center_id: foreign.id }),
      404,
      'not_found',
    )
    assert.ok(
      (await year2026(other.admin, foreign.id)).every((e) => e.type === 'public'),
      'nothing was created for their work center',
    )
    assert.ok(
      (await year2026(tenant.admin)).every((e) => e.type === 'public'),
      'nor for us',
    )
    // The range is checked before the work center is looked up.
    expectError(
      await tenant.admin.get(holidaysUrl({ from: '2026-02-01', to: '2026-01-01', work_center_id: 'wcr_nope' })),
      400,
      'invalid_request',
    )
  })
})
