/**
 * Workers' representatives (docs/decisions/0019-representatives-and-record-export.md): the
 * company's monthly totals and the monthly overtime report, for the whole company to
 * representatives, administrators, HR and inspector keys, and under need-to-know to everyone else;
 * every read by a representative in the access log.
 */
import assert from 'node:assert/strict'
import { it } from 'node:test'
import { withHr } from '../helpers/absences.js'
import { workday } from '../helpers/attendance.js'
import { type TestContext, expectError, forEachEngine } from '../helpers/harness.js'
import { pdfText } from '../helpers/pdf-text.js'
import { csvRows } from '../helpers/reports.js'

let now = Date.parse('2026-10-01T06:00:00Z')
const setNow = (iso: string) => {
  now = Date.parse(iso)
}

/** October 2026 in a UTC company: Marta works three long days, Luis one ordinary day; a representative and a supervisor. */
async function october(t: TestContext) {
  setNow('2026-10-01T06:00:00Z')
  const tenant = await t.newTenant({ timezone: 'UTC' })
  assert.equal(
    (await tenant.admin.patch('/api/v1/tenant', { legal_name: 'Talleres Ruiz S.L.', cif: 'B12345674' })).status,
    200,
  )
  const { hrKey } = await withHr(tenant)
  const boss = await tenant.createUser({ full_name: 'Boss', hire_date: '2026-01-01' })
  const marta = await tenant.createUser({
    full_name: 'Marta Dvořák',
    manager_id: boss.id,
    dni: '12345678Z',
    hire_date: '2026-01-01',
  })
  const luis = await tenant.createUser({ full_name: 'Luis', hire_date: '2026-01-01' })
  const rep = await tenant.createUser({ full_name: 'Rosa Representante', hire_date: '2026-01-01' })
  assert.equal((await tenant.admin.patch(`/api/v1/users/${rep.id}`, { representative: true })).status, 200)
  setNow('2026-10-31T20:00:00Z')
  for (const date of ['2026-10-05', '2026-10-06', '2026-10-07']) await workday(tenant, marta.id, date, 540)
  await workday(tenant, luis.id, '2026-10-05', 480)
  setNow('2026-11-03T10:00:00Z')
  return {
    tenant,
    hrKey,
    marta,
    luis,
    rep,
    boss,
    repKey: await tenant.keyFor(rep.id),
    bossKey: await tenant.keyFor(boss.id),
    luisKey: await tenant.keyFor(luis.id),
  }
}

forEachEngine(
  'representatives’ reports',
  (t) => {
    it('the company’s monthly totals: every employee’s figures and nothing personal, as JSON, CSV and PDF', async () => {
      const { tenant, marta, luis, repKey } = await october(t)
      const res = await repKey.get('/api/v1/attendance/reports/company?month=2026-10')
      assert.equal(res.status, 200, JSON.stringify(res.body))
      const report = res.body.data
      assert.equal(report.company.name, 'Talleres Ruiz S.L.')
      assert.equal(report.time_zone, 'UTC')
      const byName = new Map(report.employees.map((row: any) => [row.full_name, row]))
      assert.deepEqual(
        [...byName.keys()].sort(),
        // The tenant's first administrator and the HR member are employees too.
        ['Admin User', 'Boss', 'Luis', 'Marta Dvořák', 'Rosa Representante', 'Test Employee'],
      )
      const martaRow: any = byName.get('Marta Dvořák')
      assert.deepEqual(Object.keys(martaRow).sort(), [
        'balance_minutes',
        'balance_to_date_minutes',
        'complementary_minutes',
        'expected_days',
        'expected_minutes',
        'expected_to_date_minutes',
        'full_name',
        'overtime_minutes',
        'user_id',
        'worked_days',
        'worked_minutes',
      ])
      assert.equal(martaRow.user_id, marta.id)
      assert.equal(martaRow.worked_minutes, 3 * 540)
      assert.equal(martaRow.worked_days, 3)
      assert.equal(martaRow.overtime_minutes, 3 * 60)
      // The same figures as the worker's own monthly record.
      const own = (await tenant.admin.get(`/api/v1/attendance/reports/monthly?user_id=${marta.id}&month=2026-10`)).body
        .data
      assert.deepEqual(
        pick(martaRow, Object.keys(own.totals)),
        own.totals,
        'the totals are those of the monthly record',
      )
      const sum = (key: string) => report.employees.reduce((s: number, row: any) => s + row[key], 0)
      assert.equal(report.totals.worked_minutes, sum('worked_minutes'))
      assert.equal(report.totals.expected_days, sum('expected_days'))
      assert.ok(!JSON.stringify(report).includes('12345678Z'), 'no national id')

      const csv = await repKey.request('GET', '/api/v1/attendance/reports/company?month=2026-10', undefined, {
        accept: 'text/csv',
      })
      assert.equal(csv.status, 200)
      assert.match(String(csv.headers['content-type']), /^text\/csv/)
      const rows = csvRows(csv.body)
      assert.equal(rows.length, report.employees.length)
      assert.deepEqual(
        rows.find((r) => r.user_id === luis.id),
        {
          user_id: luis.id,
          full_name: 'Luis',
          worked_minutes: '480',
          expected_minutes: String(byName.get('Luis') && (byName.get('Luis') as any).expected_minutes),
          balance_minutes: String((byName.get('Luis') as any).balance_minutes),
          overtime_minutes: '0',
          complementary_minutes: '0',
          worked_days: '1',
          expected_days: String((byName.get('Luis') as any).expected_days),
          expected_to_date_minutes: String((byName.get('Luis') as any).expected_to_date_minutes),
          balance_to_date_minutes: String((byName.get('Luis') as any).balance_to_date_minutes),
        },
      )

      const pdf = await t.app.inject({
        method: 'GET',
        url: '/api/v1/attendance/reports/company?month=2026-10&format=pdf',
        headers: { authorization: `Bearer ${repKey.key}` },
      })
      assert.equal(pdf.statusCode, 200)
      assert.equal(pdf.headers['content-type'], 'application/pdf')
      const { text } = await pdfText(pdf.rawPayload)
      for (const expected of [
        'Totales mensuales de la plantilla',
        'Talleres Ruiz S.L.',
        'Marta Dvořák',
        '27:00',
        'octubre 2026',
      ])
        assert.ok(text.includes(expected), `the PDF says ${expected}: ${text.slice(0, 400)}`)

      expectError(await repKey.get('/api/v1/attendance/reports/company?month=2026-13'), 400, 'invalid_request')
      expectError(await repKey.get('/api/v1/attendance/reports/company?month=2026-10&format=xml'), 400)
    })

    it('the monthly overtime report: each employee’s overtime of the month and how it is compensated', async () => {
      const { tenant, marta, repKey, hrKey } = await october(t)
      const first = (await repKey.get('/api/v1/overtime/reports/monthly?month=2026-10')).body.data
      assert.deepEqual(
        first.employees.map((e: any) => [e.full_name, e.pending_minutes, e.approved_minutes]),
        [['Marta Dvořák', 180, 0]],
        'only employees with overtime in the month; proposed as soon as the month ended',
      )
      const lot = first.employees[0].lots[0]
      assert.equal(
        (await hrKey.post(`/api/v1/overtime/lots/${lot.id}/decide`, { decision: 'approved', compensation: 'pay' }))
          .status,
        200,
      )
      assert.equal(
        (await tenant.admin.post(`/api/v1/overtime/lots/${lot.id}/pay`, { minutes: 60, payroll_month: '2026-11' }))
          .status,
        200,
      )
      const after = (await repKey.get('/api/v1/overtime/reports/monthly?month=2026-10')).body.data
      const row = after.employees[0]
      assert.equal(row.user_id, marta.id)
      assert.deepEqual(
        pick(row, [
          'pending_minutes',
          'approved_minutes',
          'pay_minutes',
          'rest_minutes',
          'paid_minutes',
          'owed_minutes',
        ]),
        {
          pending_minutes: 0,
          approved_minutes: 180,
          pay_minutes: 180,
          rest_minutes: 0,
          paid_minutes: 60,
          owed_minutes: 120,
        },
      )
      assert.equal(row.year_counted_toward_cap_minutes, 180)
      assert.equal(after.totals.approved_minutes, 180)
      assert.equal(after.language, 'es')
      assert.deepEqual(after.company, { name: 'Talleres Ruiz S.L.', cif: 'B12345674' })
      // CSV headers in the company's language: Spanish here.
      const csv = await repKey.get('/api/v1/overtime/reports/monthly?month=2026-10&format=csv')
      assert.equal(csv.status, 200)
      assert.match(String(csv.headers['content-disposition']), /filename="jornada-2026-10-overtime\.csv"/)
      assert.equal(
        csv.body.split('\r\n')[0],
        'id_trabajador,nombre,minutos_pendientes,minutos_aprobados,minutos_fuerza_mayor,minutos_con_descanso,minutos_con_pago,minutos_descansados,minutos_descanso_programado,minutos_pagados,minutos_por_compensar,minutos_vencidos,minutos_infraccion_menores,minutos_complementarios,año_minutos_computados_tope,año_minutos_en_riesgo_tope,minutos_tope_anual,año_minutos_sobre_tope',
      )
      const [line] = csvRows(csv.body)
      assert.equal(line?.id_trabajador, marta.id)
      assert.equal(line?.nombre, 'Marta Dvořák')
      assert.equal(line?.minutos_por_compensar, '120')
      assert.equal(line?.minutos_tope_anual, String(row.cap_minutes))

      // As a PDF, in Spanish: the legal name and CIF in the heading, the figures in h:mm.
      const pdf = await t.app.inject({
        method: 'GET',
        url: '/api/v1/overtime/reports/monthly?month=2026-10',
        headers: { authorization: `Bearer ${repKey.key}`, accept: 'application/pdf' },
      })
      assert.equal(pdf.statusCode, 200, pdf.body)
      assert.equal(pdf.headers['content-type'], 'application/pdf')
      assert.match(String(pdf.headers['content-disposition']), /filename="jornada-2026-10-overtime\.pdf"/)
      const spanish = (await pdfText(pdf.rawPayload)).text
      for (const expected of [
        'Horas extraordinarias del mes',
        'RD 1561/1995, disposición adicional tercera',
        'Talleres Ruiz S.L. · CIF B12345674',
        'octubre 2026',
        'Marta Dvořák',
        '3:00', // approved and paid for
        '1:00', // paid
        '2:00', // owed
        'Por compensar',
        'Total · 1 persona',
      ])
        assert.ok(spanish.includes(expected), `the PDF says ${expected}: ${spanish.slice(0, 600)}`)

      // In English when the company says so: the CSV keeps the JSON's names, the PDF speaks English.
      assert.equal((await tenant.admin.patch('/api/v1/tenant', { language: 'en' })).status, 200)
      const english = await repKey.request('GET', '/api/v1/overtime/reports/monthly?month=2026-10', undefined, {
        accept: 'text/csv',
      })
      assert.equal(english.status, 200)
      assert.match(String(english.headers['content-type']), /^text\/csv/)
      assert.ok(english.body.startsWith('user_id,full_name,pending_minutes,approved_minutes,'), english.body)
      assert.equal(csvRows(english.body)[0]?.owed_minutes, '120')
      const englishPdf = await t.app.inject({
        method: 'GET',
        url: '/api/v1/overtime/reports/monthly?month=2026-10&format=pdf',
        headers: { authorization: `Bearer ${repKey.key}` },
      })
      assert.equal(englishPdf.statusCode, 200)
      const text = (await pdfText(englishPdf.rawPayload)).text
      for (const expected of [
        'Overtime of the month',
        'additional provision 3',
        'Talleres Ruiz S.L. · CIF B12345674',
        'October 2026',
        'Marta Dvořák',
        'Owed',
        '2:00',
        'Total · 1 person',
      ])
        assert.ok(text.includes(expected), `the PDF says ${expected}: ${text.slice(0, 600)}`)
      expectError(await repKey.get('/api/v1/overtime/reports/monthly?month=2026-10&format=xml'), 400)
      // A month with none: an empty report, not an error.
      assert.deepEqual((await repKey.get('/api/v1/overtime/reports/monthly?month=2026-09')).body.data.employees, [])
    })

    it('others see their own rows and their team’s; inspector keys see all; a representative’s reads are in the access log', async () => {
      const { tenant, marta, luis, rep, repKey, bossKey, luisKey } = await october(t)
      const names = async (client: typeof repKey, url: string) => {
        const res = await client.get(url)
        assert.equal(res.status, 200, JSON.stringify(res.body))
        return (res.body.data.employees as any[]).map((e) => e.full_name).sort()
      }
      const company = '/api/v1/attendance/reports/company?month=2026-10'
      const overtime = '/api/v1/overtime/reports/monthly?month=2026-10'
      assert.deepEqual(await names(luisKey, company), ['Luis'])
      assert.deepEqual(await names(bossKey, company), ['Boss', 'Marta Dvořák'])
      assert.deepEqual(await names(luisKey, overtime), [])
      assert.deepEqual(await names(bossKey, overtime), ['Marta Dvořák'])

      // The flag opens these two reports and nothing else of others.
      expectError(await repKey.get(`/api/v1/attendance/reports/monthly?user_id=${marta.id}&month=2026-10`), 404)
      expectError(await repKey.get(`/api/v1/attendance?user_id=${marta.id}&from=2026-10-01&to=2026-10-31`), 404)
      expectError(await repKey.get(`/api/v1/overtime/balance?user_id=${marta.id}&year=2026`), 404)

      const inspector = await tenant.admin.post('/api/v1/keys', {
        kind: 'inspector',
        name: 'Inspección',
        expires_at: new Date(now + 30 * 86_400_000).toISOString(),
      })
      assert.equal(inspector.status, 201, JSON.stringify(inspector.body))
      const inspectorKey = t.client(inspector.body.data.api_key)
      assert.ok((await names(inspectorKey, company)).includes('Marta Dvořák'))
      assert.deepEqual(await names(inspectorKey, overtime), ['Marta Dvořák'])

      assert.equal((await repKey.get(company)).status, 200)
      assert.equal((await repKey.get(overtime)).status, 200)
      // Reading one's own things as a worker is not logged.
      assert.equal((await repKey.get('/api/v1/me')).status, 200)
      // Each entry is written before its answer leaves: both are there at once.
      const log = (await tenant.admin.get('/api/v1/access-log?page_size=100')).body.data
      const byRep = log.filter((e: any) => e.user_id === rep.id)
      assert.deepEqual(byRep.map((e: any) => e.route).sort(), [
        '/api/v1/attendance/reports/company',
        '/api/v1/overtime/reports/monthly',
      ])
      const companyRead = byRep.find((e: any) => e.route === '/api/v1/attendance/reports/company')
      assert.ok(companyRead.user_ids.includes(marta.id) && companyRead.user_ids.includes(luis.id))
      assert.deepEqual(byRep.find((e: any) => e.route === '/api/v1/overtime/reports/monthly').user_ids, [marta.id])
      assert.ok(!log.some((e: any) => e.user_id === marta.id), 'a worker’s own reads are not in the access log')
      expectError(await repKey.get('/api/v1/access-log'), 403, 'permission_denied')
    })
  },
  { app: { clock: () => now } },
)

function pick(value: Record<string, unknown>, keys: string[]) {
  return Object.fromEntries(keys.map((k) => [k, value[k]]))
}
