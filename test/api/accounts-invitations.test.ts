/**
 * Invitations and password resets by mail (docs/decisions/0016-accounts-and-sign-in.md), sent
 * through the outbox (docs/decisions/0025-request-phases-and-module-ownership.md) to a real SMTP
 * server on loopback: the mail arrives in the company's language, its link sets the password once
 * and never twice, expires, ends the person's other sessions, and asking reveals nothing.
 */
import assert from 'node:assert/strict'
import { it } from 'node:test'
import { PASSWORD, SessionClient, login, sessionCookieSet, signedIn } from '../helpers/accounts.js'
import { expectError, forEachEngine, uniqueEmail } from '../helpers/harness.js'
import { eventually, settledEventsOfType } from '../helpers/eventually.js'
import { SoftwareAuthenticator, passkeyLogin, registerPasskey } from '../helpers/software-authenticator.js'
import { recipientsOf, tokenInMail, useInboxForThisFile } from '../helpers/inbox.js'

const HOUR = 3_600_000
const PUBLIC_URL = 'https://jornada.example.com'
let now = Date.now()
const inbox = useInboxForThisFile()

async function complete(app: SessionClient['app'], token: string, password = PASSWORD) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/password-reset/complete',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ token, password }),
  })
  return { status: res.statusCode, body: JSON.parse(res.body), cookie: sessionCookieSet(res) }
}

async function askReset(app: SessionClient['app'], body: Record<string, unknown>) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/password-reset',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  })
  return { status: res.statusCode, body: res.body }
}

forEachEngine(
  'invitations and password resets by mail',
  (t) => {
    it('an invitation arrives by mail in Spanish, sets the password once, and signs the person in', async () => {
      now = Date.now()
      const tenant = await t.newTenant({ country: 'ES' })
      const user = await tenant.createUser({ full_name: 'Lucía <b>Núñez</b>' })
      const res = await tenant.admin.post(`/api/v1/users/${user.id}/invite`)
      assert.equal(res.status, 200, JSON.stringify(res.body))
      assert.equal(res.body.data.delivery, 'mail')
      assert.equal(res.body.data.link, undefined, 'a mailed link is never in the answer')
      assert.equal(Date.parse(res.body.data.expires_at) - now, 72 * HOUR)

      const mail = await inbox.next(user.email)
      assert.match(mail.subject ?? '', /te invita a Jornada/)
      assert.match(mail.text ?? '', /Elige tu contraseña: https:\/\/jornada\.example\.com\/app\/invitation#token=/)
      assert.match(String(mail.html), /Lucía &#60;b&#62;Núñez&#60;\/b&#62;/, 'names are escaped in HTML')
      assert.doesNotMatch(String(mail.html), /<b>Núñez/)
      const token = tokenInMail(mail, 'invitation')

      const done = await complete(t.app, token)
      assert.equal(done.status, 200, JSON.stringify(done.body))
      assert.equal(done.body.data.user.id, user.id)
      const client = new SessionClient(t.app, done.cookie!, done.body.data.csrf_token)
      assert.equal((await client.get('/api/v1/me')).body.data.credential, 'session')
      expectError(await complete(t.app, token, 'Otra-Contraseña-2026').then(asResponse), 400, 'invalid_token')
      assert.equal((await login(t.app, { email: user.email, password: PASSWORD })).res.status, 200)

      const events = await settledEventsOfType(tenant.admin, 'user.invited')
      assert.equal(events.length, 1)
      assert.deepEqual(events[0].data, { user_id: user.id, expires_at: res.body.data.expires_at, delivery: 'mail' })
      assert.doesNotMatch(JSON.stringify(events), /token=/, 'the event carries no link')
      const audit = (await tenant.admin.get('/api/v1/audit-log')).body.data.map(
        (e: { operation: string }) => e.operation,
      )
      for (const operation of ['users.invite', 'auth.password-reset.complete', 'auth.login'])
        assert.ok(audit.includes(operation), `${operation} is audited`)
    })

    it('a company outside the Spanish-speaking world gets its mail in English', async () => {
      const tenant = await t.newTenant({ country: 'GB', timezone: 'Europe/London' })
      const user = await tenant.createUser()
      assert.equal((await tenant.admin.post(`/api/v1/users/${user.id}/invite`)).status, 200)
      const mail = await inbox.next(user.email)
      assert.match(mail.subject ?? '', /invites you to Jornada/)
      assert.match(mail.text ?? '', /The link works once, until/)
    })

    it('only administrators invite; another company’s user is 404, a disabled one 409', async () => {
      const tenant = await t.newTenant()
      const other = await t.newTenant()
      const member = await tenant.createUser({ password: PASSWORD })
      const stranger = await other.createUser()
      const session = await signedIn(t.app, member.email)
      expectError(await session.post(`/api/v1/users/${member.id}/invite`), 403, 'permission_denied')
      expectError(await tenant.admin.post(`/api/v1/users/${stranger.id}/invite`), 404, 'not_found')
      // Someone with a password is not invited: the link would hand their account to its holder.
      expectError(await tenant.admin.post(`/api/v1/users/${member.id}/invite`), 409, 'password_already_set')
      await tenant.admin.post(`/api/v1/users/${member.id}/deactivate`)
      expectError(await tenant.admin.post(`/api/v1/users/${member.id}/invite`), 409, 'user_disabled')
    })

    it('a mail server that refuses the invitation does not refuse the invitation: its mail shows as failed', async () => {
      const tenant = await t.newTenant()
      const user = await tenant.createUser()
      inbox.refuse(true)
      try {
        const res = await tenant.admin.post(`/api/v1/users/${user.id}/invite`)
        assert.equal(res.status, 200, JSON.stringify(res.body))
        assert.equal(res.body.data.delivery, 'mail')
        const [message] = await eventually(
          'the refused mail',
          async () => (await tenant.admin.get('/api/v1/mail-messages')).body.data,
          (list: any[]) => list[0]?.status === 'failed',
        )
        assert.equal(message.to, user.email)
        assert.match(message.last_error, /550/)
      } finally {
        inbox.refuse(false)
      }
      assert.equal((await settledEventsOfType(tenant.admin, 'user.invited')).length, 1)
      const tokens = await t.database.db
        .selectFrom('account_tokens')
        .select('id')
        .where('user_id', '=', user.id)
        .execute()
      assert.equal(tokens.length, 1, 'the invitation stands: another one, or its link by hand, can follow')
    })

    it('a reset mail’s link sets a new password once: the old one stops working and every session ends; keys stay, listed in the notice', async () => {
      now = Date.now()
      const tenant = await t.newTenant()
      // The person's own password, through an invitation mailed to them: keys made with it are theirs
      // (a password the company gave would take them with its mark at a reset: accounts-company-issued).
      const user = await tenant.createUser()
      await tenant.admin.post(`/api/v1/users/${user.id}/invite`)
      assert.equal((await complete(t.app, tokenInMail(await inbox.next(user.email), 'invitation'))).status, 200)
      const phone = await signedIn(t.app, user.email)
      const laptop = await signedIn(t.app, user.email)
      // A personal key made from a session stays (a program of the person's keeps working): the
      // notice of the reset lists it, for the person to revoke it if it was not theirs
      // (docs/decisions/0024-only-the-worker-acts-as-the-worker.md).
      const created = (await phone.post('/api/v1/keys', { name: 'Atajo del móvil', scopes: ['users.get'] })).body.data
      const minted = t.client(created.api_key)
      assert.equal((await minted.get('/api/v1/me')).status, 200)
      // A passkey added from it ends with the reset.
      const added = new SoftwareAuthenticator('https://jornada.example.com')
      assert.equal((await registerPasskey(phone, added)).status, 201)
      const asked = await askReset(t.app, { email: user.email.toUpperCase() })
      assert.equal(asked.status, 202)
      const unknown = await askReset(t.app, { email: uniqueEmail('nobody') })
      assert.deepEqual(unknown, asked, 'an unknown email gets the very same answer')

      // The notices of the new key and passkey came first (docs/decisions/0024-only-the-worker-acts-as-the-worker.md).
      const mail = await inbox.waitFor(
        (m) => recipientsOf(m).includes(user.email) && /Nueva contraseña/.test(m.subject ?? ''),
      )
      const token = tokenInMail(mail, 'password-reset')
      const weak = await complete(t.app, token, 'password123')
      expectError(asResponse(weak), 400, 'invalid_request')
      const done = await complete(t.app, token, 'Nueva-Contraseña-2026')
      assert.equal(done.status, 200, 'a refused password did not spend the link')
      expectError(asResponse(await complete(t.app, token, 'Tercera-Contraseña-2026')), 400, 'invalid_token')

      for (const old of [phone, laptop]) expectError(await old.get('/api/v1/me'), 401, 'unauthenticated')
      assert.equal((await minted.get('/api/v1/me')).status, 200, 'the personal key stays')
      const notice = await inbox.waitFor(
        (m) => recipientsOf(m).includes(user.email) && /Se ha elegido una nueva contraseña/.test(m.text ?? ''),
      )
      const beginning = `jnd_${created.id.slice(created.id.indexOf('_') + 1)}_`
      assert.match(notice.text ?? '', /Tu clave personal de la API sigue funcionando/)
      assert.ok(notice.text?.includes(`Atajo del móvil (${beginning}…), creada el `), notice.text)
      assert.match(notice.text ?? '', /usada por última vez el /)
      assert.ok(
        notice.text?.includes('Perfil, Claves personales (https://jornada.example.com/app/profile)'),
        notice.text,
      )
      assert.ok(
        !notice.text?.includes(created.api_key) && !String(notice.html).includes(created.api_key),
        'never the secret',
      )
      expectError((await passkeyLogin(t.client(null), added)).res, 401, 'invalid_credentials')
      expectError((await login(t.app, { email: user.email, password: PASSWORD })).res, 401, 'invalid_credentials')
      assert.equal((await login(t.app, { email: user.email, password: 'Nueva-Contraseña-2026' })).res.status, 200)
      const sessions = (
        await new SessionClient(t.app, done.cookie!, done.body.data.csrf_token).get('/api/v1/auth/sessions')
      ).body.data
      assert.ok(sessions.some((s: { method: string; current: boolean }) => s.method === 'password_reset' && s.current))
    })

    it('a reset link expires after an hour; at most three are made an hour', async () => {
      now = Date.now()
      const tenant = await t.newTenant()
      const user = await tenant.createUser({ password: PASSWORD })
      await askReset(t.app, { email: user.email })
      const token = tokenInMail(await inbox.next(user.email), 'password-reset')
      now += HOUR + 1000
      expectError(asResponse(await complete(t.app, token)), 400, 'invalid_token')

      for (let i = 0; i < 4; i++) assert.equal((await askReset(t.app, { email: user.email })).status, 202)
      // The links are made after the answers: once their mails are in, all are made.
      for (let i = 0; i < 3; i++) await inbox.next(user.email)
      const made = await t.database.db
        .selectFrom('account_tokens')
        .select('id')
        .where('user_id', '=', user.id)
        .where('created_at', '>', new Date(now - HOUR).toISOString())
        .execute()
      assert.equal(made.length, 3)
    })

    it('a disabled user gets no reset, and a link sent before deactivation no longer works', async () => {
      now = Date.now()
      const tenant = await t.newTenant()
      const user = await tenant.createUser({ password: PASSWORD })
      await askReset(t.app, { email: user.email })
      const token = tokenInMail(await inbox.next(user.email), 'password-reset')
      await tenant.admin.post(`/api/v1/users/${user.id}/deactivate`)
      expectError(asResponse(await complete(t.app, token)), 400, 'invalid_token')
      assert.equal((await askReset(t.app, { email: user.email })).status, 202)
      await assert.rejects(inbox.next(user.email, 300), /no mail/)
    })

    it('two browsers completing the same link at once: exactly one sets the password', async () => {
      now = Date.now()
      const tenant = await t.newTenant()
      const user = await tenant.createUser()
      await tenant.admin.post(`/api/v1/users/${user.id}/invite`)
      const token = tokenInMail(await inbox.next(user.email), 'invitation')
      const results = await Promise.all(
        ['Primera-Contraseña-2026', 'Segunda-Contraseña-2026'].map((password) => complete(t.app, token, password)),
      )
      assert.deepEqual(results.map((r) => r.status).sort(), [200, 400])
    })
  },
  { app: { clock: () => now, accounts: { publicUrl: PUBLIC_URL }, mail: inbox.mail } },
)

forEachEngine('invitations without a mail server', (t) => {
  it('answer their link once, for the administrator to hand over; a reset is not sent', async () => {
    const tenant = await t.newTenant()
    const user = await tenant.createUser()
    const res = await tenant.admin.post(`/api/v1/users/${user.id}/invite`)
    assert.equal(res.status, 200)
    assert.equal(res.body.data.delivery, 'link')
    assert.match(res.body.data.link, /^http:\/\/localhost(:\d+)?\/app\/invitation#token=[A-Za-z0-9_-]{43}$/)
    const token = /token=(.+)$/.exec(res.body.data.link)![1]!
    // A second invitation voids the first link.
    const again = await tenant.admin.post(`/api/v1/users/${user.id}/invite`)
    expectError(asResponse(await complete(t.app, token)), 400, 'invalid_token')
    const second = /token=(.+)$/.exec(again.body.data.link)![1]!
    assert.equal((await complete(t.app, second)).status, 200)
    assert.equal((await askReset(t.app, { email: user.email })).status, 202)
  })
})

function asResponse(result: { status: number; body: unknown }) {
  return { status: result.status, body: result.body as any, headers: {} }
}
