/**
 * Single sign-on with OpenID Connect (docs/decisions/0016-accounts-and-sign-in.md), end to end
 * against a real provider on loopback (test/helpers/openid-provider.ts): an administrator sets it
 * up with a write-only secret, people sign in at the provider and land in /app with a session, and
 * every answer the provider could get wrong (or be made to get wrong) signs nobody in and says why.
 */
import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { after, before, it } from 'node:test'
import { SecretBox } from '../../src/lib/secret-box.js'
import fc from 'fast-check'
import { PASSWORD, SessionClient, login, sessionCookieSet, signedIn } from '../helpers/accounts.js'
import { type TestTenant as Tenant, expectError, forEachEngine, uniqueEmail } from '../helpers/harness.js'
import {
  type Landing,
  type OpenIdProvider,
  callback,
  signInAt,
  signInWithProvider,
  startOpenIdProvider,
} from '../helpers/openid-provider.js'
import { SoftwareAuthenticator, passkeyLogin, registerPasskey } from '../helpers/software-authenticator.js'

const PUBLIC_URL = 'https://jornada.example'
const REDIRECT_URI = `${PUBLIC_URL}/auth/oidc/callback`

function assertRefused(landing: Landing, status: number, words: RegExp): void {
  assert.equal(landing.status, status, landing.page)
  assert.equal(landing.sessionCookie, null)
  assert.match(landing.page, /<html lang="(en|es)">/)
  assert.match(landing.page, words)
}

forEachEngine(
  'single sign-on with an OpenID provider',
  (t) => {
    let provider: OpenIdProvider
    before(async () => {
      provider = await startOpenIdProvider(REDIRECT_URI)
    })
    after(async () => provider?.close())

    async function companyWithSso(tenant: Tenant, extra: Record<string, unknown> = {}) {
      const res = await tenant.admin.patch('/api/v1/tenant', {
        sso: {
          oidc_issuer: provider.issuer,
          client_id: provider.clientId,
          client_secret: provider.clientSecret,
          ...extra,
        },
      })
      assert.equal(res.status, 200, JSON.stringify(res.body))
      return res.body.data.sso
    }

    /** A person of the company who is also known to the provider as `subject`. */
    async function person(tenant: Tenant, fields: Record<string, unknown> = {}, claims: Record<string, unknown> = {}) {
      const user = await tenant.createUser({ password: PASSWORD, ...fields })
      const subject = `sub-${user.id}`
      provider.people.set(subject, { email: user.email, email_verified: true, name: user.full_name, ...claims })
      return { user, subject }
    }

    it('an administrator sets it up: the issuer must answer, the secret is write-only and sealed', async () => {
      const tenant = await t.newTenant()
      const member = await tenant.keyFor((await tenant.createUser()).id)
      const settings = {
        oidc_issuer: provider.issuer,
        client_id: provider.clientId,
        client_secret: provider.clientSecret,
      }
      expectError(await member.patch('/api/v1/tenant', { sso: settings }), 403, 'permission_denied')
      const nowhere = expectError(
        await tenant.admin.patch('/api/v1/tenant', { sso: { ...settings, oidc_issuer: 'http://127.0.0.1:9/' } }),
        400,
        'invalid_request',
      )
      assert.equal(nowhere.details?.[0]?.field, 'sso.oidc_issuer')
      assert.match(nowhere.message, /no OpenID provider answers there/)
      const plain = expectError(
        await tenant.admin.patch('/api/v1/tenant', { sso: { ...settings, oidc_issuer: 'http://login.example.com' } }),
        400,
        'invalid_request',
      )
      assert.match(plain.message, /https/)
      expectError(
        await tenant.admin.patch('/api/v1/tenant', { sso: { ...settings, client_secret: undefined } }),
        400,
        'invalid_request',
      )
      expectError(
        await tenant.admin.patch('/api/v1/tenant', { sso: { ...settings, allowed_domains: ['Not A Domain'] } }),
        400,
        'invalid_request',
      )

      const sso = await companyWithSso(tenant, { allowed_domains: ['example.com'] })
      assert.deepEqual(Object.keys(sso).sort(), [
        'allowed_domains',
        'client_id',
        'oidc_issuer',
        'sso_only',
        'updated_at',
      ])
      assert.deepEqual(sso.allowed_domains, ['example.com'])
      assert.equal(sso.sso_only, false)
      const read = await tenant.admin.get('/api/v1/tenant')
      assert.equal(read.body.data.sso.oidc_issuer, provider.issuer)
      assert.doesNotMatch(JSON.stringify(read.body), /client_secret|a-client-secret/)
      // What the database holds does not reveal the secret without the service's key.
      const row = await t.database.db
        .selectFrom('tenant_sso')
        .selectAll()
        .where('tenant_id', '=', tenant.id)
        .executeTakeFirstOrThrow()
      assert.doesNotMatch(row.client_secret_sealed, /client-secret/)
      assert.match(row.client_secret_sealed, /^v1\.[0-9a-f]{8}\./)
      // Left out, the stored secret stays while the provider and client stay the same.
      const again = await tenant.admin.patch('/api/v1/tenant', {
        sso: { oidc_issuer: provider.issuer, client_id: provider.clientId, sso_only: true },
      })
      assert.equal(again.status, 200, JSON.stringify(again.body))
      assert.equal(again.body.data.sso.sso_only, true)
      assert.deepEqual(again.body.data.sso.allowed_domains, ['example.com'])
      // Audited as the company change it is, naming the field and never its value.
      const audit = (await tenant.admin.get('/api/v1/audit-log?operation=tenant.update')).body.data
      assert.ok(audit.every((entry: { fields: string[] }) => entry.fields.includes('sso')))
      assert.doesNotMatch(JSON.stringify(audit), /a-client-secret/)
      // Turned off.
      const off = await tenant.admin.patch('/api/v1/tenant', { sso: null })
      assert.equal(off.body.data.sso, null)
      const start = await t.app.inject({ method: 'GET', url: `/auth/oidc/start?tenant_id=${tenant.id}` })
      assert.equal(start.statusCode, 404)
      assert.match(start.body, /does not sign in with an identity provider/)
    })

    it('signs in the active person whose verified email matches, into /app with a session', async () => {
      const tenant = await t.newTenant()
      await companyWithSso(tenant)
      const { user, subject } = await person(tenant)
      const landing = await signInWithProvider(t.app, REDIRECT_URI, tenant.id, subject)
      assert.equal(landing.status, 303, landing.page)
      assert.equal(landing.location, '/app')
      assert.ok(landing.sessionCookie && landing.csrfCookie)
      const session = new SessionClient(t.app, landing.sessionCookie, landing.csrfCookie)
      const me = await session.get('/api/v1/me')
      assert.equal(me.status, 200)
      assert.equal(me.body.data.acts_as_user.id, user.id)
      // The CSRF token of the cookie is the session's: writes work with it.
      const sessions = await session.get('/api/v1/auth/sessions')
      assert.equal(sessions.body.data[0].method, 'sso')
      assert.equal((await session.post('/api/v1/auth/logout')).status, 204)
      const audit = await tenant.admin.get(`/api/v1/audit-log?resource_id=${user.id}`)
      assert.ok(audit.body.data.some((entry: { operation: string }) => entry.operation === 'auth.sso.login'))
    })

    it('a callback replayed, or finished in a browser that did not start it, signs nobody in', async () => {
      const tenant = await t.newTenant()
      await companyWithSso(tenant)
      const { subject } = await person(tenant)
      const start = await t.app.inject({
        method: 'GET',
        url: `/auth/oidc/start?tenant_id=${tenant.id}`,
        headers: { 'sec-fetch-site': 'none' },
      })
      const state = /jornada_oidc=([^;]+)/.exec(String(start.headers['set-cookie']))![1]!
      const back = await signInAt(String(start.headers.location), subject, REDIRECT_URI)
      assertRefused(await callback(t.app, back, null), 400, /started in another browser/)
      assertRefused(await callback(t.app, back, 'another-state'), 400, /expired or was already used/)
      assert.equal((await callback(t.app, back, state)).status, 303)
      assertRefused(await callback(t.app, back, state), 400, /expired or was already used/)
      // Unknown companies and nonsense alike: a page, never an error of the service.
      for (const query of ['', '?tenant_id=ten_nope', `?tenant_id=${'x'.repeat(5000)}`, '?tenant_id[]=1']) {
        const res = await t.app.inject({ method: 'GET', url: `/auth/oidc/start${query}` })
        assert.equal(res.statusCode, 404, query)
      }
      for (const query of ['', '?state=x', `?code=1&state=${'y'.repeat(3000)}`, '?error=access_denied']) {
        const res = await t.app.inject({ method: 'GET', url: `/auth/oidc/callback${query}` })
        assert.equal(res.statusCode, 400, query)
        assert.match(String(res.headers['content-security-policy']), /default-src 'none'/)
      }
    })

    it('a sign-in started from another site is confirmed first: the company and the provider named, nothing started', async () => {
      const tenant = await t.newTenant()
      await companyWithSso(tenant)
      for (const headers of [{ 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site' }, {}]) {
        const res = await t.app.inject({
          method: 'GET',
          url: `/auth/oidc/start?tenant_id=${tenant.id}`,
          headers: { ...headers, 'accept-language': 'en' },
        })
        assert.equal(res.statusCode, 200)
        assert.equal(res.headers['set-cookie'], undefined)
        assert.match(
          res.body,
          /sign in to <strong>[^<]+<\/strong> with the identity provider at <strong>127\.0\.0\.1:\d+<\/strong>/,
        )
        assert.match(res.body, new RegExp(`href="/auth/oidc/start\\?tenant_id=${tenant.id}&#38;continue=1"`))
      }
      // The page's Continue link: from this origin (or, without Fetch Metadata, with continue=1).
      const onward = await t.app.inject({
        method: 'GET',
        url: `/auth/oidc/start?tenant_id=${tenant.id}&continue=1`,
        headers: { 'sec-fetch-site': 'same-origin' },
      })
      assert.equal(onward.statusCode, 303)
      const old = await t.app.inject({ method: 'GET', url: `/auth/oidc/start?tenant_id=${tenant.id}&continue=1` })
      assert.equal(old.statusCode, 303)
      // A cross-site link cannot skip the page by adding continue=1 itself.
      const forged = await t.app.inject({
        method: 'GET',
        url: `/auth/oidc/start?tenant_id=${tenant.id}&continue=1`,
        headers: { 'sec-fetch-site': 'cross-site' },
      })
      assert.equal(forged.statusCode, 200)
    })

    it('fuzzed queries, cookies and languages: a page with its policy, never a 5xx, and no session', async () => {
      const tenant = await t.newTenant()
      await companyWithSso(tenant)
      const text = fc.oneof(
        fc.string({ maxLength: 40 }),
        fc.constantFrom(tenant.id, '%ZZ', '%00', '🙂', 'ten_01JD0000000000000000000000', 'x'.repeat(2000)),
      )
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom('/auth/oidc/start', '/auth/oidc/callback'),
          fc.dictionary(fc.constantFrom('tenant_id', 'state', 'code', 'error', 'error_description', 'iss'), text),
          fc.option(text),
          fc.option(fc.string({ maxLength: 60 })),
          async (path, query, cookie, language) => {
            const search = Object.entries(query)
              .map(([k, v]) => `${k}=${v.startsWith('%') ? v : encodeURIComponent(v)}`)
              .join('&')
            const res = await t.app.inject({
              method: 'GET',
              url: `${path}?${search}`,
              headers: {
                ...(cookie !== null ? { cookie: `jornada_oidc=${encodeURIComponent(cookie)}` } : {}),
                ...(language !== null ? { 'accept-language': language.replace(/[^\x20-\x7e]/g, '') } : {}),
              },
            })
            assert.ok(res.statusCode < 500 || res.statusCode === 502, `${res.statusCode} ${path}?${search}`)
            assert.equal(sessionCookieSet(res), null)
            if (res.statusCode >= 400)
              assert.match(String(res.headers['content-security-policy']), /default-src 'none'/)
          },
        ),
        { seed: 20261126, numRuns: 60 },
      )
    })

    it('refuses an ID token with a wrong audience, an expired one, a wrong nonce, or a key the provider never published', async () => {
      const tenant = await t.newTenant()
      await companyWithSso(tenant)
      const { subject } = await person(tenant)
      try {
        for (const mode of ['audience', 'expired', 'nonce', 'foreign-key'] as const) {
          provider.tamper(mode)
          assertRefused(await signInWithProvider(t.app, REDIRECT_URI, tenant.id, subject), 403, /could not be verified/)
        }
      } finally {
        provider.tamper(null)
      }
      assert.equal((await signInWithProvider(t.app, REDIRECT_URI, tenant.id, subject)).status, 303)
    })

    it('a provider that stops answering gets a 502 page that says to try again later', async () => {
      const gone = await startOpenIdProvider(REDIRECT_URI)
      const tenant = await t.newTenant()
      const res = await tenant.admin.patch('/api/v1/tenant', {
        sso: { oidc_issuer: gone.issuer, client_id: gone.clientId, client_secret: gone.clientSecret },
      })
      assert.equal(res.status, 200)
      await gone.close()
      const start = await t.app.inject({
        method: 'GET',
        url: `/auth/oidc/start?tenant_id=${tenant.id}`,
        headers: { 'accept-language': 'en-GB,en;q=0.8', 'sec-fetch-site': 'same-origin' },
      })
      assert.equal(start.statusCode, 502)
      assert.match(start.body, /did not answer\. Try again in a few minutes/)
      assert.match(start.body, new RegExp(`href="/auth/oidc/start\\?tenant_id=${tenant.id}"`))
    })

    it('refuses an unverified email, an unknown one, another domain and a deactivated person, and says so', async () => {
      const tenant = await t.newTenant()
      await companyWithSso(tenant)
      const unverified = await person(tenant, {}, { email_verified: false })
      assertRefused(
        await signInWithProvider(t.app, REDIRECT_URI, tenant.id, unverified.subject),
        403,
        /not verified your email/,
      )
      provider.people.set('stranger', { email: 'stranger@elsewhere.example', email_verified: true })
      assertRefused(
        await signInWithProvider(t.app, REDIRECT_URI, tenant.id, 'stranger'),
        403,
        /no active account with the email stranger@elsewhere\.example/,
      )
      provider.people.set('nameless', { email_verified: true })
      assertRefused(
        await signInWithProvider(t.app, REDIRECT_URI, tenant.id, 'nameless'),
        403,
        /did not tell us your email/,
      )
      const leaver = await person(tenant)
      await tenant.admin.post(`/api/v1/users/${leaver.user.id}/deactivate`)
      const refused = await signInWithProvider(t.app, REDIRECT_URI, tenant.id, leaver.subject, {
        acceptLanguage: 'es-ES,es;q=0.9',
      })
      assertRefused(refused, 403, /No hay ninguna cuenta activa con el email/)
      assert.match(refused.page, /<html lang="es">/)

      const other = await t.newTenant()
      await companyWithSso(other, { allowed_domains: ['acme.es'] })
      const outsider = await person(other)
      assertRefused(
        await signInWithProvider(t.app, REDIRECT_URI, other.id, outsider.subject),
        403,
        /only lets in emails of its own domains/,
      )
      // The provider proved an email of another company's person: nobody there is signed in.
      const insider = await person(tenant)
      assertRefused(
        await signInWithProvider(t.app, REDIRECT_URI, other.id, insider.subject),
        403,
        /only lets in emails|no active account/,
      )
    })

    it('with sso_only, passwords, passkeys, resets and invitations let in administrators alone, audited as break-glass', async () => {
      const tenant = await t.newTenant()
      await companyWithSso(tenant)
      const worker = await person(tenant)
      const admin = await person(tenant, { role: 'admin' })
      // A passkey the worker registered before the company went SSO-only.
      const phone = new SoftwareAuthenticator(PUBLIC_URL)
      assert.equal((await registerPasskey(await signedIn(t.app, worker.user.email), phone)).status, 201)
      assert.equal((await passkeyLogin(t.client(null), phone)).res.status, 200)
      await companyWithSso(tenant, { sso_only: true })

      expectError((await passkeyLogin(t.client(null), phone)).res, 403, 'sso_required')
      const refused = expectError(
        (await login(t.app, { email: worker.user.email, password: PASSWORD })).res,
        403,
        'sso_required',
      )
      // The right password learns where the company's sign-in starts (the app offers it as a button).
      assert.deepEqual(
        refused.details?.map((d: any) => [d.field, d.value]),
        [['tenant_id', tenant.id]],
      )
      // A wrong password still tells nothing: the same 401 as anywhere.
      expectError(
        (await login(t.app, { email: worker.user.email, password: 'wrong-password-1' })).res,
        401,
        'invalid_credentials',
      )
      const breakGlass = await login(t.app, { email: admin.user.email, password: PASSWORD })
      assert.equal(breakGlass.res.status, 200)
      const audit = await tenant.admin.get(`/api/v1/audit-log?resource_id=${admin.user.id}`)
      assert.ok(audit.body.data.some((entry: { operation: string }) => entry.operation === 'auth.login.break_glass'))
      // No reset link either: a password would not let them in.
      assert.equal((await t.client(null).post('/api/v1/auth/password-reset', { email: worker.user.email })).status, 202)
      const links = await t.database.db
        .selectFrom('account_tokens')
        .select('id')
        .where('user_id', '=', worker.user.id)
        .execute()
      assert.deepEqual(links, [])
      // No invitation for someone who signs in at the provider.
      const newcomer = await tenant.admin.post('/api/v1/users', { email: uniqueEmail('new'), full_name: 'Nueva' })
      expectError(await tenant.admin.post(`/api/v1/users/${newcomer.body.data.id}/invite`), 403, 'sso_required')
      // The provider signs the worker in.
      assert.equal((await signInWithProvider(t.app, REDIRECT_URI, tenant.id, worker.subject)).status, 303)
    })
  },
  {
    app: {
      secrets: new SecretBox(randomBytes(32)),
      accounts: { publicUrl: PUBLIC_URL },
      ssoAllowPrivateNetworks: true,
    },
  },
)

forEachEngine(
  'single sign-on on the public internet only, by default',
  (t) => {
    it('a provider on this machine or a private network is refused unless the operator allows it', async () => {
      const tenant = await t.newTenant()
      for (const issuer of [
        'http://127.0.0.1:8080',
        'https://10.0.0.5/realms/acme',
        'https://localhost/x',
        'https://[::1]/',
      ]) {
        const res = expectError(
          await tenant.admin.patch('/api/v1/tenant', {
            sso: { oidc_issuer: issuer, client_id: 'c', client_secret: 's' },
          }),
          400,
          'invalid_request',
        )
        assert.match(res.message, /public internet/, issuer)
      }
    })
  },
  { app: { secrets: new SecretBox(randomBytes(32)) } },
)

forEachEngine(
  'single sign-on without a secrets key',
  (t) => {
    it('storing a client secret is 409 secrets_key_missing: it would have to be kept in clear', async () => {
      const provider = await startOpenIdProvider(REDIRECT_URI)
      try {
        const tenant = await t.newTenant()
        const res = await tenant.admin.patch('/api/v1/tenant', {
          sso: { oidc_issuer: provider.issuer, client_id: provider.clientId, client_secret: provider.clientSecret },
        })
        expectError(res, 409, 'secrets_key_missing')
        assert.equal((await tenant.admin.get('/api/v1/tenant')).body.data.sso, null)
      } finally {
        await provider.close()
      }
    })
  },
  { app: { ssoAllowPrivateNetworks: true } },
)
