/**
 * Sessions end (docs/decisions/0016-accounts-and-sign-in.md): signing out, ending one from another
 * device, idleness, the absolute end, a password change, and deactivation, which another instance
 * must honour at its next request.
 */
import assert from 'node:assert/strict'
import { after, before, it } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../src/app.js'
import { type DatabaseHandle, openDatabase } from '../../src/db/database.js'
import { PASSWORD, SessionClient, login, signedIn } from '../helpers/accounts.js'
import { NO_SHEDDING, PG_URL, expectError, forEachEngine } from '../helpers/harness.js'

const HOUR = 3_600_000
let now = Date.now()

forEachEngine(
  'sessions',
  (t) => {
    it('signing out ends the session and clears the cookie; the next request is 401', async () => {
      const tenant = await t.newTenant()
      const user = await tenant.createUser({ password: PASSWORD })
      const client = await signedIn(t.app, user.email)
      const out = await client.post('/api/v1/auth/logout')
      assert.equal(out.status, 204)
      assert.match(
        String(out.headers['set-cookie']),
        /^jornada_session=; Max-Age=0; Path=\/; HttpOnly; SameSite=Strict/,
      )
      expectError(await client.get('/api/v1/me'), 401, 'unauthenticated')
      // A key is not a session: it is revoked, not signed out.
      expectError(await tenant.admin.post('/api/v1/auth/logout'), 400, 'invalid_request')
    })

    it('lists my own sessions and ends one from another device; another person’s is 404', async () => {
      const tenant = await t.newTenant()
      const user = await tenant.createUser({ password: PASSWORD })
      const phone = await signedIn(t.app, user.email)
      const laptop = (
        await login(t.app, { email: user.email, password: PASSWORD }, { 'user-agent': 'Laptop browser' }, '10.1.2.3')
      ).client!
      const listed = await laptop.get('/api/v1/auth/sessions')
      assert.equal(listed.status, 200)
      assert.equal(listed.body.data.length, 2)
      const current = listed.body.data.find((s: { current: boolean }) => s.current)
      assert.equal(current.user_agent, 'Laptop browser')
      assert.equal(current.ip_address, '10.1.2.3')
      assert.equal(current.method, 'password')
      const phoneSession = listed.body.data.find((s: { current: boolean }) => !s.current)

      const someoneElse = await signedIn(t.app, (await tenant.createUser({ password: PASSWORD })).email)
      expectError(await someoneElse.delete(`/api/v1/auth/sessions/${phoneSession.id}`), 404, 'not_found')
      assert.equal((await phone.get('/api/v1/me')).status, 200)

      assert.equal((await laptop.delete(`/api/v1/auth/sessions/${phoneSession.id}`)).status, 204)
      expectError(await phone.get('/api/v1/me'), 401, 'unauthenticated')
      assert.equal((await laptop.get('/api/v1/me')).status, 200)
      assert.equal((await laptop.get('/api/v1/auth/sessions')).body.data.length, 1)
      // Ending it again changes nothing.
      assert.equal((await laptop.delete(`/api/v1/auth/sessions/${phoneSession.id}`)).status, 204)
    })

    it('a session idle for 12 hours has ended; one used within them goes on, up to its absolute end 12 hours after sign-in (SESSION_MAX_HOURS)', async () => {
      const tenant = await t.newTenant()
      const user = await tenant.createUser({ password: PASSWORD })
      now = Date.now()
      const idle = await signedIn(t.app, user.email)
      now += 6 * HOUR
      const busy = await signedIn(t.app, user.email)
      assert.match(
        String((await login(t.app, { email: user.email, password: PASSWORD })).res.body.data.expires_at),
        /Z$/,
      )
      now += 6.5 * HOUR
      expectError(await idle.get('/api/v1/me'), 401, 'unauthenticated')
      assert.equal((await busy.get('/api/v1/me')).status, 200)
      // Used every 5 hours, it still ends 12 hours after its sign-in, not 30 days as it used to.
      now += 5 * HOUR
      assert.equal((await busy.get('/api/v1/me')).status, 200, '11.5 hours after sign-in')
      now += 1 * HOUR
      expectError(await busy.get('/api/v1/me'), 401, 'unauthenticated')
    })

    it('changing my password ends my other sessions at once, keeps this one, and the old password stops working', async () => {
      const tenant = await t.newTenant()
      const user = await tenant.createUser({ password: PASSWORD })
      const here = await signedIn(t.app, user.email)
      const elsewhere = await signedIn(t.app, user.email)
      const newPassword = 'Paella-valenciana-2031'
      expectError(
        await here.post('/api/v1/me/password', { current_password: 'wrong-password-1', password: newPassword }),
        401,
        'invalid_credentials',
      )
      const weak = expectError(
        await here.post('/api/v1/me/password', { current_password: PASSWORD, password: 'password123' }),
        400,
        'invalid_request',
      )
      assert.equal(weak.details![0]!.field, 'password')
      const changed = await here.post('/api/v1/me/password', { current_password: PASSWORD, password: newPassword })
      assert.equal(changed.status, 200, JSON.stringify(changed.body))
      assert.equal(changed.body.data.other_sessions_ended, 1)
      expectError(await elsewhere.get('/api/v1/me'), 401, 'unauthenticated')
      assert.equal((await here.get('/api/v1/me')).status, 200)
      expectError((await login(t.app, { email: user.email, password: PASSWORD })).res, 401, 'invalid_credentials')
      assert.equal((await login(t.app, { email: user.email, password: newPassword })).res.status, 200)
    })
  },
  { app: { clock: () => now } },
)

forEachEngine('sessions across instances', (t) => {
  /** Another instance: its own connection (SQLite) or pool (PostgreSQL) to the same database, and its own app. */
  let other: DatabaseHandle
  let otherApp: FastifyInstance
  before(async () => {
    other =
      t.engine === 'sqlite'
        ? await openDatabase(t.database.location)
        : await openDatabase(PG_URL!, { pgSchema: t.database.schema! })
    otherApp = await buildApp({ db: other.db, rateLimitPerMinute: 100_000, load: NO_SHEDDING })
  })
  after(async () => {
    await otherApp?.close()
    await other?.destroy()
  })

  it('a person deactivated on one instance is signed out on the other at the next request', async () => {
    const tenant = await t.newTenant()
    const user = await tenant.createUser({ password: PASSWORD })
    const browser = await signedIn(otherApp, user.email)
    assert.equal((await browser.get('/api/v1/me')).status, 200)
    assert.equal((await tenant.admin.post(`/api/v1/users/${user.id}/deactivate`)).status, 200)
    expectError(await browser.get('/api/v1/me'), 401, 'unauthenticated')
    // Reactivation gives no session back.
    assert.equal((await tenant.admin.post(`/api/v1/users/${user.id}/reactivate`)).status, 200)
    expectError(await browser.get('/api/v1/me'), 401, 'unauthenticated')
  })

  it('a session signed out on one instance is refused by the other, which had it kept', async () => {
    const tenant = await t.newTenant()
    const user = await tenant.createUser({ password: PASSWORD })
    const onFirst = await signedIn(t.app, user.email)
    const onSecond = new SessionClient(otherApp, onFirst.cookie, onFirst.csrfToken)
    assert.equal((await onSecond.get('/api/v1/me')).status, 200)
    assert.equal((await onFirst.post('/api/v1/auth/logout')).status, 204)
    expectError(await onSecond.get('/api/v1/me'), 401, 'unauthenticated')
  })
})
