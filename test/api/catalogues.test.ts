import assert from 'node:assert/strict'
import { it } from 'node:test'
import { expectError, forEachEngine } from '../helpers/harness.js'

forEachEngine('departments, work centers and company settings', (t) => {
  it('departments: create (201), list in name order, rename, unique names (409)', async () => {
    const tenant = await t.newTenant()
    const created = await tenant.admin.post('/api/v1/departments', { name: ' Finance ' })
    assert.equal(created.status, 201)
    assert.match(created.body.data.id, /^dep_/)
    assert.equal(created.body.data.name, 'Finance')
    await tenant.admin.post('/api/v1/departments', { name: 'Audit' })
    expectError(await tenant.admin.post('/api/v1/departments', { name: 'Finance' }), 409, 'name_taken')
    const list = await tenant.admin.get('/api/v1/departments')
    assert.deepEqual(
      list.body.data.map((d: any) => d.name),
      ['Audit', 'Finance'],
    )
    assert.deepEqual(list.body.meta, { page: 1, page_size: 25, total: 2 })
    const renamed = await tenant.admin.patch(`/api/v1/departments/${created.body.data.id}`, { name: 'Treasury' })
    assert.equal(renamed.body.data.name, 'Treasury')
    const read = await tenant.admin.get(`/api/v1/departments/${created.body.data.id}`)
    assert.deepEqual(read.body.data, renamed.body.data, 'one item reads as the list shows it')
    expectError(await tenant.admin.get('/api/v1/departments/dep_01ARZ3NDEKTSV4RRFFQ69G5FAV'), 404, 'not_found')
    expectError(
      await tenant.admin.patch(`/api/v1/departments/${created.body.data.id}`, { name: 'Audit' }),
      409,
      'name_taken',
    )
    assert.equal(
      (await tenant.admin.patch(`/api/v1/departments/${created.body.data.id}`, { name: 'Treasury' })).status,
      200,
      'own name is fine',
    )
    expectError(await tenant.admin.patch('/api/v1/departments/dep_nope', { name: 'X' }), 404)
    expectError(await tenant.admin.post('/api/v1/departments', { name: '' }), 400)
    expectError(await tenant.admin.post('/api/v1/departments', { name: 'X', extra: 1 }), 400)
  })

  it('a renamed department shows its new name on users', async () => {
    const tenant = await t.newTenant()
    const dep = (await tenant.admin.post('/api/v1/departments', { name: 'Old' })).body.data
    const user = await tenant.createUser({ department_id: dep.id })
    await tenant.admin.patch(`/api/v1/departments/${dep.id}`, { name: 'New' })
    assert.deepEqual((await tenant.admin.get(`/api/v1/users/${user.id}`)).body.data.department, {
      id: dep.id,
      name: 'New',
    })
  })

  it('work centers carry a country and region known to the holiday calendar', async () => {
    const tenant = await t.newTenant()
    const res = await tenant.admin.post('/api/v1/work-centers', { name: 'Barcelona', country: 'ES', region: 'CT' })
    assert.equal(res.status, 201)
    assert.deepEqual(
      { ...res.body.data, id: undefined, created_at: undefined },
      { id: undefined, created_at: undefined, name: 'Barcelona', country: 'ES', region: 'CT' },
    )
    const bad = expectError(await tenant.admin.post('/api/v1/work-centers', { name: 'X', country: 'QQ' }), 400)
    assert.equal(bad.details![0]!.field, 'country')
    const badRegion = expectError(
      await tenant.admin.post('/api/v1/work-centers', { name: 'X', country: 'ES', region: 'ZZ' }),
      400,
    )
    assert.equal(badRegion.details![0]!.field, 'region')
    expectError(await tenant.admin.post('/api/v1/work-centers', { name: 'X', region: 'MD' }), 400)
    expectError(await tenant.admin.post('/api/v1/work-centers', { name: 'X', country: 'es' }), 400)
    const id = res.body.data.id
    expectError(await tenant.admin.patch(`/api/v1/work-centers/${id}`, { country: 'FR' }), 400, 'invalid_request') // CT is not a region of FR
    const moved = await tenant.admin.patch(`/api/v1/work-centers/${id}`, { country: 'FR', region: null })
    assert.deepEqual([moved.body.data.country, moved.body.data.region], ['FR', null])
    const list = await tenant.admin.get('/api/v1/work-centers')
    assert.equal(list.body.meta.total, 1, 'rejected requests wrote nothing')
  })

  it('catalogue writes are for administrators only', async () => {
    const tenant = await t.newTenant()
    const dep = (await tenant.admin.post('/api/v1/departments', { name: 'D' })).body.data
    const member = await tenant.keyFor((await tenant.createUser()).id)
    expectError(await member.post('/api/v1/departments', { name: 'M' }), 403, 'permission_denied')
    expectError(await member.patch(`/api/v1/departments/${dep.id}`, { name: 'M' }), 403, 'permission_denied')
    expectError(await member.post('/api/v1/work-centers', { name: 'M' }), 403, 'permission_denied')
    assert.equal((await member.get('/api/v1/departments')).status, 200, 'members may read')
    assert.equal((await member.get(`/api/v1/departments/${dep.id}`)).status, 200, 'one by one too')
  })

  it('company settings: read, partial update, HR department must exist, admin only', async () => {
    const tenant = await t.newTenant()
    const res = await tenant.admin.get('/api/v1/tenant')
    assert.equal(res.status, 200)
    assert.equal(res.body.data.id, tenant.id)
    assert.equal(res.body.data.timezone, 'Europe/Madrid')
    assert.equal(res.body.data.default_vacation_days, 22)
    assert.deepEqual(res.body.data.default_folders, ['Contracts', 'Payslips', 'Other'])
    const hr = (await tenant.admin.post('/api/v1/departments', { name: 'HR' })).body.data
    const updated = await tenant.admin.patch('/api/v1/tenant', {
      name: 'Renamed SL',
      timezone: 'America/Los_Angeles',
      country: 'US',
      region: 'CA',
      hr_department_id: hr.id,
    })
    assert.equal(updated.status, 200)
    assert.equal(updated.body.data.name, 'Renamed SL')
    assert.equal(updated.body.data.timezone, 'America/Los_Angeles')
    assert.equal(updated.body.data.hr_department_id, hr.id)
    assert.equal(updated.body.data.default_vacation_days, 22, 'omitted: kept')
    assert.equal((await tenant.admin.get('/api/v1/me')).body.data.tenant.name, 'Renamed SL')
    expectError(await tenant.admin.patch('/api/v1/tenant', { timezone: 'Mars/Olympus' }), 400)
    expectError(await tenant.admin.patch('/api/v1/tenant', { default_vacation_days: -1 }), 400)
    expectError(await tenant.admin.patch('/api/v1/tenant', { default_folders: ['A', 'A'] }), 400)
    expectError(await tenant.admin.patch('/api/v1/tenant', { hr_department_id: 'dep_nope' }), 404)
    const member = await tenant.keyFor((await tenant.createUser()).id)
    expectError(await member.patch('/api/v1/tenant', { name: 'Mine' }), 403, 'permission_denied')
    assert.equal((await member.get('/api/v1/tenant')).status, 200)
    const cleared = await tenant.admin.patch('/api/v1/tenant', { hr_department_id: null, country: null, region: null })
    assert.equal(cleared.body.data.hr_department_id, null)
  })
})
