/**
 * Guessing PINs at a kiosk (docs/decisions/0013-kiosks.md), on both engines: five wrong PINs lock
 * an identifier for 15 minutes, known or not; a device failing across identifiers is slowed down
 * while other devices are not; concurrent attempts cannot get past either limit.
 */
import assert from 'node:assert/strict'
import { it } from 'node:test'
import { expectError, forEachEngine } from '../helpers/harness.js'
import { CLOCK_START, MINUTE, setUp } from '../helpers/kiosk-sign-in.js'

let now = CLOCK_START

forEachEngine(
  'kiosk sign-in: PIN lock and device slowdown',
  (t) => {
    it('five wrong PINs lock the identifier for 15 minutes (429 kiosk_locked, Retry-After), known or not; a right PIN forgives', async () => {
      const tenant = await t.newTenant()
      const { kiosk, identifier, initialPin } = await setUp(t, tenant)
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

    it('concurrent wrong PINs cannot get past the limit: exactly five are checked, the rest are locked out', async () => {
      const tenant = await t.newTenant()
      const { kiosk, identifier } = await setUp(t, tenant)
      const device = t.client(kiosk.device_token)
      const answers = await Promise.all(
        Array.from({ length: 12 }, () => device.post('/api/v1/kiosk/identify', { identifier, pin: '0000' })),
      )
      const codes = answers.map((r) => r.body.error.code).sort()
      assert.deepEqual(codes, [...Array(5).fill('kiosk_credentials_invalid'), ...Array(7).fill('kiosk_locked')])
    })

    it('concurrent failures across identifiers cannot get past the device’s slowdown', async () => {
      const tenant = await t.newTenant()
      const { kiosk } = await setUp(t, tenant)
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
      const { kiosk, identifier, initialPin } = await setUp(t, tenant)
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
  },
  { app: { clock: () => now } },
)
