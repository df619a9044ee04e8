/**
 * Overtime lots (docs/decisions/0018-overtime.md, as docs/decisions/0022-overtime-as-the-law-counts-it.md
 * replaces parts of it) end to end: proposed for each ended month without anyone asking, following
 * the record while pending, approved (never rejected: art. 35 ET) under the bans and force majeure,
 * the annual cap flagged and never refusing (art. 35.2), compensated by rest (overtime_rest
 * absences) or pay, overdue rest announced once, and need-to-know on every read.
 */
import assert from 'node:assert/strict'
import { it } from 'node:test'
import { settleOvertime } from '../../src/modules/overtime/index.js'
import { withHr } from '../helpers/absences.js'
import { workday } from '../helpers/attendance.js'
import { settledEventsOfType } from '../helpers/eventually.js'
import { pdfText } from '../helpers/pdf-text.js'
import { csvRows } from '../helpers/reports.js'
import { type Client, expectError, forEachEngine, type TestContext } from '../helpers/harness.js'

let now = Date.parse('2026-10-01T06:00:00Z')
const setNow = (iso: string) => {
  now = Date.parse(iso)
}

async function lots(client: Client, query = ''): Promise<any[]> {
  const res = await client.get(`/api/v1/overtime/lots${query ? `?${query}` : ''}`)
  assert.equal(res.status, 200, JSON.stringify(res.body))
  return res.body.data
}

async function balance(client: Client, userId: string, year = 2026): Promise<any> {
  const res = await client.get(`/api/v1/overtime/balance?user_id=${userId}&year=${year}`)
  assert.equal(res.status, 200, JSON.stringify(res.body))
  return res.body.data
}

/** A company in UTC with an HR member, an employee and a colleague; October worked with 3 hours over. */
async function october(t: TestContext) {
  setNow('2026-10-01T06:00:00Z')
  const tenant = await t.newTenant({ timezone: 'UTC' })
  const { hr, hrKey } = await withHr(tenant)
  const employee = await tenant.createUser({ full_name: 'Marta' })
  const colleague = await tenant.createUser({ full_name: 'Luis' })
  setNow('2026-10-31T20:00:00Z')
  // Mon 5, Tue 6, Wed 7: nine hours each against eight expected; Thu 8 exactly eight.
  for (const date of ['2026-10-05', '2026-10-06', '2026-10-07']) await workday(tenant, employee.id, date, 540)
  await workday(tenant, employee.id, '2026-10-08', 480)
  await workday(tenant, colleague.id, '2026-10-05', 480)
  return { tenant, hr, hrKey, employee, colleague, employeeKey: await tenant.keyFor(employee.id) }
}

forEachEngine(
  'overtime lots',
  (t) => {
    it('a month that ended gets a lot per employee with overtime, seen under need-to-know, once however often it is read', async () => {
      const { tenant, hrKey, employee, colleague, employeeKey } = await october(t)
      // While October runs, nothing is proposed.
      assert.deepEqual(await lots(tenant.admin), [])
      setNow('2026-11-02T09:00:00Z')
      // An inspector's key reads, never writes: its report of October proposes nothing.
      const created = await tenant.admin.post('/api/v1/keys', { kind: 'inspector', expires_at: '2026-12-01T00:00:00Z' })
      assert.equal(created.status, 201, JSON.stringify(created.body))
      const inspector = t.client(created.body.data.api_key)
      const inspected = await inspector.get(`/api/v1/attendance/reports/monthly?user_id=${employee.id}&month=2026-10`)
      assert.equal(inspected.status, 200, JSON.stringify(inspected.body))
      assert.deepEqual(inspected.body.data.overtime.lots, [])
      assert.equal(
        (await t.database.db.selectFrom('overtime_lots').select('id').where('tenant_id', '=', tenant.id).execute())
          .length,
        0,
      )
      const [read, again] = await Promise.all([lots(tenant.admin), lots(hrKey)])
      assert.equal(read.length, 1, JSON.stringify(read))
      assert.deepEqual(again, read)
      const lot = read[0]
      assert.match(lot.id, /^otl_/)
      assert.deepEqual(
        { ...lot, id: undefined, created_at: undefined },
        {
          id: undefined,
          created_at: undefined,
          user_id: employee.id,
          month: '2026-10',
          kind: 'overtime',
          minutes: 180,
          basis: 'daily',
          status: 'pending',
          compensation: null,
          force_majeure: false,
          // Art. 35.1 ET: four months from when the hours were worked, the first of its days.
          compensate_by: '2027-02-05',
          days: [
            { date: '2026-10-05', minutes: 60 },
            { date: '2026-10-06', minutes: 60 },
            { date: '2026-10-07', minutes: 60 },
          ],
          rested_minutes: 0,
          scheduled_rest_minutes: 0,
          paid_minutes: 0,
          owed_minutes: 0,
          overdue: false,
          adjusts: null,
          decided_by: null,
          decided_at: null,
        },
      )
      // The employee sees their own; the colleague (no overtime, not their supervisor) sees none.
      assert.deepEqual(
        (await lots(employeeKey)).map((l) => l.id),
        [lot.id],
      )
      assert.deepEqual(await lots(await tenant.keyFor(colleague.id)), [])
      expectError(
        await (await tenant.keyFor(colleague.id)).get(`/api/v1/overtime/balance?user_id=${employee.id}`),
        404,
        'not_found',
      )
      const other = await t.newTenant()
      assert.deepEqual(await lots(other.admin), [])
      expectError(
        await other.admin.post(`/api/v1/overtime/lots/${lot.id}/decide`, { decision: 'approved' }),
        404,
        'not_found',
      )
      const proposed = await settledEventsOfType(tenant.admin, 'overtime.lot_proposed')
      assert.equal(proposed.length, 1)
      assert.equal(proposed[0].actor.user_id, null)
      assert.equal(proposed[0].data.id, lot.id)
      // Housekeeping on another instance finds nothing more to do.
      assert.deepEqual(await settleOvertime({ db: t.database.db, now }, [await tenantRow(t, tenant.id)]), {
        lots: 0,
        overdue: 0,
      })
      assert.equal((await lots(tenant.admin)).length, 1)
    })

    it('a pending lot follows the record; an approved one never changes, and a later change adds an adjustment', async () => {
      const { tenant, hrKey, employee } = await october(t)
      setNow('2026-11-02T09:00:00Z')
      const [lot] = await lots(hrKey)
      // A clock that was offline sends a Saturday's two hours late: the pending lot follows.
      await workday(tenant, employee.id, '2026-10-10', 120)
      const [followed] = await lots(hrKey)
      assert.equal(followed.id, lot.id)
      assert.equal(followed.minutes, 300)
      assert.deepEqual(followed.days.at(-1), { date: '2026-10-10', minutes: 120 })
      const updated = await settledEventsOfType(tenant.admin, 'overtime.lot_updated')
      assert.deepEqual([updated[0].data.id, updated[0].data.minutes, updated[0].actor.user_id], [lot.id, 300, null])
      const approved = await hrKey.post(`/api/v1/overtime/lots/${lot.id}/decide`, { decision: 'approved' })
      assert.equal(approved.status, 200, JSON.stringify(approved.body))
      assert.equal(approved.body.data.status, 'approved')
      assert.equal(approved.body.data.compensation, 'rest')
      assert.equal(approved.body.data.owed_minutes, 300)
      expectError(
        await hrKey.post(`/api/v1/overtime/lots/${lot.id}/decide`, { decision: 'approved' }),
        409,
        'overtime_lot_not_pending',
      )
      // A correction HR proposes and the employee accepts adds an hour on a Saturday: the approved
      // lot keeps its 300; an adjustment of 60 is proposed.
      const correction = await hrKey.post('/api/v1/attendance/corrections', {
        user_id: employee.id,
        reason: 'Stocktaking on Saturday',
        changes: [
          { action: 'add', type: 'in', ts: '2026-10-17T08:00:00Z' },
          { action: 'add', type: 'out', ts: '2026-10-17T09:00:00Z' },
        ],
      })
      assert.equal(correction.status, 201, JSON.stringify(correction.body))
      const consent = await (await tenant.keyFor(employee.id)).post(
        `/api/v1/attendance/corrections/${correction.body.data.id}/decide`,
        { decision: 'approved' },
      )
      assert.equal(consent.status, 200, JSON.stringify(consent.body))
      const after = await lots(hrKey, `user_id=${employee.id}`)
      assert.equal(after.length, 2)
      const first = after.find((l) => l.id === lot.id)!
      const adjustment = after.find((l) => l.id !== lot.id)!
      assert.equal(first.minutes, 300)
      assert.equal(first.status, 'approved')
      assert.deepEqual([adjustment.minutes, adjustment.status, adjustment.adjusts], [60, 'pending', lot.id])
      // The adjustment holds the day its hour was worked; due at least four months from the end of
      // November, when it came to light.
      assert.deepEqual(adjustment.days, [{ date: '2026-10-17', minutes: 60 }])
      assert.equal(adjustment.compensate_by, '2027-03-31')
      const events = await settledEventsOfType(tenant.admin, 'overtime.lot_approved')
      assert.equal(events[0].data.id, lot.id)
      // Art. 35 ET: hours worked were worked, so a lot cannot be rejected (400); hours in dispute
      // are a correction of the record, which the lot follows.
      const refused = expectError(
        await hrKey.post(`/api/v1/overtime/lots/${adjustment.id}/decide`, { decision: 'rejected' }),
        400,
        'invalid_request',
      )
      assert.equal(refused.details?.[0]?.field, 'decision')
      // HR approves the adjustment as pay; a note is kept, never returned.
      const paidLater = await hrKey.post(`/api/v1/overtime/lots/${adjustment.id}/decide`, {
        decision: 'approved',
        compensation: 'pay',
        note: 'Stocktaking, agreed',
      })
      assert.equal(paidLater.status, 200, JSON.stringify(paidLater.body))
      assert.deepEqual([paidLater.body.data.status, paidLater.body.data.compensation], ['approved', 'pay'])
      assert.equal(paidLater.body.data.note, undefined)
      expectError(await hrKey.get('/api/v1/overtime/lots?status=rejected'), 400, 'invalid_request')
      // Nobody decides their own overtime, and members decide none.
      const employeeKey = await tenant.keyFor(employee.id)
      await workday(tenant, employee.id, '2026-10-24', 60)
      const [another] = await lots(hrKey, 'status=pending')
      expectError(
        await employeeKey.post(`/api/v1/overtime/lots/${another.id}/decide`, { decision: 'approved' }),
        403,
        'permission_denied',
      )
    })

    it('rest is taken with overtime_rest absences drawn from approved rest lots, given back on cancel; pay is recorded', async () => {
      const { tenant, hrKey, employee, employeeKey } = await october(t)
      setNow('2026-11-02T09:00:00Z')
      const [lot] = await lots(hrKey)
      await hrKey.post(`/api/v1/overtime/lots/${lot.id}/decide`, { decision: 'approved' })
      // Two hours off on a Wednesday: asked for by the employee, approved by HR.
      const asked = await employeeKey.post('/api/v1/absences', {
        user_id: employee.id,
        type: 'overtime_rest',
        start_date: '2026-11-11',
        end_date: '2026-11-11',
        start_time: '08:00',
        end_time: '10:00',
      })
      assert.equal(asked.status, 201, JSON.stringify(asked.body))
      assert.equal(asked.body.data.status, 'pending')
      // More than is owed is refused when asked for.
      expectError(
        await employeeKey.post('/api/v1/absences', {
          user_id: employee.id,
          type: 'overtime_rest',
          start_date: '2026-11-12',
          end_date: '2026-11-12',
        }),
        409,
        'overtime_rest_exceeded',
      )
      const decided = await hrKey.post(`/api/v1/absences/${asked.body.data.id}/decide`, { decision: 'approved' })
      assert.equal(decided.status, 200, JSON.stringify(decided.body))
      // Rest counts once taken (docs/decisions/0022-overtime-as-the-law-counts-it.md): until the day has passed it is scheduled.
      let [now1] = await lots(hrKey)
      assert.deepEqual([now1.rested_minutes, now1.scheduled_rest_minutes, now1.owed_minutes], [0, 120, 60])
      assert.deepEqual(
        pick(await balance(employeeKey, employee.id), [
          'owed_rest_minutes',
          'rested_minutes',
          'scheduled_rest_minutes',
          'next_deadline',
        ]),
        { owed_rest_minutes: 60, rested_minutes: 0, scheduled_rest_minutes: 120, next_deadline: '2027-02-05' },
      )
      const cancelled = await employeeKey.post(`/api/v1/absences/${asked.body.data.id}/cancel`)
      assert.equal(cancelled.status, 200, JSON.stringify(cancelled.body))
      ;[now1] = await lots(hrKey)
      assert.deepEqual([now1.rested_minutes, now1.scheduled_rest_minutes, now1.owed_minutes], [0, 0, 180])
      // Pay: what is owed at most, in a payroll month not before the lot's.
      expectError(
        await hrKey.post(`/api/v1/overtime/lots/${lot.id}/pay`, { minutes: 181, payroll_month: '2026-11' }),
        409,
        'overtime_lot_not_payable',
      )
      const refused = expectError(
        await hrKey.post(`/api/v1/overtime/lots/${lot.id}/pay`, { minutes: 60, payroll_month: '2026-09' }),
        400,
        'invalid_request',
      )
      assert.equal(refused.details?.[0]?.field, 'payroll_month')
      expectError(
        await employeeKey.post(`/api/v1/overtime/lots/${lot.id}/pay`, { minutes: 60, payroll_month: '2026-11' }),
        403,
        'permission_denied',
      )
      const paid = await hrKey.post(`/api/v1/overtime/lots/${lot.id}/pay`, { minutes: 60, payroll_month: '2026-11' })
      assert.equal(paid.status, 200, JSON.stringify(paid.body))
      assert.deepEqual([paid.body.data.paid_minutes, paid.body.data.owed_minutes], [60, 120])
      const b = await balance(hrKey, employee.id)
      assert.deepEqual(pick(b, ['owed_rest_minutes', 'paid_minutes', 'approved_minutes', 'cap_minutes']), {
        owed_rest_minutes: 120,
        paid_minutes: 60,
        approved_minutes: 180,
        cap_minutes: 4800,
      })
      assert.equal((await settledEventsOfType(tenant.admin, 'overtime.lot_paid'))[0].data.paid_minutes, 60)
    })

    it('a reduction after approval is approved at once as its month was; the month keeps its basis; a late adjustment gets its own deadline', async () => {
      const { tenant, hrKey, employee } = await october(t)
      const employeeKey = await tenant.keyFor(employee.id)
      setNow('2026-11-02T09:00:00Z')
      const [lot] = await lots(hrKey)
      await hrKey.post(`/api/v1/overtime/lots/${lot.id}/decide`, { decision: 'approved', compensation: 'pay' })
      // The company moves to a monthly basis; October stays daily.
      await tenant.admin.patch('/api/v1/tenant', { overtime_policy: { basis: 'monthly' } })
      // A correction takes an hour off 5 October: October's daily overtime drops from 180 to 120.
      const day = (await hrKey.get(`/api/v1/attendance/punches?user_id=${employee.id}&from=2026-10-05&to=2026-10-05`))
        .body.data
      const out = day.find((p: any) => p.type === 'out')
      const correction = await hrKey.post('/api/v1/attendance/corrections', {
        user_id: employee.id,
        reason: 'Left earlier',
        changes: [{ action: 'move', punch_id: out.id, ts: '2026-10-05T16:00:00Z' }],
      })
      assert.equal(correction.status, 201, JSON.stringify(correction.body))
      await employeeKey.post(`/api/v1/attendance/corrections/${correction.body.data.id}/decide`, {
        decision: 'approved',
      })
      const after = await lots(hrKey, 'from=2026-10&to=2026-10')
      const reduction = after.find((l) => l.adjusts === lot.id)!
      assert.deepEqual(pick(reduction, ['minutes', 'status', 'compensation', 'basis', 'decided_by']), {
        minutes: -60,
        status: 'approved',
        compensation: 'pay',
        basis: 'daily',
        decided_by: 'company',
      })
      assert.equal(after.find((l) => l.id === lot.id)!.owed_minutes, 120, 'the reduction comes off what October owes')
      assert.equal((await balance(hrKey, employee.id)).owed_pay_minutes, 120)
      // An hour more on an October Saturday, found in December: due from December, not from October.
      setNow('2026-12-02T09:00:00Z')
      await workday(tenant, employee.id, '2026-10-24', 60)
      const late = (await lots(hrKey, 'status=pending'))[0]
      assert.deepEqual(pick(late, ['month', 'minutes', 'compensate_by']), {
        month: '2026-10',
        minutes: 60,
        compensate_by: '2027-04-30',
      })
      // The Saturday was a mistake, and 6 October was an hour shorter: the pending lot follows the
      // record below zero; no lot is ever rejected, a reduction included.
      const punchesOn = async (date: string) =>
        (await hrKey.get(`/api/v1/attendance/punches?user_id=${employee.id}&from=${date}&to=${date}`)).body.data
      const saturday = await punchesOn('2026-10-24')
      const sixth = (await punchesOn('2026-10-06')).find((p: any) => p.type === 'out')
      const undo = await hrKey.post('/api/v1/attendance/corrections', {
        user_id: employee.id,
        reason: 'Not on Saturday; left earlier on the 6th',
        changes: [
          ...saturday.map((p: any) => ({ action: 'void', punch_id: p.id })),
          { action: 'move', punch_id: sixth.id, ts: '2026-10-06T16:00:00Z' },
        ],
      })
      assert.equal(undo.status, 201, JSON.stringify(undo.body))
      await employeeKey.post(`/api/v1/attendance/corrections/${undo.body.data.id}/decide`, { decision: 'approved' })
      const [following] = await lots(hrKey, 'status=pending')
      assert.deepEqual([following.id, following.minutes], [late.id, -60])
      expectError(
        await hrKey.post(`/api/v1/overtime/lots/${late.id}/decide`, { decision: 'rejected' }),
        400,
        'invalid_request',
      )
      const approved = await hrKey.post(`/api/v1/overtime/lots/${late.id}/decide`, { decision: 'approved' })
      assert.deepEqual(pick(approved.body.data, ['status', 'compensation']), {
        status: 'approved',
        compensation: 'pay',
      })
      assert.equal((await balance(hrKey, employee.id)).owed_pay_minutes, 60)
    })

    it('rest is drawn only from lots due on or after its last day (art. 35.1 ET): later, 409 overtime_rest_after_deadline', async () => {
      const { hrKey, employee, employeeKey } = await october(t)
      setNow('2026-11-02T09:00:00Z')
      const [lot] = await lots(hrKey)
      await hrKey.post(`/api/v1/overtime/lots/${lot.id}/decide`, { decision: 'approved' })
      assert.equal(lot.compensate_by, '2027-02-05')
      const rest = (date: string) => ({
        user_id: employee.id,
        type: 'overtime_rest',
        start_date: date,
        end_date: date,
        start_time: '08:00',
        end_time: '09:00',
      })
      // Monday 8 February 2027 is past the lot's deadline: no lot can take it; pay can.
      expectError(await employeeKey.post('/api/v1/absences', rest('2027-02-08')), 409, 'overtime_rest_after_deadline')
      // More than is owed at all is still overtime_rest_exceeded.
      expectError(
        await employeeKey.post('/api/v1/absences', { ...rest('2027-02-08'), start_time: '08:00', end_time: '12:00' }),
        409,
        'overtime_rest_exceeded',
      )
      // Friday 5 February, its last day, is in time.
      const inTime = await employeeKey.post('/api/v1/absences', rest('2027-02-05'))
      assert.equal(inTime.status, 201, JSON.stringify(inTime.body))
    })

    it('rest by whole days takes the scheduled minutes of each working day; a day off is no rest', async () => {
      setNow('2026-10-01T06:00:00Z')
      const tenant = await t.newTenant({ timezone: 'UTC' })
      const { hrKey } = await withHr(tenant)
      const employee = await tenant.createUser()
      const employeeKey = await tenant.keyFor(employee.id)
      setNow('2026-10-31T20:00:00Z')
      // Nine days of an hour more: 540 minutes.
      for (const date of ['05', '06', '07', '08', '09', '12', '13', '14', '15'])
        await workday(tenant, employee.id, `2026-10-${date}`, 540)
      setNow('2026-11-02T09:00:00Z')
      const [lot] = await lots(hrKey)
      assert.equal(lot.minutes, 540)
      await hrKey.post(`/api/v1/overtime/lots/${lot.id}/decide`, { decision: 'approved' })
      const saturday = expectError(
        await employeeKey.post('/api/v1/absences', {
          user_id: employee.id,
          type: 'overtime_rest',
          start_date: '2026-11-14',
          end_date: '2026-11-15',
        }),
        400,
        'invalid_request',
      )
      assert.equal(saturday.details?.[0]?.field, 'start_date')
      // Hours on a day off are no rest either; nor is rest dated before the overtime was worked.
      expectError(
        await employeeKey.post('/api/v1/absences', {
          user_id: employee.id,
          type: 'overtime_rest',
          start_date: '2026-11-14',
          end_date: '2026-11-14',
          start_time: '09:00',
          end_time: '11:00',
        }),
        400,
        'invalid_request',
      )
      expectError(
        await hrKey.post('/api/v1/absences/record', {
          user_id: employee.id,
          type: 'overtime_rest',
          start_date: '2026-09-28',
          end_date: '2026-09-28',
        }),
        409,
        'overtime_rest_exceeded',
      )
      const day = await employeeKey.post('/api/v1/absences', {
        user_id: employee.id,
        type: 'overtime_rest',
        start_date: '2026-11-13',
        end_date: '2026-11-15',
      })
      assert.equal(day.status, 201, JSON.stringify(day.body))
      assert.equal(
        (await hrKey.post(`/api/v1/absences/${day.body.data.id}/decide`, { decision: 'approved' })).status,
        200,
      )
      let [after] = await lots(hrKey)
      assert.deepEqual([after.rested_minutes, after.scheduled_rest_minutes, after.owed_minutes], [0, 480, 60])
      // Rest counts once taken (docs/decisions/0022-overtime-as-the-law-counts-it.md): on its last day it is still scheduled; the day after, rested.
      setNow('2026-11-15T22:00:00Z')
      ;[after] = await lots(hrKey)
      assert.deepEqual([after.rested_minutes, after.scheduled_rest_minutes], [0, 480])
      setNow('2026-11-16T00:30:00Z')
      ;[after] = await lots(hrKey)
      assert.deepEqual([after.rested_minutes, after.scheduled_rest_minutes], [480, 0])
      assert.deepEqual(pick(await balance(hrKey, employee.id), ['rested_minutes', 'scheduled_rest_minutes']), {
        rested_minutes: 480,
        scheduled_rest_minutes: 0,
      })
      // The day of rest is expected to be worked no more.
      const friday = (await hrKey.get(`/api/v1/attendance?user_id=${employee.id}&from=2026-11-13&to=2026-11-13`)).body
        .data[0]
      assert.equal(friday.expected_minutes, 0)
    })

    it('the annual cap flags and never refuses (art. 35.2); the bans refuse unless it was force majeure', async () => {
      const { tenant, hrKey, employee } = await october(t)
      await tenant.admin.patch('/api/v1/tenant', { overtime_policy: { annual_cap_hours: 2 } })
      const night = await tenant.createUser({ full_name: 'Noche' })
      await tenant.admin.patch(`/api/v1/users/${night.id}`, { night_worker: true })
      await workday(tenant, night.id, '2026-10-05', 540)
      setNow('2026-11-02T09:00:00Z')
      const all = await lots(hrKey)
      const marta = all.find((l) => l.user_id === employee.id)!
      const nightLot = all.find((l) => l.user_id === night.id)!
      assert.deepEqual(
        pick(await balance(hrKey, employee.id), ['counted_toward_cap_minutes', 'at_risk_minutes', 'over_cap_minutes']),
        { counted_toward_cap_minutes: 0, at_risk_minutes: 180, over_cap_minutes: 0 },
        'a pending lot is at risk',
      )
      // 180 minutes as pay against a cap of 120: the hours were worked and are owed, so approved and flagged.
      const approved = await hrKey.post(`/api/v1/overtime/lots/${marta.id}/decide`, {
        decision: 'approved',
        compensation: 'pay',
      })
      assert.equal(approved.status, 200, JSON.stringify(approved.body))
      assert.deepEqual(
        pick(await balance(hrKey, employee.id), [
          'counted_toward_cap_minutes',
          'at_risk_minutes',
          'over_cap_minutes',
          'cap_minutes',
        ]),
        { counted_toward_cap_minutes: 180, at_risk_minutes: 0, over_cap_minutes: 60, cap_minutes: 120 },
      )
      const flagged = await settledEventsOfType(tenant.admin, 'overtime.cap_exceeded')
      assert.deepEqual(
        flagged.map((e) => e.data),
        [{ user_id: employee.id, year: 2026, counted_toward_cap_minutes: 180, cap_minutes: 120, over_cap_minutes: 60 }],
      )
      const report = (await hrKey.get(`/api/v1/attendance/reports/monthly?user_id=${employee.id}&month=2026-10`)).body
        .data
      assert.equal(report.overtime.year.over_cap_minutes, 60)
      const [representatives] = (await hrKey.get('/api/v1/overtime/reports/monthly?month=2026-10')).body.data.employees
      assert.equal(representatives.year_over_cap_minutes, 60)
      // Night workers (art. 36.1): force majeure only.
      expectError(
        await hrKey.post(`/api/v1/overtime/lots/${nightLot.id}/decide`, { decision: 'approved' }),
        409,
        'overtime_not_allowed',
      )
      assert.equal((await lots(hrKey, `user_id=${night.id}`))[0].status, 'pending', 'the refusal wrote nothing')
      const ok = await hrKey.post(`/api/v1/overtime/lots/${nightLot.id}/decide`, {
        decision: 'approved',
        force_majeure: true,
        compensation: 'pay',
      })
      assert.equal(ok.status, 200, JSON.stringify(ok.body))
      assert.equal(ok.body.data.force_majeure, true)
      assert.equal(
        (await balance(hrKey, night.id)).counted_toward_cap_minutes,
        0,
        'force majeure never counts (art. 35.3)',
      )
      // More over the cap later the same year is not announced again.
      setNow('2026-11-03T20:00:00Z')
      await workday(tenant, employee.id, '2026-11-03', 540)
      setNow('2026-12-01T09:00:00Z')
      const [november] = await lots(hrKey, `user_id=${employee.id}&status=pending`)
      await hrKey.post(`/api/v1/overtime/lots/${november.id}/decide`, { decision: 'approved', compensation: 'pay' })
      assert.equal((await balance(hrKey, employee.id)).over_cap_minutes, 120)
      assert.equal((await settledEventsOfType(tenant.admin, 'overtime.cap_exceeded')).length, 1)
    })

    it('a minor’s overtime is never approved, force majeure included (art. 6.3 ET): paid as wages due and reported as a violation', async () => {
      const { tenant, hrKey } = await october(t)
      // 17 in October 2026.
      const minor = await tenant.createUser({ full_name: 'Alba' })
      const born = await tenant.admin.patch(`/api/v1/users/${minor.id}`, { birth_date: '2009-03-01' })
      assert.equal(born.status, 200, JSON.stringify(born.body))
      await workday(tenant, minor.id, '2026-10-05', 540)
      setNow('2026-11-02T09:00:00Z')
      const [lot] = await lots(hrKey, `user_id=${minor.id}`)
      assert.equal(lot.minutes, 60)
      for (const body of [{ decision: 'approved' }, { decision: 'approved', force_majeure: true, compensation: 'pay' }])
        expectError(await hrKey.post(`/api/v1/overtime/lots/${lot.id}/decide`, body), 409, 'overtime_not_allowed')
      // The hours were worked: /pay records the wages due on the pending lot, up to its minutes.
      expectError(
        await hrKey.post(`/api/v1/overtime/lots/${lot.id}/pay`, { minutes: 61, payroll_month: '2026-11' }),
        409,
        'overtime_lot_not_payable',
      )
      const paid = await hrKey.post(`/api/v1/overtime/lots/${lot.id}/pay`, { minutes: 60, payroll_month: '2026-11' })
      assert.equal(paid.status, 200, JSON.stringify(paid.body))
      assert.deepEqual(pick(paid.body.data, ['status', 'paid_minutes', 'owed_minutes']), {
        status: 'pending',
        paid_minutes: 60,
        owed_minutes: 0,
      })
      // A violation, never overtime toward the cap or at risk of it.
      assert.deepEqual(
        pick(await balance(hrKey, minor.id), ['violation_minutes', 'counted_toward_cap_minutes', 'at_risk_minutes']),
        { violation_minutes: 60, counted_toward_cap_minutes: 0, at_risk_minutes: 0 },
      )
      const report = (await hrKey.get(`/api/v1/attendance/reports/monthly?user_id=${minor.id}&month=2026-10`)).body.data
      assert.deepEqual([report.overtime.violation_minutes, report.overtime.year.violation_minutes], [60, 60])
      const representatives = (await hrKey.get('/api/v1/overtime/reports/monthly?month=2026-10')).body.data
      assert.equal(representatives.employees.find((e: any) => e.user_id === minor.id).violation_minutes, 60)
      assert.equal(representatives.totals.violation_minutes, 60)
      const [line] = csvRows(
        String((await hrKey.get('/api/v1/overtime/reports/monthly?month=2026-10&format=csv')).body),
      ).filter((r) => r.id_trabajador === minor.id)
      // The company speaks Spanish: so do the CSV's headers.
      assert.equal(line?.minutos_infraccion_menores, '60')
      // An adult's pending lot is not payable before it is approved.
      const adult = (await lots(hrKey, 'status=pending')).find((l) => l.user_id !== minor.id)!
      expectError(
        await hrKey.post(`/api/v1/overtime/lots/${adult.id}/pay`, { minutes: 10, payroll_month: '2026-11' }),
        409,
        'overtime_lot_not_payable',
      )
    })

    it('rest left untaken past the four months of art. 35.2 starts counting toward the cap, flagged once by housekeeping', async () => {
      const { tenant, hrKey, employee } = await october(t)
      await tenant.admin.patch('/api/v1/tenant', { overtime_policy: { annual_cap_hours: 2 } })
      setNow('2026-11-02T09:00:00Z')
      const [lot] = await lots(hrKey)
      await hrKey.post(`/api/v1/overtime/lots/${lot.id}/decide`, { decision: 'approved' })
      assert.deepEqual(
        pick(await balance(hrKey, employee.id), ['counted_toward_cap_minutes', 'at_risk_minutes', 'over_cap_minutes']),
        { counted_toward_cap_minutes: 0, at_risk_minutes: 180, over_cap_minutes: 0 },
        'rest owed within the four months is at risk, not counted',
      )
      assert.deepEqual((await tenant.admin.get('/api/v1/events?type=overtime.cap_exceeded')).body.data, [])
      // October's hours were first worked on 5 October: their four months end on 5 February; on the
      // 6th the 180 minutes count (art. 35.2).
      setNow('2027-02-05T20:00:00Z')
      const row = await tenantRow(t, tenant.id)
      await settleOvertime({ db: t.database.db, now }, [row])
      assert.equal((await balance(hrKey, employee.id)).at_risk_minutes, 180)
      setNow('2027-02-06T09:00:00Z')
      await settleOvertime({ db: t.database.db, now }, [row])
      await settleOvertime({ db: t.database.db, now }, [row])
      assert.deepEqual(
        pick(await balance(hrKey, employee.id), ['counted_toward_cap_minutes', 'at_risk_minutes', 'over_cap_minutes']),
        { counted_toward_cap_minutes: 180, at_risk_minutes: 0, over_cap_minutes: 60 },
      )
      const flagged = await settledEventsOfType(tenant.admin, 'overtime.cap_exceeded')
      assert.deepEqual(
        flagged.map((e) => [e.data.user_id, e.data.year, e.data.over_cap_minutes, e.actor.user_id]),
        [[employee.id, 2026, 60, null]],
      )
    })

    it('the monthly report, its CSV and PDF, and the company export carry the overtime summary', async () => {
      const { tenant, hrKey, employee, colleague } = await october(t)
      setNow('2026-11-02T09:00:00Z')
      // The report proposes the month's lots itself.
      const report = (await tenant.admin.get(`/api/v1/attendance/reports/monthly?user_id=${employee.id}&month=2026-10`))
        .body.data
      assert.equal(report.overtime.basis, 'daily')
      assert.deepEqual(
        report.overtime.lots.map((l: any) => [l.minutes, l.status]),
        [[180, 'pending']],
      )
      assert.deepEqual(report.overtime.year, {
        year: 2026,
        approved_minutes: 0,
        counted_toward_cap_minutes: 0,
        at_risk_minutes: 180,
        cap_minutes: 4800,
        over_cap_minutes: 0,
        violation_minutes: 0,
        // A full-timer: no complementary hours (art. 12.5 ET).
        part_time: false,
        complementary_minutes: 0,
        complementary_limit_minutes: 0,
        over_pact_minutes: 0,
        pact_below_minimum_hours: false,
      })
      await hrKey.post(`/api/v1/overtime/lots/${report.overtime.lots[0].id}/decide`, { decision: 'approved' })
      const again = (await tenant.admin.get(`/api/v1/attendance/reports/monthly?user_id=${employee.id}&month=2026-10`))
        .body.data
      assert.deepEqual(again.overtime.owed_rest, [
        {
          lot_id: report.overtime.lots[0].id,
          month: '2026-10',
          owed_minutes: 180,
          compensate_by: '2027-02-05',
          overdue: false,
        },
      ])
      assert.equal(again.content_sha256, report.content_sha256, 'a decision is not part of the signed content')
      const csv = csvRows(
        String(
          (await tenant.admin.get(`/api/v1/attendance/reports/monthly?user_id=${employee.id}&month=2026-10&format=csv`))
            .body,
        ),
      )
      assert.equal(csv.length, 31)
      for (const row of csv)
        assert.deepEqual(
          [
            row.overtime_approved_minutes,
            row.overtime_pending_minutes,
            row.overtime_owed_rest_minutes,
            row.overtime_next_deadline,
            row.overtime_year_counted_minutes,
            row.overtime_annual_cap_minutes,
            row.overtime_year_over_cap_minutes,
          ],
          // Rest owed within its four months does not count toward the cap yet (art. 35.2).
          ['180', '0', '180', '2027-02-05', '0', '4800', '0'],
        )
      const pdf = await t.app.inject({
        method: 'GET',
        url: `/api/v1/attendance/reports/monthly?user_id=${employee.id}&month=2026-10&format=pdf`,
        headers: { authorization: `Bearer ${tenant.adminKey}` },
      })
      const { text } = await pdfText(pdf.rawPayload)
      // The company speaks Spanish (the default for Spain): so does its record.
      const flat = text.replace(/\s+/g, ' ')
      for (const words of [
        'Horas extraordinarias (art. 35 ET)',
        '3:00 aprobadas',
        'a compensar con descanso hasta el 2027-02-05',
        'Descanso pendiente',
        '3:00 de 2026-10, hasta el 2027-02-05',
      ])
        assert.ok(flat.includes(words), `${words} in: ${flat}`)
      const exported = csvRows(String((await tenant.admin.get('/api/v1/attendance/reports/export?month=2026-10')).body))
      const byUser = (id: string) => exported.filter((r) => r.user_id === id)
      assert.ok(byUser(employee.id).every((r) => r.overtime_approved_minutes === '180'))
      assert.ok(
        byUser(colleague.id).every((r) => r.overtime_approved_minutes === '0' && r.overtime_next_deadline === ''),
      )
    })

    it('the worked example of docs/overtime.md', async () => {
      setNow('2026-10-01T06:00:00Z')
      const tenant = await t.newTenant({ country: 'ES', region: 'MD', timezone: 'Europe/Madrid' })
      const { hrKey } = await withHr(tenant)
      const marta = await tenant.createUser({ full_name: 'Marta' })
      const martaKey = await tenant.keyFor(marta.id)
      const lotOf = async (month: string) => await lots(hrKey, `from=${month}&to=${month}&user_id=${marta.id}`)
      // 1. Three 9-hour days in October.
      setNow('2026-10-31T20:00:00Z')
      for (const date of ['2026-10-05', '2026-10-06', '2026-10-07']) await workday(tenant, marta.id, date, 540)
      setNow('2026-11-01T08:00:00Z')
      const [october] = await lotOf('2026-10')
      assert.deepEqual(pick(october, ['minutes', 'status', 'compensate_by']), {
        minutes: 180,
        status: 'pending',
        compensate_by: '2027-02-05',
      })
      // 2. A Saturday's two hours arrive late.
      setNow('2026-11-03T09:00:00Z')
      await workday(tenant, marta.id, '2026-10-10', 120)
      assert.equal((await lotOf('2026-10'))[0].minutes, 300)
      // 3. Approved as rest.
      await hrKey.post(`/api/v1/overtime/lots/${october.id}/decide`, { decision: 'approved' })
      const capOf = async () =>
        pick(await balance(hrKey, marta.id, 2026), ['counted_toward_cap_minutes', 'at_risk_minutes'])
      assert.deepEqual(
        pick(await balance(martaKey, marta.id), [
          'owed_rest_minutes',
          'next_deadline',
          'counted_toward_cap_minutes',
          'at_risk_minutes',
        ]),
        { owed_rest_minutes: 300, next_deadline: '2027-02-05', counted_toward_cap_minutes: 0, at_risk_minutes: 300 },
      )
      // 4. A correction she accepts adds an hour; the adjustment is approved as pay.
      setNow('2026-11-10T09:00:00Z')
      const correction = await hrKey.post('/api/v1/attendance/corrections', {
        user_id: marta.id,
        reason: 'Stocktaking',
        changes: [
          { action: 'add', type: 'in', ts: '2026-10-17T08:00:00Z' },
          { action: 'add', type: 'out', ts: '2026-10-17T09:00:00Z' },
        ],
      })
      await martaKey.post(`/api/v1/attendance/corrections/${correction.body.data.id}/decide`, { decision: 'approved' })
      const adjustment = (await lotOf('2026-10')).find((l) => l.adjusts === october.id)
      assert.deepEqual(pick(adjustment, ['minutes', 'status']), { minutes: 60, status: 'pending' })
      await hrKey.post(`/api/v1/overtime/lots/${adjustment.id}/decide`, { decision: 'approved', compensation: 'pay' })
      assert.deepEqual(await capOf(), { counted_toward_cap_minutes: 60, at_risk_minutes: 300 })
      // 7 (its start). A long day in November; its lot is approved on 1 December.
      setNow('2026-11-30T20:00:00Z')
      await workday(tenant, marta.id, '2026-11-16', 570)
      setNow('2026-12-01T09:00:00Z')
      const [november] = await lotOf('2026-11')
      assert.equal(november.minutes, 90)
      await hrKey.post(`/api/v1/overtime/lots/${november.id}/decide`, { decision: 'approved' })
      // 5. An afternoon of rest, drawn from October's lot, due first.
      setNow('2026-12-02T09:00:00Z')
      const rest = await martaKey.post('/api/v1/absences', {
        user_id: marta.id,
        type: 'overtime_rest',
        start_date: '2026-12-11',
        end_date: '2026-12-11',
        start_time: '14:00',
        end_time: '17:00',
      })
      assert.equal(rest.status, 201, JSON.stringify(rest.body))
      await hrKey.post(`/api/v1/absences/${rest.body.data.id}/decide`, { decision: 'approved' })
      const octoberNow = async () =>
        pick(
          (await lotOf('2026-10')).find((l) => l.id === october.id),
          ['rested_minutes', 'scheduled_rest_minutes', 'owed_minutes'],
        )
      assert.deepEqual(await octoberNow(), { rested_minutes: 0, scheduled_rest_minutes: 180, owed_minutes: 120 })
      // Rest counts once taken: the afternoon has passed on the 12th.
      setNow('2026-12-12T09:00:00Z')
      assert.deepEqual(await octoberNow(), { rested_minutes: 180, scheduled_rest_minutes: 0, owed_minutes: 120 })
      assert.deepEqual(await capOf(), { counted_toward_cap_minutes: 60, at_risk_minutes: 120 + 90 })
      // 6. The rest of October paid in November's payroll.
      const paid = await hrKey.post(`/api/v1/overtime/lots/${october.id}/pay`, {
        minutes: 120,
        payroll_month: '2026-11',
      })
      assert.deepEqual(pick(paid.body.data, ['paid_minutes', 'owed_minutes']), { paid_minutes: 120, owed_minutes: 0 })
      assert.deepEqual(await capOf(), { counted_toward_cap_minutes: 60 + 120, at_risk_minutes: 90 })
      // 7. November's rest is never planned: on 1 April it is overdue, announced once, still owed.
      setNow('2027-04-01T08:00:00Z')
      assert.equal((await settleOvertime({ db: t.database.db, now }, [await tenantRow(t, tenant.id)])).overdue, 1)
      assert.deepEqual(pick(await balance(martaKey, marta.id, 2026), ['owed_rest_minutes', 'overdue_minutes']), {
        owed_rest_minutes: 90,
        overdue_minutes: 90,
      })
      assert.deepEqual(await capOf(), { counted_toward_cap_minutes: 60 + 120 + 90, at_risk_minutes: 0 })
      const report = (await hrKey.get(`/api/v1/attendance/reports/monthly?user_id=${marta.id}&month=2027-03`)).body.data
      assert.deepEqual(report.overtime.owed_rest, [
        { lot_id: november.id, month: '2026-11', owed_minutes: 90, compensate_by: '2027-03-16', overdue: true },
      ])
    })

    it('with the automatic policy lots are approved as they are proposed, within the rules', async () => {
      const { tenant, hrKey, employee } = await october(t)
      await tenant.admin.patch('/api/v1/tenant', { overtime_policy: { approval: 'automatic' } })
      setNow('2026-11-02T09:00:00Z')
      const [lot] = await lots(hrKey)
      assert.deepEqual(
        [lot.user_id, lot.status, lot.compensation, lot.decided_by],
        [employee.id, 'approved', 'rest', 'company'],
      )
    })

    it('rest still owed after its deadline is flagged and announced once, and stays owed', async () => {
      const { tenant, hrKey, employee } = await october(t)
      setNow('2026-11-02T09:00:00Z')
      const [lot] = await lots(hrKey)
      await hrKey.post(`/api/v1/overtime/lots/${lot.id}/decide`, { decision: 'approved' })
      setNow('2027-03-01T09:00:00Z')
      const row = await tenantRow(t, tenant.id)
      assert.equal((await settleOvertime({ db: t.database.db, now }, [row])).overdue, 1)
      assert.equal((await settleOvertime({ db: t.database.db, now }, [row])).overdue, 0)
      const [overdue] = await lots(hrKey, 'from=2026-10&to=2026-10')
      assert.deepEqual([overdue.overdue, overdue.owed_minutes], [true, 180])
      const b = await balance(hrKey, employee.id)
      assert.deepEqual(pick(b, ['owed_rest_minutes', 'overdue_minutes', 'next_deadline']), {
        owed_rest_minutes: 180,
        overdue_minutes: 180,
        next_deadline: null,
      })
      const events = await settledEventsOfType(tenant.admin, 'overtime.compensation_overdue')
      assert.equal(events.length, 1)
      assert.equal(events[0].data.id, lot.id)
    })

    it('the cap is reduced for a contract shorter than the year (art. 35.2 ET: "por la duración de su contrato")', async () => {
      setNow('2026-11-02T09:00:00Z')
      const tenant = await t.newTenant({ timezone: 'UTC' })
      const { hrKey } = await withHr(tenant)
      // Hired on 1 October: 92 of the year's 365 days, so 80 h x 92 / 365 = 1,209 minutes.
      const hired = await tenant.createUser({ full_name: 'Nuria', hire_date: '2026-10-01' })
      assert.equal((await balance(hrKey, hired.id, 2026)).cap_minutes, 1209)
      // A whole year employed: the full 80 hours.
      assert.equal((await balance(hrKey, hired.id, 2027)).cap_minutes, 4800)
      // Someone employed all year keeps the company's cap.
      const veteran = await tenant.createUser({ full_name: 'Vera', hire_date: '2019-03-04' })
      assert.equal((await balance(hrKey, veteran.id, 2026)).cap_minutes, 4800)
    })
  },
  { app: { clock: () => now } },
)

forEachEngine(
  'overtime lots under concurrency',
  (t) => {
    it('instances settling at once write each lot once', async () => {
      setNow('2026-10-01T06:00:00Z')
      const tenant = await t.newTenant({ timezone: 'UTC' })
      const people = await Promise.all([1, 2, 3, 4].map((i) => tenant.createUser({ full_name: `P${i}` })))
      setNow('2026-10-31T20:00:00Z')
      for (const person of people) await workday(tenant, person.id, '2026-10-06', 600)
      setNow('2026-11-01T01:00:00Z')
      const row = await tenantRow(t, tenant.id)
      const rounds = await Promise.all([1, 2, 3, 4, 5].map(() => settleOvertime({ db: t.database.db, now }, [row])))
      assert.equal(
        rounds.reduce((sum, r) => sum + r.lots, 0),
        4,
        JSON.stringify(rounds),
      )
      const all = await lots(tenant.admin)
      assert.deepEqual(
        all.map((l) => l.minutes),
        [120, 120, 120, 120],
      )
      assert.equal(new Set(all.map((l) => l.user_id)).size, 4)
    })

    it('two approvals racing past the annual cap: both pass, the year is flagged once', async () => {
      setNow('2026-09-01T06:00:00Z')
      const tenant = await t.newTenant({ timezone: 'UTC' })
      const { hrKey } = await withHr(tenant)
      const employee = await tenant.createUser()
      await tenant.admin.patch('/api/v1/tenant', { overtime_policy: { annual_cap_hours: 3, compensation: 'pay' } })
      setNow('2026-09-30T20:00:00Z')
      await workday(tenant, employee.id, '2026-09-08', 600)
      setNow('2026-10-31T20:00:00Z')
      await workday(tenant, employee.id, '2026-10-06', 600)
      setNow('2026-11-02T09:00:00Z')
      const both = await lots(hrKey)
      assert.deepEqual(
        both.map((l) => [l.month, l.minutes]),
        [
          ['2026-10', 120],
          ['2026-09', 120],
        ],
      )
      const answers = await Promise.all(
        both.map((l) => hrKey.post(`/api/v1/overtime/lots/${l.id}/decide`, { decision: 'approved' })),
      )
      assert.deepEqual(
        answers.map((a) => a.status),
        [200, 200],
        JSON.stringify(answers.map((a) => a.body)),
      )
      const b = await balance(hrKey, employee.id)
      assert.deepEqual([b.counted_toward_cap_minutes, b.over_cap_minutes], [240, 60])
      const flagged = await settledEventsOfType(tenant.admin, 'overtime.cap_exceeded')
      assert.deepEqual(
        flagged.map((e) => [e.data.counted_toward_cap_minutes, e.data.over_cap_minutes]),
        [[240, 60]],
      )
    })

    it('two rest absences approved at once never take more rest than is owed', async () => {
      const { hrKey, employee, employeeKey } = await october(t)
      setNow('2026-11-02T09:00:00Z')
      const [lot] = await lots(hrKey)
      await hrKey.post(`/api/v1/overtime/lots/${lot.id}/decide`, { decision: 'approved' })
      const asked = []
      for (const date of ['2026-11-11', '2026-11-12']) {
        const res = await employeeKey.post('/api/v1/absences', {
          user_id: employee.id,
          type: 'overtime_rest',
          start_date: date,
          end_date: date,
          start_time: '08:00',
          end_time: '10:00',
        })
        assert.equal(res.status, 201, JSON.stringify(res.body))
        asked.push(res.body.data)
      }
      const answers = await Promise.all(
        asked.map((a) => hrKey.post(`/api/v1/absences/${a.id}/decide`, { decision: 'approved' })),
      )
      assert.deepEqual(answers.map((a) => a.status).sort(), [200, 409], JSON.stringify(answers.map((a) => a.body)))
      assert.equal(answers.find((a) => a.status === 409)!.body.error.code, 'overtime_rest_exceeded')
      const [after] = await lots(hrKey)
      assert.deepEqual([after.scheduled_rest_minutes, after.owed_minutes], [120, 60])
    })
  },
  { app: { clock: () => now } },
)

function pick(value: Record<string, unknown>, keys: string[]) {
  return Object.fromEntries(keys.map((k) => [k, value[k]]))
}

async function tenantRow(t: TestContext, id: string) {
  return t.database.db.selectFrom('tenants').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
}
