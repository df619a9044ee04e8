/**
 * Company holidays through HTTP: for the whole company or one work center, replacing a public
 * holiday on the same date (a work center's wins over a company-wide one), deleting, and one per date
 * and scope (409 holiday_exists, also under concurrent creations).
 */
import assert from 'node:assert/strict'
import { it } from 'node:test'
import { expectError, forEachEngine } from '../helpers/harness.js'
import {
  assertSortedByDate,
  createHoliday,
  createWorkCenter,
  HOLIDAY_FIELDS,
  madridTenant,
  onDate,
  publicHolidays,
  year2026,
} from '../helpers/schedules-holidays.js'

forEachEngine('holidays: company holidays', (t) => {
  it('company holidays: 201, listed with id and type company, replacing a public holiday on the same date', async () => {
    const tenant = await madridTenant(t)
    const res = await tenant.admin.post('/api/v1/holidays', { date: '2026-05-02', name: '  Company picnic ' })
    assert.equal(res.status, 201, JSON.stringify(res.body))
    const picnic = res.body.data
    assert.deepEqual(Object.keys(picnic).sort(), HOLIDAY_FIELDS)
    assert.match(picnic.id, /^hol_[0-9A-Z]{26}$/)
    assert.deepEqual(picnic, {
      id: picnic.id,
      date: '2026-05-02',
      name: 'Company picnic',
      names: {},
      type: 'company',
      work_center_id: null,
    })
    assert.deepEqual((await tenant.admin.get(`/api/v1/holidays/${picnic.id}`)).body.data, picnic, 'read one by one')
    expectError(await tenant.admin.get('/api/v1/holidays/hol_01ARZ3NDEKTSV4RRFFQ69G5FAV'), 404, 'not_found')
    const summer = await createHoliday(tenant.admin, { date: '2026-07-15', name: 'Summer day', work_center_id: null })
    assert.equal(summer.work_center_id, null, 'explicit null: the whole company')

    const entries = await year2026(tenant.admin)
    assertSortedByDate(entries)
    assert.deepEqual(onDate(entries, '2026-05-02'), [picnic], 'the company holiday replaces the public one')
    assert.deepEqual(onDate(entries, '2026-07-15'), [summer])
    assert.equal(entries.length, publicHolidays('ES', 'MD', 2026).length + 1, 'one replaced, one added')
    assert.deepEqual(
      entries.filter((e) => e.type === 'public').map((e) => e.date),
      publicHolidays('ES', 'MD', 2026)
        .map((h) => h.date)
        .filter((d) => d !== '2026-05-02'),
    )

    // Company-wide holidays apply at every work center, whatever its place.
    const barcelona = await createWorkCenter(tenant, { name: 'Barcelona', country: 'ES', region: 'CT' })
    const bcn = await year2026(tenant.admin, barcelona.id)
    assert.deepEqual(onDate(bcn, '2026-05-02'), [picnic])
    assert.deepEqual(onDate(bcn, '2026-07-15'), [summer])
    const diada = await createHoliday(tenant.admin, { date: '2026-09-11', name: 'Company Diada' })
    assert.deepEqual(onDate(await year2026(tenant.admin, barcelona.id), '2026-09-11'), [diada])

    // Another tenant sees none of them.
    const other = await madridTenant(t)
    const otherEntries = await year2026(other.admin)
    assert.ok(otherEntries.every((e) => e.type === 'public'))
    assert.equal(onDate(otherEntries, '2026-05-02')[0].name, 'Día de la Comunidad de Madrid')
  })

  it("a work center's company holiday applies there only and wins over a company-wide one, in either creation order", async () => {
    const tenant = await madridTenant(t)
    const a = await createWorkCenter(tenant, { name: 'A', country: 'ES', region: 'MD' })
    const b = await createWorkCenter(tenant, { name: 'B', country: 'ES', region: 'MD' })

    const wideFirst = await createHoliday(tenant.admin, { date: '2026-06-01', name: 'Company-wide first' })
    const aSecond = await createHoliday(tenant.admin, { date: '2026-06-01', name: 'A second', work_center_id: a.id })
    assert.deepEqual(aSecond, {
      id: aSecond.id,
      date: '2026-06-01',
      name: 'A second',
      names: {},
      type: 'company',
      work_center_id: a.id,
    })
    const aFirst = await createHoliday(tenant.admin, { date: '2026-06-02', name: 'A first', work_center_id: a.id })
    const wideSecond = await createHoliday(tenant.admin, { date: '2026-06-02', name: 'Company-wide second' })
    const aOnly = await createHoliday(tenant.admin, { date: '2026-06-03', name: 'A only', work_center_id: a.id })
    const aMadrid = await createHoliday(tenant.admin, { date: '2026-05-02', name: 'A party', work_center_id: a.id })

    const atA = await year2026(tenant.admin, a.id)
    assertSortedByDate(atA)
    assert.deepEqual(onDate(atA, '2026-06-01'), [aSecond])
    assert.deepEqual(onDate(atA, '2026-06-02'), [aFirst])
    assert.deepEqual(onDate(atA, '2026-06-03'), [aOnly])
    assert.deepEqual(onDate(atA, '2026-05-02'), [aMadrid])

    const atB = await year2026(tenant.admin, b.id)
    assert.deepEqual(onDate(atB, '2026-06-01'), [wideFirst])
    assert.deepEqual(onDate(atB, '2026-06-02'), [wideSecond])
    assert.deepEqual(onDate(atB, '2026-06-03'), [])
    assert.equal(onDate(atB, '2026-05-02')[0].type, 'public')

    const company = await year2026(tenant.admin)
    assert.deepEqual(onDate(company, '2026-06-01'), [wideFirst])
    assert.deepEqual(onDate(company, '2026-06-02'), [wideSecond])
    assert.deepEqual(onDate(company, '2026-06-03'), [], "a work center's holiday is not the company's")
    assert.equal(onDate(company, '2026-05-02')[0].type, 'public')

    // Removing the work center's holiday reveals the company-wide one again.
    assert.equal((await tenant.admin.delete(`/api/v1/holidays/${aSecond.id}`)).status, 204)
    assert.deepEqual(onDate(await year2026(tenant.admin, a.id), '2026-06-01'), [wideFirst])
    assert.equal((await tenant.admin.delete(`/api/v1/holidays/${wideSecond.id}`)).status, 204)
    assert.deepEqual(onDate(await year2026(tenant.admin, a.id), '2026-06-02'), [aFirst])
    assert.deepEqual(onDate(await year2026(tenant.admin, b.id), '2026-06-02'), [])
  })

  it('delete: 204 with no body, then 404; the public holiday comes back', async () => {
    const tenant = await madridTenant(t)
    const closed = await createHoliday(tenant.admin, { date: '2026-12-08', name: 'Closed' })
    assert.deepEqual(onDate(await year2026(tenant.admin), '2026-12-08'), [closed])
    const res = await tenant.admin.delete(`/api/v1/holidays/${closed.id}`)
    assert.equal(res.status, 204)
    assert.equal(res.body, '')
    const back = onDate(await year2026(tenant.admin), '2026-12-08')
    assert.equal(back.length, 1)
    assert.deepEqual(
      { ...back[0], name: undefined, names: undefined },
      { id: null, date: '2026-12-08', name: undefined, names: undefined, type: 'public', work_center_id: null },
    )
    assert.equal(back[0].name, publicHolidays('ES', 'MD', 2026).find((h) => h.date === '2026-12-08')!.name)
    expectError(await tenant.admin.delete(`/api/v1/holidays/${closed.id}`), 404, 'not_found')
    expectError(await tenant.admin.delete('/api/v1/holidays/hol_nope'), 404, 'not_found')

    // Another tenant's holiday is not found, and stays.
    const other = await t.newTenant()
    const theirs = await createHoliday(other.admin, { date: '2026-03-03', name: 'Theirs' })
    expectError(await tenant.admin.delete(`/api/v1/holidays/${theirs.id}`), 404, 'not_found')
    assert.deepEqual(await year2026(other.admin), [theirs])
    // Public holidays have no id and cannot be deleted; the date is simply not a holiday id.
    expectError(await tenant.admin.delete('/api/v1/holidays/2026-12-08'), 404, 'not_found')
  })

  it('duplicates: 409 holiday_exists for the same date and scope; other scopes are fine', async () => {
    const tenant = await madridTenant(t)
    const a = await createWorkCenter(tenant, { name: 'A' })
    const b = await createWorkCenter(tenant, { name: 'B' })
    const wide = await createHoliday(tenant.admin, { date: '2026-08-10', name: 'Summer closing' })
    expectError(
      await tenant.admin.post('/api/v1/holidays', { date: '2026-08-10', name: 'Other name' }),
      409,
      'holiday_exists',
    )
    expectError(
      await tenant.admin.post('/api/v1/holidays', { date: '2026-08-10', name: 'Other name', work_center_id: null }),
      409,
      'holiday_exists',
    )
    await createHoliday(tenant.admin, { date: '2026-08-10', name: 'A closing', work_center_id: a.id })
    expectError(
      await tenant.admin.post('/api/v1/holidays', { date: '2026-08-10', name: 'A again', work_center_id: a.id }),
      409,
      'holiday_exists',
    )
    await createHoliday(tenant.admin, { date: '2026-08-10', name: 'B closing', work_center_id: b.id })
    // A public holiday on the date is no conflict: the company holiday replaces it.
    await createHoliday(tenant.admin, { date: '2026-08-15', name: 'Assumption party' })
    // Another tenant may use the same date.
    const other = await t.newTenant()
    await createHoliday(other.admin, { date: '2026-08-10', name: 'Summer closing' })

    const company = await year2026(tenant.admin)
    assert.deepEqual(onDate(company, '2026-08-10'), [wide], 'the rejected duplicates wrote nothing')
    // Once removed, the date is free again.
    assert.equal((await tenant.admin.delete(`/api/v1/holidays/${wide.id}`)).status, 204)
    const again = await createHoliday(tenant.admin, { date: '2026-08-10', name: 'Summer closing, take two' })
    assert.notEqual(again.id, wide.id)
  })

  it('concurrent creations of the same company holiday: exactly one succeeds', async () => {
    for (let round = 0; round < 3; round++) {
      const tenant = await t.newTenant()
      const results = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          tenant.admin.post('/api/v1/holidays', { date: '2026-10-20', name: `Racer ${i}` }),
        ),
      )
      const statuses = results.map((r) => r.status).sort()
      assert.deepEqual(statuses, [201, 409, 409, 409, 409, 409], `round ${round}: ${statuses}`)
      for (const r of results.filter((r) => r.status === 409)) expectError(r, 409, 'holiday_exists')
      assert.equal(onDate(await year2026(tenant.admin), '2026-10-20').length, 1)
      const rows = await t.database.db
        .selectFrom('company_holidays')
        .select('id')
        .where('tenant_id', '=', tenant.id)
        .execute()
      assert.equal(rows.length, 1, `round ${round}: one stored row`)
    }
  })
})
