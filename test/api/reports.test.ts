/**
 * Monthly records, the company export and sign-off (decisions 11) through HTTP, on both engines.
 * The report must agree with attendance.list day by day; its CSV must parse back (csv-parse) to
 * the same figures and its PDF (read with pdfjs-dist) must hold the worker, the month and the
 * totals. The app's clock is set per test.
 */
import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { it } from 'node:test'
import { parse } from 'csv-parse/sync'
import { canonicalJson } from '../../src/lib/canonical-json.js'
import { CSV_HEADER } from '../../src/modules/reports/monthly-report.logic.js'
import { hoursAndMinutes } from '../../src/modules/reports/report-pdf.js'
import { expectError, forEachEngine, type TestContext, type TestTenant } from '../helpers/harness.js'
import { pdfText } from '../helpers/pdf-text.js'

let now = Date.now()
const setNow = (iso: string) => (now = Date.parse(iso))

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

async function report(client: TestTenant['admin'], userId: string, month: string, extra = '') {
  const res = await client.get(`/api/v1/attendance/reports/monthly?user_id=${userId}&month=${month}${extra}`)
  assert.equal(res.status, 200, JSON.stringify(res.body))
  return res.body.data
}

function csvRows(text: string): Record<string, string>[] {
  return parse(text, { columns: true, skip_empty_lines: true }) as Record<string, string>[]
}

/**
 * October 2026 of an employee in a company on UTC: ordinary days, a break, a remote day, a night
 * shift, a holiday, an approved hourly absence, and an approved correction (a late `in` moved).
 */
async function octoberOf(t: TestContext, name = 'Marta Pérez') {
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

forEachEngine(
  'monthly reports and sign-off',
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

    it('sign-off: only once the month has ended, only one’s own, the hash of the canonical report; a later correction supersedes it', async () => {
      const { tenant, employee, as } = await octoberOf(t)
      setNow('2026-10-31T23:59:00Z')
      expectError(
        await as.employee.post('/api/v1/attendance/reports/monthly/sign', { month: '2026-10' }),
        409,
        'month_not_ended',
      )
      expectError(
        await as.employee.post('/api/v1/attendance/reports/monthly/sign', { month: '2026-11' }),
        409,
        'month_not_ended',
      )
      setNow('2026-11-01T00:00:00Z')
      expectError(
        await as.employee.post('/api/v1/attendance/reports/monthly/sign', { month: '2026-10', user_id: employee.id }),
        400,
        'invalid_request',
      )
      expectError(await as.employee.post('/api/v1/attendance/reports/monthly/sign', {}), 400, 'invalid_request')
      const signed = await as.employee.post('/api/v1/attendance/reports/monthly/sign', { month: '2026-10' })
      assert.equal(signed.status, 201, JSON.stringify(signed.body))
      assert.deepEqual(
        [
          signed.body.data.user_id,
          signed.body.data.month,
          signed.body.data.status,
          signed.body.data.signed_at,
          signed.body.data.time_zone,
        ],
        [employee.id, '2026-10', 'valid', '2026-11-01T00:00:00.000Z', 'UTC'],
      )
      expectError(
        await as.employee.post('/api/v1/attendance/reports/monthly/sign', { month: '2026-10' }),
        409,
        'month_already_signed',
      )
      // Anyone can check the signature from the JSON report alone.
      const data = await report(tenant.admin, employee.id, '2026-10')
      const recomputed = createHash('sha256')
        .update(
          canonicalJson({
            user_id: data.user_id,
            month: data.month,
            time_zone: data.time_zone,
            days: data.days,
            totals: data.totals,
          }),
        )
        .digest('hex')
      assert.equal(data.signature.sha256, recomputed)
      assert.equal(data.content_sha256, recomputed)
      assert.equal(data.signature.status, 'valid')
      // The signature shows in the other forms too.
      const pdf = await t.app.inject({
        method: 'GET',
        url: `/api/v1/attendance/reports/monthly?user_id=${employee.id}&month=2026-10&format=pdf`,
        headers: { authorization: `Bearer ${tenant.adminKey}` },
      })
      assert.ok((await pdfText(pdf.rawPayload)).text.includes(recomputed))

      // A correction of the month proposed by the employer and approved by the employee.
      setNow('2026-11-05T09:00:00Z')
      const log = (
        await tenant.admin.get(`/api/v1/attendance/punches?user_id=${employee.id}&from=2026-10-07&to=2026-10-07`)
      ).body.data
      const proposed = await tenant.admin.post('/api/v1/attendance/corrections', {
        user_id: employee.id,
        reason: 'Left at 17:30, not 17:00',
        changes: [{ action: 'move', punch_id: log.find((p: any) => p.type === 'out').id, ts: '2026-10-07T17:30:00Z' }],
      })
      assert.equal(proposed.status, 201)
      assert.equal(
        (await report(tenant.admin, employee.id, '2026-10')).signature.status,
        'valid',
        'a pending correction changes nothing',
      )
      assert.equal(
        (
          await as.employee.post(`/api/v1/attendance/corrections/${proposed.body.data.id}/decide`, {
            decision: 'approved',
          })
        ).status,
        200,
      )
      const after = await report(tenant.admin, employee.id, '2026-10')
      assert.deepEqual(
        [after.signature.id, after.signature.status, after.signature.superseded_by],
        [signed.body.data.id, 'superseded', proposed.body.data.id],
      )
      assert.notEqual(after.content_sha256, after.signature.sha256)
      // Kept, never deleted; the month can be signed again.
      const again = await as.employee.post('/api/v1/attendance/reports/monthly/sign', { month: '2026-10' })
      assert.equal(again.status, 201)
      const rows = await t.database.db
        .selectFrom('month_signatures')
        .selectAll()
        .where('user_id', '=', employee.id)
        .execute()
      assert.equal(rows.length, 2)
      assert.equal((await report(tenant.admin, employee.id, '2026-10')).signature.status, 'valid')
      // Two later corrections: superseded_by names the one approved last, not the one proposed last.
      setNow('2026-11-06T09:00:00Z')
      const octFirst = (
        await tenant.admin.get(`/api/v1/attendance/punches?user_id=${employee.id}&from=2026-10-01&to=2026-10-01`)
      ).body.data
      const early = await tenant.admin.post('/api/v1/attendance/corrections', {
        user_id: employee.id,
        reason: 'Back from the break at 12:20',
        changes: [
          {
            action: 'move',
            punch_id: octFirst.find((p: any) => p.type === 'break_end').id,
            ts: '2026-10-01T12:20:00Z',
          },
        ],
      })
      const late = await tenant.admin.post('/api/v1/attendance/corrections', {
        user_id: employee.id,
        reason: 'Left at 17:45',
        changes: [
          { action: 'move', punch_id: octFirst.find((p: any) => p.type === 'out').id, ts: '2026-10-01T17:45:00Z' },
        ],
      })
      assert.equal(
        (await as.employee.post(`/api/v1/attendance/corrections/${late.body.data.id}/decide`, { decision: 'approved' }))
          .status,
        200,
      )
      setNow('2026-11-06T10:00:00Z')
      assert.equal(
        (
          await as.employee.post(`/api/v1/attendance/corrections/${early.body.data.id}/decide`, {
            decision: 'approved',
          })
        ).status,
        200,
      )
      assert.equal((await report(tenant.admin, employee.id, '2026-10')).signature.superseded_by, early.body.data.id)
      // Signing needs its scope; a key of someone else signs their own month, never the employee’s.
      const noScope = await tenant.keyFor(employee.id, ['attendance-reports.get'])
      expectError(
        await noScope.post('/api/v1/attendance/reports/monthly/sign', { month: '2026-10' }),
        403,
        'scope_required',
      )
      assert.equal(
        (await tenant.admin.post('/api/v1/attendance/reports/monthly/sign', { month: '2026-10' })).body.data.user_id,
        tenant.adminId,
      )
    })

    it('a schedule change may not take effect inside a signed month (409), on the day after it may', async () => {
      const { tenant, employee, as } = await octoberOf(t)
      setNow('2026-11-02T09:00:00Z')
      assert.equal(
        (await as.employee.post('/api/v1/attendance/reports/monthly/sign', { month: '2026-10' })).status,
        201,
      )
      const schedule = (
        await tenant.admin.post('/api/v1/schedules', {
          name: 'Short',
          weekday_minutes: { mon: 360, tue: 360, wed: 360, thu: 360, fri: 360, sat: 0, sun: 0 },
        })
      ).body.data
      const before = await report(tenant.admin, employee.id, '2026-10')
      expectError(
        await tenant.admin.patch(`/api/v1/users/${employee.id}`, {
          schedule_id: schedule.id,
          schedule_effective_from: '2026-10-15',
        }),
        409,
        'month_signed',
      )
      expectError(
        await tenant.admin.patch(`/api/v1/schedules/${schedule.id}`, {
          weekday_minutes: { mon: 300, tue: 300, wed: 300, thu: 300, fri: 300, sat: 0, sun: 0 },
          effective_from: '2026-10-31',
        }),
        409,
        'month_signed',
      )
      expectError(
        await tenant.admin.patch('/api/v1/tenant', {
          default_schedule_id: schedule.id,
          default_schedule_effective_from: '2026-09-01',
        }),
        409,
        'month_signed',
      )
      assert.deepEqual(await report(tenant.admin, employee.id, '2026-10').then((r) => r.signature.status), 'valid')
      assert.deepEqual((await report(tenant.admin, employee.id, '2026-10')).days, before.days, 'nothing was written')
      assert.equal(
        (
          await tenant.admin.patch(`/api/v1/users/${employee.id}`, {
            schedule_id: schedule.id,
            schedule_effective_from: '2026-11-01',
          })
        ).status,
        200,
      )
      assert.equal(
        (await tenant.admin.patch(`/api/v1/users/${employee.id}`, { schedule_id: schedule.id })).status,
        200,
        'today, by default',
      )
      // Another employee's schedule is not bound by this signature.
      const other = await tenant.createUser({ full_name: 'Other' })
      assert.equal(
        (
          await tenant.admin.patch(`/api/v1/users/${other.id}`, {
            schedule_id: schedule.id,
            schedule_effective_from: '2026-10-15',
          })
        ).status,
        200,
      )
      assert.equal((await report(tenant.admin, employee.id, '2026-10')).signature.status, 'valid')
    })
  },
  { app: { clock: () => now } },
)
