/**
 * Keys over the API, inspector keys and the access log
 * (docs/decisions/0011-reports-sign-off-and-inspector-keys.md), on both engines.
 */
import assert from 'node:assert/strict'
import { it } from 'node:test'
import { createKey } from '../../src/modules/keys/keys.service.js'
import { A_WORKING_MORNING } from '../helpers/clock.js'
import { type Client, expectError, forEachEngine } from '../helpers/harness.js'

const DAY_MS = 86_400_000

/**
 * The access log of a key, oldest first. Read at once: each entry is written before its answer
 * leaves (docs/decisions/0025-request-phases-and-module-ownership.md). Requests made back to back
 * often share a millisecond: the log still lists them in the order they were written.
 */
async function accessLogOf(admin: Client, keyId: string): Promise<any[]> {
  return [...(await admin.get(`/api/v1/access-log?key_id=${keyId}&page_size=100`)).body.data].reverse()
}
const inDays = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString()

forEachEngine('API keys and inspector access', (t) => {
  it('an administrator creates a key: its secret once, the scopes it asked for, acting as an active user; it works at once', async () => {
    const tenant = await t.newTenant()
    const user = await tenant.createUser({ full_name: 'Integration user' })
    const res = await tenant.admin.post('/api/v1/keys', {
      name: 'Payroll sync',
      scopes: ['users.list', 'attendance.summary'],
      acts_as_user_id: user.id,
      expires_at: inDays(30),
    })
    assert.equal(res.status, 201, JSON.stringify(res.body))
    const created = res.body.data
    assert.match(created.api_key, /^jnd_[0-9A-Z]{26}_/)
    assert.deepEqual(
      [created.name, created.kind, created.scopes, created.acts_as_user_id, created.revoked_at],
      ['Payroll sync', 'standard', ['users.list', 'attendance.summary'], user.id, null],
    )
    const key = t.client(created.api_key)
    assert.equal((await key.get('/api/v1/users')).status, 200)
    expectError(await key.get(`/api/v1/users/${user.id}`), 403, 'scope_required')
    // Read back: never the secret.
    const got = await tenant.admin.get(`/api/v1/keys/${created.id}`)
    assert.equal(got.status, 200)
    assert.equal(got.body.data.api_key, undefined)
    // The secret is what follows the key id (it may itself hold `_`).
    assert.ok(!JSON.stringify(got.body).includes(created.api_key.replace(/^jnd_[0-9A-Z]{26}_/, '')))
    const list = await tenant.admin.get('/api/v1/keys?kind=standard&active=true')
    assert.deepEqual(
      list.body.data.map((k: any) => k.id).sort(),
      [created.id, list.body.data.find((k: any) => k.id !== created.id)?.id].filter(Boolean).sort(),
    )
    // The acting user defaults to the caller's.
    const own = await tenant.admin.post('/api/v1/keys', { scopes: ['users.list'] })
    assert.equal(own.body.data.acts_as_user_id, tenant.adminId)
  })

  it('no escalation: a key cannot hand on a scope it lacks (403), members manage only their own keys, bad input is 400, unknown users 404, disabled users 409', async () => {
    const tenant = await t.newTenant()
    const member = await tenant.createUser()
    const limited = await tenant.keyFor(tenant.adminId, ['keys.create', 'keys.list', 'users.list'])
    expectError(
      await limited.post('/api/v1/keys', { scopes: ['users.list', 'users.sensitive'] }),
      403,
      'scope_escalation',
    )
    expectError(
      await limited.post('/api/v1/keys', { scopes: ['keys.create', 'users.create'] }),
      403,
      'scope_escalation',
    )
    assert.equal((await limited.post('/api/v1/keys', { scopes: ['users.list', 'keys.list'] })).status, 201)
    // A key that expires cannot make one that outlives it.
    const expiring = (
      await tenant.admin.post('/api/v1/keys', { scopes: ['keys.create', 'users.list'], expires_at: inDays(2) })
    ).body.data
    const temporary = t.client(expiring.api_key)
    expectError(await temporary.post('/api/v1/keys', { scopes: ['users.list'] }), 403, 'scope_escalation')
    expectError(
      await temporary.post('/api/v1/keys', { scopes: ['users.list'], expires_at: inDays(3) }),
      403,
      'scope_escalation',
    )
    assert.equal((await temporary.post('/api/v1/keys', { scopes: ['users.list'], expires_at: inDays(1) })).status, 201)
    // A member manages only keys acting as themselves (test/api/personal-credentials.test.ts).
    const memberKey = await tenant.keyFor(member.id)
    expectError(
      await memberKey.post('/api/v1/keys', { scopes: ['users.list'], acts_as_user_id: tenant.adminId }),
      403,
      'permission_denied',
    )
    assert.deepEqual(
      (await memberKey.get('/api/v1/keys')).body.data.map((k: { acts_as_user_id: string }) => k.acts_as_user_id),
      [member.id],
    )
    expectError(await tenant.admin.post('/api/v1/keys', { scopes: ['no.such'] }), 400, 'invalid_request')
    expectError(await tenant.admin.post('/api/v1/keys', { scopes: [] }), 400, 'invalid_request')
    expectError(await tenant.admin.post('/api/v1/keys', {}), 400, 'invalid_request')
    expectError(
      await tenant.admin.post('/api/v1/keys', { scopes: ['users.list'], expires_at: '2020-01-01T00:00:00Z' }),
      400,
      'invalid_request',
    )
    expectError(
      await tenant.admin.post('/api/v1/keys', { scopes: ['users.list'], secret: 'mine' }),
      400,
      'invalid_request',
    )
    expectError(
      await tenant.admin.post('/api/v1/keys', { scopes: ['users.list'], acts_as_user_id: 'usr_missing' }),
      404,
      'not_found',
    )
    const other = await t.newTenant()
    expectError(
      await tenant.admin.post('/api/v1/keys', { scopes: ['users.list'], acts_as_user_id: other.adminId }),
      404,
      'not_found',
    )
    assert.equal((await tenant.admin.post(`/api/v1/users/${member.id}/deactivate`)).status, 200)
    expectError(
      await tenant.admin.post('/api/v1/keys', { scopes: ['users.list'], acts_as_user_id: member.id }),
      409,
      'user_disabled',
    )
    const before = await t.database.db.selectFrom('api_keys').select('id').where('tenant_id', '=', tenant.id).execute()
    assert.equal(before.length, 6, 'refused requests wrote no key')
  })

  it('revoked and expired keys are 401 at once; revoking is idempotent; another company’s key is 404', async () => {
    const tenant = await t.newTenant()
    const created = (await tenant.admin.post('/api/v1/keys', { scopes: ['users.list'] })).body.data
    const key = t.client(created.api_key)
    assert.equal((await key.get('/api/v1/users')).status, 200)
    const revoked = await tenant.admin.post(`/api/v1/keys/${created.id}/revoke`)
    assert.equal(revoked.status, 200)
    assert.ok(revoked.body.data.revoked_at)
    expectError(await key.get('/api/v1/users'), 401, 'unauthenticated')
    const twice = await tenant.admin.post(`/api/v1/keys/${created.id}/revoke`)
    assert.equal(twice.body.data.revoked_at, revoked.body.data.revoked_at)
    expectError(await tenant.admin.post(`/api/v1/keys/${created.id}/revoke`, { reason: 'x' }), 400, 'invalid_request')
    // Expired: issued a moment before it expires, then used after.
    const soon = await createKey(
      { db: t.database.db, now: Date.now() },
      {
        tenantId: tenant.id,
        actsAsUserId: tenant.adminId,
        scopes: ['users.list'],
        expiresAt: new Date(Date.now() + 50).toISOString(),
      },
    )
    await new Promise((resolve) => setTimeout(resolve, 80))
    expectError(await t.client(soon.apiKey).get('/api/v1/users'), 401, 'unauthenticated')
    const other = await t.newTenant()
    expectError(await other.admin.get(`/api/v1/keys/${created.id}`), 404, 'not_found')
    expectError(await other.admin.post(`/api/v1/keys/${created.id}/revoke`), 404, 'not_found')
    assert.ok(!(await other.admin.get('/api/v1/keys')).body.data.some((k: any) => k.id === created.id))
  })

  it('inspector keys: expiry required within 90 days, the time record’s read scopes only', async () => {
    const tenant = await t.newTenant()
    expectError(await tenant.admin.post('/api/v1/keys', { kind: 'inspector' }), 400, 'invalid_request')
    expectError(
      await tenant.admin.post('/api/v1/keys', { kind: 'inspector', expires_at: inDays(91) }),
      400,
      'invalid_request',
    )
    expectError(
      await tenant.admin.post('/api/v1/keys', {
        kind: 'inspector',
        expires_at: inDays(30),
        scopes: ['attendance.list', 'attendance.create'],
      }),
      400,
      'invalid_request',
    )
    expectError(
      await tenant.admin.post('/api/v1/keys', { kind: 'inspector', expires_at: inDays(30), scopes: ['users.get'] }),
      400,
      'invalid_request',
    )
    const res = await tenant.admin.post('/api/v1/keys', {
      kind: 'inspector',
      name: 'Inspección de Trabajo',
      expires_at: inDays(89),
    })
    assert.equal(res.status, 201)
    assert.deepEqual(res.body.data.scopes.sort(), [
      'attendance-corrections.list',
      'attendance-reports.company',
      'attendance-reports.export',
      'attendance-reports.get',
      'attendance-reports.record-export',
      'attendance.list',
      'attendance.punches',
      'attendance.summary',
      'overtime-reports.monthly',
      'tenant.record-key',
    ])
    assert.equal(res.body.data.kind, 'inspector')
    const narrow = await tenant.admin.post('/api/v1/keys', {
      kind: 'inspector',
      expires_at: inDays(10),
      scopes: ['attendance-reports.get'],
    })
    assert.deepEqual(narrow.body.data.scopes, ['attendance-reports.get'])
  })

  it('an inspector key reads every employee’s record, never personal data, never writes; each request is in the access log with whose records it read', async () => {
    const tenant = await t.newTenant({ timezone: 'UTC' })
    const a = await tenant.createUser({ full_name: 'Worker A', dni: '12345678Z' })
    const b = await tenant.createUser({ full_name: 'Worker B', manager_id: a.id })
    // The inspector key acts as a plain member: it still sees everyone's time record.
    const member = await tenant.createUser({ full_name: 'Works council member' })
    const issued = (
      await tenant.admin.post('/api/v1/keys', { kind: 'inspector', expires_at: inDays(30), acts_as_user_id: member.id })
    ).body.data
    const inspector = t.client(issued.api_key)

    const monthly = await inspector.get(`/api/v1/attendance/reports/monthly?user_id=${a.id}&month=2026-10`)
    assert.equal(monthly.status, 200)
    assert.equal(monthly.body.data.worker.dni, null, 'never the sensitive fields')
    assert.equal((await inspector.get(`/api/v1/attendance?user_id=${b.id}&from=2026-10-01&to=2026-10-02`)).status, 200)
    const summary = await inspector.get('/api/v1/attendance/summary?from=2026-10-01&to=2026-10-02&page_size=100')
    assert.equal(summary.body.data.length, 4)
    const exported = await inspector.get('/api/v1/attendance/reports/export?month=2026-10')
    assert.equal(exported.status, 200)
    expectError(
      await inspector.post('/api/v1/attendance', { user_id: a.id, type: 'in', ts: new Date().toISOString() }),
      403,
      'scope_required',
    )
    expectError(await inspector.post('/api/v1/attendance/clock', { type: 'in' }), 403, 'scope_required')
    expectError(
      await inspector.post('/api/v1/attendance/reports/monthly/sign', { month: '2026-10' }),
      403,
      'scope_required',
    )
    expectError(await inspector.get(`/api/v1/users/${a.id}`), 403, 'scope_required')
    expectError(await inspector.post('/api/v1/keys', { scopes: ['attendance.list'] }), 403, 'scope_required')
    // A normal key's reads are not logged.
    assert.equal(
      (await tenant.admin.get(`/api/v1/attendance/reports/monthly?user_id=${a.id}&month=2026-10`)).status,
      200,
    )

    const entries = await accessLogOf(tenant.admin, issued.id)
    assert.deepEqual(
      entries.map((e: any) => [e.method, e.route, e.status]),
      [
        ['GET', '/api/v1/attendance/reports/monthly', 200],
        ['GET', '/api/v1/attendance', 200],
        ['GET', '/api/v1/attendance/summary', 200],
        ['GET', '/api/v1/attendance/reports/export', 200],
        ['POST', '/api/v1/attendance', 403],
        ['POST', '/api/v1/attendance/clock', 403],
        ['POST', '/api/v1/attendance/reports/monthly/sign', 403],
        ['GET', '/api/v1/users/:user_id', 403],
        ['POST', '/api/v1/keys', 403],
      ],
    )
    const everyone = [tenant.adminId, a.id, b.id, member.id].sort()
    assert.deepEqual(entries[0].user_ids, [a.id])
    assert.deepEqual(entries[1].user_ids, [b.id])
    assert.deepEqual(entries[2].user_ids.sort(), everyone)
    assert.deepEqual(entries[3].user_ids.sort(), everyone)
    assert.deepEqual(entries[4].user_ids, [])
    for (const e of entries) assert.deepEqual([e.key_id, e.user_id], [issued.id, member.id])
    const all = await tenant.admin.get('/api/v1/access-log?page_size=100')
    assert.equal(all.body.meta.total, entries.length, 'the administrator’s own reads are not in it')
    expectError(await (await tenant.keyFor(member.id)).get('/api/v1/access-log'), 403, 'permission_denied')
    const other = await t.newTenant()
    assert.equal((await other.admin.get('/api/v1/access-log')).body.meta.total, 0)
  })

  it('an inspector key lists corrections and punches of anyone, and a report of an unknown employee is 404 (and logged as such)', async () => {
    const tenant = await t.newTenant()
    const a = await tenant.createUser({ full_name: 'Worker A' })
    const issued = (await tenant.admin.post('/api/v1/keys', { kind: 'inspector', expires_at: inDays(1) })).body.data
    const inspector = t.client(issued.api_key)
    assert.equal((await inspector.get('/api/v1/attendance/corrections')).status, 200)
    assert.equal(
      (await inspector.get(`/api/v1/attendance/punches?user_id=${a.id}&from=2026-10-01&to=2026-10-31`)).status,
      200,
    )
    expectError(await inspector.get('/api/v1/attendance/reports/monthly?user_id=usr_missing&month=2026-10'), 404)
    const entries = await accessLogOf(tenant.admin, issued.id)
    assert.deepEqual(
      entries.map((e: any) => [e.route, e.status, e.user_ids]),
      [
        ['/api/v1/attendance/corrections', 200, []],
        ['/api/v1/attendance/punches', 200, [a.id]],
        ['/api/v1/attendance/reports/monthly', 404, []],
      ],
    )
  })
})

/** The service's clock stands still: every request it answers has the same moment, to the millisecond. */
const STOPPED_AT = A_WORKING_MORNING

forEachEngine(
  'The access log within one millisecond',
  (t) => {
    it('entries of one millisecond come back newest first in the order they were written, on every page', async (test) => {
      const tenant = await t.newTenant({ timezone: 'UTC' })
      const workers: any[] = []
      for (const name of ['Worker A', 'Worker B', 'Worker C', 'Worker D'])
        workers.push(await tenant.createUser({ full_name: name }))
      const issued = (
        await tenant.admin.post('/api/v1/keys', {
          kind: 'inspector',
          expires_at: new Date(STOPPED_AT + 30 * DAY_MS).toISOString(),
        })
      ).body.data
      const inspector = t.client(issued.api_key)
      // The real clock stands still too, so that the entries' ids (ULIDs, random within their
      // millisecond) are also of one millisecond and tell nothing of the order.
      test.mock.timers.enable({ apis: ['Date'], now: STOPPED_AT })
      // Each worker's monthly report, in one order then the other, then a refusal: nine entries.
      const written: [string, number, string[]][] = []
      for (const round of [1, 2])
        for (const worker of round === 1 ? workers : [...workers].reverse()) {
          const res = await inspector.get(`/api/v1/attendance/reports/monthly?user_id=${worker.id}&month=2026-10`)
          assert.equal(res.status, 200)
          written.push(['/api/v1/attendance/reports/monthly', 200, [worker.id]])
        }
      expectError(await inspector.get(`/api/v1/users/${workers[0].id}`), 403, 'scope_required')
      written.push(['/api/v1/users/:user_id', 403, []])
      test.mock.timers.reset()

      const entries = await accessLogOf(tenant.admin, issued.id)
      assert.deepEqual(
        entries.map((e) => e.at),
        written.map(() => new Date(STOPPED_AT).toISOString()),
        'all of one millisecond',
      )
      assert.deepEqual(
        entries.map((e) => [e.route, e.status, e.user_ids]),
        written,
      )
      // Page by page, the same order: no entry repeated or left out.
      const paged: any[] = []
      for (let page = 1; page <= Math.ceil(written.length / 2); page++) {
        const res = await tenant.admin.get(`/api/v1/access-log?key_id=${issued.id}&page=${page}&page_size=2`)
        assert.equal(res.body.meta.total, written.length)
        paged.push(...res.body.data)
      }
      assert.deepEqual(
        paged.map((e) => e.id),
        [...entries].reverse().map((e) => e.id),
      )
    })
  },
  { app: { clock: () => STOPPED_AT } },
)
