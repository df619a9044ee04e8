/**
 * Need-to-know (docs/decisions/0014-privacy-and-visibility.md): who reads an employee's sensitive
 * fields and records. The matrix asks every read route as the employee, their manager, an unrelated
 * colleague, HR, an administrator, an administrator's key without `users.sensitive`, and a workers'
 * representative (docs/decisions/0019-representatives-and-record-export.md), who reads the
 * company's monthly totals and overtime report and nothing else of others.
 */
import assert from 'node:assert/strict'
import { it } from 'node:test'
import { SENSITIVE_PROFILE_FIELDS } from '../../src/auth/policies.js'
import { SCOPES } from '../../src/auth/scopes.js'
import { longDayLastMonth } from '../helpers/attendance.js'
import { expenseBody } from '../helpers/fixtures.js'
import { type Client, type Response, expectError, forEachEngine } from '../helpers/harness.js'

const SENSITIVE_VALUES = {
  iban: 'ES9121000418450200051332',
  swift: 'CAIXESBBXXX',
  ssn: '281234567840',
  dni_expiry: '2031-01-01',
  passport_number: 'PAA123456',
  passport_issue: '2021-01-01',
  passport_expiry: '2031-01-01',
  health_insurance: 'Sanitas 123',
  birth_date: '1990-05-04',
  address: 'Calle Mayor 1',
  postal_code: '28013',
  personal_email: 'private@example.org',
  nationality: 'ES',
}

type Viewer = 'employee' | 'manager' | 'colleague' | 'hr' | 'admin' | 'admin without users.sensitive' | 'representative'
const VIEWERS: Viewer[] = [
  'employee',
  'manager',
  'colleague',
  'hr',
  'admin',
  'admin without users.sensitive',
  'representative',
]
/** Who sees the employee's records (attendance, absences, expenses, allocations). */
const SEES_RECORDS: Record<Viewer, boolean> = {
  employee: true,
  manager: true,
  colleague: false,
  hr: true,
  admin: true,
  'admin without users.sensitive': true,
  representative: false,
}
/**
 * The company-wide reports (docs/decisions/0019-representatives-and-record-export.md): as the
 * records, and every row to a representative.
 */
const COMPANY_REPORTS = new Set(['attendance-reports.company', 'overtime-reports.monthly'])
/** Who sees the employee's sensitive fields. */
const SEES_SENSITIVE: Record<Viewer, boolean> = {
  employee: true,
  manager: false,
  colleague: false,
  hr: true,
  admin: true,
  'admin without users.sensitive': false,
  representative: false,
}

forEachEngine('privacy and visibility', (t) => {
  async function company() {
    const tenant = await t.newTenant()
    const hrDepartment = (await tenant.admin.post('/api/v1/departments', { name: 'People' })).body.data
    assert.equal((await tenant.admin.patch('/api/v1/tenant', { hr_department_id: hrDepartment.id })).status, 200)
    const grandBoss = await tenant.createUser({ full_name: 'Grand Boss' })
    const manager = await tenant.createUser({ full_name: 'Manager', manager_id: grandBoss.id })
    const employee = await tenant.createUser({
      full_name: 'Employee',
      manager_id: manager.id,
      dni: '12345678Z',
      phone: '+34 600 111 222',
    })
    const colleague = await tenant.createUser({ full_name: 'Colleague', manager_id: grandBoss.id })
    const hr = await tenant.createUser({ full_name: 'HR Clerk', department_id: hrDepartment.id })
    const representative = await tenant.createUser({ full_name: 'Representative', manager_id: grandBoss.id })
    assert.equal((await tenant.admin.patch(`/api/v1/users/${representative.id}`, { representative: true })).status, 200)
    assert.equal((await tenant.admin.patch(`/api/v1/users/${employee.id}`, SENSITIVE_VALUES)).status, 200)
    const keys: Record<Viewer, Client> = {
      employee: await tenant.keyFor(employee.id),
      manager: await tenant.keyFor(manager.id),
      colleague: await tenant.keyFor(colleague.id),
      hr: await tenant.keyFor(hr.id),
      admin: tenant.admin,
      'admin without users.sensitive': await tenant.keyFor(
        tenant.adminId,
        SCOPES.filter((s) => s !== 'users.sensitive'),
      ),
      representative: await tenant.keyFor(representative.id),
    }
    return { tenant, employee, manager, grandBoss, colleague, hr, keys }
  }

  it('sensitive fields: the employee, HR and admins with users.sensitive see them; anyone else gets null, same shape', async () => {
    const { employee, keys } = await company()
    for (const viewer of VIEWERS) {
      const one = await keys[viewer].get(`/api/v1/users/${employee.id}`)
      assert.equal(one.status, 200, viewer)
      const listed = (await keys[viewer].get('/api/v1/users?detail=full&page_size=100')).body.data.find(
        (u: any) => u.id === employee.id,
      )
      for (const profile of [one.body.data.profile, listed.profile]) {
        for (const field of SENSITIVE_PROFILE_FIELDS) {
          assert.ok(field in profile, `${field} is always in the shape`)
          const expected =
            field === 'dni'
              ? '12345678Z'
              : field === 'phone_personal'
                ? '+34 600 111 222'
                : (SENSITIVE_VALUES as Record<string, string>)[field]
          const shown = field === 'iban' && profile.iban !== null ? profile.iban.replace(/\s/g, '') : profile[field]
          assert.equal(shown, SEES_SENSITIVE[viewer] ? expected : null, `${viewer} reading ${field}`)
        }
        assert.equal(profile.city, null, 'non-sensitive fields are shown as they are')
      }
    }
  })

  it('records of an employee: 404 and left out of lists for anyone but the employee, their supervisors, HR and admins', async () => {
    const { tenant, employee, grandBoss, keys } = await company()
    const now = Date.now()
    const today = new Date(now).toISOString().slice(0, 10)
    // A long day of last month, which has ended: an overtime lot.
    await longDayLastMonth(tenant.admin, employee.id)
    const punch = await tenant.admin.post('/api/v1/attendance', {
      user_id: employee.id,
      type: 'in',
      ts: new Date(now - 3_600_000).toISOString(),
    })
    assert.equal(punch.status, 201, JSON.stringify(punch.body))
    const absence = (
      await keys.employee.post('/api/v1/absences', {
        user_id: employee.id,
        type: 'sick',
        start_date: '2030-03-04',
        end_date: '2030-03-05',
      })
    ).body.data
    const expense = (await keys.employee.post('/api/v1/expenses', expenseBody(employee.id))).body.data
    const allocation = (
      await keys.employee.post('/api/v1/allocations', {
        user_id: employee.id,
        start: '2026-01-05T08:00:00Z',
        end: '2026-01-05T09:00:00Z',
        note: 'x',
      })
    ).body.data
    const correction = (
      await keys.employee.post('/api/v1/attendance/corrections', {
        user_id: employee.id,
        reason: 'Earlier',
        changes: [{ action: 'move', punch_id: punch.body.data.id, ts: new Date(now - 4_000_000).toISOString() }],
      })
    ).body.data
    assert.ok(absence?.id && expense?.id && allocation?.id && correction?.id)

    const yesterday = new Date(now - 86_400_000).toISOString().slice(0, 10)
    const lastMonth = new Date(Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth() - 1, 1))
      .toISOString()
      .slice(0, 7)
    const reads: Record<string, (key: Client) => Promise<boolean>> = {
      'attendance.list': async (key) => {
        const res = await key.get(`/api/v1/attendance?user_id=${employee.id}&from=${yesterday}&to=${today}`)
        if (res.status === 404) {
          expectError(res, 404, 'not_found')
          return false
        }
        assert.equal(res.status, 200)
        return res.body.data.some((d: any) => d.punches.length > 0)
      },
      'attendance.summary': async (key) => {
        const res = await key.get(`/api/v1/attendance/summary?from=${yesterday}&to=${today}&page_size=100`)
        assert.equal(res.status, 200)
        return res.body.data.some((row: any) => row.user_id === employee.id)
      },
      'attendance.punches': async (key) =>
        found(await key.get(`/api/v1/attendance/punches?user_id=${employee.id}&from=${yesterday}&to=${today}`)),
      'attendance-corrections.get': async (key) =>
        found(await key.get(`/api/v1/attendance/corrections/${correction.id}`)),
      'attendance-corrections.list': async (key) =>
        (await key.get('/api/v1/attendance/corrections?page_size=100')).body.data.some(
          (c: any) => c.id === correction.id,
        ),
      'users.schedule-history': async (key) => found(await key.get(`/api/v1/users/${employee.id}/schedule-history`)),
      'attendance-reports.get': async (key) =>
        found(await key.get(`/api/v1/attendance/reports/monthly?user_id=${employee.id}&month=${today.slice(0, 7)}`)),
      'attendance-reports.company': async (key) => {
        const res = await key.get(`/api/v1/attendance/reports/company?month=${today.slice(0, 7)}`)
        assert.equal(res.status, 200, JSON.stringify(res.body))
        return res.body.data.employees.some((row: any) => row.user_id === employee.id)
      },
      'overtime-reports.monthly': async (key) => {
        const res = await key.get(`/api/v1/overtime/reports/monthly?month=${lastMonth}`)
        assert.equal(res.status, 200, JSON.stringify(res.body))
        return res.body.data.employees.some((row: any) => row.user_id === employee.id)
      },
      'attendance-reports.get (pdf)': async (key) =>
        found(
          await key.get(
            `/api/v1/attendance/reports/monthly?user_id=${employee.id}&month=${today.slice(0, 7)}&format=pdf`,
          ),
        ),
      'attendance-reports.export': async (key) => {
        const res = await key.get(`/api/v1/attendance/reports/export?month=${today.slice(0, 7)}`)
        assert.equal(res.status, 200)
        return String(res.body).includes(employee.id)
      },
      'absences.get': async (key) => found(await key.get(`/api/v1/absences/${absence.id}`)),
      'absences.list': async (key) => {
        const res = await key.get('/api/v1/absences?from=2030-01-01&to=2030-12-31&page_size=100')
        assert.equal(res.status, 200)
        return res.body.data.some((a: any) => a.id === absence.id) && res.body.meta.total === res.body.data.length
      },
      'users.vacation-balance': async (key) =>
        found(await key.get(`/api/v1/users/${employee.id}/vacation-balance?year=2030`)),
      'overtime-lots.list': async (key) => {
        const res = await key.get('/api/v1/overtime/lots?page_size=100')
        assert.equal(res.status, 200)
        return res.body.data.some((l: any) => l.user_id === employee.id)
      },
      'overtime.balance': async (key) => found(await key.get(`/api/v1/overtime/balance?user_id=${employee.id}`)),
      'expenses.get': async (key) => found(await key.get(`/api/v1/expenses/${expense.id}`)),
      'expenses.list': async (key) =>
        (await key.get('/api/v1/expenses?page_size=100')).body.data.some((e: any) => e.id === expense.id),
      'allocations.get': async (key) => found(await key.get(`/api/v1/allocations/${allocation.id}`)),
      'allocations.list': async (key) =>
        (await key.get('/api/v1/allocations?page_size=100')).body.data.some((a: any) => a.id === allocation.id),
    }
    const answers: string[] = []
    for (const viewer of VIEWERS) {
      for (const [route, read] of Object.entries(reads)) {
        const sees = await read(keys[viewer])
        answers.push(`${route} as ${viewer}: ${sees ? 'seen' : 'not found'}`)
        const expected = SEES_RECORDS[viewer] || (viewer === 'representative' && COMPANY_REPORTS.has(route))
        assert.equal(sees, expected, `${route} as ${viewer}`)
      }
    }
    // A supervisor two levels up sees the employee too; the colleague's own records stay theirs.
    const grandBossKey = await tenant.keyFor(grandBoss.id)
    assert.equal(await reads['absences.get']!(grandBossKey), true, 'supervisors through the whole chain')
    const colleagueSummary = (
      await keys.colleague.get(`/api/v1/attendance/summary?from=${today}&to=${today}&page_size=100`)
    ).body
    assert.deepEqual(
      colleagueSummary.data.map((r: any) => r.full_name),
      ['Colleague'],
      'a member without reports sees only their own summary row',
    )
    assert.equal(colleagueSummary.meta.total, 1)
    assert.ok(answers.length === VIEWERS.length * Object.keys(reads).length)
  })

  it('actions on records follow visibility: deciding or cancelling an unrelated colleague’s absence is 404', async () => {
    const { employee, keys } = await company()
    const request = (
      await keys.employee.post('/api/v1/absences', {
        user_id: employee.id,
        type: 'personal',
        start_date: '2030-03-04',
        end_date: '2030-03-04',
      })
    ).body.data
    expectError(
      await keys.colleague.post(`/api/v1/absences/${request.id}/decide`, { decision: 'approved' }),
      404,
      'not_found',
    )
    expectError(await keys.colleague.post(`/api/v1/absences/${request.id}/cancel`), 404, 'not_found')
    assert.equal(
      (await keys.manager.post(`/api/v1/absences/${request.id}/decide`, { decision: 'approved' })).status,
      200,
    )
  })

  it('the DNI is HR-managed; the IBAN stays self-service; reconciling an expense is for admins and HR', async () => {
    const { employee, hr, keys } = await company()
    expectError(
      await keys.employee.patch(`/api/v1/users/${employee.id}`, { dni: '87654321X' }),
      403,
      'permission_denied',
    )
    assert.equal((await keys.hr.patch(`/api/v1/users/${employee.id}`, { dni: '87654321X' })).status, 200)
    assert.equal(
      (await keys.employee.patch(`/api/v1/users/${employee.id}`, { iban: 'ES7921000813610123456789' })).status,
      200,
    )
    const expense = expenseBody(employee.id, { reconciled: true })
    expectError(await keys.employee.post('/api/v1/expenses', expense), 403, 'permission_denied')
    assert.equal((await keys.employee.post('/api/v1/expenses', { ...expense, reconciled: false })).status, 201)
    assert.equal((await keys.hr.post('/api/v1/expenses', { ...expense, user_id: hr.id })).status, 201, 'HR reconciles')
    assert.equal((await keys.admin.post('/api/v1/expenses', expense)).status, 201, 'an admin reconciles')
  })
})

function found(res: Response): boolean {
  if (res.status === 404) {
    expectError(res, 404, 'not_found')
    return false
  }
  assert.equal(res.status, 200, JSON.stringify(res.body))
  return true
}
