/**
 * Passkeys end to end (docs/decisions/0016-accounts-and-sign-in.md) in Debian's Chromium with the
 * DevTools virtual authenticator
 * (a platform authenticator that keeps discoverable credentials and verifies its user): register
 * one from a signed-in session, sign out, sign in with it choosing no email, see it listed and
 * audited; a replayed answer, a deleted passkey and a deactivated person sign nobody in. Skipped,
 * and said so, where Chromium is not installed.
 */
import assert from 'node:assert/strict'
import { before, it } from 'node:test'
import type { Browser, Page } from 'playwright-core'
import { PASSWORD } from '../helpers/accounts.js'
import { HAS_CHROMIUM, useChromiumForThisFile, virtualAuthenticator } from '../helpers/browser.js'
import { expectError, forEachEngine } from '../helpers/harness.js'

const chromiumOfThisFile = useChromiumForThisFile()

/** A JSON request from the page, as the app would make it: the page's cookies, the CSRF token on writes. */
async function call(page: Page, method: string, path: string, body?: unknown, csrf?: string) {
  return page.evaluate(
    async ({ method, path, body, csrf }) => {
      const res = await fetch(path, {
        method,
        headers: {
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(csrf ? { 'x-csrf-token': csrf } : {}),
        },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      })
      const text = await res.text()
      return { status: res.status, body: text ? JSON.parse(text) : null }
    },
    { method, path, body, csrf },
  )
}

/** The browser's WebAuthn ceremony on the options the service gave: the credential's standard JSON. */
function ceremony(page: Page, kind: 'create' | 'get', options: unknown): Promise<any> {
  return page.evaluate(
    async ({ kind, json }) => {
      const P = (globalThis as any).PublicKeyCredential
      const publicKey = kind === 'create' ? P.parseCreationOptionsFromJSON(json) : P.parseRequestOptionsFromJSON(json)
      const credential = await (globalThis as any).navigator.credentials[kind]({ publicKey })
      return credential.toJSON()
    },
    { kind, json: options },
  )
}
const create = (page: Page, options: unknown) => ceremony(page, 'create', options)
const get = (page: Page, options: unknown) => ceremony(page, 'get', options)

forEachEngine('passkeys in a browser', (t) => {
  let browser: Browser
  let origin: string
  before(async () => {
    if (!HAS_CHROMIUM) return
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' })
    // The relying party is a host name: WebAuthn takes localhost, never a bare address.
    origin = address.replace('127.0.0.1', 'localhost')
    browser = await chromiumOfThisFile()
  })

  it('register from a session, sign out, sign in with the passkey alone; replay, deletion and deactivation refused', {
    skip: !HAS_CHROMIUM && 'Chromium not installed',
  }, async () => {
    const tenant = await t.newTenant()
    const worker = await tenant.createUser({ full_name: 'Nuria Passkey', password: PASSWORD })
    const context = await browser.newContext()
    const page = await context.newPage()
    // A page of the service whose policy lets its scripts call the API (the API's own answers forbid all).
    await page.goto(`${origin}/kiosk`)
    const { devtools, authenticatorId } = await virtualAuthenticator(context, page)

    // A key cannot add a way in; the person's session can.
    const key = await tenant.keyFor(worker.id)
    expectError(await key.post('/api/v1/auth/passkeys/registration/options'), 403, 'personal_credential_required')
    let signedIn = await call(page, 'POST', '/api/v1/auth/login', { email: worker.email, password: PASSWORD })
    assert.equal(signedIn.status, 200, JSON.stringify(signedIn.body))
    let csrf = signedIn.body.data.csrf_token
    const creation = await call(page, 'POST', '/api/v1/auth/passkeys/registration/options', undefined, csrf)
    assert.equal(creation.status, 200, JSON.stringify(creation.body))
    assert.equal(creation.body.data.rp.id, 'localhost')
    assert.equal(creation.body.data.authenticatorSelection.residentKey, 'required')
    const credential = await create(page, creation.body.data)
    const registered = await call(
      page,
      'POST',
      '/api/v1/auth/passkeys/registration/verify',
      { ...credential, name: 'Móvil de Nuria' },
      csrf,
    )
    assert.equal(registered.status, 201, JSON.stringify(registered.body))
    assert.equal(registered.body.data.name, 'Móvil de Nuria')
    // The same answer again: its challenge is spent.
    const replayed = await call(page, 'POST', '/api/v1/auth/passkeys/registration/verify', credential, csrf)
    assert.equal(replayed.status, 400)
    assert.match(replayed.body.error.message, /expired or was answered already/)
    assert.equal((await call(page, 'POST', '/api/v1/auth/logout', undefined, csrf)).status, 204)

    // Signing in with the passkey alone: no email typed.
    const request = await call(page, 'POST', '/api/v1/auth/passkeys/login/options')
    assert.equal(request.status, 200, JSON.stringify(request.body))
    assert.deepEqual(request.body.data.allowCredentials ?? [], [], 'a discoverable credential: the device chooses')
    const assertion = await get(page, request.body.data)
    signedIn = await call(page, 'POST', '/api/v1/auth/passkeys/login/verify', assertion)
    assert.equal(signedIn.status, 200, JSON.stringify(signedIn.body))
    assert.equal(signedIn.body.data.user.id, worker.id)
    csrf = signedIn.body.data.csrf_token
    const me = await call(page, 'GET', '/api/v1/me')
    assert.deepEqual([me.body.data.credential, me.body.data.acts_as_user.id], ['session', worker.id])
    const sessions = await call(page, 'GET', '/api/v1/auth/sessions')
    assert.equal(sessions.body.data.find((s: any) => s.current).method, 'passkey')
    const listed = await call(page, 'GET', '/api/v1/auth/passkeys')
    assert.equal(listed.body.data.length, 1)
    assert.ok(listed.body.data[0].last_used_at, 'the sign-in is remembered')
    assert.doesNotMatch(JSON.stringify(listed.body), /public_key|credential_id/, 'no key material')
    // A replayed assertion: its challenge is spent.
    expectError(
      { ...(await call(page, 'POST', '/api/v1/auth/passkeys/login/verify', assertion)), headers: {} },
      401,
      'invalid_credentials',
    )
    const audit = (await tenant.admin.get('/api/v1/audit-log?page_size=100')).body.data.map((e: any) => e.operation)
    assert.ok(audit.includes('auth.passkeys.register'), audit.join(', '))
    assert.ok(audit.includes('auth.passkeys.login'), audit.join(', '))

    // Deleted: it signs nobody in.
    const passkeyId = listed.body.data[0].id
    expectError(await tenant.admin.delete(`/api/v1/auth/passkeys/${passkeyId}`), 404, 'not_found')
    assert.equal((await call(page, 'DELETE', `/api/v1/auth/passkeys/${passkeyId}`, undefined, csrf)).status, 204)
    assert.ok(
      (await tenant.admin.get('/api/v1/audit-log?operation=auth.passkeys.delete')).body.data.length === 1,
      'the deletion is audited',
    )
    assert.equal((await call(page, 'POST', '/api/v1/auth/logout', undefined, csrf)).status, 204)
    const again = await call(page, 'POST', '/api/v1/auth/passkeys/login/options')
    const refused = await call(page, 'POST', '/api/v1/auth/passkeys/login/verify', await get(page, again.body.data))
    assert.deepEqual([refused.status, refused.body.error.code], [401, 'invalid_credentials'])

    // A deactivated person's passkey signs them in no more (the device keeps only the new one).
    await devtools.send('WebAuthn.clearCredentials', { authenticatorId })
    signedIn = await call(page, 'POST', '/api/v1/auth/login', { email: worker.email, password: PASSWORD })
    csrf = signedIn.body.data.csrf_token
    const second = await call(page, 'POST', '/api/v1/auth/passkeys/registration/options', undefined, csrf)
    const made = await call(
      page,
      'POST',
      '/api/v1/auth/passkeys/registration/verify',
      await create(page, second.body.data),
      csrf,
    )
    assert.equal(made.status, 201, JSON.stringify(made.body))
    assert.equal((await tenant.admin.post(`/api/v1/users/${worker.id}/deactivate`)).status, 200)
    const third = await call(page, 'POST', '/api/v1/auth/passkeys/login/options')
    const disabled = await call(page, 'POST', '/api/v1/auth/passkeys/login/verify', await get(page, third.body.data))
    assert.deepEqual([disabled.status, disabled.body.error.code], [401, 'invalid_credentials'])
    await context.close()
  })
})
