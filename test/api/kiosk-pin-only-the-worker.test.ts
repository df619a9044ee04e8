/**
 * Only the worker acts as the worker at a kiosk
 * (docs/decisions/0024-only-the-worker-acts-as-the-worker.md), on both engines, without a mail
 * server: a PIN reset derives no PIN from anything an administrator can set, and the worker
 * chooses their PIN in the app. Written as the attack it prevents: an administrator who sets the
 * phone on file, resets the PIN and types the phone's last digits at the kiosk gets nowhere.
 */
import assert from 'node:assert/strict'
import { it } from 'node:test'
import { PASSWORD, signedIn } from '../helpers/accounts.js'
import { type TestContext, type TestTenant, expectError, forEachEngine } from '../helpers/harness.js'
import { CLOCK_START, MINUTE, giveOneTimePin } from '../helpers/kiosk-sign-in.js'

let now = CLOCK_START

/** A worker with a DNI (identifier 12345678), a phone, a one-time PIN (1222) and a password, and a kiosk. */
async function setUp(t: Pick<TestContext, 'database'>, tenant: TestTenant) {
  const user = await tenant.createUser({
    full_name: 'Lucía Pérez',
    dni: '12345678-Z',
    phone: '+34 600 111 222',
    password: PASSWORD,
  })
  await giveOneTimePin(t, tenant.id, user.id, '1222')
  const kiosk = (await tenant.admin.post('/api/v1/kiosks', { name: 'Front door' })).body.data
  return { user, kiosk, identifier: '12345678', initialPin: '1222' }
}

forEachEngine(
  'kiosk PIN: only the worker knows it (no mail server)',
  (t) => {
    it('the attack: with the admin key alone, set the phone, reset the PIN, punch as the worker with the phone’s digits: refused', async () => {
      const tenant = await t.newTenant()
      const { user, kiosk, identifier } = await setUp(t, tenant)
      const device = t.client(kiosk.device_token)
      // The administrator sets a phone they know, then resets the PIN.
      assert.equal(
        (await tenant.admin.patch(`/api/v1/users/${user.id}`, { phone_personal: '+34 600 999 4321' })).status,
        200,
      )
      const reset = await tenant.admin.post(`/api/v1/users/${user.id}/kiosk-pin/reset`)
      assert.equal(reset.status, 200, JSON.stringify(reset.body))
      assert.equal(reset.body.data.delivery, 'app', 'without mail the worker chooses the PIN in the app')
      assert.equal(reset.body.data.pin_change_required, false)
      // Every PIN the administrator could derive is refused, as is the one from the day of creation.
      for (const pin of ['4321', '9994321', '1222'])
        expectError(
          await device.post('/api/v1/kiosk/punches', { identifier, pin, type: 'in' }),
          401,
          'kiosk_credentials_invalid',
        )
      expectError(
        await device.post('/api/v1/kiosk/identify', { identifier, pin: '4321' }),
        401,
        'kiosk_credentials_invalid',
      )
      // Nor can the administrator choose the PIN with a key made for the worker: it is a personal credential.
      const forWorker = (
        await tenant.admin.post('/api/v1/keys', {
          name: 'For Lucía',
          acts_as_user_id: user.id,
          scopes: ['attendance.clock'],
        })
      ).body.data
      const madeForThem = t.client(forWorker.api_key)
      expectError(
        await madeForThem.request('PUT', '/api/v1/me/kiosk-pin', { pin: '4321' }),
        403,
        'personal_credential_required',
      )
      const punches = (
        await tenant.admin.get(`/api/v1/attendance/punches?user_id=${user.id}&from=2026-11-01&to=2026-11-30`)
      ).body.data
      assert.equal(punches.length, 0, 'nothing was punched as the worker')
    })

    it('the worker chooses their PIN in the app: it works at once, ends open kiosk sessions and lifts the lock', async () => {
      const tenant = await t.newTenant()
      const { user, kiosk, identifier, initialPin } = await setUp(t, tenant)
      const device = t.client(kiosk.device_token)
      const open = (await device.post('/api/v1/kiosk/identify', { identifier, pin: initialPin })).body.data.session
      const worker = await signedIn(t.app, user.email)
      assert.deepEqual((await worker.get('/api/v1/me/kiosk-pin')).body.data, {
        identifier,
        pin_set: true,
        pin_change_required: true,
      })
      // Wrong PINs lock the identifier; choosing a PIN in the app lifts the lock.
      for (let i = 0; i < 5; i++) await device.post('/api/v1/kiosk/identify', { identifier, pin: '0000' })
      expectError(await device.post('/api/v1/kiosk/identify', { identifier, pin: initialPin }), 429, 'kiosk_locked')

      const refused = expectError(await worker.request('PUT', '/api/v1/me/kiosk-pin', { pin: '7777' }), 400)
      assert.equal(refused.details?.[0]?.field, 'pin')
      expectError(await worker.request('PUT', '/api/v1/me/kiosk-pin', { pin: '12a4' }), 400)
      const chosen = await worker.request('PUT', '/api/v1/me/kiosk-pin', { pin: '482619' })
      assert.equal(chosen.status, 200, JSON.stringify(chosen.body))
      assert.deepEqual(chosen.body.data, {
        identifier,
        pin_set: true,
        pin_change_required: false,
        sessions_ended: 1,
      })
      expectError(
        await device.post('/api/v1/kiosk/punches', { session: open, type: 'in' }),
        401,
        'kiosk_session_expired',
      )
      expectError(
        await device.post('/api/v1/kiosk/identify', { identifier, pin: initialPin }),
        401,
        'kiosk_credentials_invalid',
      )
      const identified = await device.post('/api/v1/kiosk/identify', { identifier, pin: '482619' })
      assert.equal(identified.status, 201, JSON.stringify(identified.body))
      assert.equal(identified.body.data.employee.pin_change_required, false, 'a PIN the worker chose needs no change')
      assert.equal(
        (await device.post('/api/v1/kiosk/punches', { session: identified.body.data.session, type: 'in' })).status,
        201,
      )
      // The same PIN again is refused; the audit names the person, never the PIN.
      expectError(await worker.request('PUT', '/api/v1/me/kiosk-pin', { pin: '482619' }), 400)
      const audit = (await tenant.admin.get('/api/v1/audit-log?operation=me.kiosk-pin.set')).body.data
      assert.deepEqual(
        audit.map((e: any) => [e.resource_id, e.user_id]),
        [[user.id, user.id]],
      )
      assert.ok(!JSON.stringify(audit).includes('482619'))
    })

    it('after a reset without mail, the worker has no PIN until they choose one in the app', async () => {
      const tenant = await t.newTenant()
      const { user, kiosk, identifier, initialPin } = await setUp(t, tenant)
      now += MINUTE
      assert.equal((await tenant.admin.post(`/api/v1/users/${user.id}/kiosk-pin/reset`)).body.data.delivery, 'app')
      const worker = await signedIn(t.app, user.email)
      assert.deepEqual((await worker.get('/api/v1/me/kiosk-pin')).body.data, {
        identifier,
        pin_set: false,
        pin_change_required: false,
      })
      const device = t.client(kiosk.device_token)
      expectError(
        await device.post('/api/v1/kiosk/identify', { identifier, pin: initialPin }),
        401,
        'kiosk_credentials_invalid',
      )
      const key = { headers: { 'idempotency-key': 'choose-pin-1' } }
      assert.equal((await worker.request('PUT', '/api/v1/me/kiosk-pin', { pin: '5810' }, key)).status, 200)
      // The PIN is no part of the key's fingerprint (a fast hash kept a day, from which a PIN could
      // be recovered at once): a retry is answered as the first request was, whatever its PIN.
      const retried = await worker.request('PUT', '/api/v1/me/kiosk-pin', { pin: '9134' }, key)
      assert.equal(retried.status, 200)
      assert.equal(retried.headers['idempotent-replayed'], 'true')
      expectError(
        await device.post('/api/v1/kiosk/identify', { identifier, pin: '9134' }),
        401,
        'kiosk_credentials_invalid',
      )
      assert.equal((await device.post('/api/v1/kiosk/punches', { identifier, pin: '5810', type: 'in' })).status, 201)
    })

    it('a person without a DNI on file has no identifier: 409 kiosk_not_set_up', async () => {
      const tenant = await t.newTenant()
      const user = await tenant.createUser({ full_name: 'No DNI', password: PASSWORD })
      const worker = await signedIn(t.app, user.email)
      assert.deepEqual((await worker.get('/api/v1/me/kiosk-pin')).body.data, {
        identifier: null,
        pin_set: false,
        pin_change_required: false,
      })
      expectError(await worker.request('PUT', '/api/v1/me/kiosk-pin', { pin: '5810' }), 409, 'kiosk_not_set_up')
    })
  },
  { app: { clock: () => now } },
)
