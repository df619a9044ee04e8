/**
 * Passkeys through the API (docs/decisions/0016-accounts-and-sign-in.md), with an authenticator in
 * the test process (helpers/software-authenticator.ts); the browser's own ceremony is
 * test/browser/passkeys.test.ts. Registration needs the person's session; sign-in needs nothing but
 * the passkey; every refusal of a sign-in is the same 401; a challenge is answered once, within 5
 * minutes.
 */
import assert from 'node:assert/strict'
import { it } from 'node:test'
import { PASSWORD, signedIn } from '../helpers/accounts.js'
import { expectError, forEachEngine } from '../helpers/harness.js'
import {
  INJECT_ORIGIN,
  SoftwareAuthenticator,
  passkeyLogin,
  registerPasskey,
} from '../helpers/software-authenticator.js'

let now = Date.parse('2026-11-23T10:00:00Z')

forEachEngine(
  'passkeys',
  (t) => {
    it('register from a session, sign in with it alone, list it; a key may not register; another person’s is 404', async () => {
      now = Date.parse('2026-11-23T10:00:00Z')
      const tenant = await t.newTenant()
      const worker = await tenant.createUser({ full_name: 'Pau Clau', password: PASSWORD })
      const session = await signedIn(t.app, worker.email)
      const phone = new SoftwareAuthenticator(INJECT_ORIGIN)

      const ownKey = await tenant.keyFor(worker.id)
      expectError(await ownKey.post('/api/v1/auth/passkeys/registration/options'), 403, 'personal_credential_required')
      const registered = await registerPasskey(session, phone, 'Teléfono')
      assert.equal(registered.status, 201, JSON.stringify(registered.body))
      assert.deepEqual(
        [registered.body.data.name, registered.body.data.last_used_at, registered.body.data.transports],
        ['Teléfono', null, ['internal']],
      )
      // The same authenticator again: the options exclude it, and the service refuses a second copy.
      const options = (await session.post('/api/v1/auth/passkeys/registration/options')).body.data
      assert.deepEqual(
        options.excludeCredentials.map((c: any) => c.id),
        [phone.credentialId.toString('base64url')],
      )
      expectError(
        await session.post('/api/v1/auth/passkeys/registration/verify', phone.create(options)),
        409,
        'passkey_exists',
      )

      const anonymous = t.client(null)
      const { res, assertion } = await passkeyLogin(anonymous, phone)
      assert.equal(res.status, 200, JSON.stringify(res.body))
      assert.equal(res.body.data.user.id, worker.id)
      assert.match(String(res.headers['set-cookie']), /jornada_session=/)
      expectError(await anonymous.post('/api/v1/auth/passkeys/login/verify', assertion), 401, 'invalid_credentials')
      const listed = (await session.get('/api/v1/auth/passkeys')).body.data
      assert.equal(listed.length, 1)
      assert.equal(listed[0].last_used_at, new Date(now).toISOString())
      // A key the person made themselves may read the list (a personal credential).
      assert.equal((await ownKey.get('/api/v1/auth/passkeys')).body.data.length, 1)

      // Another person's passkey, in this company or another, is not there for them.
      const other = await tenant.createUser({ password: PASSWORD })
      const otherSession = await signedIn(t.app, other.email)
      expectError(await otherSession.delete(`/api/v1/auth/passkeys/${listed[0].id}`), 404, 'not_found')
      assert.deepEqual((await otherSession.get('/api/v1/auth/passkeys')).body.data, [])
      assert.equal((await session.delete(`/api/v1/auth/passkeys/${listed[0].id}`)).status, 204)
      expectError((await passkeyLogin(anonymous, phone)).res, 401, 'invalid_credentials')
    })

    it('refused alike: a cloned authenticator, another origin, a late answer, a deactivated person', async () => {
      now = Date.parse('2026-11-23T10:00:00Z')
      const tenant = await t.newTenant()
      const worker = await tenant.createUser({ password: PASSWORD })
      const session = await signedIn(t.app, worker.email)
      const phone = new SoftwareAuthenticator(INJECT_ORIGIN)
      assert.equal((await registerPasskey(session, phone)).status, 201)
      const anonymous = t.client(null)
      assert.equal((await passkeyLogin(anonymous, phone)).res.status, 200)
      assert.equal((await passkeyLogin(anonymous, phone)).res.status, 200)

      // A copy whose counter went back: a cloned authenticator.
      phone.rewind(1)
      expectError((await passkeyLogin(anonymous, phone)).res, 401, 'invalid_credentials')
      phone.rewind(-5)
      assert.equal((await passkeyLogin(anonymous, phone)).res.status, 200)

      // Signed for another site: refused, and the challenge it answered is spent all the same.
      const phishing = new SoftwareAuthenticator('https://jornada.example.evil')
      const creation = (await session.post('/api/v1/auth/passkeys/registration/options')).body.data
      expectError(
        await session.post('/api/v1/auth/passkeys/registration/verify', phishing.create(creation)),
        400,
        'invalid_request',
      )
      const spent = expectError(
        await session.post(
          '/api/v1/auth/passkeys/registration/verify',
          new SoftwareAuthenticator(INJECT_ORIGIN).create(creation),
        ),
        400,
        'invalid_request',
      )
      assert.match(spent.message, /expired or was answered already/)
      // The registered passkey, used from a look-alike site.
      phone.origin = 'https://jornada.example.evil'
      expectError((await passkeyLogin(anonymous, phone)).res, 401, 'invalid_credentials')
      phone.origin = INJECT_ORIGIN
      // An assertion naming another user than the passkey's owner.
      const request = (await anonymous.post('/api/v1/auth/passkeys/login/options')).body.data
      const forged = phone.get(request)
      forged.response.userHandle = Buffer.from('usr_someone_else').toString('base64url')
      expectError(await anonymous.post('/api/v1/auth/passkeys/login/verify', forged), 401, 'invalid_credentials')

      // Answered after five minutes.
      const options = (await anonymous.post('/api/v1/auth/passkeys/login/options')).body.data
      now += 5 * 60_000 + 1
      expectError(
        await anonymous.post('/api/v1/auth/passkeys/login/verify', phone.get(options)),
        401,
        'invalid_credentials',
      )

      assert.equal((await tenant.admin.post(`/api/v1/users/${worker.id}/deactivate`)).status, 200)
      expectError((await passkeyLogin(anonymous, phone)).res, 401, 'invalid_credentials')
    })

    it('at most 20 passkeys a person; without PUBLIC_URL only a service on localhost has passkeys', async () => {
      now = Date.parse('2026-11-23T10:00:00Z')
      const tenant = await t.newTenant()
      const worker = await tenant.createUser({ password: PASSWORD })
      const session = await signedIn(t.app, worker.email)
      for (let i = 0; i < 20; i++)
        assert.equal((await registerPasskey(session, new SoftwareAuthenticator(INJECT_ORIGIN))).status, 201)
      expectError(await session.post('/api/v1/auth/passkeys/registration/options'), 409, 'passkey_limit_reached')
      const elsewhere = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/passkeys/login/options',
        headers: { host: 'jornada.example.com' },
      })
      assert.deepEqual([elsewhere.statusCode, JSON.parse(elsewhere.body).error.code], [409, 'passkeys_need_public_url'])
    })

    it('one answer, sent twice at once, signs in once', async () => {
      now = Date.parse('2026-11-23T10:00:00Z')
      const tenant = await t.newTenant()
      const worker = await tenant.createUser({ password: PASSWORD })
      const phone = new SoftwareAuthenticator(INJECT_ORIGIN)
      assert.equal((await registerPasskey(await signedIn(t.app, worker.email), phone)).status, 201)
      const anonymous = t.client(null)
      const options = (await anonymous.post('/api/v1/auth/passkeys/login/options')).body.data
      const assertion = phone.get(options)
      const answers = await Promise.all(
        Array.from({ length: 4 }, () => anonymous.post('/api/v1/auth/passkeys/login/verify', assertion)),
      )
      assert.deepEqual(answers.map((a) => a.status).sort(), [200, 401, 401, 401])
    })
  },
  { app: { clock: () => now } },
)
