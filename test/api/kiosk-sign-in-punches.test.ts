/**
 * Employees at a kiosk (docs/decisions/0013-kiosks.md), on both engines: the first use with the
 * initial PIN and its forced change, punching in and out with a session or with the PIN (source
 * kiosk, audited without PINs), and queued punches stored at their real moment once per
 * Idempotency-Key of the device.
 */
import assert from 'node:assert/strict'
import { it } from 'node:test'
import { expectError, forEachEngine } from '../helpers/harness.js'
import { CLOCK_START, MINUTE, setUp } from '../helpers/kiosk-sign-in.js'

let now = CLOCK_START

forEachEngine(
  'kiosk sign-in: first use and punches',
  (t) => {
    it('first use: the initial PIN identifies but must be changed before punching; then in and out, with source kiosk', async () => {
      const tenant = await t.newTenant()
      const { user, kiosk, identifier, initialPin } = await setUp(t, tenant)
      const device = t.client(kiosk.device_token)

      const about = await device.get('/api/v1/kiosk')
      assert.equal(about.status, 200, JSON.stringify(about.body))
      assert.equal(about.body.data.id, kiosk.id)
      assert.equal(about.body.data.server_time, new Date(now).toISOString())
      assert.match(about.body.data.company_name, /^Tenant /)

      const first = await device.post('/api/v1/kiosk/identify', { identifier, pin: initialPin })
      assert.equal(first.status, 201, JSON.stringify(first.body))
      assert.deepEqual(first.body.data.employee, {
        name: 'Lucía Pérez',
        state: 'not_working',
        since: null,
        allowed_punches: [],
        pin_change_required: true,
        left_open_session: null,
      })
      assert.equal(first.body.data.expires_at, new Date(now + MINUTE).toISOString())
      const session = first.body.data.session
      expectError(await device.post('/api/v1/kiosk/punches', { session, type: 'in' }), 403, 'kiosk_pin_change_required')
      expectError(
        await device.post('/api/v1/kiosk/punches', { identifier, pin: initialPin, type: 'in' }),
        403,
        'kiosk_pin_change_required',
      )

      for (const bad of ['1111', initialPin, '12a4', '987', '123456789']) {
        const refused = expectError(
          await device.post('/api/v1/kiosk/pin', { session, new_pin: bad }),
          400,
          'invalid_request',
        )
        assert.equal(refused.details?.[0]?.field, 'new_pin', bad)
      }
      const changed = await device.post('/api/v1/kiosk/pin', { session, new_pin: '4826' })
      assert.equal(changed.status, 200, JSON.stringify(changed.body))
      assert.deepEqual(changed.body.data.employee, {
        name: 'Lucía Pérez',
        state: 'not_working',
        since: null,
        allowed_punches: ['in'],
        pin_change_required: false,
        left_open_session: null,
      })

      expectError(
        await device.post('/api/v1/kiosk/identify', { identifier, pin: initialPin }),
        401,
        'kiosk_credentials_invalid',
      )
      const again = await device.post('/api/v1/kiosk/identify', { identifier, pin: '4826' })
      assert.deepEqual(again.body.data.employee.allowed_punches, ['in'])

      const punchedIn = await device.post('/api/v1/kiosk/punches', { session: again.body.data.session, type: 'in' })
      assert.equal(punchedIn.status, 201, JSON.stringify(punchedIn.body))
      assert.deepEqual(
        {
          type: punchedIn.body.data.type,
          ts: punchedIn.body.data.ts,
          kiosk_id: punchedIn.body.data.kiosk_id,
          employee: punchedIn.body.data.employee,
        },
        {
          type: 'in',
          ts: new Date(now).toISOString(),
          kiosk_id: kiosk.id,
          employee: {
            name: 'Lucía Pérez',
            state: 'working',
            since: new Date(now).toISOString(),
            allowed_punches: ['out', 'break_start'],
            pin_change_required: false,
            left_open_session: null,
          },
        },
      )
      now += 30_000
      expectError(
        await device.post('/api/v1/kiosk/punches', { session: again.body.data.session, type: 'in' }),
        409,
        'punch_sequence_invalid',
      )

      now += 4 * 3_600_000
      const out = await device.post('/api/v1/kiosk/punches', { identifier, pin: '4826', type: 'out' })
      assert.equal(out.status, 201, JSON.stringify(out.body))
      assert.equal(out.body.data.employee.state, 'not_working')

      const log = (
        await tenant.admin.get(`/api/v1/attendance/punches?user_id=${user.id}&from=2026-11-01&to=2026-11-30`)
      ).body.data
      assert.deepEqual(
        log.map((p: any) => [p.type, p.source, p.kiosk_id, p.created_by]),
        [
          ['in', 'kiosk', kiosk.id, user.id],
          ['out', 'kiosk', kiosk.id, user.id],
        ],
      )
      const audit = (await tenant.admin.get('/api/v1/audit-log?page_size=100')).body.data
      const punches = audit.filter((e: any) => e.operation === 'kiosk.punch')
      assert.equal(punches.length, 2)
      assert.deepEqual(
        [punches[0].user_id, punches[0].key_id, punches[0].resource_id],
        [user.id, kiosk.id, out.body.data.id],
      )
      assert.ok(
        audit.some(
          (e: any) => e.operation === 'kiosk.change-pin' && e.user_id === user.id && e.fields.includes('new_pin'),
        ),
      )
      assert.ok(!JSON.stringify(audit).includes('4826'), 'PINs never reach the audit log')
    })

    it('queued punches: at their real moment, within the contract’s window, each stored once per Idempotency-Key of the device', async () => {
      const tenant = await t.newTenant()
      const { user, kiosk, identifier, initialPin } = await setUp(t, tenant)
      const device = t.client(kiosk.device_token)
      const { session } = (await device.post('/api/v1/kiosk/identify', { identifier, pin: initialPin })).body.data
      await device.post('/api/v1/kiosk/pin', { session, new_pin: '4826' })

      const punchIn = { identifier, pin: '4826', type: 'in', ts: new Date(now - 30 * MINUTE).toISOString() }
      const first = await device.request('POST', '/api/v1/kiosk/punches', punchIn, { 'idempotency-key': 'queued-1' })
      assert.equal(first.status, 201, JSON.stringify(first.body))
      assert.equal(first.body.data.ts, punchIn.ts)
      // The network dropped the answer: the page sends the same request again, even much later.
      now += 5 * MINUTE
      const retry = await device.request('POST', '/api/v1/kiosk/punches', punchIn, { 'idempotency-key': 'queued-1' })
      assert.equal(retry.status, 201)
      assert.equal(retry.headers['idempotent-replayed'], 'true')
      assert.deepEqual(retry.body, first.body)
      // The same key from another device is that device's own.
      const otherDevice = t.client(
        (await tenant.admin.post('/api/v1/kiosks', { name: 'Back door' })).body.data.device_token,
      )
      expectError(
        await otherDevice.request('POST', '/api/v1/kiosk/punches', punchIn, { 'idempotency-key': 'queued-1' }),
        409,
        'punch_out_of_order',
      )

      expectError(
        await device.post('/api/v1/kiosk/punches', {
          identifier,
          pin: '4826',
          type: 'out',
          ts: new Date(now - 61 * 86_400_000).toISOString(),
        }),
        400,
        'invalid_request',
      )
      expectError(
        await device.post('/api/v1/kiosk/punches', {
          identifier,
          pin: '4826',
          type: 'out',
          ts: new Date(now + 2 * MINUTE).toISOString(),
        }),
        400,
        'invalid_request',
      )
      expectError(
        await device.post('/api/v1/kiosk/punches', {
          identifier,
          pin: '4826',
          type: 'out',
          ts: new Date(now - 40 * MINUTE).toISOString(),
        }),
        409,
        'punch_out_of_order',
      )

      // A wrong PIN with a key lets the key go: the corrected request runs.
      expectError(
        await device.request(
          'POST',
          '/api/v1/kiosk/punches',
          { identifier, pin: '0000', type: 'out' },
          { 'idempotency-key': 'queued-2' },
        ),
        401,
        'kiosk_credentials_invalid',
      )
      const corrected = await device.request(
        'POST',
        '/api/v1/kiosk/punches',
        { identifier, pin: '4826', type: 'out' },
        { 'idempotency-key': 'queued-2' },
      )
      assert.equal(corrected.status, 201, JSON.stringify(corrected.body))

      const stored = (
        await tenant.admin.get(`/api/v1/attendance/punches?user_id=${user.id}&from=2026-11-01&to=2026-12-31`)
      ).body.data
      assert.deepEqual(
        stored.map((p: any) => p.type),
        ['in', 'out'],
        'each punch stored once',
      )
    })

    it('the morning after a forgotten clock-out: the kiosk offers the clock-in and records it (art. 34.9 ET), then names the session left open and its proposal', async () => {
      now = CLOCK_START // Friday 08:00
      const tenant = await t.newTenant()
      const { user, kiosk, identifier, initialPin } = await setUp(t, tenant)
      const device = t.client(kiosk.device_token)
      const { session } = (await device.post('/api/v1/kiosk/identify', { identifier, pin: initialPin })).body.data
      await device.post('/api/v1/kiosk/pin', { session, new_pin: '4826' })
      assert.equal((await device.post('/api/v1/kiosk/punches', { identifier, pin: '4826', type: 'in' })).status, 201)

      // Monday 07:55: Friday's session was never closed. Once the worker said "ask HR" they could
      // not clock in at all; now the clock-in is what the kiosk offers.
      now = Date.parse('2026-11-23T07:55:00Z')
      const monday = await device.post('/api/v1/kiosk/identify', { identifier, pin: '4826' })
      assert.equal(monday.status, 201, JSON.stringify(monday.body))
      const { employee } = monday.body.data
      assert.deepEqual(
        [employee.state, employee.allowed_punches, employee.left_open_session.started_at],
        ['not_working', ['in'], '2026-11-20T08:00:00.000Z'],
      )
      assert.equal(employee.left_open_session.proposed_out_at, '2026-11-20T16:00:00.000Z')
      // The page sends every punch through its outbox, with the moment it was pressed.
      const punched = await device.request(
        'POST',
        '/api/v1/kiosk/punches',
        { identifier, pin: '4826', type: 'in', ts: new Date(now).toISOString() },
        { 'idempotency-key': 'monday-in' },
      )
      assert.equal(punched.status, 201, JSON.stringify(punched.body))
      assert.deepEqual(
        [punched.body.data.ts, punched.body.data.employee.state, punched.body.data.employee.left_open_session],
        ['2026-11-23T07:55:00.000Z', 'working', employee.left_open_session],
      )
      const log = (
        await tenant.admin.get(`/api/v1/attendance/punches?user_id=${user.id}&from=2026-11-20&to=2026-11-23`)
      ).body.data
      assert.deepEqual(
        log.map((p: any) => [p.type, p.ts, p.source]),
        [
          ['in', '2026-11-20T08:00:00.000Z', 'kiosk'],
          ['in', '2026-11-23T07:55:00.000Z', 'kiosk'],
        ],
      )
      // Friday counts its expected eight hours, not three days, until the correction closes it.
      const friday = (await tenant.admin.get(`/api/v1/attendance?user_id=${user.id}&from=2026-11-20&to=2026-11-20`))
        .body.data[0]
      assert.deepEqual(
        [friday.worked_minutes, friday.balance_minutes, friday.anomalies.map((a: any) => a.type)],
        [480, 0, ['session_too_long']],
      )
    })
  },
  { app: { clock: () => now } },
)
