/**
 * Who follows which schedule, through HTTP: the company default in the tenant settings (exactly one
 * schedule is the default) and a user's own schedule (null follows the company default).
 */
import assert from 'node:assert/strict'
import { it } from 'node:test'
import { expectError, forEachEngine } from '../helpers/harness.js'
import { createSchedule, DEFAULT_SCHEDULE_NAME, FOUR_DAYS, schedules } from '../helpers/schedules-holidays.js'

forEachEngine('schedules: company default and users', (t) => {
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
