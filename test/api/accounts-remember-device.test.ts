/**
 * "Remember this device" (docs/decisions/0024-only-the-worker-acts-as-the-worker.md), on both
 * engines: a sign-in with `remember: true` lasts the company's `remember_device_hours` (at most
 * 720) with no idle timeout, when the company allows it; otherwise it is an ordinary session of
 * SESSION_MAX_HOURS (12) and SESSION_IDLE_HOURS (12). The cookie's Max-Age says the same.
 */
import assert from 'node:assert/strict'
import { it } from 'node:test'
import { PASSWORD, login } from '../helpers/accounts.js'
import { type TestTenant, expectError, forEachEngine } from '../helpers/harness.js'
import {
  INJECT_ORIGIN,
  SoftwareAuthenticator,
  passkeyLogin,
  registerPasskey,
} from '../helpers/software-authenticator.js'

const HOUR = 3_600_000
let now = Date.parse('2026-11-20T08:00:00Z')

function cookieMaxAge(res: { headers: Record<string, unknown> }): number {
  const header = res.headers['set-cookie']
  const values = Array.isArray(header) ? header.map(String) : [String(header)]
  const session = values.find((c) => c.includes('jornada_session='))!
  const csrf = values.find((c) => c.startsWith('jornada_csrf='))!
  const maxAge = Number(/Max-Age=(\d+)/.exec(session)![1])
  assert.equal(Number(/Max-Age=(\d+)/.exec(csrf)![1]), maxAge, 'the CSRF cookie lasts as the session')
  return maxAge
}

async function allowRemembering(tenant: TestTenant, hours: number) {
  const res = await tenant.admin.patch('/api/v1/tenant', { remember_device_hours: hours })
  assert.equal(res.status, 200, JSON.stringify(res.body))
  assert.equal(res.body.data.remember_device_hours, hours)
}

forEachEngine(
  'remember this device',
  (t) => {
    it('a company that allows it: a remembered sign-in lasts its hours, with no idle timeout; an ordinary one 12 hours', async () => {
      const tenant = await t.newTenant()
      assert.equal((await tenant.admin.get('/api/v1/tenant')).body.data.remember_device_hours, 0, 'off by default')
      await allowRemembering(tenant, 720)
      const user = await tenant.createUser({ password: PASSWORD })
      const started = now

      const plain = await login(t.app, { email: user.email, password: PASSWORD })
      assert.equal(plain.res.status, 200)
      assert.equal(plain.res.body.data.remembered, false)
      assert.equal(Date.parse(plain.res.body.data.expires_at), started + 12 * HOUR)
      assert.equal(cookieMaxAge(plain.res), 12 * 3600)

      const remembered = await login(t.app, { email: user.email, password: PASSWORD, remember: true } as never)
      assert.equal(remembered.res.status, 200, JSON.stringify(remembered.res.body))
      assert.equal(remembered.res.body.data.remembered, true)
      assert.equal(Date.parse(remembered.res.body.data.expires_at), started + 720 * HOUR)
      assert.equal(cookieMaxAge(remembered.res), 720 * 3600)
      const listed = (await remembered.client!.get('/api/v1/auth/sessions')).body.data
      assert.deepEqual(
        listed.map((s: any) => [s.remembered, s.current]),
        [
          [true, true],
          [false, false],
        ],
      )

      // Unused for a weekend (60 hours, past the 12-hour idle timeout): the ordinary session has
      // ended, the remembered one still works.
      now += 60 * HOUR
      expectError(await plain.client!.get('/api/v1/me'), 401, 'unauthenticated')
      assert.equal((await remembered.client!.get('/api/v1/me')).status, 200)
      // Until its absolute end, and not a moment after.
      now = started + 720 * HOUR - 60_000
      assert.equal((await remembered.client!.get('/api/v1/me')).status, 200)
      now = started + 720 * HOUR + 1000
      expectError(await remembered.client!.get('/api/v1/me'), 401, 'unauthenticated')
    })

    it('a company that does not allow it gives the default session, whatever the sign-in asks', async () => {
      const tenant = await t.newTenant()
      const user = await tenant.createUser({ password: PASSWORD })
      const started = now
      const { res, client } = await login(t.app, { email: user.email, password: PASSWORD, remember: true } as never)
      assert.equal(res.status, 200)
      assert.equal(res.body.data.remembered, false)
      assert.equal(Date.parse(res.body.data.expires_at), started + 12 * HOUR)
      assert.equal(cookieMaxAge(res), 12 * 3600)
      now += 13 * HOUR
      expectError(await client!.get('/api/v1/me'), 401, 'unauthenticated')
    })

    it('a setting no longer than SESSION_MAX_HOURS remembers nothing; turning it off shortens remembered sessions at once', async () => {
      const tenant = await t.newTenant()
      const user = await tenant.createUser({ password: PASSWORD })
      await allowRemembering(tenant, 8)
      const short = await login(t.app, { email: user.email, password: PASSWORD, remember: true } as never)
      assert.equal(short.res.body.data.remembered, false, 'remembering never shortens a session')
      assert.equal(cookieMaxAge(short.res), 12 * 3600)

      await allowRemembering(tenant, 168)
      const started = now
      const week = await login(t.app, { email: user.email, password: PASSWORD, remember: true } as never)
      assert.equal(week.res.body.data.remembered, true)
      assert.equal(cookieMaxAge(week.res), 168 * 3600)
      now += 11 * HOUR
      assert.equal((await week.client!.get('/api/v1/me')).status, 200)
      // The company turns it off: the remembered session is an ordinary one from its next request,
      // 12 hours from its sign-in.
      await allowRemembering(tenant, 0)
      assert.equal((await week.client!.get('/api/v1/me')).status, 200)
      now = started + 12 * HOUR + 1000
      expectError(await week.client!.get('/api/v1/me'), 401, 'unauthenticated')
    })

    it('a passkey sign-in may be remembered too', async () => {
      const tenant = await t.newTenant()
      await allowRemembering(tenant, 336)
      const user = await tenant.createUser({ password: PASSWORD })
      const { client } = await login(t.app, { email: user.email, password: PASSWORD })
      const phone = new SoftwareAuthenticator(INJECT_ORIGIN)
      assert.equal((await registerPasskey(client!, phone)).status, 201)
      const anonymous = t.client(null)
      const options = await anonymous.post('/api/v1/auth/passkeys/login/options')
      const started = now
      const res = await anonymous.post('/api/v1/auth/passkeys/login/verify', {
        ...phone.get(options.body.data),
        remember: true,
      })
      assert.equal(res.status, 200, JSON.stringify(res.body))
      assert.equal(res.body.data.remembered, true)
      assert.equal(Date.parse(res.body.data.expires_at), started + 336 * HOUR)
      assert.equal(cookieMaxAge(res), 336 * 3600)
      // Without it, the ordinary session.
      const plain = (await passkeyLogin(anonymous, phone)).res
      assert.equal(plain.body.data.remembered, false)
      assert.equal(cookieMaxAge(plain), 12 * 3600)
    })

    it('the setting is the administrator’s, from 0 to 720 hours', async () => {
      const tenant = await t.newTenant()
      expectError(await tenant.admin.patch('/api/v1/tenant', { remember_device_hours: 721 }), 400, 'invalid_request')
      expectError(await tenant.admin.patch('/api/v1/tenant', { remember_device_hours: -1 }), 400, 'invalid_request')
      expectError(await tenant.admin.patch('/api/v1/tenant', { remember_device_hours: 1.5 }), 400, 'invalid_request')
      const member = await tenant.createUser({ password: PASSWORD })
      const key = await tenant.keyFor(member.id)
      const refused = await key.patch('/api/v1/tenant', { remember_device_hours: 720 })
      assert.equal(refused.status, 403, JSON.stringify(refused.body))
      assert.equal((await tenant.admin.get('/api/v1/tenant')).body.data.remember_device_hours, 0)
      expectError(
        await t.client(null).post('/api/v1/auth/login', { email: member.email, password: PASSWORD, remember: 'yes' }),
        400,
        'invalid_request',
      )
    })
  },
  { app: { clock: () => now } },
)
