/**
 * The company export of a month (docs/decisions/0011-reports-sign-off-and-inspector-keys.md)
 * through HTTP, on both engines: every employee-day with the same figures as the monthly reports,
 * streamed as CSV; a supervisor gets their team only. The app's clock is set per test.
 */
import assert from 'node:assert/strict'
import { it } from 'node:test'
import { expectError, forEachEngine } from '../helpers/harness.js'
import { csvRows, octoberFixture, report } from '../helpers/reports.js'

let now = Date.now()
const setNow = (iso: string) => (now = Date.parse(iso))
const octoberOf = octoberFixture(setNow)

forEachEngine(
  'monthly reports: company export',
  (t) => {
    it('the company export: every employee-day of the month, the same figures, streamed as CSV; only the caller’s team for a supervisor', async () => {
      const { tenant, employee, manager, colleague, as } = await octoberOf(t)
      setNow('2026-11-03T10:00:00Z')
      const res = await tenant.admin.get('/api/v1/attendance/reports/export?month=2026-10&format=csv')
      assert.equal(res.status, 200)
      assert.equal(res.headers['content-type'], 'text/csv; charset=utf-8')
      assert.equal(res.headers['transfer-encoding'], 'chunked', 'streamed, not buffered')
      const rows = csvRows(String(res.body))
      const users = (await tenant.admin.get('/api/v1/users?page_size=100')).body.data
      assert.equal(rows.length, users.length * 31)
      const data = await report(tenant.admin, employee.id, '2026-10')
      assert.deepEqual(
        rows.filter((r) => r.user_id === employee.id).map((r) => Number(r.worked_minutes)),
        data.days.map((d: any) => d.worked_minutes),
      )
      const summary = (await tenant.admin.get('/api/v1/attendance/summary?from=2026-10-01&to=2026-10-31&page_size=100'))
        .body.data
      for (const row of summary) {
        const own = rows.filter((r) => r.user_id === row.user_id)
        assert.equal(
          own.reduce((s, r) => s + Number(r.balance_minutes), 0),
          row.balance_minutes,
          row.full_name,
        )
      }
      const managers = csvRows(String((await as.manager.get('/api/v1/attendance/reports/export?month=2026-10')).body))
      assert.deepEqual([...new Set(managers.map((r) => r.user_id))].sort(), [employee.id, manager.id].sort())
      expectError(
        await as.colleague.get(`/api/v1/attendance/reports/monthly?user_id=${employee.id}&month=2026-10`),
        404,
        'not_found',
      )
      assert.equal(
        (await as.manager.get(`/api/v1/attendance/reports/monthly?user_id=${employee.id}&month=2026-10`)).status,
        200,
      )
      expectError(await tenant.admin.get('/api/v1/attendance/reports/export?month=2026-13'), 400, 'invalid_request')
      expectError(
        await tenant.admin.get('/api/v1/attendance/reports/export?month=2026-10&format=pdf'),
        400,
        'invalid_request',
      )
      expectError(
        await tenant.admin.get(`/api/v1/attendance/reports/monthly?user_id=${colleague.id}&month=2026-10&format=xml`),
        400,
        'invalid_request',
      )
      expectError(
        await tenant.admin.get('/api/v1/attendance/reports/monthly?user_id=usr_missing&month=2026-10'),
        404,
        'not_found',
      )
      // Months outside the calendar's years (1900 to 9998) are 400, before anything is streamed.
      for (const month of ['9999-12', '0000-01', '1899-12', '2026-1', '2026-00']) {
        expectError(
          await tenant.admin.get(`/api/v1/attendance/reports/monthly?user_id=${employee.id}&month=${month}`),
          400,
          'invalid_request',
        )
        expectError(await tenant.admin.get(`/api/v1/attendance/reports/export?month=${month}`), 400, 'invalid_request')
        expectError(
          await as.colleague.post('/api/v1/attendance/reports/monthly/sign', { month }),
          400,
          'invalid_request',
        )
      }
      assert.equal(
        (await tenant.admin.get(`/api/v1/attendance/reports/monthly?user_id=${employee.id}&month=9998-12`)).status,
        200,
      )
      assert.equal(
        (await tenant.admin.get(`/api/v1/attendance/reports/monthly?user_id=${employee.id}&month=1900-01`)).status,
        200,
      )
    })
  },
  { app: { clock: () => now } },
)
