/**
 * Figures to date (docs/decisions/0027-figures-to-date.md) through HTTP, on both engines: in a
 * running month, a worker who worked every past working day in full owes nothing to date in the
 * summary, the monthly report and the company totals, while the month's balance still counts the
 * days to come; a month wholly past gives its own figures, one wholly to come zeros; and the
 * figures stay out of what a signature covers. The app's clock is set per test.
 */
import assert from 'node:assert/strict'
import { it } from 'node:test'
import { punch } from '../helpers/attendance.js'
import { type TestContext, forEachEngine } from '../helpers/harness.js'
import { hoursAndMinutes } from '../../src/modules/reports/report-pdf.js'
import { pdfText } from '../helpers/pdf-text.js'
import { csvRows, report } from '../helpers/reports.js'

let now = Date.now()
const setNow = (iso: string) => (now = Date.parse(iso))

/**
 * A worker of a company on Madrid time who worked each working day of November 2026 before
 * Wednesday the 18th exactly as expected, and clocked in at 08:00 on the 18th; the clock reads
 * 11:00 there. Whatever the calendar makes a working day, the attendance list says.
 */
async function workedEveryPastDay(t: TestContext) {
  setNow('2026-11-01T09:00:00Z')
  const tenant = await t.newTenant({ timezone: 'Europe/Madrid' })
  const worker = await tenant.createUser({ full_name: 'Sara Gil', hire_date: '2026-01-01' })
  setNow('2026-11-18T10:00:00Z')
  const days = (
    await tenant.admin.get(`/api/v1/attendance?user_id=${worker.id}&from=2026-11-01&to=2026-11-17&page_size=100`)
  ).body.data
  let expectedBefore = 0
  for (const d of days) {
    if (d.expected_minutes === 0) continue
    expectedBefore += d.expected_minutes
    // 08:00 in Madrid (UTC+1 in November), for the day's expected minutes.
    const start = Date.parse(`${d.date}T07:00:00Z`)
    await punch(tenant, worker.id, 'in', new Date(start).toISOString())
    await punch(tenant, worker.id, 'out', new Date(start + d.expected_minutes * 60_000).toISOString())
  }
  assert.ok(expectedBefore > 0, 'November has working days before the 18th')
  await punch(tenant, worker.id, 'in', '2026-11-18T07:00:00Z')
  return { tenant, worker, expectedBefore }
}

forEachEngine(
  'figures to date',
  (t) => {
    it('a worker who worked every past day in full owes nothing to date; the month still counts the days to come', async () => {
      const { tenant, worker, expectedBefore } = await workedEveryPastDay(t)
      // Three hours into the 18th: its open session counts up to now, and so does its expected.
      const data = await report(tenant.admin, worker.id, '2026-11')
      assert.equal(data.expected_to_date_minutes, expectedBefore + 180)
      assert.equal(data.balance_to_date_minutes, 0)
      assert.ok(
        data.totals.balance_minutes < 0,
        `the month's balance counts the days to come: ${data.totals.balance_minutes}`,
      )
      assert.ok(!('balance_to_date_minutes' in data.totals), 'not among the signed totals')

      const summary = await tenant.admin.get(`/api/v1/attendance/summary?from=2026-11-01&to=2026-11-30`)
      assert.equal(summary.status, 200, JSON.stringify(summary.body))
      const row = summary.body.data.find((r: any) => r.user_id === worker.id)
      assert.equal(row.expected_to_date_minutes, expectedBefore + 180)
      assert.equal(row.balance_to_date_minutes, 0)
      assert.equal(row.balance_minutes, data.totals.balance_minutes)

      const company = await tenant.admin.get('/api/v1/attendance/reports/company?month=2026-11')
      assert.equal(company.status, 200, JSON.stringify(company.body))
      const employee = company.body.data.employees.find((r: any) => r.user_id === worker.id)
      assert.equal(employee.balance_to_date_minutes, 0)
      assert.equal(employee.expected_to_date_minutes, expectedBefore + 180)
      assert.equal(
        company.body.data.totals.balance_to_date_minutes,
        company.body.data.employees.reduce((s: number, r: any) => s + r.balance_to_date_minutes, 0),
      )
      const csv = csvRows(
        String((await tenant.admin.get('/api/v1/attendance/reports/company?month=2026-11&format=csv')).body),
      )
      const line = csv.find((r) => r.user_id === worker.id)!
      assert.equal(line.balance_to_date_minutes, '0')
      assert.equal(line.expected_to_date_minutes, String(expectedBefore + 180))

      // The PDFs say the figures to date under their totals while the month is under way.
      const pdf = async (url: string) =>
        (
          await pdfText(
            (
              await t.app.inject({ url, headers: { authorization: `Bearer ${tenant.adminKey}` } })
            ).rawPayload,
          )
        ).text.replace(/\s+/g, ' ')
      const expectedToDate = hoursAndMinutes(expectedBefore + 180)
      const own = await pdf(`/api/v1/attendance/reports/monthly?user_id=${worker.id}&month=2026-11&format=pdf`)
      assert.match(own, new RegExp(`a 18/11/2026, previsto ${expectedToDate}, saldo 0:00`))
      const all = await pdf('/api/v1/attendance/reports/company?month=2026-11&format=pdf')
      assert.match(all, /Mes en curso: a 18\/11\/2026/)
      const ended = await pdf(`/api/v1/attendance/reports/monthly?user_id=${worker.id}&month=2026-10&format=pdf`)
      assert.doesNotMatch(ended, /Mes en curso/)
    })

    it('a short past day is owed to date, and hours beyond today’s expected show before it ends', async () => {
      const { tenant, worker, expectedBefore } = await workedEveryPastDay(t)
      setNow('2026-11-18T17:00:00Z') // ten hours into the day, 480 expected of it
      const data = await report(tenant.admin, worker.id, '2026-11')
      const today = data.days.find((d: any) => d.date === '2026-11-18')
      assert.equal(today.worked_minutes, 600)
      assert.equal(data.expected_to_date_minutes, expectedBefore + today.expected_minutes)
      assert.equal(data.balance_to_date_minutes, 600 - today.expected_minutes)
    })

    it('a month wholly past gives its own figures, one wholly to come zeros', async () => {
      const { tenant, worker } = await workedEveryPastDay(t)
      const october = await report(tenant.admin, worker.id, '2026-10')
      assert.equal(october.expected_to_date_minutes, october.totals.expected_minutes)
      assert.equal(october.balance_to_date_minutes, october.totals.balance_minutes)
      assert.ok(october.balance_to_date_minutes < 0, 'October was not worked')
      const december = await report(tenant.admin, worker.id, '2026-12')
      assert.ok(december.totals.expected_minutes > 0)
      assert.deepEqual([december.expected_to_date_minutes, december.balance_to_date_minutes], [0, 0])
      const summary = (await tenant.admin.get('/api/v1/attendance/summary?from=2026-12-01&to=2026-12-31')).body.data
      assert.deepEqual(
        summary.map((r: any) => [r.expected_to_date_minutes, r.balance_to_date_minutes]),
        summary.map(() => [0, 0]),
      )
    })

    it('the figures to date are read at the moment, outside the signed content', async () => {
      const { tenant, worker } = await workedEveryPastDay(t)
      setNow('2026-12-02T09:00:00Z')
      const me = await tenant.keyFor(worker.id)
      const signed = await me.post('/api/v1/attendance/reports/monthly/sign', { month: '2026-11' })
      assert.equal(signed.status, 201, JSON.stringify(signed.body))
      setNow('2026-12-20T09:00:00Z')
      const later = await report(tenant.admin, worker.id, '2026-11')
      assert.equal(later.signature.status, 'valid')
      assert.equal(later.content_sha256, signed.body.data.sha256)
      assert.equal(later.expected_to_date_minutes, later.totals.expected_minutes)
    })
  },
  { app: { clock: () => now } },
)
