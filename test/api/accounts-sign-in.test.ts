/**
 * People sign in (docs/decisions/0016-accounts-and-sign-in.md): the session cookie, what it may do,
 * CSRF, and the refusals that must not tell an unknown email from a wrong password or a disabled
 * user.
 */
import assert from 'node:assert/strict'
import { performance } from 'node:perf_hooks'
import { it } from 'node:test'
import { SCOPES } from '../../src/auth/scopes.js'
import { PASSWORD, SessionClient, login, signedIn } from '../helpers/accounts.js'
import { expectError, forEachEngine, uniqueEmail } from '../helpers/harness.js'

forEachEngine('signing in with a password', (t) => {
  it('signs in: a HttpOnly, SameSite=Strict cookie, the reduced user, the company and a CSRF token', async () => {
    const tenant = await t.newTenant()
    const user = await tenant.createUser({ password: PASSWORD, full_name: 'Lucía Pérez' })
    const { res, client } = await login(t.app, { email: user.email.toUpperCase(), password: PASSWORD })
    assert.equal(res.status, 200, JSON.stringify(res.body))
    const data = res.body.data
    assert.equal(data.user.id, user.id)
    assert.equal(data.user.full_name, 'Lucía Pérez')
    assert.deepEqual(data.tenant.id, tenant.id)
    // An absolute end 12 hours after sign-in (SESSION_MAX_HOURS, docs/decisions/0024-only-the-worker-acts-as-the-worker.md).
    assert.ok(Math.abs(Date.parse(data.expires_at) - Date.now() - 12 * 3_600_000) < 60_000)
    assert.match(data.csrf_token, /^[A-Za-z0-9_-]{40,}$/)
    assert.equal(res.headers['cache-control'], 'no-store')
    const [session, csrf] = res.headers['set-cookie'] as string[]
    assert.match(
      session!,
      /^jornada_session=jss_[0-9A-Z]{26}_[A-Za-z0-9_-]+; Max-Age=\d+; Path=\/; HttpOnly; SameSite=Strict$/,
    )
    // The CSRF token again, for the app's pages after a reload: readable by this origin's scripts alone.
    assert.equal(
      csrf,
      `jornada_csrf=${data.csrf_token}; Max-Age=${/Max-Age=(\d+)/.exec(session!)![1]}; Path=/; SameSite=Strict`,
    )

    const me = await client!.get('/api/v1/me')
    assert.equal(me.status, 200)
    assert.equal(me.body.data.credential, 'session')
    assert.equal(me.body.data.acts_as_user.id, user.id)
    assert.deepEqual(me.body.data.scopes, [...SCOPES])
  })

  it('a session may do what the person may: a member reads themselves, not the audit log', async () => {
    const tenant = await t.newTenant()
    const user = await tenant.createUser({ password: PASSWORD })
    const client = await signedIn(t.app, user.email)
    assert.equal((await client.get(`/api/v1/users/${user.id}`)).status, 200)
    expectError(await client.get('/api/v1/audit-log'), 403, 'permission_denied')
    const other = await tenant.createUser()
    // A member sees a colleague in the reduced form only
    // (docs/decisions/0014-privacy-and-visibility.md).
    const colleague = await client.get(`/api/v1/users/${other.id}`)
    assert.equal(colleague.status, 200)
    assert.equal(colleague.body.data.ssn, undefined)
  })

  it('unknown email, wrong password and disabled user are the same 401, in comparable time', async () => {
    const tenant = await t.newTenant()
    const user = await tenant.createUser({ password: PASSWORD })
    const disabled = await tenant.createUser({ password: PASSWORD })
    assert.equal((await tenant.admin.post(`/api/v1/users/${disabled.id}/deactivate`)).status, 200)
    const address = '10.9.0.1'
    const attempts = {
      'unknown email': { email: uniqueEmail('nobody'), password: PASSWORD },
      'wrong password': { email: user.email, password: `${PASSWORD}x` },
      'disabled user': { email: disabled.email, password: PASSWORD },
    }
    const bodies: string[] = []
    for (const [name, body] of Object.entries(attempts)) {
      const started = performance.now()
      const { res } = await login(t.app, body, {}, address)
      const ms = performance.now() - started
      expectError(res, 401, 'invalid_credentials')
      assert.equal(res.headers['set-cookie'], undefined)
      bodies.push(JSON.stringify(res.body))
      console.log(`  sign-in refused (${name}): ${ms.toFixed(0)} ms`)
    }
    assert.equal(new Set(bodies).size, 1, 'the three refusals must be identical')
  })

  it('an email with accounts in two companies must choose; only companies the password opens are named', async () => {
    const email = uniqueEmail('two')
    const first = await t.newTenant()
    const second = await t.newTenant()
    const third = await t.newTenant()
    await first.createUser({ email, password: PASSWORD })
    await second.createUser({ email, password: PASSWORD })
    await third.createUser({ email, password: 'Another-Password-2024' })
    const error = expectError((await login(t.app, { email, password: PASSWORD })).res, 409, 'tenant_choice_required')
    assert.deepEqual(error.details!.map((d: { value?: string }) => d.value).sort(), [first.id, second.id].sort())
    const { res } = await login(t.app, { email, password: PASSWORD, tenant_id: second.id })
    assert.equal(res.status, 200)
    assert.equal(res.body.data.tenant.id, second.id)
    // One company's password opens only that one: no choice to make.
    const only = await login(t.app, { email, password: 'Another-Password-2024' })
    assert.equal(only.res.status, 200)
    assert.equal(only.res.body.data.tenant.id, third.id)
  })

  it('a request with both a key and a cookie is the key’s', async () => {
    const tenant = await t.newTenant()
    const user = await tenant.createUser({ password: PASSWORD })
    const session = await signedIn(t.app, user.email)
    const me = await session.request('GET', '/api/v1/me', undefined, {
      headers: { authorization: `Bearer ${tenant.adminKey}` },
    })
    assert.equal(me.body.data.credential, 'key')
    assert.equal(me.body.data.acts_as_user.id, tenant.adminId)
  })

  it('a forged, unknown or malformed cookie is 401 and the browser is told to forget it', async () => {
    const tenant = await t.newTenant()
    const user = await tenant.createUser({ password: PASSWORD })
    const real = await signedIn(t.app, user.email)
    const forged = `${real.cookie.slice(0, real.cookie.lastIndexOf('_') + 1)}${'A'.repeat(43)}`
    for (const cookie of [forged, 'jss_nonsense', 'x'.repeat(5000)]) {
      const res = await new SessionClient(t.app, cookie, real.csrfToken).get('/api/v1/me')
      expectError(res, 401, 'unauthenticated')
      assert.match(String(res.headers['set-cookie']), /^jornada_session=; Max-Age=0/)
    }
  })
})

forEachEngine('cross-site request forgery', (t) => {
  it('a session write without the CSRF token, with a wrong one, or from another origin is 403; reads need neither', async () => {
    const tenant = await t.newTenant()
    const user = await tenant.createUser({ password: PASSWORD })
    const client = await signedIn(t.app, user.email)
    const change = { phone_personal: '+34600111222' }
    expectError(await client.request('PATCH', `/api/v1/users/${user.id}`, change, { csrf: false }), 403, 'csrf_failed')
    expectError(
      await client.request('PATCH', `/api/v1/users/${user.id}`, change, { headers: { 'x-csrf-token': 'nope' } }),
      403,
      'csrf_failed',
    )
    expectError(
      await client.request('PATCH', `/api/v1/users/${user.id}`, change, {
        headers: { origin: 'https://evil.example' },
      }),
      403,
      'csrf_failed',
    )
    // What a page of another site can send: a form post with the cookie and without the token.
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/v1/attendance/clock',
      headers: {
        cookie: `jornada_session=${client.cookie}`,
        origin: 'https://evil.example',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: 'type=in',
    })
    assert.equal(form.statusCode, 403)
    assert.equal(JSON.parse(form.body).error.code, 'csrf_failed')
    assert.equal(
      (await tenant.admin.get(`/api/v1/attendance?user_id=${user.id}&from=2020-01-01&to=2030-12-31`)).body.data?.some?.(
        (d: { punches: unknown[] }) => d.punches.length > 0,
      ) ?? false,
      false,
    )

    assert.equal((await client.get(`/api/v1/users/${user.id}`)).status, 200)
    const sameOrigin = await client.request('PATCH', `/api/v1/users/${user.id}`, change, {
      headers: { origin: 'http://localhost:80' },
    })
    assert.equal(sameOrigin.status, 200, JSON.stringify(sameOrigin.body))
    assert.equal((await client.request('PATCH', `/api/v1/users/${user.id}`, change)).status, 200)
  })
})
