/**
 * Complementary hours of part-timers (art. 12.4.c and 12.5 ET,
 * docs/decisions/0022-overtime-as-the-law-counts-it.md) end to end: a part-timer's hours beyond
 * their schedule up to the company's full-time week are a complementary lot, not overtime (no cap,
 * no part-time ban, paid as ordinary hours); beyond full time, an overtime lot only force majeure
 * approves; the pact's percentages bound them and what goes beyond is flagged, never refused; the
 * representatives' report and the monthly report give them apart.
 */
import assert from 'node:assert/strict'
import { it } from 'node:test'
import { withHr } from '../helpers/absences.js'
import { workday } from '../helpers/attendance.js'
import { type Client, expectError, forEachEngine, type TestContext, type TestTenant } from '../helpers/harness.js'
import { pdfText } from '../helpers/pdf-text.js'
import { csvRows } from '../helpers/reports.js'

let now = Date.parse('2026-10-01T06:00:00Z')
const setNow = (iso: string) => {
  now = Date.parse(iso)
}

async function lots(client: Client, query = ''): Promise<any[]> {
  const res = await client.get(`/api/v1/overtime/lots${query ? `?${query}` : ''}`)
  assert.equal(res.status, 200, JSON.stringify(res.body))
  return res.body.data
}

async function balance(client: Client, userId: string): Promise<any> {
  const res = await client.get(`/api/v1/overtime/balance?user_id=${userId}&year=2026`)
  assert.equal(res.status, 200, JSON.stringify(res.body))
  return res.body.data
}

function pick(value: Record<string, unknown>, keys: string[]) {
  return Object.fromEntries(keys.map((k) => [k, value[k]]))
}

const COMPLEMENTARY = ['complementary_minutes', 'complementary_limit_minutes', 'over_pact_minutes']

/** A schedule of `minutes` Monday to Friday. */
async function weekdaysSchedule(tenant: TestTenant, name: string, minutes: number) {
  const res = await tenant.admin.post('/api/v1/schedules', {
    name,
    weekday_minutes: { mon: minutes, tue: minutes, wed: minutes, thu: minutes, fri: minutes, sat: 0, sun: 0 },
  })
  assert.equal(res.status, 201, JSON.stringify(res.body))
  return res.body.data
}

/**
 * A company in UTC (full time: 8 hours Monday to Friday) with HR and Ana, on 4 hours a day since
 * January. October: six hours a day in the week of the 5th (10 complementary hours), ten hours a day
 * in the week of the 12th (30 extra hours: 20 complementary up to full time, 10 of overtime).
 */
async function partTimer(t: TestContext, patch: Record<string, unknown> = {}) {
  setNow('2026-10-01T06:00:00Z')
  const tenant = await t.newTenant({ timezone: 'UTC' })
  const { hrKey } = await withHr(tenant)
  const half = await weekdaysSchedule(tenant, 'Mornings', 240)
  const ana = await tenant.createUser({ full_name: 'Ana', schedule_id: half.id, hire_date: '2026-01-01' })
  if (Object.keys(patch).length > 0) {
    const patched = await tenant.admin.patch(`/api/v1/users/${ana.id}`, patch)
    assert.equal(patched.status, 200, JSON.stringify(patched.body))
  }
  setNow('2026-10-31T20:00:00Z')
  for (const date of ['2026-10-05', '2026-10-06', '2026-10-07', '2026-10-08', '2026-10-09'])
    await workday(tenant, ana.id, date, 360)
  for (const date of ['2026-10-12', '2026-10-13', '2026-10-14', '2026-10-15', '2026-10-16'])
    await workday(tenant, ana.id, date, 600)
  return { tenant, hrKey, ana }
}

forEachEngine(
  'complementary hours of part-timers',
  (t) => {
    it('art. 12.4.c ET: a 4 h/day schedule working 6 h gets a complementary lot, no overtime lot and nothing toward the cap', async () => {
      setNow('2026-10-01T06:00:00Z')
      const tenant = await t.newTenant({ timezone: 'UTC' })
      const { hrKey } = await withHr(tenant)
      const half = await weekdaysSchedule(tenant, 'Mornings', 240)
      const ana = await tenant.createUser({ full_name: 'Ana', schedule_id: half.id, hire_date: '2026-01-01' })
      setNow('2026-10-31T20:00:00Z')
      for (const date of ['2026-10-05', '2026-10-06', '2026-10-07']) await workday(tenant, ana.id, date, 360)
      setNow('2026-11-02T09:00:00Z')
      const [lot, ...others] = await lots(hrKey)
      assert.deepEqual(others, [], 'no overtime lot')
      assert.deepEqual(pick(lot, ['kind', 'minutes', 'status', 'days']), {
        kind: 'complementary',
        minutes: 360,
        status: 'pending',
        days: [
          { date: '2026-10-05', minutes: 120 },
          { date: '2026-10-06', minutes: 120 },
          { date: '2026-10-07', minutes: 120 },
        ],
      })
      const pending = await balance(hrKey, ana.id)
      assert.deepEqual(
        pick(pending, ['pending_minutes', 'counted_toward_cap_minutes', 'at_risk_minutes', ...COMPLEMENTARY]),
        {
          pending_minutes: 0,
          counted_toward_cap_minutes: 0,
          at_risk_minutes: 0,
          // No pact: every complementary minute is over it, flagged (art. 12.5 ET).
          complementary_minutes: 360,
          complementary_limit_minutes: 0,
          over_pact_minutes: 360,
        },
      )
      // Paid as ordinary hours (art. 12.5.h ET): never rest, never force majeure; no part-time ban.
      const rest = expectError(
        await hrKey.post(`/api/v1/overtime/lots/${lot.id}/decide`, { decision: 'approved', compensation: 'rest' }),
        400,
        'invalid_request',
      )
      assert.equal(rest.details![0]!.field, 'compensation')
      const approved = await hrKey.post(`/api/v1/overtime/lots/${lot.id}/decide`, { decision: 'approved' })
      assert.equal(approved.status, 200, JSON.stringify(approved.body))
      assert.deepEqual(pick(approved.body.data, ['kind', 'status', 'compensation', 'force_majeure', 'owed_minutes']), {
        kind: 'complementary',
        status: 'approved',
        compensation: 'pay',
        force_majeure: false,
        owed_minutes: 360,
      })
      const after = await balance(hrKey, ana.id)
      assert.deepEqual(
        pick(after, ['approved_minutes', 'counted_toward_cap_minutes', 'over_cap_minutes', 'complementary_minutes']),
        { approved_minutes: 0, counted_toward_cap_minutes: 0, over_cap_minutes: 0, complementary_minutes: 360 },
      )
      const paid = await hrKey.post(`/api/v1/overtime/lots/${lot.id}/pay`, { minutes: 360, payroll_month: '2026-11' })
      assert.equal(paid.status, 200, JSON.stringify(paid.body))
      assert.equal(paid.body.data.owed_minutes, 0)
    })

    it('art. 12.4.c ET: beyond full time the hours are overtime, which a part-timer may only do in force majeure', async () => {
      const { hrKey, ana } = await partTimer(t)
      setNow('2026-11-02T09:00:00Z')
      const all = await lots(hrKey)
      assert.deepEqual(
        all.map((l) => [l.kind, l.minutes]),
        [
          ['overtime', 600],
          ['complementary', 600 + 1200],
        ],
      )
      const overtime = all.find((l) => l.kind === 'overtime')!
      assert.deepEqual(overtime.days, [
        { date: '2026-10-15', minutes: 240 },
        { date: '2026-10-16', minutes: 360 },
      ])
      assert.deepEqual(
        (await lots(hrKey, 'kind=complementary')).map((l) => l.kind),
        ['complementary'],
      )
      expectError(await hrKey.get('/api/v1/overtime/lots?kind=extra'), 400, 'invalid_request')
      expectError(
        await hrKey.post(`/api/v1/overtime/lots/${overtime.id}/decide`, { decision: 'approved', compensation: 'pay' }),
        409,
        'overtime_not_allowed',
      )
      const forced = await hrKey.post(`/api/v1/overtime/lots/${overtime.id}/decide`, {
        decision: 'approved',
        compensation: 'pay',
        force_majeure: true,
      })
      assert.equal(forced.status, 200, JSON.stringify(forced.body))
      const b = await balance(hrKey, ana.id)
      assert.deepEqual(
        pick(b, ['approved_minutes', 'counted_toward_cap_minutes', 'complementary_minutes', 'cap_minutes']),
        // Force majeure never counts (art. 35.3); the cap is pro rata for half time (art. 35.2).
        { approved_minutes: 600, counted_toward_cap_minutes: 0, complementary_minutes: 1800, cap_minutes: 2400 },
      )
      // The representatives' report gives complementary hours apart from overtime.
      const report = (await hrKey.get('/api/v1/overtime/reports/monthly?month=2026-10')).body.data
      const [line] = report.employees
      assert.deepEqual(pick(line, ['approved_minutes', 'pending_minutes', 'complementary_minutes']), {
        approved_minutes: 600,
        pending_minutes: 0,
        complementary_minutes: 1800,
      })
      assert.equal(report.totals.complementary_minutes, 1800)
      // The CSV's headers are in the company's language (Spanish here).
      const [row] = csvRows(String((await hrKey.get('/api/v1/overtime/reports/monthly?month=2026-10&format=csv')).body))
      assert.deepEqual([row!.minutos_aprobados, row!.minutos_complementarios], ['600', '1800'])
    })

    it('art. 12.5 ET: the pact’s percentages bound the year’s complementary hours; beyond them is flagged, never refused', async () => {
      const { tenant, hrKey, ana } = await partTimer(t)
      const anaKey = await tenant.keyFor(ana.id)
      // Administrators and HR set the terms, like night_worker; nobody else; within 0-60 and 0-30.
      expectError(
        await anaKey.patch(`/api/v1/users/${ana.id}`, { complementary_pact_percent: 30 }),
        403,
        'permission_denied',
      )
      const tooMuch = expectError(
        await hrKey.patch(`/api/v1/users/${ana.id}`, { complementary_pact_percent: 61 }),
        400,
        'invalid_request',
      )
      assert.equal(tooMuch.details![0]!.field, 'complementary_pact_percent')
      expectError(
        await hrKey.patch(`/api/v1/users/${ana.id}`, { complementary_voluntary_percent: 31 }),
        400,
        'invalid_request',
      )
      expectError(
        await hrKey.patch(`/api/v1/users/${ana.id}`, { complementary_voluntary_percent: -1 }),
        400,
        'invalid_request',
      )
      const set = await hrKey.patch(`/api/v1/users/${ana.id}`, {
        complementary_pact_percent: 1,
        complementary_voluntary_percent: 1,
      })
      assert.equal(set.status, 200, JSON.stringify(set.body))
      assert.deepEqual(pick(set.body.data, ['complementary_pact_percent', 'complementary_voluntary_percent']), {
        complementary_pact_percent: 1,
        complementary_voluntary_percent: 1,
      })
      const audit = (await tenant.admin.get(`/api/v1/audit-log?operation=users.update&resource_id=${ana.id}`)).body.data
      assert.deepEqual(audit[0].fields.sort(), ['complementary_pact_percent', 'complementary_voluntary_percent'])
      setNow('2026-11-02T09:00:00Z')
      // 20 hours a week over 2026: 62,571 ordinary minutes; 2 % of them is 1,251.
      assert.deepEqual(pick(await balance(hrKey, ana.id), [...COMPLEMENTARY, 'pact_below_minimum_hours']), {
        complementary_minutes: 1800,
        complementary_limit_minutes: 1251,
        over_pact_minutes: 549,
        pact_below_minimum_hours: false,
      })
      await hrKey.patch(`/api/v1/users/${ana.id}`, { complementary_pact_percent: 30 })
      assert.deepEqual(pick(await balance(hrKey, ana.id), COMPLEMENTARY), {
        complementary_minutes: 1800,
        complementary_limit_minutes: 19_397,
        over_pact_minutes: 0,
      })
      // Art. 12.5.a: a pact on a contract of less than 10 hours a week is flagged, not refused.
      const tiny = await weekdaysSchedule(tenant, 'Two hours a week', 24)
      const leo = await tenant.createUser({ full_name: 'Leo', schedule_id: tiny.id, hire_date: '2026-01-01' })
      const flagged = await hrKey.patch(`/api/v1/users/${leo.id}`, { complementary_pact_percent: 30 })
      assert.equal(flagged.status, 200, JSON.stringify(flagged.body))
      assert.equal((await balance(hrKey, leo.id)).pact_below_minimum_hours, true)
    })

    it('automatic approval approves complementary lots as pay; the part-timer’s overtime waits for force majeure', async () => {
      const { tenant, hrKey } = await partTimer(t)
      const policy = await tenant.admin.patch('/api/v1/tenant', { overtime_policy: { approval: 'automatic' } })
      assert.equal(policy.status, 200, JSON.stringify(policy.body))
      setNow('2026-11-02T09:00:00Z')
      assert.deepEqual(
        (await lots(hrKey)).map((l) => [l.kind, l.status, l.compensation]),
        [
          ['overtime', 'pending', null],
          ['complementary', 'approved', 'pay'],
        ],
      )
    })

    it('a minor may work part-time and do complementary hours: ordinary work, approved, never a violation (art. 6.3, 12.5 ET)', async () => {
      const { hrKey, ana } = await partTimer(t, { birth_date: '2010-01-01' })
      setNow('2026-11-02T09:00:00Z')
      const all = await lots(hrKey)
      const complementary = all.find((l) => l.kind === 'complementary')!
      const approved = await hrKey.post(`/api/v1/overtime/lots/${complementary.id}/decide`, { decision: 'approved' })
      assert.equal(approved.status, 200, JSON.stringify(approved.body))
      // Beyond full time it is overtime, which a minor may never do, force majeure included.
      const overtime = all.find((l) => l.kind === 'overtime')!
      expectError(
        await hrKey.post(`/api/v1/overtime/lots/${overtime.id}/decide`, { decision: 'approved', force_majeure: true }),
        409,
        'overtime_not_allowed',
      )
      assert.equal((await balance(hrKey, ana.id)).violation_minutes, 600)
    })

    it('a correction that takes hours away adjusts each kind apart', async () => {
      const { tenant, hrKey, ana } = await partTimer(t)
      setNow('2026-11-02T09:00:00Z')
      for (const lot of await lots(hrKey))
        await hrKey.post(`/api/v1/overtime/lots/${lot.id}/decide`, {
          decision: 'approved',
          compensation: 'pay',
          ...(lot.kind === 'overtime' ? { force_majeure: true } : {}),
        })
      // Friday 16 was two hours shorter: 2 hours less of overtime, complementary hours unchanged.
      const day = (await tenant.admin.get(`/api/v1/attendance/punches?user_id=${ana.id}&from=2026-10-16&to=2026-10-16`))
        .body.data
      const out = day.find((p: any) => p.type === 'out')
      const correction = await hrKey.post('/api/v1/attendance/corrections', {
        user_id: ana.id,
        reason: 'Left earlier',
        changes: [{ action: 'move', punch_id: out.id, ts: '2026-10-16T16:00:00Z' }],
      })
      assert.equal(correction.status, 201, JSON.stringify(correction.body))
      const anaKey = await tenant.keyFor(ana.id)
      await anaKey.post(`/api/v1/attendance/corrections/${correction.body.data.id}/decide`, { decision: 'approved' })
      const after = await lots(hrKey)
      assert.deepEqual(
        after.map((l) => [l.kind, l.minutes, l.status, l.adjusts !== null]),
        [
          ['overtime', 600, 'approved', false],
          ['overtime', -120, 'approved', true],
          ['complementary', 1800, 'approved', false],
        ],
      )
    })

    it('art. 12.4.c ET: the monthly report, its CSV and PDF and the company totals give complementary hours apart', async () => {
      const { hrKey, ana } = await partTimer(t)
      setNow('2026-11-02T09:00:00Z')
      const url = `/api/v1/attendance/reports/monthly?user_id=${ana.id}&month=2026-10`
      const res = await hrKey.get(url)
      assert.equal(res.status, 200, JSON.stringify(res.body))
      const report = res.body.data
      const byDate = new Map(report.days.map((d: any) => [d.date, [d.overtime_minutes, d.complementary_minutes]]))
      assert.deepEqual(byDate.get('2026-10-05'), [0, 120])
      assert.deepEqual(byDate.get('2026-10-14'), [0, 360])
      assert.deepEqual(byDate.get('2026-10-15'), [240, 120])
      assert.deepEqual(byDate.get('2026-10-16'), [360, 0])
      assert.deepEqual(pick(report.totals, ['overtime_minutes', 'complementary_minutes']), {
        overtime_minutes: 600,
        complementary_minutes: 1800,
      })
      // The month's figures are its lots' figures: one document, one figure.
      const lotMinutes = (kind: string) =>
        report.overtime.lots.filter((l: any) => l.kind === kind).reduce((sum: number, l: any) => sum + l.minutes, 0)
      assert.deepEqual([lotMinutes('overtime'), lotMinutes('complementary')], [600, 1800])
      assert.deepEqual(pick(report.overtime.year, ['part_time', 'approved_minutes', ...COMPLEMENTARY]), {
        part_time: true,
        approved_minutes: 0,
        complementary_minutes: 1800,
        complementary_limit_minutes: 0,
        over_pact_minutes: 1800,
      })
      const csv = csvRows(String((await hrKey.get(`${url}&format=csv`)).body))
      const row = (date: string) => csv.find((r) => r.date === date)!
      assert.deepEqual([row('2026-10-15').overtime_minutes, row('2026-10-15').complementary_minutes], ['240', '120'])
      const pdf = await t.app.inject({
        method: 'GET',
        url: `${url}&format=pdf`,
        headers: { authorization: `Bearer ${hrKey.key}` },
      })
      assert.equal(pdf.statusCode, 200)
      const { text } = await pdfText(pdf.rawPayload)
      assert.match(text, /Complementarias/)
      assert.match(text, /Horas complementarias \(art\. 12\.5 ET\)/)
      assert.match(text, /30:00 complementarias de 0:00/)
      assert.match(text, /sin pacto escrito/)
      assert.match(text, /art\. 12\.4\.c ET/)
      assert.doesNotMatch(text, /máximo anual/, 'no overtime cap for a part-timer')
      // The company's totals: overtime and complementary hours apart.
      const company = (await hrKey.get('/api/v1/attendance/reports/company?month=2026-10')).body.data
      const line = company.employees.find((e: any) => e.user_id === ana.id)
      assert.deepEqual(pick(line, ['overtime_minutes', 'complementary_minutes']), {
        overtime_minutes: 600,
        complementary_minutes: 1800,
      })
      assert.equal(company.totals.complementary_minutes, 1800)
    })
  },
  { app: { clock: () => now } },
)
