/**
 * Who may touch holidays through HTTP: members list them but may not create or delete them, and
 * keys without the holiday (or schedule) scopes are refused.
 */
import assert from 'node:assert/strict'
import { it } from 'node:test'
import { expectError, forEachEngine } from '../helpers/harness.js'
import {
  createHoliday,
  createWorkCenter,
  FULL_TIME,
  holidaysUrl,
  madridTenant,
  onDate,
  year2026,
} from '../helpers/schedules-holidays.js'

forEachEngine('holidays: members and key scopes', (t) => {
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
