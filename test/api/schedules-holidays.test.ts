/**
 * Work schedules (the generic catalogue routes at /schedules, the company default in the tenant
 * settings, users' own schedule) and holiday calendars (public holidays from `date-holidays` for a
 * place, plus company holidays for the whole company or one work center), through HTTP only.
 */
import assert from 'node:assert/strict'
import { it } from 'node:test'
import Holidays from 'date-holidays'
import { expectError, forEachEngine, type Client, type Response, type TestTenant } from '../helpers/harness.js'

const DEFAULT_SCHEDULE_NAME = 'Standard (Mon-Fri, 8 h)'
const FULL_TIME = { mon: 480, tue: 480, wed: 480, thu: 480, fri: 480, sat: 0, sun: 0 }
const PART_TIME = { mon: 240, tue: 240, wed: 240, thu: 240, fri: 240, sat: 0, sun: 0 }
const FOUR_DAYS = { mon: 600, tue: 600, wed: 600, thu: 600, fri: 0, sat: 0, sun: 0 }
const SCHEDULE_FIELDS = ['created_at', 'id', 'is_default', 'name', 'weekday_minutes']
const HOLIDAY_FIELDS = ['date', 'id', 'name', 'type', 'work_center_id']

/** The independent oracle: the `public` holidays the data set gives for a place and year. */
function publicHolidays(country: string, region: string | null, year: number): { date: string; name: string }[] {
  const calendar = region ? new Holidays(country, region) : new Holidays(country)
  const seen = new Map<string, string>()
  for (const h of calendar.getHolidays(year) || []) {
    if (h.type === 'public' && !seen.has(h.date.slice(0, 10))) seen.set(h.date.slice(0, 10), h.name)
  }
  return [...seen].map(([date, name]) => ({ date, name })).sort((a, b) => a.date.localeCompare(b.date))
}

function holidaysUrl(query: Record<string, string | number>): string {
  return `/api/v1/holidays?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString()}`
}

/** Every holiday of 2026 (one page of 100 is enough for any place used here). */
async function year2026(client: Client, workCenterId?: string): Promise<any[]> {
  const res = await client.get(
    holidaysUrl({
      from: '2026-01-01',
      to: '2026-12-31',
      page_size: 100,
      ...(workCenterId ? { work_center_id: workCenterId } : {}),
    }),
  )
  assert.equal(res.status, 200, JSON.stringify(res.body))
  assert.equal(res.body.meta.total, res.body.data.length, 'one page holds the whole year')
  return res.body.data
}

function onDate(entries: any[], date: string): any[] {
  return entries.filter((e) => e.date === date)
}

function assertSortedByDate(entries: any[]): void {
  const dates = entries.map((e) => e.date)
  assert.deepEqual(dates, [...dates].sort(), 'ordered by date')
  assert.equal(new Set(dates).size, dates.length, 'at most one entry per date')
}

async function schedules(tenant: TestTenant, query = ''): Promise<Response> {
  const res = await tenant.admin.get(`/api/v1/schedules${query}`)
  assert.equal(res.status, 200, JSON.stringify(res.body))
  return res
}

async function createSchedule(
  tenant: TestTenant,
  name: string,
  weekday_minutes: Record<string, number> = PART_TIME,
): Promise<any> {
  const res = await tenant.admin.post('/api/v1/schedules', { name, weekday_minutes })
  assert.equal(res.status, 201, JSON.stringify(res.body))
  return res.body.data
}

async function createWorkCenter(tenant: TestTenant, fields: Record<string, unknown>): Promise<any> {
  const res = await tenant.admin.post('/api/v1/work-centers', fields)
  assert.equal(res.status, 201, JSON.stringify(res.body))
  return res.body.data
}

async function createHoliday(client: Client, body: Record<string, unknown>): Promise<any> {
  const res = await client.post('/api/v1/holidays', body)
  assert.equal(res.status, 201, JSON.stringify(res.body))
  return res.body.data
}

/** A tenant placed in Spain/Madrid through the settings API. */
async function madridTenant(t: { newTenant: () => Promise<TestTenant> }): Promise<TestTenant> {
  const tenant = await t.newTenant()
  const res = await tenant.admin.patch('/api/v1/tenant', { country: 'ES', region: 'MD' })
  assert.equal(res.status, 200, JSON.stringify(res.body))
  assert.deepEqual([res.body.data.country, res.body.data.region], ['ES', 'MD'])
  return tenant
}

forEachEngine('schedules', (t) => {
  it('create: 201 with id, trimmed name, minutes per weekday, is_default false and created_at', async () => {
    const tenant = await t.newTenant()
    const res = await tenant.admin.post('/api/v1/schedules', { name: '  Part-time ', weekday_minutes: PART_TIME })
    assert.equal(res.status, 201, JSON.stringify(res.body))
    const schedule = res.body.data
    assert.deepEqual(Object.keys(schedule).sort(), SCHEDULE_FIELDS)
    assert.match(schedule.id, /^sch_[0-9A-Z]{26}$/)
    assert.equal(schedule.name, 'Part-time')
    assert.deepEqual(schedule.weekday_minutes, PART_TIME)
    assert.deepEqual(
      Object.keys(schedule.weekday_minutes),
      ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'],
      'ISO weekday order',
    )
    assert.equal(schedule.is_default, false)
    assert.match(schedule.created_at, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/)
    assert.ok(Math.abs(Date.parse(schedule.created_at) - Date.now()) < 60_000, 'created now')

    // The bounds are inclusive: 0 (not a working day) and 1440 (the whole day).
    const extremes = { mon: 1440, tue: 0, wed: 1440, thu: 0, fri: 1440, sat: 1440, sun: 1440 }
    const edge = await tenant.admin.post('/api/v1/schedules', { name: 'Round the clock', weekday_minutes: extremes })
    assert.equal(edge.status, 201, JSON.stringify(edge.body))
    assert.deepEqual(edge.body.data.weekday_minutes, extremes)
    const idle = await tenant.admin.post('/api/v1/schedules', {
      name: 'Idle',
      weekday_minutes: { mon: 0, tue: 0, wed: 0, thu: 0, fri: 0, sat: 0, sun: 0 },
    })
    assert.equal(idle.status, 201)
  })

  it('list: every tenant starts with the default schedule, then items in name order with pagination', async () => {
    const tenant = await t.newTenant()
    const settings = (await tenant.admin.get('/api/v1/tenant')).body.data
    const initial = await schedules(tenant)
    assert.deepEqual(initial.body.meta, { page: 1, page_size: 25, total: 1 })
    const [standard] = initial.body.data
    assert.deepEqual(Object.keys(standard).sort(), SCHEDULE_FIELDS)
    assert.match(standard.id, /^sch_/)
    assert.equal(standard.id, settings.default_schedule_id, 'the tenant points at it')
    assert.equal(standard.name, DEFAULT_SCHEDULE_NAME)
    assert.deepEqual(standard.weekday_minutes, FULL_TIME)
    assert.equal(standard.is_default, true)

    await createSchedule(tenant, 'Weekend', { mon: 0, tue: 0, wed: 0, thu: 0, fri: 0, sat: 480, sun: 480 })
    await createSchedule(tenant, 'Afternoon')
    await createSchedule(tenant, 'Night')
    const list = await schedules(tenant)
    assert.deepEqual(
      list.body.data.map((s: any) => s.name),
      ['Afternoon', 'Night', DEFAULT_SCHEDULE_NAME, 'Weekend'],
    )
    assert.deepEqual(
      list.body.data.map((s: any) => s.is_default),
      [false, false, true, false],
    )
    assert.deepEqual(list.body.meta, { page: 1, page_size: 25, total: 4 })

    const page2 = await schedules(tenant, '?page=2&page_size=3')
    assert.deepEqual(
      page2.body.data.map((s: any) => s.name),
      ['Weekend'],
    )
    assert.deepEqual(page2.body.meta, { page: 2, page_size: 3, total: 4 })
    const past = await schedules(tenant, '?page=3&page_size=3')
    assert.deepEqual(past.body.data, [])
    assert.deepEqual(past.body.meta, { page: 3, page_size: 3, total: 4 })
    expectError(await tenant.admin.get('/api/v1/schedules?page_size=101'), 400, 'invalid_request')
    expectError(await tenant.admin.get('/api/v1/schedules?page=0'), 400, 'invalid_request')
    expectError(await tenant.admin.get('/api/v1/schedules?sort=name'), 400, 'invalid_request')

    const other = await t.newTenant()
    const otherList = await schedules(other)
    assert.deepEqual(
      otherList.body.data.map((s: any) => s.name),
      [DEFAULT_SCHEDULE_NAME],
      "another tenant's schedules are invisible",
    )
    assert.notEqual(otherList.body.data[0].id, standard.id, 'each tenant has its own default schedule')
  })

  it('update: name and minutes independently; omitted fields are kept', async () => {
    const tenant = await t.newTenant()
    const created = await createSchedule(tenant, 'Part-time')
    const url = `/api/v1/schedules/${created.id}`

    const renamed = await tenant.admin.patch(url, { name: ' Half day ' })
    assert.equal(renamed.status, 200, JSON.stringify(renamed.body))
    assert.deepEqual(renamed.body.data, { ...created, name: 'Half day' }, 'only the name changed')

    const retimed = await tenant.admin.patch(url, { weekday_minutes: FOUR_DAYS })
    assert.equal(retimed.status, 200)
    assert.deepEqual(
      retimed.body.data,
      { ...created, name: 'Half day', weekday_minutes: FOUR_DAYS },
      'only the minutes changed',
    )

    const both = await tenant.admin.patch(url, { name: 'Compressed week', weekday_minutes: { ...FOUR_DAYS, sat: 60 } })
    assert.deepEqual(both.body.data, {
      ...created,
      name: 'Compressed week',
      weekday_minutes: { ...FOUR_DAYS, sat: 60 },
    })

    const empty = await tenant.admin.patch(url, {})
    assert.equal(empty.status, 200)
    assert.deepEqual(empty.body.data, both.body.data, 'an empty patch changes nothing')
    assert.equal((await tenant.admin.patch(url, { name: 'Compressed week' })).status, 200, 'its own name is fine')

    const listed = (await schedules(tenant)).body.data.find((s: any) => s.id === created.id)
    assert.deepEqual(listed, both.body.data, 'the list shows the stored change')

    // The default schedule can be changed too and stays the default.
    const standard = (await schedules(tenant)).body.data.find((s: any) => s.is_default)
    const changed = await tenant.admin.patch(`/api/v1/schedules/${standard.id}`, {
      weekday_minutes: { ...FULL_TIME, fri: 420 },
    })
    assert.equal(changed.status, 200)
    assert.equal(changed.body.data.is_default, true)
    assert.deepEqual(changed.body.data.weekday_minutes, { ...FULL_TIME, fri: 420 })
  })

  it('names are unique in the tenant (409 name_taken), compared after trimming', async () => {
    const tenant = await t.newTenant()
    const night = await createSchedule(tenant, 'Night')
    expectError(
      await tenant.admin.post('/api/v1/schedules', { name: 'Night', weekday_minutes: FULL_TIME }),
      409,
      'name_taken',
    )
    expectError(
      await tenant.admin.post('/api/v1/schedules', { name: '  Night  ', weekday_minutes: FULL_TIME }),
      409,
      'name_taken',
    )
    expectError(
      await tenant.admin.post('/api/v1/schedules', { name: DEFAULT_SCHEDULE_NAME, weekday_minutes: FULL_TIME }),
      409,
      'name_taken',
    )
    expectError(
      await tenant.admin.patch(`/api/v1/schedules/${night.id}`, { name: DEFAULT_SCHEDULE_NAME }),
      409,
      'name_taken',
    )
    expectError(
      await tenant.admin.patch(`/api/v1/schedules/${night.id}`, {
        name: ` ${DEFAULT_SCHEDULE_NAME}`,
        weekday_minutes: FULL_TIME,
      }),
      409,
      'name_taken',
    )
    const list = await schedules(tenant)
    assert.equal(list.body.meta.total, 2, 'rejected requests wrote nothing')
    assert.deepEqual(
      list.body.data.find((s: any) => s.id === night.id),
      night,
      'a rejected rename changed nothing (not even the minutes)',
    )
    // Names are per tenant.
    const other = await t.newTenant()
    assert.equal(
      (await other.admin.post('/api/v1/schedules', { name: 'Night', weekday_minutes: FULL_TIME })).status,
      201,
    )
  })

  it('weekday_minutes must be an integer 0..1440 for exactly the seven weekdays (400)', async () => {
    const tenant = await t.newTenant()
    const { sun: _sun, ...withoutSunday } = FULL_TIME
    const cases: [string, unknown, string | null][] = [
      ['more than a day', { ...FULL_TIME, sat: 1441 }, 'weekday_minutes.sat'],
      ['negative', { ...FULL_TIME, mon: -1 }, 'weekday_minutes.mon'],
      ['missing weekday', withoutSunday, 'weekday_minutes.sun'],
      ['unknown weekday key', { ...FULL_TIME, xyz: 10 }, 'weekday_minutes.xyz'],
      ['long key name', { ...withoutSunday, sunday: 0 }, null],
      ['non-integer', { ...FULL_TIME, wed: 450.5 }, 'weekday_minutes.wed'],
      ['numeric string', { ...FULL_TIME, thu: '480' }, 'weekday_minutes.thu'],
      ['null minutes', { ...FULL_TIME, fri: null }, 'weekday_minutes.fri'],
      ['array', [480, 480, 480, 480, 480, 0, 0], 'weekday_minutes'],
      ['null', null, 'weekday_minutes'],
    ]
    for (const [label, weekday_minutes, field] of cases) {
      const error = expectError(
        await tenant.admin.post('/api/v1/schedules', { name: `S ${label}`, weekday_minutes }),
        400,
        'invalid_request',
      )
      if (field)
        assert.ok(
          error.details?.some((d) => d.field === field),
          `${label}: details name ${field}: ${JSON.stringify(error.details)}`,
        )
    }
    expectError(await tenant.admin.post('/api/v1/schedules', { name: 'No minutes' }), 400, 'invalid_request')
    expectError(await tenant.admin.post('/api/v1/schedules', { weekday_minutes: FULL_TIME }), 400, 'invalid_request')
    expectError(
      await tenant.admin.post('/api/v1/schedules', { name: '', weekday_minutes: FULL_TIME }),
      400,
      'invalid_request',
    )
    expectError(
      await tenant.admin.post('/api/v1/schedules', { name: '   ', weekday_minutes: FULL_TIME }),
      400,
      'invalid_request',
    )
    expectError(
      await tenant.admin.post('/api/v1/schedules', { name: 'x'.repeat(201), weekday_minutes: FULL_TIME }),
      400,
      'invalid_request',
    )
    expectError(
      await tenant.admin.post('/api/v1/schedules', { name: 'Extra', weekday_minutes: FULL_TIME, is_default: true }),
      400,
      'invalid_request',
    )
    assert.equal((await schedules(tenant)).body.meta.total, 1, 'nothing was created')

    // The same rules on update; a partial weekday_minutes object is not a merge.
    const item = await createSchedule(tenant, 'Target')
    const url = `/api/v1/schedules/${item.id}`
    expectError(await tenant.admin.patch(url, { weekday_minutes: { ...FULL_TIME, mon: 1441 } }), 400, 'invalid_request')
    expectError(await tenant.admin.patch(url, { weekday_minutes: { ...FULL_TIME, mon: -5 } }), 400, 'invalid_request')
    expectError(await tenant.admin.patch(url, { weekday_minutes: { mon: 60 } }), 400, 'invalid_request')
    expectError(
      await tenant.admin.patch(url, { weekday_minutes: { ...FULL_TIME, holiday: 0 } }),
      400,
      'invalid_request',
    )
    expectError(await tenant.admin.patch(url, { weekday_minutes: { ...FULL_TIME, tue: 1.25 } }), 400, 'invalid_request')
    expectError(await tenant.admin.patch(url, { name: '' }), 400, 'invalid_request')
    expectError(await tenant.admin.patch(url, { id: 'sch_other' }), 400, 'invalid_request')
    assert.deepEqual(
      (await schedules(tenant)).body.data.find((s: any) => s.id === item.id),
      item,
      'rejected updates changed nothing',
    )
  })

  it('concurrent creations with the same name: exactly one succeeds, the others are 409 name_taken', async () => {
    const tenant = await t.newTenant()
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        tenant.admin.post('/api/v1/schedules', { name: 'Racing', weekday_minutes: FULL_TIME }),
      ),
    )
    assert.deepEqual(results.map((r) => r.status).sort(), [201, 409, 409, 409, 409, 409])
    for (const r of results.filter((r) => r.status === 409)) expectError(r, 409, 'name_taken')
    assert.equal((await schedules(tenant)).body.meta.total, 2)
  })

  it('unknown ids are 404; members may list but not create or change (403)', async () => {
    const tenant = await t.newTenant()
    const item = await createSchedule(tenant, 'Part-time')
    expectError(await tenant.admin.patch('/api/v1/schedules/sch_nope', { name: 'X' }), 404, 'not_found')
    const other = await t.newTenant()
    const foreign = await createSchedule(other, 'Foreign')
    expectError(await tenant.admin.patch(`/api/v1/schedules/${foreign.id}`, { name: 'Mine' }), 404, 'not_found')
    assert.equal(
      (await schedules(other)).body.data.find((s: any) => s.id === foreign.id).name,
      'Foreign',
      "the other tenant's schedule is untouched",
    )
    // A schedule is read through the list and changed with PATCH: other methods on its path are 405.
    for (const res of [
      await tenant.admin.get('/api/v1/schedules/sch_nope'),
      await tenant.admin.delete(`/api/v1/schedules/${item.id}`),
    ]) {
      expectError(res, 405, 'method_not_allowed')
      assert.equal(res.headers.allow, 'PATCH')
    }

    const member = await tenant.keyFor((await tenant.createUser()).id)
    const listed = await member.get('/api/v1/schedules')
    assert.equal(listed.status, 200, 'members may read')
    assert.deepEqual(listed.body, (await schedules(tenant)).body)
    expectError(
      await member.post('/api/v1/schedules', { name: 'Mine', weekday_minutes: FULL_TIME }),
      403,
      'permission_denied',
    )
    expectError(await member.patch(`/api/v1/schedules/${item.id}`, { name: 'Mine' }), 403, 'permission_denied')
    expectError(
      await member.patch(`/api/v1/schedules/${item.id}`, { weekday_minutes: FULL_TIME }),
      403,
      'permission_denied',
    )
    // Validation comes before permission (400 before 403), and existence too (404 before 403).
    expectError(
      await member.post('/api/v1/schedules', { name: 'Mine', weekday_minutes: { ...FULL_TIME, mon: 2000 } }),
      400,
      'invalid_request',
    )
    expectError(await member.patch('/api/v1/schedules/sch_nope', { name: 'Mine' }), 404, 'not_found')
    const after = await schedules(tenant)
    assert.equal(after.body.meta.total, 2)
    assert.deepEqual(
      after.body.data.find((s: any) => s.id === item.id),
      item,
    )
  })

  it('company default: default_schedule_id flips is_default; unknown schedule is 404', async () => {
    const tenant = await t.newTenant()
    const standard = (await schedules(tenant)).body.data[0]
    const four = await createSchedule(tenant, 'Four days', FOUR_DAYS)
    assert.equal(four.is_default, false)

    const updated = await tenant.admin.patch('/api/v1/tenant', { default_schedule_id: four.id })
    assert.equal(updated.status, 200, JSON.stringify(updated.body))
    assert.equal(updated.body.data.default_schedule_id, four.id)
    assert.equal((await tenant.admin.get('/api/v1/tenant')).body.data.default_schedule_id, four.id)
    const list = (await schedules(tenant)).body.data
    assert.deepEqual(
      list.map((s: any) => [s.name, s.is_default]),
      [
        ['Four days', true],
        [DEFAULT_SCHEDULE_NAME, false],
      ],
    )
    assert.equal(
      (await tenant.admin.patch(`/api/v1/schedules/${four.id}`, { name: 'Four long days' })).body.data.is_default,
      true,
    )
    assert.equal((await tenant.admin.patch(`/api/v1/schedules/${standard.id}`, {})).body.data.is_default, false)
    assert.equal((await createSchedule(tenant, 'Another')).is_default, false)

    expectError(await tenant.admin.patch('/api/v1/tenant', { default_schedule_id: 'sch_nope' }), 404, 'not_found')
    const other = await t.newTenant()
    const otherDefault = (await schedules(other)).body.data[0]
    expectError(await tenant.admin.patch('/api/v1/tenant', { default_schedule_id: otherDefault.id }), 404, 'not_found')
    expectError(await tenant.admin.patch('/api/v1/tenant', { default_schedule_id: null }), 400, 'invalid_request')
    expectError(await tenant.admin.patch('/api/v1/tenant', { default_schedule_id: '' }), 400, 'invalid_request')
    const member = await tenant.keyFor((await tenant.createUser()).id)
    expectError(await member.patch('/api/v1/tenant', { default_schedule_id: standard.id }), 403, 'permission_denied')
    assert.equal(
      (await tenant.admin.get('/api/v1/tenant')).body.data.default_schedule_id,
      four.id,
      'rejected changes kept the setting',
    )
    assert.equal((await schedules(other)).body.data[0].is_default, true, "the other tenant's default is untouched")

    const back = await tenant.admin.patch('/api/v1/tenant', { default_schedule_id: standard.id })
    assert.equal(back.body.data.default_schedule_id, standard.id)
    assert.deepEqual(
      (await schedules(tenant)).body.data.filter((s: any) => s.is_default).map((s: any) => s.id),
      [standard.id],
      'exactly one default',
    )
  })

  it('users: schedule_id on create and update (404 unknown, null follows the company default)', async () => {
    const tenant = await t.newTenant()
    const part = await createSchedule(tenant, 'Part-time')
    const four = await createSchedule(tenant, 'Four days', FOUR_DAYS)

    const plain = await tenant.createUser()
    assert.equal(plain.schedule_id, null, 'omitted: the company default')
    const withNull = await tenant.createUser({ schedule_id: null })
    assert.equal(withNull.schedule_id, null)
    const user = await tenant.createUser({ schedule_id: part.id })
    assert.equal(user.schedule_id, part.id)
    assert.equal((await tenant.admin.get(`/api/v1/users/${user.id}`)).body.data.schedule_id, part.id)

    expectError(
      await tenant.admin.post('/api/v1/users', {
        email: 'x.sched@example.com',
        full_name: 'X',
        schedule_id: 'sch_nope',
      }),
      404,
      'not_found',
    )
    const other = await t.newTenant()
    const foreign = (await schedules(other)).body.data[0]
    expectError(
      await tenant.admin.post('/api/v1/users', {
        email: 'y.sched@example.com',
        full_name: 'Y',
        schedule_id: foreign.id,
      }),
      404,
      'not_found',
    )
    expectError(
      await tenant.admin.post('/api/v1/users', { email: 'z.sched@example.com', full_name: 'Z', schedule_id: '' }),
      400,
      'invalid_request',
    )
    const byEmail = await tenant.admin.get('/api/v1/users?email=x.sched@example.com')
    assert.equal(byEmail.body.meta.total, 0, 'a rejected create wrote nothing')

    const moved = await tenant.admin.patch(`/api/v1/users/${user.id}`, { schedule_id: four.id })
    assert.equal(moved.status, 200, JSON.stringify(moved.body))
    assert.equal(moved.body.data.schedule_id, four.id)
    assert.equal((await tenant.admin.get(`/api/v1/users/${user.id}`)).body.data.schedule_id, four.id)

    expectError(await tenant.admin.patch(`/api/v1/users/${user.id}`, { schedule_id: 'sch_nope' }), 404, 'not_found')
    expectError(await tenant.admin.patch(`/api/v1/users/${user.id}`, { schedule_id: foreign.id }), 404, 'not_found')
    assert.equal(
      (await tenant.admin.get(`/api/v1/users/${user.id}`)).body.data.schedule_id,
      four.id,
      'rejected updates kept it',
    )

    const reset = await tenant.admin.patch(`/api/v1/users/${user.id}`, { schedule_id: null })
    assert.equal(reset.status, 200)
    assert.equal(reset.body.data.schedule_id, null)
    assert.equal((await tenant.admin.get(`/api/v1/users/${user.id}`)).body.data.schedule_id, null)

    // The default schedule may also be chosen explicitly; it stays pinned when the default moves.
    const standard = (await schedules(tenant)).body.data.find((s: any) => s.is_default)
    const pinned = await tenant.createUser({ schedule_id: standard.id })
    await tenant.admin.patch('/api/v1/tenant', { default_schedule_id: four.id })
    assert.equal((await tenant.admin.get(`/api/v1/users/${pinned.id}`)).body.data.schedule_id, standard.id)

    // Choosing a schedule is employment data: administrators only, even for oneself.
    const memberKey = await tenant.keyFor(plain.id)
    expectError(await memberKey.patch(`/api/v1/users/${plain.id}`, { schedule_id: part.id }), 403, 'permission_denied')
    assert.equal((await tenant.admin.get(`/api/v1/users/${plain.id}`)).body.data.schedule_id, null)
  })
})

forEachEngine('holidays', (t) => {
  it('company in ES/MD: the public holidays of Madrid, each with id null, type public and no work center', async () => {
    const tenant = await madridTenant(t)
    const entries = await year2026(tenant.admin)
    for (const entry of entries) {
      assert.deepEqual(Object.keys(entry).sort(), HOLIDAY_FIELDS)
      assert.deepEqual([entry.id, entry.type, entry.work_center_id], [null, 'public', null], JSON.stringify(entry))
    }
    assertSortedByDate(entries)
    assert.deepEqual(onDate(entries, '2026-01-01'), [
      { id: null, date: '2026-01-01', name: 'Año Nuevo', type: 'public', work_center_id: null },
    ])
    assert.deepEqual(onDate(entries, '2026-05-02'), [
      { id: null, date: '2026-05-02', name: 'Día de la Comunidad de Madrid', type: 'public', work_center_id: null },
    ])
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
      { id: null, date: '2026-09-11', name: 'Dia de Cataluña', type: 'public', work_center_id: null },
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
      type: 'company',
      work_center_id: null,
    })
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
      { ...back[0], name: undefined },
      { id: null, date: '2026-12-08', name: undefined, type: 'public', work_center_id: null },
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

  it('members may list holidays (200) but not create or delete them (403 permission_denied)', async () => {
    const tenant = await madridTenant(t)
    const wc = await createWorkCenter(tenant, { name: 'Barcelona', country: 'ES', region: 'CT' })
    const holiday = await createHoliday(tenant.admin, { date: '2026-07-15', name: 'Summer day' })
    const user = await tenant.createUser({ work_center_id: wc.id })
    const member = await tenant.keyFor(user.id)

    const res = await member.get(holidaysUrl({ from: '2026-01-01', to: '2026-12-31', page_size: 100 }))
    assert.equal(res.status, 200)
    assert.deepEqual(res.body.data, await year2026(tenant.admin), 'members see what administrators see')
    assert.deepEqual(await year2026(member, wc.id), await year2026(tenant.admin, wc.id))

    expectError(await member.post('/api/v1/holidays', { date: '2026-07-16', name: 'Mine' }), 403, 'permission_denied')
    expectError(
      await member.post('/api/v1/holidays', { date: '2026-07-16', name: 'Mine', work_center_id: wc.id }),
      403,
      'permission_denied',
    )
    expectError(await member.delete(`/api/v1/holidays/${holiday.id}`), 403, 'permission_denied')
    // Validation and existence come first (400, 404), as for every other resource.
    expectError(await member.post('/api/v1/holidays', { date: '2026-02-30', name: 'Mine' }), 400, 'invalid_request')
    expectError(await member.delete('/api/v1/holidays/hol_nope'), 404, 'not_found')

    const after = await year2026(tenant.admin)
    assert.deepEqual(onDate(after, '2026-07-15'), [holiday], 'the refused delete kept it')
    assert.deepEqual(onDate(after, '2026-07-16'), [], 'the refused create wrote nothing')
    assert.deepEqual(onDate(await year2026(tenant.admin, wc.id), '2026-07-16'), [])
  })

  it('keys without the holiday scopes are refused (403 scope_required)', async () => {
    const tenant = await madridTenant(t)
    const holiday = await createHoliday(tenant.admin, { date: '2026-07-15', name: 'Summer day' })
    const readOnly = await tenant.keyFor(tenant.adminId, ['holidays.list', 'schedules.list'])
    assert.equal((await readOnly.get(holidaysUrl({ from: '2026-01-01', to: '2026-01-31' }))).status, 200)
    assert.equal((await readOnly.get('/api/v1/schedules')).status, 200)
    expectError(await readOnly.post('/api/v1/holidays', { date: '2026-07-16', name: 'X' }), 403, 'scope_required')
    expectError(await readOnly.delete(`/api/v1/holidays/${holiday.id}`), 403, 'scope_required')
    expectError(
      await readOnly.post('/api/v1/schedules', { name: 'X', weekday_minutes: FULL_TIME }),
      403,
      'scope_required',
    )
    const none = await tenant.keyFor(tenant.adminId, ['users.list'])
    expectError(await none.get(holidaysUrl({ from: '2026-01-01', to: '2026-01-31' })), 403, 'scope_required')
    expectError(await none.get('/api/v1/schedules'), 403, 'scope_required')
    expectError(await t.client(null).get(holidaysUrl({ from: '2026-01-01', to: '2026-01-31' })), 401, 'unauthenticated')
  })
})
