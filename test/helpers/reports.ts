/**
 * Monthly records (docs/decisions/0011-reports-sign-off-and-inspector-keys.md) through HTTP:
 * fetching a monthly report, reading a CSV back, and a fixture month of an employee, shared by the
 * test/api/reports-*.test.ts files. Each test file keeps its own clock (`now`, `setNow`) and hands
 * `setNow` to the fixture.
 */
import assert from 'node:assert/strict'
import { parse } from 'csv-parse/sync'
import type { TestContext, TestTenant } from './harness.js'

async function punch(tenant: TestTenant, userId: string, type: string, ts: string, modality?: string) {
  const res = await tenant.admin.post('/api/v1/attendance', {
    user_id: userId,
    type,
    ts,
    ...(modality ? { modality } : {}),
  })
  if (res.status !== 201) throw new Error(`punch ${type} ${ts}: ${res.status} ${JSON.stringify(res.body)}`)
  return res.body.data
}

export async function report(client: TestTenant['admin'], userId: string, month: string, extra = '') {
  const res = await client.get(`/api/v1/attendance/reports/monthly?user_id=${userId}&month=${month}${extra}`)
  assert.equal(res.status, 200, JSON.stringify(res.body))
  return res.body.data
}

export function csvRows(text: string): Record<string, string>[] {
  return parse(text, { columns: true, skip_empty_lines: true }) as Record<string, string>[]
}

/**
 * October 2026 of an employee in a company on UTC: ordinary days, a break, a remote day, a night
 * shift, a holiday, an approved hourly absence, and an approved correction (a late `in` moved).
 *
 * `setNow` is the calling file's clock: the fixture sets it while it builds the month. Each file makes
 * its own `octoberOf` with it.
 */
export function octoberFixture(setNow: (iso: string) => void) {
  return async function octoberOf(t: TestContext, name = 'Marta Pérez') {
    setNow('2026-10-01T06:00:00Z')
    const tenant = await t.newTenant({ timezone: 'UTC' })
    const hrDep = (await tenant.admin.post('/api/v1/departments', { name: 'HR' })).body.data
    await tenant.admin.patch('/api/v1/tenant', { hr_department_id: hrDep.id })
    const manager = await tenant.createUser({ full_name: 'Manager' })
    const employee = await tenant.createUser({
      full_name: name,
      manager_id: manager.id,
      remote_work_allowed: true,
      dni: '12345678Z',
      hire_date: '2026-01-01',
    })
    const colleague = await tenant.createUser({ full_name: 'Colleague' })
    assert.equal(
      (await tenant.admin.post('/api/v1/holidays', { date: '2026-10-12', name: 'Fiesta Nacional' })).status,
      201,
    )
    assert.equal(
      (
        await tenant.admin.post('/api/v1/absence-types', {
          key: 'doctor',
          label: 'Médico',
          requires_approval: false,
          allows_hourly: true,
        })
      ).status,
      201,
    )
    const absence = await tenant.admin.post('/api/v1/absences', {
      user_id: employee.id,
      type: 'doctor',
      start_date: '2026-10-07',
      end_date: '2026-10-07',
      start_time: '09:00',
      end_time: '11:00',
    })
    assert.equal(absence.status, 201, JSON.stringify(absence.body))

    setNow('2026-10-20T20:00:00Z')
    await punch(tenant, employee.id, 'in', '2026-10-01T08:00:00Z')
    await punch(tenant, employee.id, 'break_start', '2026-10-01T12:00:00Z')
    await punch(tenant, employee.id, 'break_end', '2026-10-01T12:30:00Z')
    await punch(tenant, employee.id, 'out', '2026-10-01T17:30:00Z') // 9 h: 60 min overtime
    const late = await punch(tenant, employee.id, 'in', '2026-10-02T09:30:00Z', 'remote')
    await punch(tenant, employee.id, 'out', '2026-10-02T16:00:00Z')
    await punch(tenant, employee.id, 'in', '2026-10-07T11:00:00Z')
    await punch(tenant, employee.id, 'out', '2026-10-07T17:00:00Z')
    await punch(tenant, employee.id, 'in', '2026-10-15T22:00:00Z') // night shift: belongs to the 15th
    await punch(tenant, employee.id, 'out', '2026-10-16T06:00:00Z')
    const as = {
      employee: await tenant.keyFor(employee.id),
      manager: await tenant.keyFor(manager.id),
      colleague: await tenant.keyFor(colleague.id),
    }
    const proposed = await as.employee.post('/api/v1/attendance/corrections', {
      user_id: employee.id,
      reason: 'I was in at 08:00; the reader failed',
      changes: [{ action: 'move', punch_id: late.id, ts: '2026-10-02T08:00:00Z' }],
    })
    assert.equal(proposed.status, 201, JSON.stringify(proposed.body))
    assert.equal(
      (
        await as.manager.post(`/api/v1/attendance/corrections/${proposed.body.data.id}/decide`, {
          decision: 'approved',
          note: 'ok',
        })
      ).status,
      200,
    )
    return { tenant, employee, manager, colleague, as, correctionId: proposed.body.data.id as string }
  }
}
