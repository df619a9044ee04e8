/**
 * Step-up and credential notices (docs/decisions/0024-only-the-worker-acts-as-the-worker.md), on
 * both engines, with a real SMTP server on loopback. Written as the attack they prevent: a session
 * and its CSRF token, stolen, become no lasting access (no passkey, no personal key) without a
 * recent sign-in or the password; and whatever changes a person's credentials, they are told.
 */
import assert from 'node:assert/strict'
import { it } from 'node:test'
import { PASSWORD, login, signedIn } from '../helpers/accounts.js'
import { type TestTenant, expectError, forEachEngine } from '../helpers/harness.js'
import { useInboxForThisFile } from '../helpers/inbox.js'
import { INJECT_ORIGIN, SoftwareAuthenticator, registerPasskey } from '../helpers/software-authenticator.js'

const MINUTE = 60_000
let now = Date.parse('2026-11-20T08:00:00Z')
const inbox = useInboxForThisFile()

async function worker(tenant: TestTenant) {
  return tenant.createUser({ full_name: 'Lucía Pérez', dni: '12345678-Z', password: PASSWORD })
}

forEachEngine(
  'step-up and credential notices',
  (t) => {
    it('the attack: a stolen session and CSRF token, signed in 11 minutes ago, cannot add a passkey or create a personal key', async () => {
      const tenant = await t.newTenant()
      const user = await worker(tenant)
      const stolen = await signedIn(t.app, user.email)
      now += 11 * MINUTE
      const phone = new SoftwareAuthenticator(INJECT_ORIGIN)
      expectError(await registerPasskey(stolen, phone), 403, 'recent_sign_in_required')
      expectError(await stolen.post('/api/v1/keys', { name: 'Mine forever' }), 403, 'recent_sign_in_required')
      // Guessing the password is no way round it.
      expectError(
        await stolen.post('/api/v1/auth/passkeys/registration/options', { current_password: 'not-the-password' }),
        403,
        'recent_sign_in_required',
      )
      expectError(
        await stolen.post('/api/v1/keys', { name: 'Mine forever', current_password: 'not-the-password' }),
        403,
        'recent_sign_in_required',
      )
      assert.deepEqual((await stolen.get('/api/v1/auth/passkeys')).body.data, [])
      const keys = (await tenant.admin.get(`/api/v1/keys?acts_as_user_id=${user.id}`)).body.data
      assert.deepEqual(keys, [], 'no key was created')

      // The person, with their password, may.
      const options = await stolen.post('/api/v1/auth/passkeys/registration/options', { current_password: PASSWORD })
      assert.equal(options.status, 200, JSON.stringify(options.body))
      const registered = await stolen.post('/api/v1/auth/passkeys/registration/verify', phone.create(options.body.data))
      assert.equal(registered.status, 201, JSON.stringify(registered.body))
      const key = await stolen.post('/api/v1/keys', { name: 'Payroll sync', current_password: PASSWORD })
      assert.equal(key.status, 201, JSON.stringify(key.body))
      assert.equal(key.body.data.personal, true)
    })

    it('the attack: a stolen session guessing the password through step-up is stopped after ten guesses, as at sign-in', async () => {
      const tenant = await t.newTenant()
      const user = await worker(tenant)
      const stolen = await signedIn(t.app, user.email)
      now += 11 * MINUTE
      // Ten guesses, through every door that checks the current password: each counts as a failed sign-in.
      for (let i = 0; i < 4; i++)
        expectError(
          await stolen.post('/api/v1/keys', { name: 'Mine forever', current_password: `guess-${i}` }),
          403,
          'recent_sign_in_required',
        )
      for (let i = 4; i < 8; i++)
        expectError(
          await stolen.post('/api/v1/auth/passkeys/registration/options', { current_password: `guess-${i}` }),
          403,
          'recent_sign_in_required',
        )
      for (let i = 8; i < 10; i++)
        expectError(
          await stolen.post('/api/v1/me/password', {
            current_password: `guess-${i}`,
            password: 'Gazpacho-andaluz-2026',
          }),
          401,
          'invalid_credentials',
        )
      // The eleventh is refused before any password is checked, even the right one, with Retry-After.
      for (const refused of [
        await stolen.post('/api/v1/keys', { name: 'Mine forever', current_password: PASSWORD }),
        await stolen.post('/api/v1/auth/passkeys/registration/options', { current_password: PASSWORD }),
        (await login(t.app, { email: user.email, password: PASSWORD })).res,
      ]) {
        expectError(refused, 429, 'login_throttled')
        const wait = Number(refused.headers['retry-after'])
        assert.ok(wait > 0 && wait <= 15 * 60, `Retry-After ${wait}`)
      }
      assert.deepEqual((await tenant.admin.get(`/api/v1/keys?acts_as_user_id=${user.id}`)).body.data, [])
      // The person, from an address that has not failed, still signs in (docs/decisions/0024).
      const owner = await login(t.app, { email: user.email, password: PASSWORD }, {}, '127.0.0.4')
      assert.equal(owner.res.status, 200, JSON.stringify(owner.res.body))
      // Once the window has passed, the password works from the stolen session's address again.
      now += 16 * MINUTE
      const key = await stolen.post('/api/v1/keys', { name: 'Payroll sync', current_password: PASSWORD })
      assert.equal(key.status, 201, JSON.stringify(key.body))
    })

    it('a sign-in within the last 10 minutes needs no password; an API key needs no sign-in', async () => {
      const tenant = await t.newTenant()
      const user = await worker(tenant)
      const session = await signedIn(t.app, user.email)
      now += 9 * MINUTE
      assert.equal((await registerPasskey(session, new SoftwareAuthenticator(INJECT_ORIGIN))).status, 201)
      assert.equal((await session.post('/api/v1/keys', { name: 'Recent' })).status, 201)
      const own = await tenant.keyFor(user.id)
      assert.equal((await own.post('/api/v1/keys', { name: 'From my key' })).status, 201)
    })

    it('the person is mailed for each change of their credentials: password, reset, passkey, personal key, kiosk PIN', async () => {
      const tenant = await t.newTenant({ country: 'ES' })
      const user = await worker(tenant)
      const session = await signedIn(t.app, user.email)
      const notices = async (n: number) => {
        const mails = []
        for (let i = 0; i < n; i++) mails.push(await inbox.next(user.email))
        for (const mail of mails) assert.equal(mail.subject, 'Cambio en tu acceso a Jornada')
        return mails.map((mail) => mail.text ?? '').join('\n---\n')
      }

      assert.equal((await registerPasskey(session, new SoftwareAuthenticator(INJECT_ORIGIN))).status, 201)
      assert.match(await notices(1), /Se ha añadido una llave de acceso/)
      assert.equal((await session.post('/api/v1/keys', { name: 'Mine' })).status, 201)
      assert.match(await notices(1), /Se ha creado una clave personal/)
      assert.equal((await session.request('PUT', '/api/v1/me/kiosk-pin', { pin: '482619' })).status, 200)
      assert.match(await notices(1), /Se ha cambiado tu PIN del quiosco/)
      const changed = await session.post('/api/v1/me/password', {
        current_password: PASSWORD,
        password: 'Gazpacho-andaluz-2026',
      })
      assert.equal(changed.status, 200, JSON.stringify(changed.body))
      const changedNotice = await notices(1)
      assert.match(changedNotice, /Se ha cambiado tu contraseña/)
      // The personal key stays, and the notice lists it (never its secret) with where to revoke it.
      const mine = (await tenant.admin.get(`/api/v1/keys?acts_as_user_id=${user.id}`)).body.data[0]
      assert.match(changedNotice, /Tu clave personal de la API sigue funcionando/)
      assert.ok(
        changedNotice.includes(`- Mine (jnd_${mine.id.slice(mine.id.indexOf('_') + 1)}_…), creada el `),
        changedNotice,
      )
      assert.match(changedNotice, /sin usar todavía/)
      assert.ok(changedNotice.includes(`Perfil, Claves personales (${INJECT_ORIGIN}/app/profile)`), changedNotice)
      // A key made for the person by an administrator is none of theirs: no notice. The mails say no secret.
      await tenant.admin.post('/api/v1/keys', { name: 'Integration', acts_as_user_id: user.id, scopes: ['users.list'] })
      const kinds = (await tenant.admin.get('/api/v1/mail-messages?page_size=100')).body.data
        .filter((m: any) => m.to === user.email)
        .map((m: any) => m.kind)
      assert.deepEqual(kinds, ['credential_changed', 'credential_changed', 'credential_changed', 'credential_changed'])
      for (const mail of inbox.to(user.email)) assert.doesNotMatch(mail.text ?? '', /482619|Gazpacho|jak_/)
    })
  },
  { app: { clock: () => now, accounts: { publicUrl: INJECT_ORIGIN }, mail: inbox.mail } },
)
