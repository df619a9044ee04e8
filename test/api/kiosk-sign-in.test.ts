/**
 * Employees at a kiosk (decisions 13), on both engines: identifying with identifier and PIN, the
 * forced change of the initial PIN, punching with a session or with the PIN (a queued punch, at its
 * real moment, once per Idempotency-Key), the lock after five wrong PINs, the slowdown of a device
 * failing across identifiers, and the device token confined to the kiosk endpoints.
 */
import assert from 'node:assert/strict'
import { it } from 'node:test'
import { type TestTenant, expectError, forEachEngine } from '../helpers/harness.js'

let now = Date.parse('2026-11-20T08:00:00Z')
const MINUTE = 60_000

/** An employee with a DNI (identifier 12345678) and a phone (initial PIN 1222), and a kiosk. */
async function setUp(tenant: TestTenant, dni = '12345678-Z', phone = '+34 600 111 222') {
  const user = await tenant.createUser({ full_name: 'Lucía Pérez', dni, phone })
  const kiosk = (await tenant.admin.post('/api/v1/kiosks', { name: 'Front door' })).body.data
  return { user, kiosk, identifier: dni.replace(/\D/g, ''), initialPin: phone.replace(/\D/g, '').slice(-4) }
}

forEachEngine(
  'kiosk sign-in and punches',
  (t) => {
    it('first use: the initial PIN identifies but must be changed before punching; then in and out, with source kiosk', async () => {
      const tenant = await t.newTenant()
      const { user, kiosk, identifier, initialPin } = await setUp(tenant)
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
        allowed_punches: [],
        pin_change_required: true,
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
        allowed_punches: ['in'],
        pin_change_required: false,
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
            allowed_punches: ['out', 'break_start'],
            pin_change_required: false,
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

    it('five wrong PINs lock the identifier for 15 minutes (429 kiosk_locked, Retry-After), known or not; a right PIN forgives', async () => {
      const tenant = await t.newTenant()
      const { kiosk, identifier, initialPin } = await setUp(tenant)
      const device = t.client(kiosk.device_token)

      // A right PIN before the fifth wrong one forgives the wrong ones.
      for (let i = 0; i < 4; i++)
        expectError(
          await device.post('/api/v1/kiosk/identify', { identifier, pin: '0000' }),
          401,
          'kiosk_credentials_invalid',
        )
      assert.equal((await device.post('/api/v1/kiosk/identify', { identifier, pin: initialPin })).status, 201)

      const messages: string[] = []
      for (let i = 0; i < 5; i++)
        messages.push(
          expectError(
            await device.post('/api/v1/kiosk/identify', { identifier, pin: '0000' }),
            401,
            'kiosk_credentials_invalid',
          ).message,
        )
      assert.match(messages[0]!, /4 attempts left/)
      assert.match(messages[3]!, /1 attempt left/)
      assert.match(messages[4]!, /locked for 15 min/)
      const locked = await device.post('/api/v1/kiosk/identify', { identifier, pin: initialPin })
      expectError(locked, 429, 'kiosk_locked')
      assert.equal(locked.headers['retry-after'], '900')
      expectError(
        await device.post('/api/v1/kiosk/punches', { identifier, pin: initialPin, type: 'in' }),
        429,
        'kiosk_locked',
      )

      now += 10 * MINUTE
      assert.equal(
        (await device.post('/api/v1/kiosk/identify', { identifier, pin: initialPin })).headers['retry-after'],
        '300',
      )
      now += 5 * MINUTE
      assert.equal(
        (await device.post('/api/v1/kiosk/identify', { identifier, pin: initialPin })).status,
        201,
        'unlocked after 15 minutes',
      )

      // An identifier nobody has is answered the same way: identifiers cannot be told apart.
      const unknown = []
      for (let i = 0; i < 6; i++)
        unknown.push(await device.post('/api/v1/kiosk/identify', { identifier: '99999999', pin: '0000' }))
      assert.deepEqual(
        unknown.map((r) => [r.status, r.body.error.code]),
        [...Array(5).fill([401, 'kiosk_credentials_invalid']), [429, 'kiosk_locked']],
      )
      assert.deepEqual(unknown.map((r) => r.body.error.message).slice(0, 5), messages)
    })

    it('an administrator resets a forgotten PIN: back to the initial one (changed at next use), the lock lifted, open sessions ended', async () => {
      const tenant = await t.newTenant()
      const { user, kiosk, identifier, initialPin } = await setUp(tenant)
      const device = t.client(kiosk.device_token)
      const first = await device.post('/api/v1/kiosk/identify', { identifier, pin: initialPin })
      await device.post('/api/v1/kiosk/pin', { session: first.body.data.session, new_pin: '4826' })
      // Two sessions are still open: the one the PIN was changed in and this one.
      const open = (await device.post('/api/v1/kiosk/identify', { identifier, pin: '4826' })).body.data.session
      // The employee forgot the new PIN and locked themselves out trying.
      for (let i = 0; i < 5; i++)
        expectError(
          await device.post('/api/v1/kiosk/identify', { identifier, pin: '0000' }),
          401,
          'kiosk_credentials_invalid',
        )
      expectError(await device.post('/api/v1/kiosk/identify', { identifier, pin: '4826' }), 429, 'kiosk_locked')

      // Only administrators may reset, and the answer never holds the PIN.
      const colleague = await tenant.createUser({ full_name: 'Colleague' })
      const member = await tenant.keyFor(colleague.id, ['users.reset-kiosk-pin'])
      expectError(await member.post(`/api/v1/users/${user.id}/kiosk-pin/reset`), 403, 'permission_denied')
      const reset = await tenant.admin.post(`/api/v1/users/${user.id}/kiosk-pin/reset`)
      assert.equal(reset.status, 200, JSON.stringify(reset.body))
      assert.deepEqual(reset.body.data, {
        user_id: user.id,
        pin_change_required: true,
        lock_lifted: true,
        sessions_ended: 2,
        reset_at: new Date(now).toISOString(),
      })
      assert.ok(!JSON.stringify(reset.body).includes(initialPin), 'the PIN is not in the answer')

      // The session opened before the reset is over; the forgotten PIN no longer works; the initial one does, and must be changed.
      expectError(
        await device.post('/api/v1/kiosk/punches', { session: open, type: 'in' }),
        401,
        'kiosk_session_expired',
      )
      expectError(
        await device.post('/api/v1/kiosk/identify', { identifier, pin: '4826' }),
        401,
        'kiosk_credentials_invalid',
      )
      const afterReset = await device.post('/api/v1/kiosk/identify', { identifier, pin: initialPin })
      assert.equal(afterReset.status, 201, JSON.stringify(afterReset.body))
      assert.equal(afterReset.body.data.employee.pin_change_required, true)
      expectError(
        await device.post('/api/v1/kiosk/punches', { session: afterReset.body.data.session, type: 'in' }),
        403,
        'kiosk_pin_change_required',
      )
      assert.equal(
        (await device.post('/api/v1/kiosk/pin', { session: afterReset.body.data.session, new_pin: '7391' })).status,
        200,
      )
      assert.equal((await device.post('/api/v1/kiosk/punches', { identifier, pin: '7391', type: 'in' })).status, 201)

      // Resetting again once the last session expired, with no lock, says so.
      now += 2 * MINUTE
      const again = await tenant.admin.post(`/api/v1/users/${user.id}/kiosk-pin/reset`)
      assert.deepEqual([again.body.data.lock_lifted, again.body.data.sessions_ended], [false, 0])
      const audit = (await tenant.admin.get('/api/v1/audit-log?operation=users.reset-kiosk-pin')).body.data
      assert.deepEqual(
        audit.map((e: any) => [e.resource_id, e.user_id]),
        [
          [user.id, tenant.adminId],
          [user.id, tenant.adminId],
        ],
      )
    })

    it('a reset needs a DNI (the identifier) and a phone (the initial PIN) on file: 409 kiosk_not_set_up, nothing changed', async () => {
      const tenant = await t.newTenant()
      const noPhone = await tenant.createUser({ full_name: 'No phone', dni: '23456789-D' })
      const noDni = await tenant.createUser({ full_name: 'No DNI', phone: '+34 600 333 444' })
      assert.match(
        expectError(await tenant.admin.post(`/api/v1/users/${noPhone.id}/kiosk-pin/reset`), 409, 'kiosk_not_set_up')
          .message,
        /phone/,
      )
      assert.match(
        expectError(await tenant.admin.post(`/api/v1/users/${noDni.id}/kiosk-pin/reset`), 409, 'kiosk_not_set_up')
          .message,
        /DNI/,
      )
      expectError(await tenant.admin.post('/api/v1/users/usr_missing/kiosk-pin/reset'), 404, 'not_found')

      // Once the phone is on file, the reset gives the employee their first kiosk PIN.
      assert.equal(
        (await tenant.admin.patch(`/api/v1/users/${noPhone.id}`, { phone_personal: '+34 600 555 666' })).status,
        200,
      )
      assert.equal((await tenant.admin.post(`/api/v1/users/${noPhone.id}/kiosk-pin/reset`)).status, 200)
      const kiosk = (await tenant.admin.post('/api/v1/kiosks', { name: 'Front door' })).body.data
      const identified = await t
        .client(kiosk.device_token)
        .post('/api/v1/kiosk/identify', { identifier: '23456789', pin: '5666' })
      assert.equal(identified.status, 201, JSON.stringify(identified.body))
      assert.equal(identified.body.data.employee.pin_change_required, true)
    })

    it('concurrent wrong PINs cannot get past the limit: exactly five are checked, the rest are locked out', async () => {
      const tenant = await t.newTenant()
      const { kiosk, identifier } = await setUp(tenant)
      const device = t.client(kiosk.device_token)
      const answers = await Promise.all(
        Array.from({ length: 12 }, () => device.post('/api/v1/kiosk/identify', { identifier, pin: '0000' })),
      )
      const codes = answers.map((r) => r.body.error.code).sort()
      assert.deepEqual(codes, [...Array(5).fill('kiosk_credentials_invalid'), ...Array(7).fill('kiosk_locked')])
    })

    it('concurrent failures across identifiers cannot get past the device’s slowdown', async () => {
      const tenant = await t.newTenant()
      const { kiosk } = await setUp(tenant)
      const device = t.client(kiosk.device_token)
      const answers = await Promise.all(
        Array.from({ length: 16 }, (_, i) =>
          device.post('/api/v1/kiosk/identify', { identifier: `7770${i}`, pin: '0000' }),
        ),
      )
      const codes = answers.map((r) => r.body.error.code).sort()
      assert.deepEqual(codes, [...Array(10).fill('kiosk_credentials_invalid'), ...Array(6).fill('kiosk_throttled')])
    })

    it('a device failing across identifiers is slowed down (429 kiosk_throttled) while other devices are not', async () => {
      const tenant = await t.newTenant()
      const { kiosk, identifier, initialPin } = await setUp(tenant)
      const other = t.client((await tenant.admin.post('/api/v1/kiosks', { name: 'Back door' })).body.data.device_token)
      const device = t.client(kiosk.device_token)
      for (let i = 0; i < 10; i++)
        expectError(
          await device.post('/api/v1/kiosk/identify', { identifier: `5550${i}`, pin: '0000' }),
          401,
          'kiosk_credentials_invalid',
        )
      const slowed = await device.post('/api/v1/kiosk/identify', { identifier, pin: initialPin })
      expectError(slowed, 429, 'kiosk_throttled')
      assert.equal(slowed.headers['retry-after'], '1')
      assert.equal(
        (await other.post('/api/v1/kiosk/identify', { identifier, pin: initialPin })).status,
        201,
        'another device is not slowed',
      )
      now += 1000
      assert.equal(
        (await device.post('/api/v1/kiosk/identify', { identifier, pin: initialPin })).status,
        201,
        'the wait is over',
      )
      // While slowed, every attempt takes its turn, right or wrong; each further failure doubles the wait.
      assert.equal(
        (await device.post('/api/v1/kiosk/identify', { identifier, pin: initialPin })).headers['retry-after'],
        '1',
      )
      now += 1000
      expectError(
        await device.post('/api/v1/kiosk/identify', { identifier: '555099', pin: '0000' }),
        401,
        'kiosk_credentials_invalid',
      )
      assert.equal(
        (await device.post('/api/v1/kiosk/identify', { identifier, pin: initialPin })).headers['retry-after'],
        '2',
      )
      now += 2000
      expectError(
        await device.post('/api/v1/kiosk/identify', { identifier: '555098', pin: '0000' }),
        401,
        'kiosk_credentials_invalid',
      )
      assert.equal(
        (await device.post('/api/v1/kiosk/identify', { identifier, pin: initialPin })).headers['retry-after'],
        '4',
      )
      now += 15 * MINUTE
      assert.equal(
        (await device.post('/api/v1/kiosk/identify', { identifier, pin: initialPin })).status,
        201,
        'a quiet quarter of an hour starts afresh',
      )
    })

    it('a session lasts a minute, at its own device only; a disabled employee cannot sign in', async () => {
      const tenant = await t.newTenant()
      const { user, kiosk, identifier, initialPin } = await setUp(tenant)
      const device = t.client(kiosk.device_token)
      const { session } = (await device.post('/api/v1/kiosk/identify', { identifier, pin: initialPin })).body.data
      const otherDevice = t.client(
        (await tenant.admin.post('/api/v1/kiosks', { name: 'Back door' })).body.data.device_token,
      )
      expectError(
        await otherDevice.post('/api/v1/kiosk/pin', { session, new_pin: '4826' }),
        401,
        'kiosk_session_expired',
      )
      const elsewhere = await t.newTenant()
      const theirDevice = t.client(
        (await elsewhere.admin.post('/api/v1/kiosks', { name: 'Theirs' })).body.data.device_token,
      )
      expectError(
        await theirDevice.post('/api/v1/kiosk/pin', { session, new_pin: '4826' }),
        401,
        'kiosk_session_expired',
      )
      expectError(
        await theirDevice.post('/api/v1/kiosk/identify', { identifier, pin: initialPin }),
        401,
        'kiosk_credentials_invalid',
      )

      now += MINUTE
      expectError(await device.post('/api/v1/kiosk/pin', { session, new_pin: '4826' }), 401, 'kiosk_session_expired')
      expectError(
        await device.post('/api/v1/kiosk/punches', { session: 'x'.repeat(43), type: 'in' }),
        401,
        'kiosk_session_expired',
      )
      expectError(
        await device.post('/api/v1/kiosk/punches', { session, identifier, pin: initialPin, type: 'in' }),
        400,
        'invalid_request',
      )
      expectError(await device.post('/api/v1/kiosk/punches', { identifier, type: 'in' }), 400, 'invalid_request')

      await tenant.admin.post(`/api/v1/users/${user.id}/deactivate`)
      expectError(await device.post('/api/v1/kiosk/identify', { identifier, pin: initialPin }), 409, 'user_disabled')
    })

    it('queued punches: at their real moment, within the contract’s window, each stored once per Idempotency-Key of the device', async () => {
      const tenant = await t.newTenant()
      const { user, kiosk, identifier, initialPin } = await setUp(tenant)
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

    it('the kiosk endpoints take a device token only: an API key is 403, nothing or a revoked device 401', async () => {
      const tenant = await t.newTenant()
      const { kiosk, identifier, initialPin } = await setUp(tenant)
      expectError(await tenant.admin.get('/api/v1/kiosk'), 403, 'permission_denied')
      expectError(
        await tenant.admin.post('/api/v1/kiosk/identify', { identifier, pin: initialPin }),
        403,
        'permission_denied',
      )
      expectError(
        await t.client(null).post('/api/v1/kiosk/identify', { identifier, pin: initialPin }),
        401,
        'unauthenticated',
      )
      expectError(await t.client('jnd_nonsense').get('/api/v1/kiosk'), 401, 'unauthenticated')
      await tenant.admin.post(`/api/v1/kiosks/${kiosk.id}/revoke`)
      expectError(
        await t.client(kiosk.device_token).post('/api/v1/kiosk/identify', { identifier, pin: initialPin }),
        401,
        'unauthenticated',
      )
      expectError(await t.client(kiosk.device_token).get('/api/v1/kiosk'), 401, 'unauthenticated')
    })
  },
  { app: { clock: () => now } },
)
