/**
 * The work-schedule catalogue (/schedules) through HTTP: creating, listing (the tenant's default
 * schedule first created with it) and updating schedules, unique names, the rules for minutes per
 * weekday, concurrent creations, unknown ids, and members reading but not writing.
 */
import assert from 'node:assert/strict'
import { it } from 'node:test'
import { expectError, forEachEngine } from '../helpers/harness.js'
import {
  createSchedule,
  DEFAULT_SCHEDULE_NAME,
  FOUR_DAYS,
  FULL_TIME,
  PART_TIME,
  schedules,
} from '../helpers/schedules-holidays.js'

const SCHEDULE_FIELDS = ['created_at', 'id', 'is_default', 'name', 'weekday_minutes']

forEachEngine('schedules: catalogue', (t) => {
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
    // A schedule is read (GET, an unknown one 404) and changed with PATCH: other methods on its path are 405.
    expectError(await tenant.admin.get('/api/v1/schedules/sch_nope'), 404, 'not_found')
    const removal = await tenant.admin.delete(`/api/v1/schedules/${item.id}`)
    expectError(removal, 405, 'method_not_allowed')
    assert.equal(removal.headers.allow, 'GET, HEAD, PATCH')

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
})
