/**
 * Public holidays through HTTP: exactly the public holidays `date-holidays` gives for the company's
 * country and region, or a work center's own place; none for a tenant without a country.
 */
import assert from 'node:assert/strict'
import { it } from 'node:test'
import { forEachEngine } from '../helpers/harness.js'
import {
  assertSortedByDate,
  createHoliday,
  createWorkCenter,
  HOLIDAY_FIELDS,
  holidaysUrl,
  madridTenant,
  onDate,
  publicHolidays,
  year2026,
} from '../helpers/schedules-holidays.js'

forEachEngine('holidays: public calendars by place', (t) => {
  it('company in ES/MD: the public holidays of Madrid, each with id null, type public and no work center', async () => {
    const tenant = await madridTenant(t)
    const entries = await year2026(tenant.admin)
    for (const entry of entries) {
      assert.deepEqual(Object.keys(entry).sort(), HOLIDAY_FIELDS)
      assert.deepEqual([entry.id, entry.type, entry.work_center_id], [null, 'public', null], JSON.stringify(entry))
    }
    assertSortedByDate(entries)
    assert.deepEqual(onDate(entries, '2026-01-01'), [
      {
        id: null,
        date: '2026-01-01',
        name: 'Año Nuevo',
        names: { es: 'Año Nuevo', en: "New Year's Day" },
        type: 'public',
        work_center_id: null,
      },
    ])
    assert.deepEqual(onDate(entries, '2026-05-02'), [
      {
        id: null,
        date: '2026-05-02',
        name: 'Día de la Comunidad de Madrid',
        names: { es: 'Día de la Comunidad de Madrid', en: 'Community of Madrid Day' },
        type: 'public',
        work_center_id: null,
      },
    ])
    // Named in both languages: the data set's English, and English where it leaves a Spanish name.
    assert.deepEqual(onDate(entries, '2026-10-12')[0]?.names, {
      es: 'Fiesta Nacional de España',
      en: 'National Day of Spain',
    })
    assert.deepEqual(onDate(entries, '2026-12-08')[0]?.names?.en, 'Immaculate Conception')
    for (const entry of entries) assert.ok(entry.names.es && entry.names.en, JSON.stringify(entry))
    assert.equal(onDate(entries, '2026-12-08').length, 1)
    assert.equal(onDate(entries, '2026-12-25').length, 1)
    assert.equal(onDate(entries, '2026-09-11').length, 0, 'a Catalan holiday is not a Madrid one')
    assert.equal(onDate(entries, '2026-06-24').length, 0)
    assert.deepEqual(
      entries.map((e) => ({ date: e.date, name: e.name })),
      publicHolidays('ES', 'MD', 2026),
      'exactly the public holidays of the data set (no observances, no bank holidays)',
    )

    // Narrow ranges: both ends included, a single day is a valid range.
    const may = await tenant.admin.get(holidaysUrl({ from: '2026-05-01', to: '2026-05-02' }))
    assert.deepEqual(
      may.body.data.map((e: any) => e.date),
      ['2026-05-01', '2026-05-02'],
    )
    assert.deepEqual(may.body.meta, { page: 1, page_size: 25, total: 2 })
    const oneDay = await tenant.admin.get(holidaysUrl({ from: '2026-05-02', to: '2026-05-02' }))
    assert.deepEqual(
      oneDay.body.data.map((e: any) => e.name),
      ['Día de la Comunidad de Madrid'],
    )
    const none = await tenant.admin.get(holidaysUrl({ from: '2026-02-01', to: '2026-02-28' }))
    assert.deepEqual([none.status, none.body.data, none.body.meta.total], [200, [], 0])

    // A range across New Year takes each year's calendar.
    const newYear = await tenant.admin.get(holidaysUrl({ from: '2025-12-20', to: '2026-01-10' }))
    assert.equal(newYear.status, 200)
    const expected = [...publicHolidays('ES', 'MD', 2025), ...publicHolidays('ES', 'MD', 2026)].filter(
      (h) => h.date >= '2025-12-20' && h.date <= '2026-01-10',
    )
    assert.deepEqual(
      newYear.body.data.map((e: any) => e.date),
      expected.map((h) => h.date),
    )
    assert.ok(expected.some((h) => h.date === '2025-12-25') && expected.some((h) => h.date === '2026-01-06'))
  })

  it("a work center's country and region (ES/CT) replace the company's; without a country it follows the company", async () => {
    const tenant = await madridTenant(t)
    const barcelona = await createWorkCenter(tenant, { name: 'Barcelona', country: 'ES', region: 'CT' })
    const entries = await year2026(tenant.admin, barcelona.id)
    assertSortedByDate(entries)
    assert.ok(entries.every((e) => e.type === 'public' && e.id === null && e.work_center_id === null))
    assert.deepEqual(onDate(entries, '2026-09-11'), [
      {
        id: null,
        date: '2026-09-11',
        name: 'Dia de Cataluña',
        names: { es: 'Dia de Cataluña', en: 'Catalonia Day' },
        type: 'public',
        work_center_id: null,
      },
    ])
    assert.equal(onDate(entries, '2026-12-26').length, 1)
    assert.equal(onDate(entries, '2026-05-02').length, 0, "Madrid's day is not Barcelona's")
    assert.deepEqual(
      entries.map((e) => ({ date: e.date, name: e.name })),
      publicHolidays('ES', 'CT', 2026),
    )

    const office = await createWorkCenter(tenant, { name: 'Office without a place' })
    const inherited = await year2026(tenant.admin, office.id)
    assert.deepEqual(
      inherited.map((e) => ({ date: e.date, name: e.name })),
      publicHolidays('ES', 'MD', 2026),
      "the company's country and region",
    )

    const national = await createWorkCenter(tenant, { name: 'Somewhere in Spain', country: 'ES' })
    const nationalEntries = await year2026(tenant.admin, national.id)
    assert.deepEqual(
      nationalEntries.map((e) => ({ date: e.date, name: e.name })),
      publicHolidays('ES', null, 2026),
    )
    assert.equal(
      onDate(nationalEntries, '2026-05-02').length + onDate(nationalEntries, '2026-09-11').length,
      0,
      'no regional holidays',
    )

    const paris = await createWorkCenter(tenant, { name: 'Paris', country: 'FR' })
    const french = await year2026(tenant.admin, paris.id)
    assert.deepEqual(
      onDate(french, '2026-07-14').map((e) => e.type),
      ['public'],
    )
    assert.deepEqual(
      french.map((e) => e.date),
      publicHolidays('FR', null, 2026).map((h) => h.date),
    )

    // Moving the work center moves its calendar.
    await tenant.admin.patch(`/api/v1/work-centers/${barcelona.id}`, { region: 'MD' })
    assert.equal(onDate(await year2026(tenant.admin, barcelona.id), '2026-05-02').length, 1)
    assert.deepEqual(
      (await year2026(tenant.admin)).map((e) => e.date),
      publicHolidays('ES', 'MD', 2026).map((h) => h.date),
      "the company's own list is not affected by work centers",
    )
  })

  it('a tenant without a country has only company holidays (and its placed work centers their public ones)', async () => {
    const tenant = await t.newTenant()
    assert.equal((await tenant.admin.get('/api/v1/tenant')).body.data.country, null)
    const empty = await tenant.admin.get(holidaysUrl({ from: '2026-01-01', to: '2026-12-31' }))
    assert.equal(empty.status, 200)
    assert.deepEqual(empty.body, { data: [], meta: { page: 1, page_size: 25, total: 0 } })

    const party = await createHoliday(tenant.admin, { date: '2026-01-01', name: 'New Year party' })
    const only = await year2026(tenant.admin)
    assert.deepEqual(only, [party])

    const unplaced = await createWorkCenter(tenant, { name: 'Unplaced' })
    assert.deepEqual(await year2026(tenant.admin, unplaced.id), [party])
    const madrid = await createWorkCenter(tenant, { name: 'Madrid', country: 'ES', region: 'MD' })
    const madridEntries = await year2026(tenant.admin, madrid.id)
    assert.deepEqual(onDate(madridEntries, '2026-01-01'), [party], 'the company holiday replaces Año Nuevo')
    assert.equal(madridEntries.length, publicHolidays('ES', 'MD', 2026).length)

    // Clearing the country of a placed tenant removes its public holidays.
    const placed = await madridTenant(t)
    assert.ok((await year2026(placed.admin)).length > 0)
    assert.equal((await placed.admin.patch('/api/v1/tenant', { country: null, region: null })).status, 200)
    assert.deepEqual(await year2026(placed.admin), [])
  })
})
