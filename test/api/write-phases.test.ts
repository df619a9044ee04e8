/**
 * Writes that prepare before they write (docs/decisions/0025-request-phases-and-module-ownership.md):
 * creating a user, changing one's password, a kiosk PIN and single sign-on hash or ask an outside
 * service before their transaction begins, then write in a short one. Through the API they behave
 * as every write: audited once, idempotent with an Idempotency-Key, and a refusal in the first phase
 * writes nothing and lets go of the key.
 */
import assert from 'node:assert/strict'
import { it } from 'node:test'
import { PASSWORD, signedIn } from '../helpers/accounts.js'
import { expectError, forEachEngine, uniqueEmail } from '../helpers/harness.js'

forEachEngine('writes in phases', (t) => {
  it('creating a user: a refusal while preparing writes nothing and frees its Idempotency-Key; the retry is kept and replayed', async () => {
    const tenant = await t.newTenant()
    const email = uniqueEmail('phases')
    const post = (password: string) =>
      tenant.admin.request(
        'POST',
        '/api/v1/users',
        { email, full_name: 'Ana Fases', password },
        { 'idempotency-key': 'create-ana' },
      )

    // Refused while preparing (a common password): nothing written, the key is free again.
    expectError(await post('password'), 400, 'invalid_request')
    const users = await tenant.admin.get(`/api/v1/users?q=${encodeURIComponent(email)}`)
    assert.equal(users.body.data.length, 0)

    const created = await post(PASSWORD)
    assert.equal(created.status, 201, JSON.stringify(created.body))
    const replayed = await post(PASSWORD)
    assert.equal(replayed.status, 201)
    assert.equal(replayed.headers['idempotent-replayed'], 'true')
    assert.equal(replayed.body.data.id, created.body.data.id)

    const audit = await tenant.admin.get('/api/v1/audit-log?operation=users.create')
    assert.deepEqual(
      audit.body.data.map((e: { resource_id: string }) => e.resource_id),
      [created.body.data.id],
    )
    // The password chosen at creation signs the person in: the hash written is the one prepared.
    await signedIn(t.app, email)
  })

  it('changing one’s password is a write like the others: audited once by the request, idempotent, ends other sessions', async () => {
    const tenant = await t.newTenant()
    const person = await tenant.createUser({ password: PASSWORD })
    const session = await signedIn(t.app, person.email)
    const other = await signedIn(t.app, person.email)
    const change = () =>
      session.request(
        'POST',
        '/api/v1/me/password',
        { current_password: PASSWORD, password: `${PASSWORD}!` },
        { headers: { 'idempotency-key': 'new-password' } },
      )
    const changed = await change()
    assert.equal(changed.status, 200, JSON.stringify(changed.body))
    assert.equal(changed.body.data.other_sessions_ended, 1)
    // The same request again is the kept answer: the current password is not checked again.
    const again = await change()
    assert.equal(again.status, 200)
    assert.equal(again.headers['idempotent-replayed'], 'true')
    expectError(await other.get('/api/v1/me'), 401, 'unauthenticated')

    const audit = await tenant.admin.get('/api/v1/audit-log?operation=me.password')
    assert.equal(audit.body.data.length, 1)
    assert.deepEqual(
      [audit.body.data[0].resource_id, audit.body.data[0].user_id, audit.body.data[0].fields],
      [person.id, person.id, ['current_password', 'password']],
    )
    // A wrong current password is refused while preparing: nothing changes, nothing is audited.
    const wrong = await session.post('/api/v1/me/password', {
      current_password: 'not-it-at-all',
      password: 'Otra-clave-2026',
    })
    expectError(wrong, 401, 'invalid_credentials')
    await signedIn(t.app, person.email, `${PASSWORD}!`)
    assert.equal((await tenant.admin.get('/api/v1/audit-log?operation=me.password')).body.data.length, 1)
  })
})
