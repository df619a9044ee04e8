/**
 * The legal working-time record (docs/decisions/0010-legal-working-time-record.md) through HTTP:
 * pushing punches, reading daily entries and a company with HR and a chain of managers, shared by
 * the test/api/legal-record-*.test.ts files. Each test file keeps its own clock (`now`, `setNow`).
 */
import assert from 'node:assert/strict'
import type { TestTenant } from './harness.js'

export async function punch(tenant: TestTenant, userId: string, type: string, ts: string) {
  const res = await tenant.admin.post('/api/v1/attendance', { user_id: userId, type, ts })
  if (res.status !== 201) throw new Error(`punch ${type} ${ts}: ${res.status} ${JSON.stringify(res.body)}`)
  return res.body.data
}

export async function days(tenant: TestTenant, userId: string, from: string, to = from) {
  const res = await tenant.admin.get(`/api/v1/attendance?user_id=${userId}&from=${from}&to=${to}&tz=UTC&page_size=100`)
  assert.equal(res.status, 200, JSON.stringify(res.body))
  return res.body.data as any[]
}

/** A company with HR, and an employee under a manager under a director. */
export async function company(t: { newTenant(): Promise<TestTenant> }) {
  const tenant = await t.newTenant()
  const hrDep = (await tenant.admin.post('/api/v1/departments', { name: 'HR' })).body.data
  await tenant.admin.patch('/api/v1/tenant', { hr_department_id: hrDep.id })
  const director = await tenant.createUser({ full_name: 'Director' })
  const manager = await tenant.createUser({ full_name: 'Manager', manager_id: director.id })
  const employee = await tenant.createUser({ full_name: 'Employee', manager_id: manager.id, remote_work_allowed: true })
  const colleague = await tenant.createUser({ full_name: 'Colleague' })
  const hr = await tenant.createUser({ full_name: 'HR person', department_id: hrDep.id })
  return {
    tenant,
    ids: { director: director.id, manager: manager.id, employee: employee.id, colleague: colleague.id, hr: hr.id },
    as: {
      director: await tenant.keyFor(director.id),
      manager: await tenant.keyFor(manager.id),
      employee: await tenant.keyFor(employee.id),
      colleague: await tenant.keyFor(colleague.id),
      hr: await tenant.keyFor(hr.id),
    },
  }
}
