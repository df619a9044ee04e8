/**
 * Month-end with real life in it (issue: a forgotten clock-out became weeks of work, silently):
 * anomalies on the daily entries and in their own list, a session left open past the company's
 * maximum that never costs a later punch (art. 34.9 ET: every day's start and end are recorded)
 * and never counts as overtime, and the company's closing correction the employee consents to, by
 * the API and at the kiosk. The record stays append-only throughout.
 */
import assert from 'node:assert/strict'
import { it } from 'node:test'
import { proposeClosingOfLeftOpenSessions, verifyPunchChains } from '../../src/modules/attendance/index.js'
import { allTenants } from '../../src/modules/tenants/index.js'
import { madrid, withHr } from '../helpers/absences.js'
import { type Client, type TestContext, type TestTenant, expectError, forEachEngine } from '../helpers/harness.js'
import { settledEventsOfType } from '../helpers/eventually.js'
import { giveOneTimePin } from '../helpers/kiosk-sign-in.js'

let now = Date.parse('2026-11-23T10:00:00Z') // Monday
const HOUR = 3_600_000

async function punches(client: Client, userId: string, list: [string, string][]) {
  for (const [type, ts] of list) {
    const res = await client.post('/api/v1/attendance', { user_id: userId, type, ts })
    assert.equal(res.status, 201, `${type} ${ts}: ${JSON.stringify(res.body)}`)
  }
}

async function day(tenant: TestTenant, userId: string, date: string) {
  const res = await tenant.admin.get(`/api/v1/attendance?user_id=${userId}&from=${date}&to=${date}`)
  assert.equal(res.status, 200, JSON.stringify(res.body))
  return res.body.data[0]
}

/** The periodic check of `jornada serve`, run at the test clock's moment for one company. */
const checkLeftOpen = async (t: TestContext, tenant: TestTenant) =>
  proposeClosingOfLeftOpenSessions(
    { db: t.database.db, now },
    (await allTenants(t.database.db)).filter((row) => row.id === tenant.id),
  )

forEachEngine(
  'attendance anomalies and forgotten clock-outs',
  (t) => {
    it('flags a missing break, work on a rest day and a session left open, in the days, the summary and the list', async () => {
      now = Date.parse('2026-11-23T10:00:00Z')
      const tenant = await madrid(t)
      const { hrKey } = await withHr(tenant)
      const boss = await tenant.createUser({ full_name: 'Ana Boss' })
      const ana = await tenant.createUser({ full_name: 'Ana Ruiz', manager_id: boss.id })
      const bea = await tenant.createUser({ full_name: 'Bea Soto' })
      await punches(tenant.admin, ana.id, [
        // Thursday: two four-hour stretches around a half-hour break.
        ['in', '2026-11-19T07:00:00Z'],
        ['break_start', '2026-11-19T11:00:00Z'],
        ['break_end', '2026-11-19T11:30:00Z'],
        ['out', '2026-11-19T15:30:00Z'],
        // Friday: eight and a half hours with a five-minute pause, which is no break.
        ['in', '2026-11-20T07:00:00Z'],
        ['break_start', '2026-11-20T10:00:00Z'],
        ['break_end', '2026-11-20T10:05:00Z'],
        ['out', '2026-11-20T15:35:00Z'],
        // Saturday: two hours on a rest day.
        ['in', '2026-11-21T09:00:00Z'],
        ['out', '2026-11-21T11:00:00Z'],
      ])
      // Bea clocked in on 3 November and never out.
      await punches(tenant.admin, bea.id, [['in', '2026-11-03T07:00:00Z']])

      assert.deepEqual((await day(tenant, ana.id, '2026-11-19')).anomalies, [])
      assert.deepEqual((await day(tenant, ana.id, '2026-11-20')).anomalies, [
        {
          type: 'missing_break',
          session_started_at: '2026-11-20T07:00:00.000Z',
          minutes: 510,
          limit_minutes: 360,
          day_off: null,
        },
      ])
      assert.deepEqual((await day(tenant, ana.id, '2026-11-21')).anomalies, [
        {
          type: 'punch_on_day_off',
          session_started_at: '2026-11-21T09:00:00.000Z',
          minutes: 120,
          limit_minutes: null,
          day_off: 'rest_day',
        },
      ])
      const open = await day(tenant, bea.id, '2026-11-03')
      assert.deepEqual(
        open.anomalies.map((a: any) => [a.type, a.minutes, a.limit_minutes]),
        [['session_too_long', (now - Date.parse('2026-11-03T07:00:00Z')) / 60_000, 14 * 60]],
        'one anomaly: an open session is not also judged for its breaks',
      )

      const summary = (await tenant.admin.get('/api/v1/attendance/summary?from=2026-11-01&to=2026-11-23')).body.data
      const countOf = (id: string) => summary.find((r: any) => r.user_id === id).anomaly_count
      assert.deepEqual([countOf(ana.id), countOf(bea.id), countOf(boss.id)], [2, 1, 0])

      const list = await hrKey.get('/api/v1/attendance/anomalies?from=2026-11-01&to=2026-11-23')
      assert.equal(list.status, 200, JSON.stringify(list.body))
      assert.deepEqual(
        list.body.data.map((r: any) => [r.date, r.full_name, r.type, r.pending_correction_id]),
        [
          ['2026-11-03', 'Bea Soto', 'session_too_long', null],
          ['2026-11-20', 'Ana Ruiz', 'missing_break', null],
          ['2026-11-21', 'Ana Ruiz', 'punch_on_day_off', null],
        ],
      )
      assert.equal(list.body.meta.total, 3)
      const typed = await hrKey.get('/api/v1/attendance/anomalies?from=2026-11-01&to=2026-11-23&type=missing_break')
      assert.deepEqual(
        typed.body.data.map((r: any) => r.user_id),
        [ana.id],
      )
      // Need-to-know: a supervisor sees their team, anyone else themselves.
      const bossList = (
        await (await tenant.keyFor(boss.id)).get('/api/v1/attendance/anomalies?from=2026-11-01&to=2026-11-23')
      ).body
      assert.deepEqual(new Set(bossList.data.map((r: any) => r.user_id)), new Set([ana.id]))
      const beaList = (
        await (await tenant.keyFor(bea.id)).get('/api/v1/attendance/anomalies?from=2026-11-01&to=2026-11-23')
      ).body
      assert.deepEqual(
        beaList.data.map((r: any) => r.user_id),
        [bea.id],
      )
      const other = await t.newTenant()
      assert.deepEqual(
        (await other.admin.get('/api/v1/attendance/anomalies?from=2026-11-01&to=2026-11-23')).body.data,
        [],
      )
      expectError(await hrKey.get('/api/v1/attendance/anomalies?from=2026-09-01&to=2026-11-23'), 400, 'invalid_request')

      // The policy is the company's: without the break rule, Friday is fine.
      const patched = await tenant.admin.patch('/api/v1/tenant', { min_break_minutes: 0 })
      assert.equal(patched.status, 200, JSON.stringify(patched.body))
      assert.deepEqual((await day(tenant, ana.id, '2026-11-20')).anomalies, [])
      await tenant.admin.patch('/api/v1/tenant', { min_break_minutes: 5, break_after_minutes: 360 })
      assert.deepEqual((await day(tenant, ana.id, '2026-11-20')).anomalies, [], 'a five-minute pause is a break now')
    })

    it('a forgotten clock-out: the next morning’s `in` is recorded and starts a new session (art. 34.9 ET); the company proposes the closing and the employee consents', async () => {
      now = Date.parse('2026-11-23T07:00:00Z')
      const tenant = await madrid(t)
      const worker = await tenant.createUser({ full_name: 'Iván Gómez' })
      const workerKey = await tenant.keyFor(worker.id)
      const monday = await workerKey.post('/api/v1/attendance/clock', { type: 'in' })
      assert.equal(monday.status, 201)
      assert.equal(monday.body.data.left_open_session, null)
      // Thirteen hours later the session is still plausible: a second `in` is a sequence error.
      now += 13 * HOUR
      expectError(await workerKey.post('/api/v1/attendance/clock', { type: 'in' }), 409, 'punch_sequence_invalid')
      // The next morning Monday's session is a forgotten clock-out: Tuesday's `in` is recorded all
      // the same, and the answer tells the worker, with the company's proposal to close Monday.
      now = Date.parse('2026-11-24T07:00:00Z')
      const tuesday = await workerKey.post('/api/v1/attendance/clock', { type: 'in' })
      assert.equal(tuesday.status, 201, JSON.stringify(tuesday.body))
      assert.equal(tuesday.body.data.ts, '2026-11-24T07:00:00.000Z')
      const told = tuesday.body.data.left_open_session
      assert.deepEqual(
        [told.started_at, told.proposed_out_at],
        ['2026-11-23T07:00:00.000Z', '2026-11-23T15:00:00.000Z'],
      )
      assert.equal(await checkLeftOpen(t, tenant), 0, 'proposed with the punch; one proposal per session')
      const [anomaly] = await settledEventsOfType(tenant.admin, 'attendance.anomaly_detected')
      assert.deepEqual(anomaly.actor, { user_id: null, key_id: null })
      assert.deepEqual(
        [
          anomaly.data.user_id,
          anomaly.data.type,
          anomaly.data.session_started_at,
          anomaly.data.proposed_out_at,
          anomaly.data.correction_id,
        ],
        [worker.id, 'session_too_long', '2026-11-23T07:00:00.000Z', '2026-11-23T15:00:00.000Z', told.correction_id],
      )
      const correction = (await tenant.admin.get(`/api/v1/attendance/corrections/${told.correction_id}`)).body.data
      assert.deepEqual(
        [correction.status, correction.proposed_by, correction.changes],
        ['pending', 'company', [{ action: 'add', type: 'out', ts: '2026-11-23T15:00:00.000Z' }]],
      )
      // In the company's language and time zone: 08:00 to 16:00 in Madrid.
      assert.match(correction.reason, /^Salida no registrada: la jornada iniciada el 23\/11 a las 08:00 .* 16:00/)
      // Until corrected, Monday counts no more than its expected eight hours: never overtime.
      const open = await day(tenant, worker.id, '2026-11-23')
      assert.deepEqual([open.worked_minutes, open.expected_minutes, open.balance_minutes], [480, 480, 0])
      assert.deepEqual(
        open.anomalies.map((a: any) => [a.type, a.minutes]),
        [['session_too_long', 24 * 60]],
      )
      assert.deepEqual(
        (await day(tenant, worker.id, '2026-11-24')).punches.map((p: any) => [p.type, p.at]),
        [['in', '2026-11-24T07:00:00.000Z']],
      )
      const listed = (await tenant.admin.get('/api/v1/attendance/anomalies?from=2026-11-23&to=2026-11-24')).body.data
      assert.deepEqual(
        listed.map((r: any) => [r.date, r.type, r.pending_correction_id]),
        [['2026-11-23', 'session_too_long', correction.id]],
      )
      // The company cannot decide for the worker, nor can HR: it is the worker's consent.
      expectError(
        await tenant.admin.post(`/api/v1/attendance/corrections/${correction.id}/decide`, { decision: 'approved' }),
        403,
      )
      const accepted = await workerKey.post(`/api/v1/attendance/corrections/${correction.id}/decide`, {
        decision: 'approved',
      })
      assert.equal(accepted.status, 200, JSON.stringify(accepted.body))
      const closed = await day(tenant, worker.id, '2026-11-23')
      assert.deepEqual(
        closed.punches.map((p: any) => [p.type, p.at, p.edited]),
        [
          ['in', '2026-11-23T07:00:00.000Z', false],
          ['out', '2026-11-23T15:00:00.000Z', true],
        ],
      )
      assert.equal(closed.worked_minutes, 480)
      assert.deepEqual(
        closed.anomalies.map((a: any) => a.type),
        ['missing_break'],
      )
      now = Date.parse('2026-11-24T15:00:00Z')
      const out = await workerKey.post('/api/v1/attendance/clock', { type: 'out' })
      assert.deepEqual([out.status, out.body.data.left_open_session], [201, null])
      // Append-only: the punch log holds every original punch and the one the correction appended.
      const log = (
        await tenant.admin.get(`/api/v1/attendance/punches?user_id=${worker.id}&from=2026-11-23&to=2026-11-24`)
      ).body.data
      assert.deepEqual(
        log.map((p: any) => [p.type, p.source]),
        [
          ['in', 'clock'],
          ['out', 'correction'],
          ['in', 'clock'],
          ['out', 'clock'],
        ],
      )
      const chain = await verifyPunchChains(t.database.db, tenant.id, worker.id)
      assert.equal(chain.ok, true, JSON.stringify(chain))
    })

    it('a session left on a break closes where the break began; a rejected proposal is not made again; the worker clocks in all along', async () => {
      now = Date.parse('2026-11-23T12:00:00Z')
      const tenant = await madrid(t)
      const { hrKey } = await withHr(tenant)
      const worker = await tenant.createUser()
      const workerKey = await tenant.keyFor(worker.id)
      await punches(tenant.admin, worker.id, [
        ['in', '2026-11-23T07:00:00Z'],
        ['break_start', '2026-11-23T11:00:00Z'],
      ])
      now = Date.parse('2026-11-24T06:00:00Z')
      assert.equal(await checkLeftOpen(t, tenant), 1)
      const [correction] = (await tenant.admin.get(`/api/v1/attendance/corrections?user_id=${worker.id}`)).body.data
      assert.deepEqual(
        correction.changes.map((c: any) => [c.action, c.type ?? null, c.ts ?? null]),
        [
          ['void', null, null],
          ['add', 'out', '2026-11-23T11:00:00.000Z'],
        ],
      )
      const rejected = await workerKey.post(`/api/v1/attendance/corrections/${correction.id}/decide`, {
        decision: 'rejected',
        note: 'I left at 15:00',
      })
      assert.equal(rejected.status, 200, JSON.stringify(rejected.body))
      assert.equal(await checkLeftOpen(t, tenant), 0, 'the worker answered; the company does not insist')
      // The worker clocks in on Tuesday: recorded, and told there is nothing left to accept.
      now = Date.parse('2026-11-24T07:00:00Z')
      const tuesday = await workerKey.post('/api/v1/attendance/clock', { type: 'in' })
      assert.equal(tuesday.status, 201, JSON.stringify(tuesday.body))
      assert.deepEqual(tuesday.body.data.left_open_session, {
        started_at: '2026-11-23T07:00:00.000Z',
        correction_id: null,
        proposed_out_at: null,
      })
      // HR may correct Tuesday while Monday is still open: the `in` after the session left open fits.
      const moved = await hrKey.post('/api/v1/attendance/corrections', {
        user_id: worker.id,
        reason: 'Arrived at 07:55 per the access log',
        changes: [{ action: 'move', punch_id: tuesday.body.data.id, ts: '2026-11-24T06:55:00Z' }],
      })
      assert.equal(moved.status, 201, JSON.stringify(moved.body))
      // The worker proposes the real time; HR approves it; the day closes there.
      const own = await workerKey.post('/api/v1/attendance/corrections', {
        user_id: worker.id,
        reason: 'Left at 15:00 after the break',
        changes: [
          { action: 'add', type: 'break_end', ts: '2026-11-23T11:30:00Z' },
          { action: 'add', type: 'out', ts: '2026-11-23T15:00:00Z' },
        ],
      })
      assert.equal(own.status, 201, JSON.stringify(own.body))
      now = Date.parse('2026-11-24T11:00:00Z')
      const onBreak = await workerKey.post('/api/v1/attendance/clock', { type: 'break_start' })
      assert.deepEqual([onBreak.status, onBreak.body.data.left_open_session], [201, null])
      assert.equal(
        (await hrKey.post(`/api/v1/attendance/corrections/${own.body.data.id}/decide`, { decision: 'approved' }))
          .status,
        200,
      )
      const monday = await day(tenant, worker.id, '2026-11-23')
      assert.deepEqual([monday.worked_minutes, monday.anomalies], [450, []])
      now += 30 * 60_000
      assert.equal((await workerKey.post('/api/v1/attendance/clock', { type: 'break_end' })).status, 201)
    })

    it('a device backlog after a forgotten `out`: every punch stored (art. 34.9 ET), each day right, Monday flagged and counted as expected, never overtime', async () => {
      now = Date.parse('2026-11-25T18:00:00Z') // Wednesday evening
      const tenant = await madrid(t)
      const worker = await tenant.createUser({ full_name: 'Ana Ruiz' })
      const twice = await tenant.createUser({ full_name: 'Bea Soto' })
      const backlog = [
        // Monday's `out` was lost; the door clock kept everything else.
        { user_id: worker.id, type: 'in', ts: '2026-11-23T07:00:00Z' },
        { user_id: worker.id, type: 'in', ts: '2026-11-24T07:05:00Z' },
        { user_id: worker.id, type: 'out', ts: '2026-11-24T15:05:00Z' },
        { user_id: worker.id, type: 'in', ts: '2026-11-25T07:00:00Z' },
        { user_id: worker.id, type: 'break_start', ts: '2026-11-25T11:00:00Z' },
        { user_id: worker.id, type: 'break_end', ts: '2026-11-25T11:30:00Z' },
        { user_id: worker.id, type: 'out', ts: '2026-11-25T15:30:00Z' },
        // Bea lost Monday's `out` and Tuesday's `in`: Tuesday's `out` is stored too, and the
        // session it closes stays flagged until HR corrects it.
        { user_id: twice.id, type: 'in', ts: '2026-11-23T07:00:00Z' },
        { user_id: twice.id, type: 'out', ts: '2026-11-24T15:00:00Z' },
      ]
      const sent = () =>
        tenant.admin.request('POST', '/api/v1/attendance/batch', { punches: backlog }, { 'idempotency-key': 'door-1' })
      const res = await sent()
      assert.equal(res.status, 200, JSON.stringify(res.body))
      assert.deepEqual(
        res.body.data.map((r: any) => r.status),
        backlog.map(() => 201),
      )
      // The backlog sent again (the answer was lost) is the same answer, and stores nothing twice.
      const replayed = await sent()
      assert.deepEqual(replayed.body, res.body)
      const log = async (userId: string) =>
        (await tenant.admin.get(`/api/v1/attendance/punches?user_id=${userId}&from=2026-11-23&to=2026-11-25`)).body.data
      assert.deepEqual(
        (await log(worker.id)).map((p: any) => [p.type, p.ts]),
        backlog.filter((p) => p.user_id === worker.id).map((p) => [p.type, p.ts.replace('Z', '.000Z')]),
      )
      assert.equal((await log(twice.id)).length, 2)

      const week = (await tenant.admin.get(`/api/v1/attendance?user_id=${worker.id}&from=2026-11-23&to=2026-11-25`))
        .body.data
      assert.deepEqual(
        week.map((d: any) => [d.date, d.punches.length, d.worked_minutes, d.expected_minutes, d.balance_minutes]),
        [
          ['2026-11-23', 1, 480, 480, 0], // left open: counted as the day's expected, never overtime
          ['2026-11-24', 2, 480, 480, 0],
          ['2026-11-25', 4, 480, 480, 0],
        ],
      )
      assert.deepEqual(
        week[0].anomalies.map((a: any) => [a.type, a.session_started_at, a.minutes]),
        [['session_too_long', '2026-11-23T07:00:00.000Z', 24 * 60 + 5]],
      )
      assert.ok(week.slice(1).every((d: any) => !d.anomalies.some((a: any) => a.type === 'session_too_long')))
      const summary = (await tenant.admin.get('/api/v1/attendance/summary?from=2026-11-23&to=2026-11-25&page_size=100'))
        .body.data
      assert.deepEqual(
        summary
          .filter((r: any) => r.user_id === worker.id || r.user_id === twice.id)
          .map((r: any) => [r.full_name, r.worked_minutes, r.balance_minutes]),
        [
          ['Ana Ruiz', 3 * 480, 0],
          ['Bea Soto', 480, -960], // Tuesday's work waits for HR's correction
        ],
      )
      // The company proposed closing Monday when the backlog carried on past it.
      const [proposal] = (await tenant.admin.get(`/api/v1/attendance/corrections?user_id=${worker.id}`)).body.data
      assert.deepEqual(
        [proposal.status, proposal.proposed_by, proposal.changes],
        ['pending', 'company', [{ action: 'add', type: 'out', ts: '2026-11-23T15:00:00.000Z' }]],
      )
      const listed = (await tenant.admin.get('/api/v1/attendance/anomalies?from=2026-11-23&to=2026-11-25')).body.data
      assert.deepEqual(
        listed
          .filter((r: any) => r.type === 'session_too_long')
          .map((r: any) => [r.full_name, r.date, r.minutes, r.pending_correction_id]),
        [
          ['Ana Ruiz', '2026-11-23', 24 * 60 + 5, proposal.id],
          ['Bea Soto', '2026-11-23', 32 * 60, null],
        ],
      )
      // The legal record's chain holds every punch, linked in order.
      for (const id of [worker.id, twice.id]) {
        const chain = await verifyPunchChains(t.database.db, tenant.id, id)
        assert.equal(chain.ok, true, JSON.stringify(chain))
      }
      assert.equal((await verifyPunchChains(t.database.db, tenant.id, worker.id)).punches_checked, 7)
    })

    it('two punches at once the morning after a forgotten clock-out, racing the periodic check: one new session, one proposal, the chain verifies (art. 34.9 ET)', async () => {
      for (let round = 0; round < 4; round++) {
        now = Date.parse('2026-11-23T07:00:00Z')
        const tenant = await madrid(t)
        const worker = await tenant.createUser()
        const workerKey = await tenant.keyFor(worker.id)
        assert.equal((await workerKey.post('/api/v1/attendance/clock', { type: 'in' })).status, 201)
        now = Date.parse('2026-11-24T07:00:00Z')
        // The worker's phone and a door clock's push, a minute apart, and the periodic check at once.
        const [phone, door] = await Promise.all([
          workerKey.post('/api/v1/attendance/clock', { type: 'in' }),
          tenant.admin.post('/api/v1/attendance', { user_id: worker.id, type: 'in', ts: '2026-11-24T06:59:00Z' }),
          checkLeftOpen(t, tenant),
        ])
        const statuses = [phone.status, door.status].sort()
        assert.deepEqual(statuses, [201, 409], `round ${round}: ${JSON.stringify([phone.body, door.body])}`)
        const refused = phone.status === 409 ? phone : door
        assert.ok(['punch_out_of_order', 'punch_sequence_invalid'].includes(refused.body.error.code))
        const corrections = (await tenant.admin.get(`/api/v1/attendance/corrections?user_id=${worker.id}`)).body.data
        assert.deepEqual(
          corrections.map((c: any) => [c.proposed_by, c.changes]),
          [['company', [{ action: 'add', type: 'out', ts: '2026-11-23T15:00:00.000Z' }]]],
          `round ${round}: one proposal`,
        )
        const days = (await tenant.admin.get(`/api/v1/attendance?user_id=${worker.id}&from=2026-11-23&to=2026-11-24`))
          .body.data
        assert.deepEqual(
          days.map((d: any) => [d.punches.length, d.anomalies.map((a: any) => a.type)]),
          [
            [1, ['session_too_long']],
            [1, []],
          ],
        )
        const chain = await verifyPunchChains(t.database.db, tenant.id, worker.id)
        assert.deepEqual([chain.ok, chain.punches_checked], [true, 2], JSON.stringify(chain))
      }
    })

    it('at the kiosk the morning after: the `in` is offered and recorded; then "you did not clock out on Monday", and the worker accepts the proposed time', async () => {
      now = Date.parse('2026-11-23T07:00:00Z')
      const tenant = await madrid(t)
      // Lucía is in HR: at the kiosk she still consents to her own record only.
      const { departmentId } = await withHr(tenant)
      const user = await tenant.createUser({
        full_name: 'Lucía Pérez',
        dni: '12345678-Z',
        phone: '+34 600 111 222',
        department_id: departmentId,
      })
      await giveOneTimePin(t, tenant.id, user.id, '1222')
      const kiosk = (await tenant.admin.post('/api/v1/kiosks', { name: 'Front door' })).body.data
      const device = t.client(kiosk.device_token)
      const first = (await device.post('/api/v1/kiosk/identify', { identifier: '12345678', pin: '1222' })).body.data
      await device.post('/api/v1/kiosk/pin', { session: first.session, new_pin: '4826' })
      const credentials = { identifier: '12345678', pin: '4826' }
      assert.equal((await device.post('/api/v1/kiosk/punches', { ...credentials, type: 'in' })).status, 201)

      now = Date.parse('2026-11-24T07:30:00Z')
      const identified = await device.post('/api/v1/kiosk/identify', credentials)
      assert.equal(identified.status, 201, JSON.stringify(identified.body))
      const { employee, session } = identified.body.data
      // Monday's session is no work under way: the next punch is Tuesday's `in`.
      assert.deepEqual([employee.state, employee.allowed_punches], ['not_working', ['in']])
      assert.equal(employee.left_open_session.started_at, '2026-11-23T07:00:00.000Z')
      assert.equal(employee.left_open_session.proposed_out_at, '2026-11-23T15:00:00.000Z')
      const punched = await device.post('/api/v1/kiosk/punches', { session, type: 'in' })
      assert.equal(punched.status, 201, JSON.stringify(punched.body))
      assert.deepEqual(
        [punched.body.data.type, punched.body.data.employee.state, punched.body.data.employee.allowed_punches],
        ['in', 'working', ['out', 'break_start']],
      )
      // Told after the punch, with the same proposal to accept.
      assert.deepEqual(punched.body.data.employee.left_open_session, employee.left_open_session)
      expectError(
        await device.post('/api/v1/kiosk/corrections/correction_unknown/accept', { session }),
        404,
        'not_found',
      )
      // Another company's correction is no correction of this employee's.
      const theirs = await t.newTenant()
      const theirWorker = await theirs.createUser()
      const theirPunch = (
        await theirs.admin.post('/api/v1/attendance', {
          user_id: theirWorker.id,
          type: 'in',
          ts: '2026-11-24T06:00:00Z',
        })
      ).body.data
      const theirCorrection = (
        await theirs.admin.post('/api/v1/attendance/corrections', {
          user_id: theirWorker.id,
          reason: 'x',
          changes: [{ action: 'move', punch_id: theirPunch.id, ts: '2026-11-24T06:30:00Z' }],
        })
      ).body.data
      expectError(
        await device.post(`/api/v1/kiosk/corrections/${theirCorrection.id}/accept`, { session }),
        404,
        'not_found',
      )
      const accepted = await device.post(
        `/api/v1/kiosk/corrections/${employee.left_open_session.correction_id}/accept`,
        { session },
      )
      assert.equal(accepted.status, 200, JSON.stringify(accepted.body))
      assert.deepEqual(
        [
          accepted.body.data.status,
          accepted.body.data.employee.left_open_session,
          accepted.body.data.employee.allowed_punches,
        ],
        ['approved', null, ['out', 'break_start']],
      )
      assert.deepEqual(
        (await day(tenant, user.id, '2026-11-23')).punches.map((p: any) => [p.type, p.at]),
        [
          ['in', '2026-11-23T07:00:00.000Z'],
          ['out', '2026-11-23T15:00:00.000Z'],
        ],
      )
      // A colleague's own proposal, which HR could decide through the API, is not hers to accept here;
      // nor is one she proposed herself.
      const colleague = await tenant.createUser()
      const colleagueKey = await tenant.keyFor(colleague.id)
      const colleaguePunch = (
        await tenant.admin.post('/api/v1/attendance', { user_id: colleague.id, type: 'in', ts: '2026-11-24T06:00:00Z' })
      ).body.data
      const theirOwn = (
        await colleagueKey.post('/api/v1/attendance/corrections', {
          user_id: colleague.id,
          reason: 'In at 07:00',
          changes: [{ action: 'move', punch_id: colleaguePunch.id, ts: '2026-11-24T06:30:00Z' }],
        })
      ).body.data
      expectError(await device.post(`/api/v1/kiosk/corrections/${theirOwn.id}/accept`, { session }), 404, 'not_found')
      const lastPunch = (await device.post('/api/v1/kiosk/identify', credentials)).body.data
      const mine = (
        await (
          await tenant.keyFor(user.id)
        ).post('/api/v1/attendance/corrections', {
          user_id: user.id,
          reason: 'Break at 08:30',
          changes: [{ action: 'add', type: 'break_start', ts: '2026-11-24T07:30:30Z' }],
        })
      ).body.data
      assert.ok(mine?.id, JSON.stringify(mine))
      expectError(
        await device.post(`/api/v1/kiosk/corrections/${mine.id}/accept`, { session: lastPunch.session }),
        403,
        'permission_denied',
      )
      const correction = (
        await tenant.admin.get(`/api/v1/attendance/corrections/${employee.left_open_session.correction_id}`)
      ).body.data
      assert.equal(correction.decided_by, user.id)
    })
  },
  { app: { clock: () => now } },
)
