/**
 * Session cookies and headers (docs/decisions/0024-only-the-worker-acts-as-the-worker.md): over
 * https the session cookie is `__Host-jornada_session`, so a sibling subdomain cannot plant one, and
 * answers carry HSTS; a session ends 12 hours after its sign-in (SESSION_MAX_HOURS), not 30 days.
 */
import assert from 'node:assert/strict'
import { it } from 'node:test'
import { PASSWORD, login } from '../helpers/accounts.js'
import { expectError, forEachEngine } from '../helpers/harness.js'

const HOUR = 3_600_000

function setCookies(res: { headers: Record<string, unknown> }): string[] {
  const header = res.headers['set-cookie']
  return Array.isArray(header) ? header.map(String) : header ? [String(header)] : []
}

forEachEngine(
  'session cookies over https',
  (t) => {
    it('the cookie is __Host-jornada_session, Secure, Path=/, no Domain, for 12 hours; answers carry HSTS', async () => {
      const tenant = await t.newTenant()
      const user = await tenant.createUser({ password: PASSWORD })
      const started = Date.now()
      const { res, client } = await login(t.app, { email: user.email, password: PASSWORD })
      assert.equal(res.status, 200)
      const session = setCookies(res).find((c) => c.includes('jornada_session='))!
      assert.match(
        session,
        /^__Host-jornada_session=jss_[^;]+; Max-Age=(\d+); Path=\/; HttpOnly; SameSite=Strict; Secure$/,
      )
      assert.doesNotMatch(session, /Domain=/i)
      const maxAge = Number(/Max-Age=(\d+)/.exec(session)![1])
      assert.ok(Math.abs(maxAge - 12 * 3600) <= 5, `Max-Age ${maxAge}`)
      assert.ok(Math.abs(Date.parse(res.body.data.expires_at) - started - 12 * HOUR) < 5000)
      assert.equal(res.headers['strict-transport-security'], 'max-age=31536000')
      const me = await client!.get('/api/v1/me')
      assert.equal(me.status, 200)
      assert.equal(me.headers['strict-transport-security'], 'max-age=31536000')
    })

    it('a session planted under the plain name (as a sibling subdomain could) is not read', async () => {
      const tenant = await t.newTenant()
      const user = await tenant.createUser({ password: PASSWORD })
      const { client } = await login(t.app, { email: user.email, password: PASSWORD })
      const plain = await t.app.inject({
        method: 'GET',
        url: '/api/v1/me',
        headers: { cookie: `jornada_session=${client!.cookie}` },
      })
      assert.equal(plain.statusCode, 401)
      const prefixed = await t.app.inject({
        method: 'GET',
        url: '/api/v1/me',
        headers: { cookie: `__Host-jornada_session=${client!.cookie}` },
      })
      assert.equal(prefixed.statusCode, 200)
      // Signing out clears the prefixed cookie.
      const out = await client!.post('/api/v1/auth/logout')
      assert.match(
        setCookies(out).join('\n'),
        /^__Host-jornada_session=; Max-Age=0; Path=\/; HttpOnly; SameSite=Strict; Secure$/m,
      )
    })
  },
  { app: { accounts: { publicUrl: 'https://jornada.example.com' } } },
)

forEachEngine('session cookies over http (development)', (t) => {
  it('the cookie is jornada_session without Secure, and there is no HSTS', async () => {
    const tenant = await t.newTenant()
    const user = await tenant.createUser({ password: PASSWORD })
    const { res } = await login(t.app, { email: user.email, password: PASSWORD })
    assert.equal(res.status, 200)
    assert.match(
      setCookies(res).join('\n'),
      /^jornada_session=jss_[^;]+; Max-Age=\d+; Path=\/; HttpOnly; SameSite=Strict$/m,
    )
    assert.equal(res.headers['strict-transport-security'], undefined)
    expectError((await login(t.app, { email: user.email, password: 'wrong-wrong' })).res, 401, 'invalid_credentials')
  })
})
