/**
 * Overtime's terms (docs/decisions/0018-overtime.md), first part: the company's policy in its
 * settings, and each employee's own compensation, period and night work on the user, with their
 * defaults, their validation (a period is whole months), who may set them, and the audit of each
 * change.
 */
import assert from 'node:assert/strict'
import { it } from 'node:test'
import { expectError, forEachEngine } from '../helpers/harness.js'

forEachEngine('overtime policy and terms', (t) => {
  it('a company starts with the law’s defaults; an administrator changes parts of the policy, validated and audited', async () => {
    const tenant = await t.newTenant()
    const read = (await tenant.admin.get('/api/v1/tenant')).body.data
    assert.deepEqual(read.overtime_policy, {
      basis: 'daily',
      compensation: 'rest',
      comp_expiry: 'P4M',
      annual_cap_hours: 80,
      approval: 'manual',
    })
    const changed = await tenant.admin.patch('/api/v1/tenant', {
      overtime_policy: { basis: 'weekly', comp_expiry: 'P6M', annual_cap_hours: 60 },
    })
    assert.equal(changed.status, 200, JSON.stringify(changed.body))
    assert.deepEqual(changed.body.data.overtime_policy, {
      basis: 'weekly',
      compensation: 'rest',
      comp_expiry: 'P6M',
      annual_cap_hours: 60,
      approval: 'manual',
    })
    for (const [policy, field, words] of [
      [{ comp_expiry: 'P4W' }, 'overtime_policy.comp_expiry', /whole months/],
      [{ comp_expiry: 'P0M' }, 'overtime_policy.comp_expiry', /whole months/],
      [{ comp_expiry: 'P1.5M' }, 'overtime_policy.comp_expiry', /whole months/],
      [{ annual_cap_hours: 81 }, 'overtime_policy.annual_cap_hours', /80/],
      [{ basis: 'yearly' }, 'overtime_policy.basis', /daily, weekly, monthly/],
      [{ compensation: 'beer' }, 'overtime_policy.compensation', /rest, pay, mixed/],
      [{ approval: 'sometimes' }, 'overtime_policy.approval', /manual, automatic/],
      [{ surprise: true }, 'overtime_policy.surprise', /not a known field/],
    ] as const) {
      const refused = expectError(
        await tenant.admin.patch('/api/v1/tenant', { overtime_policy: policy }),
        400,
        'invalid_request',
      )
      assert.equal(refused.details?.[0]?.field, field, JSON.stringify(refused))
      assert.match(refused.details![0]!.message, words)
    }
    // Nothing refused was written.
    assert.equal((await tenant.admin.get('/api/v1/tenant')).body.data.overtime_policy.basis, 'weekly')
    const member = await tenant.keyFor((await tenant.createUser()).id)
    expectError(
      await member.patch('/api/v1/tenant', { overtime_policy: { approval: 'automatic' } }),
      403,
      'permission_denied',
    )
    const audit = (await tenant.admin.get('/api/v1/audit-log?operation=tenant.update')).body.data
    assert.deepEqual(audit[0].fields, ['overtime_policy'])
  })

  it('an employee’s own terms: null follows the company; administrators and HR set them, nobody else', async () => {
    const tenant = await t.newTenant()
    const hr = (await tenant.admin.post('/api/v1/departments', { name: 'HR' })).body.data
    await tenant.admin.patch('/api/v1/tenant', { hr_department_id: hr.id })
    const hrPerson = await tenant.createUser({ department_id: hr.id })
    const worker = await tenant.createUser()
    assert.deepEqual(
      [worker.overtime_compensation, worker.overtime_comp_expiry, worker.night_worker],
      [null, null, false],
    )
    const byAdmin = await tenant.admin.patch(`/api/v1/users/${worker.id}`, {
      overtime_compensation: 'pay',
      overtime_comp_expiry: 'P2M',
    })
    assert.equal(byAdmin.status, 200, JSON.stringify(byAdmin.body))
    assert.deepEqual([byAdmin.body.data.overtime_compensation, byAdmin.body.data.overtime_comp_expiry], ['pay', 'P2M'])
    const hrKey = await tenant.keyFor(hrPerson.id)
    const byHr = await hrKey.patch(`/api/v1/users/${worker.id}`, { night_worker: true, overtime_comp_expiry: null })
    assert.equal(byHr.status, 200, JSON.stringify(byHr.body))
    assert.deepEqual([byHr.body.data.night_worker, byHr.body.data.overtime_comp_expiry], [true, null])
    const self = await tenant.keyFor(worker.id)
    const refused = expectError(
      await self.patch(`/api/v1/users/${worker.id}`, { overtime_compensation: 'rest' }),
      403,
      'permission_denied',
    )
    assert.match(refused.message, /administrator or a member of the HR department/)
    const invalid = expectError(
      await tenant.admin.patch(`/api/v1/users/${worker.id}`, { overtime_comp_expiry: 'P25M' }),
      400,
      'invalid_request',
    )
    assert.match(invalid.details![0]!.message, /P1M to P24M/)
    expectError(
      await tenant.admin.patch(`/api/v1/users/${worker.id}`, { overtime_compensation: 'cash' }),
      400,
      'invalid_request',
    )
    const audit = (await tenant.admin.get(`/api/v1/audit-log?operation=users.update&resource_id=${worker.id}`)).body
      .data
    assert.deepEqual(
      audit.map((e: { fields: string[] }) => e.fields.sort()),
      [
        ['night_worker', 'overtime_comp_expiry'],
        ['overtime_comp_expiry', 'overtime_compensation'],
      ],
    )
  })
})
