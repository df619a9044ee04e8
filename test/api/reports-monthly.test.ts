/**
 * The monthly record of one employee (docs/decisions/0011-reports-sign-off-and-inspector-keys.md)
 * through HTTP, on both engines: the JSON report agrees with attendance.list day by day; its CSV
 * parses back (csv-parse) to the same figures, with formula-like cells neutralised; its PDF (read
 * with pdfjs-dist) holds the worker, the month and the totals.
 * The app's clock is set per test.
 */
import assert from 'node:assert/strict'
import { it } from 'node:test'
import { CSV_HEADER } from '../../src/modules/reports/monthly-report.logic.js'
import { hoursAndMinutes } from '../../src/modules/reports/report-pdf.js'
import { forEachEngine } from '../helpers/harness.js'
import { pdfText } from '../helpers/pdf-text.js'
import { csvRows, octoberFixture, report } from '../helpers/reports.js'

let now = Date.now()
const setNow = (iso: string) => (now = Date.parse(iso))
const octoberOf = octoberFixture(setNow)

forEachEngine(
  'monthly reports: JSON, CSV and PDF',
  (t) => {
    it('the JSON report equals attendance.list day by day, with sessions, breaks, absences, holidays, overtime and the correction’s trail', async () => {
      const { tenant, employee, correctionId } = await octoberOf(t)
      setNow('2026-11-03T10:00:00Z')
      const data = await report(tenant.admin, employee.id, '2026-10')
      const list = (
        await tenant.admin.get(`/api/v1/attendance?user_id=${employee.id}&from=2026-10-01&to=2026-10-31&page_size=100`)
      ).body.data
      assert.equal(data.days.length, 31)
      for (const [i, day] of data.days.entries()) {
        const entry = list[i]
        assert.equal(day.date, entry.date)
        assert.deepEqual(
          [day.worked_minutes, day.expected_minutes, day.balance_minutes, day.is_workday, day.modality, day.holiday],
          [
            entry.worked_minutes,
            entry.expected_minutes,
            entry.balance_minutes,
            entry.is_workday,
            entry.modality,
            entry.holiday,
          ],
          day.date,
        )
        assert.equal(day.overtime_minutes, Math.max(0, entry.balance_minutes))
        assert.deepEqual(
          day.sessions.flatMap((s: any) => [s.start, ...s.breaks.flatMap((b: any) => [b.start, b.end]), s.end]),
          entry.punches.map((p: any) => p.at),
          `the sessions of ${day.date} are its punches`,
        )
      }
      const byDate = Object.fromEntries(data.days.map((d: any) => [d.date, d]))
      assert.deepEqual(byDate['2026-10-01'].sessions[0].breaks, [
        { start: '2026-10-01T12:00:00.000Z', end: '2026-10-01T12:30:00.000Z' },
      ])
      assert.equal(byDate['2026-10-01'].overtime_minutes, 60)
      assert.equal(byDate['2026-10-02'].corrected, true)
      assert.equal(byDate['2026-10-02'].sessions[0].start, '2026-10-02T08:00:00.000Z')
      assert.equal(byDate['2026-10-02'].sessions[0].modality, 'remote')
      assert.equal(byDate['2026-10-01'].corrected, false)
      assert.deepEqual(byDate['2026-10-07'].absences, [
        { type: 'doctor', label: 'Médico', start_time: '09:00', end_time: '11:00' },
      ])
      assert.equal(byDate['2026-10-07'].expected_minutes, 480 - 120)
      assert.equal(byDate['2026-10-12'].holiday.name, 'Fiesta Nacional')
      assert.equal(
        byDate['2026-10-15'].sessions[0].end,
        '2026-10-16T06:00:00.000Z',
        'a night shift stays on the day it began',
      )
      const sum = (field: string) => data.days.reduce((s: number, d: any) => s + d[field], 0)
      assert.deepEqual(data.totals, {
        worked_minutes: sum('worked_minutes'),
        expected_minutes: sum('expected_minutes'),
        balance_minutes: sum('balance_minutes'),
        overtime_minutes: sum('overtime_minutes'),
        complementary_minutes: 0,
        worked_days: 4,
        expected_days: data.days.filter((d: any) => d.expected_minutes > 0).length,
      })
      const summary = (
        await tenant.admin.get(`/api/v1/attendance/summary?from=2026-10-01&to=2026-10-31&page_size=100`)
      ).body.data.find((r: any) => r.user_id === employee.id)
      assert.equal(summary.worked_minutes, data.totals.worked_minutes)
      assert.equal(summary.expected_minutes, data.totals.expected_minutes)
      // The trail, the identity, the chain head.
      assert.equal(data.corrections.length, 1)
      assert.deepEqual(
        [
          data.corrections[0].id,
          data.corrections[0].status,
          data.corrections[0].proposed_by_name,
          data.corrections[0].decided_by_name,
          data.corrections[0].decision_note,
        ],
        [correctionId, 'approved', 'Marta Pérez', 'Manager', 'ok'],
      )
      assert.deepEqual(data.worker, { id: employee.id, full_name: 'Marta Pérez', dni: '12345678Z' })
      assert.equal(data.company.name.startsWith('Tenant '), true)
      assert.equal(data.chain_head.seq, 12, 'ten punches, the correction and the punch it appended')
      assert.match(data.chain_head.hash, /^[0-9a-f]{64}$/)
      assert.equal(data.generated_at, '2026-11-03T10:00:00.000Z')
      assert.equal(data.signature, null)
      // The same month read in another zone agrees with attendance.list in that zone.
      const madrid = await report(tenant.admin, employee.id, '2026-10', '&tz=America/New_York')
      const madridList = (
        await tenant.admin.get(
          `/api/v1/attendance?user_id=${employee.id}&from=2026-10-01&to=2026-10-31&page_size=100&tz=America/New_York`,
        )
      ).body.data
      assert.deepEqual(
        madrid.days.map((d: any) => d.worked_minutes),
        madridList.map((d: any) => d.worked_minutes),
      )
    })

    it('the CSV parses back to the same figures; the PDF holds the worker, the month and the totals', async () => {
      const { tenant, employee } = await octoberOf(t, 'Íñigo Núñez')
      setNow('2026-11-03T10:00:00Z')
      const data = await report(tenant.admin, employee.id, '2026-10')
      const csv = await tenant.admin.request(
        'GET',
        `/api/v1/attendance/reports/monthly?user_id=${employee.id}&month=2026-10`,
        undefined,
        { accept: 'text/csv' },
      )
      assert.equal(csv.status, 200)
      assert.equal(csv.headers['content-type'], 'text/csv; charset=utf-8')
      assert.ok(String(csv.body).startsWith(`${CSV_HEADER.join(',')}\r\n`), 'the fixed header, CRLF line ends')
      const rows = csvRows(csv.body)
      assert.equal(rows.length, 31)
      for (const [i, row] of rows.entries()) {
        const day = data.days[i]
        assert.deepEqual(
          [
            row.user_id,
            row.full_name,
            row.date,
            Number(row.worked_minutes),
            Number(row.expected_minutes),
            Number(row.balance_minutes),
            Number(row.overtime_minutes),
            row.corrected,
          ],
          [
            employee.id,
            'Íñigo Núñez',
            day.date,
            day.worked_minutes,
            day.expected_minutes,
            day.balance_minutes,
            day.overtime_minutes,
            String(day.corrected),
          ],
        )
      }
      assert.equal(rows[0]!.sessions, '2026-10-01T08:00:00Z/2026-10-01T17:30:00Z')
      assert.equal(rows[0]!.breaks, '2026-10-01T12:00:00Z/2026-10-01T12:30:00Z')
      assert.equal(rows[6]!.absences, 'Médico 09:00-11:00')
      assert.equal(rows[11]!.holiday, 'Fiesta Nacional')
      assert.equal(
        (await tenant.admin.get(`/api/v1/attendance/reports/monthly?user_id=${employee.id}&month=2026-10&format=csv`))
          .body,
        csv.body,
        'format= gives the same',
      )

      const pdf = await t.app.inject({
        method: 'GET',
        url: `/api/v1/attendance/reports/monthly?user_id=${employee.id}&month=2026-10&format=pdf`,
        headers: { authorization: `Bearer ${tenant.adminKey}` },
      })
      assert.equal(pdf.statusCode, 200)
      assert.equal(pdf.headers['content-type'], 'application/pdf')
      assert.equal(pdf.rawPayload.subarray(0, 5).toString(), '%PDF-')
      const { pages, text } = await pdfText(pdf.rawPayload)
      assert.equal(pages, 1, 'one A4 page for an ordinary month')
      for (const expected of [
        'Íñigo Núñez',
        '2026-10',
        'Fiesta Nacional',
        hoursAndMinutes(data.totals.worked_minutes),
        hoursAndMinutes(data.totals.expected_minutes),
        hoursAndMinutes(data.totals.balance_minutes),
        data.chain_head.hash,
        'I was in at 08:00',
      ]) {
        assert.ok(text.includes(expected), `the PDF holds ${expected}`)
      }
    })

    it('CSV cells that a spreadsheet would run as formulas are neutralised; numbers stay numbers', async () => {
      setNow('2026-10-01T06:00:00Z')
      const tenant = await t.newTenant({ timezone: 'UTC' })
      const evil = await tenant.createUser({
        full_name: '=HYPERLINK("http://x.example","click")',
        hire_date: '2026-01-01',
      })
      await tenant.createUser({ full_name: '@SUM(A1)', hire_date: '2026-01-01' })
      await tenant.createUser({ full_name: '+1-1', hire_date: '2026-01-01' })
      await tenant.createUser({ full_name: '-2+3', hire_date: '2026-01-01' })
      await tenant.createUser({ full_name: '\uFF1DSUM(A1)', hire_date: '2026-01-01' })
      assert.equal(
        (await tenant.admin.post('/api/v1/holidays', { date: '2026-10-05', name: '=cmd|" /C calc"!A0' })).status,
        201,
      )
      assert.equal(
        (
          await tenant.admin.post('/api/v1/absence-types', {
            key: 'evil',
            label: '@evil, "quoted"',
            requires_approval: false,
          })
        ).status,
        201,
      )
      assert.equal(
        (
          await tenant.admin.post('/api/v1/absences', {
            user_id: evil.id,
            type: 'evil',
            start_date: '2026-10-06',
            end_date: '2026-10-06',
          })
        ).status,
        201,
      )
      setNow('2026-11-03T10:00:00Z')
      const text = String(
        (await tenant.admin.get(`/api/v1/attendance/reports/monthly?user_id=${evil.id}&month=2026-10&format=csv`)).body,
      )
      const rows = csvRows(text)
      assert.equal(rows[0]!.full_name, `'=HYPERLINK("http://x.example","click")`)
      assert.equal(rows[4]!.holiday, `'=cmd|" /C calc"!A0`)
      assert.equal(rows[5]!.absences, `'@evil, "quoted"`)
      assert.equal(rows[1]!.balance_minutes, '-480', 'a negative balance is written as a number')
      const exported = csvRows(String((await tenant.admin.get('/api/v1/attendance/reports/export?month=2026-10')).body))
      const names = new Set(exported.map((r) => r.full_name))
      for (const name of [`'@SUM(A1)`, `'+1-1`, `'-2+3`, `'=HYPERLINK("http://x.example","click")`, `'\uFF1DSUM(A1)`])
        assert.ok(names.has(name), name)
      for (const row of exported)
        for (const cell of [row.full_name, row.holiday, row.absences]) assert.doesNotMatch(cell!, /^[=+\-@\t\r]/)
    })
  },
  { app: { clock: () => now } },
)
