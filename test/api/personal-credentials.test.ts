/**
 * Personal acts need a personal credential (docs/decisions/0016-accounts-and-sign-in.md): clocking
 * in, signing one's month and consenting to a correction someone else proposed are done with the
 * person's session or a key they created themselves; a key an administrator made acting as them
 * pushes punches but cannot act as them personally. Members create, list and revoke keys acting as
 * themselves.
 */
import assert from 'node:assert/strict'
import { it } from 'node:test'
import { SCOPES } from '../../src/auth/scopes.js'
import { PASSWORD, signedIn } from '../helpers/accounts.js'
import { type Client, expectError, forEachEngine } from '../helpers/harness.js'

/** The last month, which has ended everywhere a day after its end: it can be signed. */
function lastMonth(): string {
  const now = new Date()
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15)).toISOString().slice(0, 7)
}
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString()

forEachEngine('personal credentials for personal acts', (t) => {
  it('clock, sign and consent: the worker’s session and own key may; an administrator’s key acting as them may not', async () => {
    const tenant = await t.newTenant({ timezone: 'UTC' })
    const worker = await tenant.createUser({ password: PASSWORD })
    const admin = await tenant.createUser({ password: PASSWORD, role: 'admin' })
    const session = await signedIn(t.app, worker.email)
    const adminSession = await signedIn(t.app, admin.email)

    // The worker makes a key of their own from their session: it is personal and, unless told, holds the session's scopes.
    const own = await session.post('/api/v1/keys', { name: 'Phone shortcut' })
    assert.equal(own.status, 201, JSON.stringify(own.body))
    assert.deepEqual(
      [own.body.data.personal, own.body.data.created_by_user_id, own.body.data.acts_as_user_id],
      [true, worker.id, worker.id],
    )
    assert.deepEqual(own.body.data.scopes, [...SCOPES])
    const ownKey = t.client(own.body.data.api_key)
    // The administrator, signed in, makes a key acting as the worker for an integration: not personal.
    const made = await adminSession.post('/api/v1/keys', { acts_as_user_id: worker.id, scopes: [...SCOPES] })
    assert.deepEqual([made.body.data.personal, made.body.data.created_by_user_id], [false, admin.id])
    const adminsKey = t.client(made.body.data.api_key)

    const refused = async (res: { status: number; body: any }) =>
      expectError(res as any, 403, 'personal_credential_required')

    // An integration's key acting as an administrator still pushes punches for the worker, marked as pushed.
    const pushed = await tenant.admin.post('/api/v1/attendance', { user_id: worker.id, type: 'in', ts: minutesAgo(10) })
    assert.equal(pushed.status, 201, JSON.stringify(pushed.body))
    assert.equal(pushed.body.data.source, 'api')
    const pushedOut = (
      await tenant.admin.post('/api/v1/attendance', { user_id: worker.id, type: 'out', ts: minutesAgo(9) })
    ).body.data

    // Clocking in.
    await refused(await adminsKey.post('/api/v1/attendance/clock', { type: 'in' }))
    await refused(await tenant.admin.post('/api/v1/attendance/clock', { type: 'in' }))
    const byKey = await ownKey.post('/api/v1/attendance/clock', { type: 'in' })
    assert.equal(byKey.status, 201, JSON.stringify(byKey.body))
    assert.deepEqual([byKey.body.data.user_id, byKey.body.data.source], [worker.id, 'clock'])
    const bySession = await session.post('/api/v1/attendance/clock', { type: 'out' })
    assert.equal(bySession.status, 201, JSON.stringify(bySession.body))
    // The administrator's session clocks the administrator, never the worker.
    const adminClock = await adminSession.post('/api/v1/attendance/clock', { type: 'in' })
    assert.equal(adminClock.body.data.user_id, admin.id)

    // Signing the month.
    const month = lastMonth()
    await refused(await adminsKey.post('/api/v1/attendance/reports/monthly/sign', { month }))
    const signed = await session.post('/api/v1/attendance/reports/monthly/sign', { month })
    assert.equal(signed.status, 201, JSON.stringify(signed.body))
    assert.equal(signed.body.data.user_id, worker.id)
    const adminSigned = await adminSession.post('/api/v1/attendance/reports/monthly/sign', { month })
    assert.equal(adminSigned.body.data.user_id, admin.id)

    // Consenting to a correction the administrator proposed.
    const proposal = async () =>
      (
        await adminSession.post('/api/v1/attendance/corrections', {
          user_id: worker.id,
          reason: 'The out was a minute later',
          changes: [{ action: 'move', punch_id: pushedOut.id, ts: minutesAgo(8) }],
        })
      ).body.data
    const first = await proposal()
    assert.ok(first?.id, 'proposed')
    await refused(await adminsKey.post(`/api/v1/attendance/corrections/${first.id}/decide`, { decision: 'approved' }))
    expectError(
      await adminSession.post(`/api/v1/attendance/corrections/${first.id}/decide`, { decision: 'approved' }),
      403,
      'permission_denied',
    )
    const consented = await session.post(`/api/v1/attendance/corrections/${first.id}/decide`, { decision: 'approved' })
    assert.equal(consented.status, 200, JSON.stringify(consented.body))
    assert.equal(consented.body.data.decided_by, worker.id)
  })

  it('members create, list and revoke keys acting as themselves; only with a credential of their own', async () => {
    const tenant = await t.newTenant()
    const worker = await tenant.createUser({ password: PASSWORD })
    const colleague = await tenant.createUser()
    const session = await signedIn(t.app, worker.email)
    const forWorker = (
      await tenant.admin.post('/api/v1/keys', { acts_as_user_id: worker.id, scopes: ['keys.create', 'keys.list'] })
    ).body.data
    // Made by the company's first key, a program's: it records no creator.
    assert.deepEqual([forWorker.created_by_user_id, forWorker.personal], [null, false])
    const integration: Client = t.client(forWorker.api_key)
    expectError(await integration.post('/api/v1/keys', { scopes: ['keys.list'] }), 403, 'personal_credential_required')

    expectError(
      await session.post('/api/v1/keys', { scopes: ['users.list'], acts_as_user_id: colleague.id }),
      403,
      'permission_denied',
    )
    expectError(
      await session.post('/api/v1/keys', {
        kind: 'inspector',
        expires_at: new Date(Date.now() + 86_400_000).toISOString(),
      }),
      403,
      'permission_denied',
    )
    const own = (await session.post('/api/v1/keys', { scopes: ['users.get', 'keys.create'] })).body.data
    assert.equal(own.personal, true)
    // A personal key may make another, never with more than it holds.
    const ownClient = t.client(own.api_key)
    expectError(await ownClient.post('/api/v1/keys', { scopes: ['users.get', 'users.list'] }), 403, 'scope_escalation')
    const second = (await ownClient.post('/api/v1/keys', {})).body.data
    assert.deepEqual([second.personal, second.scopes], [true, ['users.get', 'keys.create']])

    const listed = (await session.get('/api/v1/keys')).body.data.map((k: { id: string }) => k.id).sort()
    assert.deepEqual(listed, [forWorker.id, own.id, second.id].sort(), 'the keys acting as me, whoever made them')
    assert.deepEqual((await session.get(`/api/v1/keys?acts_as_user_id=${colleague.id}`)).body.data, [])
    const colleagueKey = (
      await tenant.admin.post('/api/v1/keys', { acts_as_user_id: colleague.id, scopes: ['users.get'] })
    ).body.data
    expectError(await session.get(`/api/v1/keys/${colleagueKey.id}`), 404, 'not_found')
    expectError(await session.post(`/api/v1/keys/${colleagueKey.id}/revoke`), 404, 'not_found')
    expectError(await session.post(`/api/v1/keys/${forWorker.id}/revoke`), 403, 'permission_denied')
    // Where and when a person signed in is theirs: a key made for them by someone else cannot list or end it.
    expectError(await integration.get('/api/v1/auth/sessions'), 403, 'personal_credential_required')
    const mySessions = (await session.get('/api/v1/auth/sessions')).body.data
    expectError(
      await integration.delete(`/api/v1/auth/sessions/${mySessions[0].id}`),
      403,
      'personal_credential_required',
    )
    expectError(
      await integration.post('/api/v1/me/password', { current_password: PASSWORD, password: 'Otra-Más-Larga-2026' }),
      403,
      'personal_credential_required',
    )
    const revoked = await session.post(`/api/v1/keys/${own.id}/revoke`)
    assert.equal(revoked.status, 200)
    expectError(await ownClient.get('/api/v1/me'), 401, 'unauthenticated')

    const audit = (await tenant.admin.get(`/api/v1/audit-log?operation=keys.create&user_id=${worker.id}`)).body.data
    assert.ok(
      audit.some((e: { key_id: string }) => e.key_id.startsWith('ses_')),
      'personal key creation is audited',
    )
  })
})
