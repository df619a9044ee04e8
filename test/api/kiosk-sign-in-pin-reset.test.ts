/**
 * Resetting a forgotten kiosk PIN (docs/decisions/0013-kiosks.md,
 * docs/decisions/0024-only-the-worker-acts-as-the-worker.md), on both engines, with a mail server:
 * administrators only, a random one-time PIN mailed to the employee through the outbox (to be
 * changed at next use), the lock lifted and open sessions ended; it needs a DNI on file. Without
 * mail: test/api/kiosk-pin-only-the-worker.test.ts.
 */
import assert from 'node:assert/strict'
import { it } from 'node:test'
import type { ParsedMail } from 'mailparser'
import { expectError, forEachEngine } from '../helpers/harness.js'
import { useInboxForThisFile } from '../helpers/inbox.js'
import { CLOCK_START, MINUTE, setUp } from '../helpers/kiosk-sign-in.js'

let now = CLOCK_START
const inbox = useInboxForThisFile()

/** The one-time PIN in a reset's mail. */
function pinInMail(mail: ParsedMail): string {
  const match = /^(\d{6})$/m.exec(mail.text ?? '')
  if (!match) throw new Error(`no PIN in: ${mail.text}`)
  return match[1]!
}

forEachEngine(
  'kiosk sign-in: PIN reset',
  (t) => {
    it('an administrator resets a forgotten PIN: a one-time PIN by mail (changed at next use), the lock lifted, open sessions ended', async () => {
      const tenant = await t.newTenant()
      const { user, kiosk, identifier, initialPin } = await setUp(t, tenant)
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
        delivery: 'mail',
        pin_change_required: true,
        lock_lifted: true,
        sessions_ended: 2,
        reset_at: new Date(now).toISOString(),
      })
      // The change of PIN at the kiosk was told first; then comes the one-time PIN.
      assert.match((await inbox.next(user.email)).text ?? '', /Se ha cambiado tu PIN del quiosco/)
      const mail = await inbox.next(user.email)
      assert.match(mail.subject ?? '', /PIN provisional del quiosco/)
      const oneTimePin = pinInMail(mail)
      assert.ok(!JSON.stringify(reset.body).includes(oneTimePin), 'the PIN is not in the answer')
      const listed = (await tenant.admin.get('/api/v1/mail-messages')).body.data
      assert.deepEqual(
        listed.map((m: any) => m.kind),
        ['kiosk_pin', 'credential_changed'],
      )
      assert.ok(!JSON.stringify(listed).includes(oneTimePin), 'the administrator never sees the PIN')

      // The session opened before the reset is over; the forgotten PIN no longer works, nor the
      // initial one the phone gave; the mailed one does, and must be changed.
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
      expectError(
        await device.post('/api/v1/kiosk/identify', { identifier, pin: initialPin }),
        401,
        'kiosk_credentials_invalid',
      )
      const afterReset = await device.post('/api/v1/kiosk/identify', { identifier, pin: oneTimePin })
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
      assert.match((await inbox.next(user.email)).text ?? '', /Se ha cambiado tu PIN del quiosco/)
      assert.notEqual(pinInMail(await inbox.next(user.email)), '7391')
      const audit = (await tenant.admin.get('/api/v1/audit-log?operation=users.reset-kiosk-pin')).body.data
      assert.deepEqual(
        audit.map((e: any) => [e.resource_id, e.user_id]),
        [
          [user.id, tenant.adminId],
          [user.id, tenant.adminId],
        ],
      )
    })

    it('a reset needs a DNI (the identifier), and no phone: 409 kiosk_not_set_up without one', async () => {
      const tenant = await t.newTenant()
      const noPhone = await tenant.createUser({ full_name: 'No phone', dni: '23456789-D' })
      const noDni = await tenant.createUser({ full_name: 'No DNI', phone: '+34 600 333 444' })
      assert.match(
        expectError(await tenant.admin.post(`/api/v1/users/${noDni.id}/kiosk-pin/reset`), 409, 'kiosk_not_set_up')
          .message,
        /DNI/,
      )
      expectError(await tenant.admin.post('/api/v1/users/usr_missing/kiosk-pin/reset'), 404, 'not_found')

      // An employee created without a phone gets their first kiosk PIN by mail.
      assert.equal((await tenant.admin.post(`/api/v1/users/${noPhone.id}/kiosk-pin/reset`)).status, 200)
      const pin = pinInMail(await inbox.next(noPhone.email))
      const kiosk = (await tenant.admin.post('/api/v1/kiosks', { name: 'Front door' })).body.data
      const identified = await t
        .client(kiosk.device_token)
        .post('/api/v1/kiosk/identify', { identifier: '23456789', pin })
      assert.equal(identified.status, 201, JSON.stringify(identified.body))
      assert.equal(identified.body.data.employee.pin_change_required, true)
    })
  },
  {
    app: { clock: () => now, accounts: { publicUrl: 'https://jornada.example.com' }, mail: inbox.mail },
  },
)
