/**
 * The monthly record as an inspector reads it (issue: the company had no CIF, times were raw UTC,
 * a moved punch was a punch id): the company's legal name, CIF and the work center; breaks from
 * their start to their end; local times; the corrections trail in the company's language with a
 * moved punch as "17:00 -> 18:15"; lines for the worker's and the company's signatures. And the
 * company's language: the PDF, the absence type labels and the company's settings follow it.
 */
import assert from 'node:assert/strict'
import { it } from 'node:test'
import { expectError, forEachEngine } from '../helpers/harness.js'
import { pdfText } from '../helpers/pdf-text.js'

let now = Date.parse('2026-10-06T18:00:00Z')

forEachEngine(
  'the monthly record an inspector reads',
  (t) => {
    it('names the company, its CIF and the work center; shows breaks, local times and moves; has signature lines', async () => {
      now = Date.parse('2026-10-06T18:00:00Z')
      const tenant = await t.newTenant({ country: 'ES', region: 'MD' })
      const wrongCif = expectError(await tenant.admin.patch('/api/v1/tenant', { cif: 'B-1234567-5' }), 400)
      assert.match(wrongCif.details?.[0]?.message ?? '', /control character of CIF B1234567 is 4, not 5/)
      const settings = await tenant.admin.patch('/api/v1/tenant', {
        legal_name: 'Panadería Ruiz S.L.',
        cif: 'B-1234567-4',
      })
      assert.equal(settings.status, 200, JSON.stringify(settings.body))
      assert.deepEqual(
        [settings.body.data.legal_name, settings.body.data.cif, settings.body.data.language],
        ['Panadería Ruiz S.L.', 'B12345674', 'es'],
      )
      const center = (await tenant.admin.post('/api/v1/work-centers', { name: 'Obrador de Vallecas' })).body.data
      const worker = await tenant.createUser({ full_name: 'Marta García', work_center_id: center.id })
      const workerKey = await tenant.keyFor(worker.id)
      const ids: string[] = []
      for (const [type, ts] of [
        ['in', '2026-10-06T07:00:00Z'], // 09:00 in Madrid (CEST)
        ['break_start', '2026-10-06T11:00:00Z'],
        ['break_end', '2026-10-06T11:30:00Z'],
        ['out', '2026-10-06T15:00:00Z'], // 17:00
      ]) {
        const res = await tenant.admin.post('/api/v1/attendance', { user_id: worker.id, type, ts })
        assert.equal(res.status, 201, JSON.stringify(res.body))
        ids.push(res.body.data.id)
      }
      const correction = (
        await tenant.admin.post('/api/v1/attendance/corrections', {
          user_id: worker.id,
          reason: 'Se quedó hasta las 18:15',
          changes: [{ action: 'move', punch_id: ids[3], ts: '2026-10-06T16:15:00Z' }],
        })
      ).body.data
      now += 60_000
      assert.equal(
        (await workerKey.post(`/api/v1/attendance/corrections/${correction.id}/decide`, { decision: 'approved' }))
          .status,
        200,
      )

      now = Date.parse('2026-11-03T10:00:00Z')
      const url = `/api/v1/attendance/reports/monthly?user_id=${worker.id}&month=2026-10`
      const report = (await tenant.admin.get(url)).body.data
      assert.equal(report.language, 'es')
      assert.deepEqual(report.company, {
        name: 'Panadería Ruiz S.L.',
        cif: 'B12345674',
        work_center: { id: center.id, name: 'Obrador de Vallecas' },
      })
      assert.deepEqual(report.corrections[0].effects, [
        { action: 'move', type: 'out', from: '2026-10-06T15:00:00.000Z', to: '2026-10-06T16:15:00.000Z' },
      ])

      const pdf = await t.app.inject({
        method: 'GET',
        url: `${url}&format=pdf`,
        headers: { authorization: `Bearer ${tenant.adminKey}` },
      })
      assert.equal(pdf.statusCode, 200)
      const { text } = await pdfText(pdf.rawPayload)
      for (const expected of [
        'Registro de jornada',
        'Panadería Ruiz S.L. · CIF B12345674',
        'Obrador de Vallecas',
        '09:00–18:15', // the session in Madrid time, as corrected
        '13:00–13:30', // the break, from its start to its end
        'salida 17:00 -> 18:15',
        'aprobada',
        'Propuesta por Admin User el 06/10/2026 20:00', // the trail in local time too
        'Firma del trabajador/a',
        'Firma y sello de la empresa',
      ])
        assert.ok(text.includes(expected), `"${expected}" is in the PDF:\n${text}`)
      assert.ok(!text.includes(ids[3]!), 'no punch id stands for a punch')
      assert.ok(!/T\d\d:\d\d:\d\d/.test(text), 'no raw UTC instant')
      assert.ok(!text.includes('Working-time record'), 'one language')

      // A company that chose English gets the whole record in English.
      assert.equal((await tenant.admin.patch('/api/v1/tenant', { language: 'en' })).status, 200)
      const english = await t.app.inject({
        method: 'GET',
        url: `${url}&format=pdf`,
        headers: { authorization: `Bearer ${tenant.adminKey}` },
      })
      const inEnglish = (await pdfText(english.rawPayload)).text
      for (const expected of ['Working-time record', 'clock-out 17:00 -> 18:15', 'approved', 'Worker’s signature'])
        assert.ok(inEnglish.includes(expected), `"${expected}" is in the English PDF:\n${inEnglish}`)
      assert.ok(!inEnglish.includes('Firma'), 'no Spanish left')
    })

    it('a Spanish company starts in Spanish: absence types, and English elsewhere', async () => {
      const spanish = await t.newTenant({ country: 'ES' })
      const english = await t.newTenant({ country: 'GB', timezone: 'Europe/London' })
      const labels = async (tenant: typeof spanish) =>
        Object.fromEntries(
          (await tenant.admin.get('/api/v1/absence-types')).body.data.map((type: any) => [type.key, type.label]),
        )
      assert.deepEqual(await labels(spanish), {
        justified: 'Ausencia justificada',
        overtime_rest: 'Descanso por horas extra',
        personal: 'Asuntos propios',
        sick: 'Baja por enfermedad',
        vacation: 'Vacaciones',
      })
      assert.deepEqual(await labels(english), {
        justified: 'Justified absence',
        overtime_rest: 'Overtime rest',
        personal: 'Personal matters',
        sick: 'Sick leave',
        vacation: 'Vacation',
      })
      assert.equal((await english.admin.get('/api/v1/tenant')).body.data.language, 'en')
      expectError(await english.admin.patch('/api/v1/tenant', { language: 'fr' }), 400, 'invalid_request')
    })
  },
  { app: { clock: () => now } },
)
