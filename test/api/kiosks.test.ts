/**
 * Kiosk devices (docs/decisions/0013-kiosks.md), on both engines: administrators set them up and
 * revoke them; a device token is shown once and confined to the kiosk endpoints.
 */
import assert from 'node:assert/strict'
import { it } from 'node:test'
import { expectError, forEachEngine } from '../helpers/harness.js'

forEachEngine('kiosk devices', (t) => {
  it('an administrator sets up a kiosk: its token once, never listed; revoking stops the token for good', async () => {
    const tenant = await t.newTenant()
    const centre = (await tenant.admin.post('/api/v1/work-centers', { name: 'Warehouse' })).body.data
    const res = await tenant.admin.post('/api/v1/kiosks', { name: '  Front door  ', work_center_id: centre.id })
    assert.equal(res.status, 201, JSON.stringify(res.body))
    const kiosk = res.body.data
    assert.match(kiosk.id, /^kio_/)
    assert.match(kiosk.device_token, /^jkd_[0-9A-Z]{26}_[A-Za-z0-9_-]{43}$/)
    assert.equal(kiosk.device_token.slice(4, 30), kiosk.id.slice(4), 'the token names its device')
    assert.deepEqual(
      {
        name: kiosk.name,
        work_center_id: kiosk.work_center_id,
        active: kiosk.active,
        created_by: kiosk.created_by,
        revoked_at: kiosk.revoked_at,
      },
      { name: 'Front door', work_center_id: centre.id, active: true, created_by: tenant.adminId, revoked_at: null },
    )
    const listed = (await tenant.admin.get('/api/v1/kiosks')).body
    assert.equal(listed.meta.total, 1)
    assert.equal(listed.data[0].id, kiosk.id)
    assert.ok(!JSON.stringify(listed).includes(kiosk.device_token.slice(31)), 'the token is never listed')
    assert.equal(listed.data[0].device_token, undefined)
    const read = (await tenant.admin.get(`/api/v1/kiosks/${kiosk.id}`)).body.data
    assert.deepEqual(read, listed.data[0], 'read one by one as listed, without its token')

    // The device is seen when it calls (here: an endpoint it may not use).
    expectError(await t.client(kiosk.device_token).get('/api/v1/me'), 403, 'permission_denied')
    assert.ok((await tenant.admin.get('/api/v1/kiosks')).body.data[0].last_used_at, 'last_used_at is noted')

    const revoked = await tenant.admin.post(`/api/v1/kiosks/${kiosk.id}/revoke`)
    assert.equal(revoked.status, 200)
    assert.equal(revoked.body.data.active, false)
    const again = await tenant.admin.post(`/api/v1/kiosks/${kiosk.id}/revoke`)
    assert.deepEqual(again.body.data, revoked.body.data, 'revoking twice changes nothing')
    expectError(await t.client(kiosk.device_token).get('/api/v1/me'), 401, 'unauthenticated')
    assert.deepEqual((await tenant.admin.get('/api/v1/kiosks?active=true')).body.data, [])
    assert.equal((await tenant.admin.get('/api/v1/kiosks?active=false')).body.data[0].id, kiosk.id)
  })

  it('a device token can call nothing but the kiosk endpoints; a forged or altered one is 401', async () => {
    const tenant = await t.newTenant()
    const user = await tenant.createUser()
    const { device_token: token } = (await tenant.admin.post('/api/v1/kiosks', { name: 'Lobby' })).body.data
    const device = t.client(token)
    for (const [method, url, body] of [
      ['GET', '/api/v1/me'],
      ['GET', '/api/v1/users'],
      ['GET', `/api/v1/users/${user.id}`],
      ['POST', '/api/v1/attendance', { user_id: user.id, type: 'in', ts: new Date().toISOString() }],
      ['POST', '/api/v1/attendance/clock', { type: 'in' }],
      ['GET', '/api/v1/kiosks'],
      ['POST', '/api/v1/kiosks', { name: 'Another' }],
      ['GET', '/api/v1/events'],
    ] as const) {
      const res = await device.request(method, url, body)
      expectError(res, 403, 'permission_denied')
    }
    assert.equal(
      (await t.database.db.selectFrom('punches').select('id').where('tenant_id', '=', tenant.id).execute()).length,
      0,
      'nothing was written',
    )
    const altered = token.slice(0, -4) + (token.endsWith('AAAA') ? 'BBBB' : 'AAAA')
    expectError(await t.client(altered).get('/api/v1/me'), 401, 'unauthenticated')
    expectError(
      await t.client('jkd_01ARZ3NDEKTSV4RRFFQ69G5FAV_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa').get('/api/v1/me'),
      401,
      'unauthenticated',
    )
  })

  it('only administrators manage kiosks; what is refused', async () => {
    const tenant = await t.newTenant()
    const user = await tenant.createUser()
    const member = await tenant.keyFor(user.id)
    expectError(await member.post('/api/v1/kiosks', { name: 'Mine' }), 403, 'permission_denied')
    expectError(await member.get('/api/v1/kiosks'), 403, 'permission_denied')
    const kiosk = (await tenant.admin.post('/api/v1/kiosks', { name: 'Gate' })).body.data
    expectError(await member.post(`/api/v1/kiosks/${kiosk.id}/revoke`), 403, 'permission_denied')
    expectError(await member.get(`/api/v1/kiosks/${kiosk.id}`), 403, 'permission_denied')
    expectError(await tenant.admin.get('/api/v1/kiosks/kio_01ARZ3NDEKTSV4RRFFQ69G5FAV'), 404, 'not_found')
    expectError(await tenant.admin.post('/api/v1/kiosks', { name: '' }), 400, 'invalid_request')
    expectError(await tenant.admin.post('/api/v1/kiosks', { name: 'x'.repeat(101) }), 400, 'invalid_request')
    expectError(await tenant.admin.post('/api/v1/kiosks', { name: 'Gate', token: 'mine' }), 400, 'invalid_request')
    const other = await t.newTenant()
    const theirCentre = (await other.admin.post('/api/v1/work-centers', { name: 'Theirs' })).body.data
    expectError(
      await tenant.admin.post('/api/v1/kiosks', { name: 'Gate', work_center_id: theirCentre.id }),
      404,
      'not_found',
    )
    expectError(await tenant.admin.post('/api/v1/kiosks/kio_01ARZ3NDEKTSV4RRFFQ69G5FAV/revoke'), 404, 'not_found')
    assert.equal((await tenant.admin.get('/api/v1/kiosks')).body.meta.total, 1)
  })
})
