/**
 * Kiosk sessions and device tokens (docs/decisions/0013-kiosks.md), on both engines: a session
 * lasts a minute at its own device only, a disabled employee cannot sign in, and the kiosk
 * endpoints take a device token only (an API key is 403, nothing or a revoked device 401).
 */
import { it } from 'node:test'
import { expectError, forEachEngine } from '../helpers/harness.js'
import { CLOCK_START, MINUTE, setUp } from '../helpers/kiosk-sign-in.js'

let now = CLOCK_START

forEachEngine(
  'kiosk sign-in: sessions and device tokens',
  (t) => {
    it('a session lasts a minute, at its own device only; a disabled employee cannot sign in', async () => {
      const tenant = await t.newTenant()
      const { user, kiosk, identifier, initialPin } = await setUp(t, tenant)
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

    it('the kiosk endpoints take a device token only: an API key is 403, nothing or a revoked device 401', async () => {
      const tenant = await t.newTenant()
      const { kiosk, identifier, initialPin } = await setUp(t, tenant)
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
