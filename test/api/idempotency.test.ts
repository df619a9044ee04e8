/**
 * Idempotency-Key on writes (docs/decisions/0012-integrations.md): replays, refusals of a reused
 * key, concurrency, the scope of a key, what is kept and what is not, and a crash between commit
 * and answer.
 */
import assert from 'node:assert/strict'
import { it } from 'node:test'
import { purgeIdempotencyKeys } from '../../src/modules/idempotency/idempotency.service.js'
import {
  type Client,
  expectError,
  forEachEngine,
  type Response,
  type TestContext,
  uniqueEmail,
} from '../helpers/harness.js'

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString()
const withKey = (client: Client, method: string, url: string, body: unknown, key: string): Promise<Response> =>
  client.request(method, url, body, { 'idempotency-key': key })

async function punchesOf(t: TestContext, tenantId: string, userId: string): Promise<number> {
  const rows = await t.database.db
    .selectFrom('punches')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .execute()
  return rows.length
}

let crashNext = false

forEachEngine(
  'Idempotency-Key',
  (t) => {
    it('a retry gets the same status and body with Idempotent-Replayed, and the write happens once', async () => {
      const tenant = await t.newTenant()
      const user = await tenant.createUser()
      const body = { user_id: user.id, type: 'in', ts: hoursAgo(2) }
      const first = await withKey(tenant.admin, 'POST', '/api/v1/attendance', body, 'clock-7:punch-1')
      assert.equal(first.status, 201)
      assert.equal(first.headers['idempotent-replayed'], undefined)
      const again = await withKey(
        tenant.admin,
        'POST',
        '/api/v1/attendance',
        { ts: body.ts, type: 'in', user_id: user.id },
        'clock-7:punch-1',
      )
      assert.equal(again.status, 201)
      assert.equal(again.headers['idempotent-replayed'], 'true')
      assert.deepEqual(again.body, first.body)
      assert.equal(await punchesOf(t, tenant.id, user.id), 1)

      // PATCH and the creation of other resources alike.
      const email = uniqueEmail()
      const created = await withKey(tenant.admin, 'POST', '/api/v1/users', { email, full_name: 'Once Only' }, 'user-1')
      const replayed = await withKey(tenant.admin, 'POST', '/api/v1/users', { email, full_name: 'Once Only' }, 'user-1')
      assert.deepEqual([created.status, replayed.status, replayed.body.data.id], [201, 201, created.body.data.id])
      const patched = await withKey(
        tenant.admin,
        'PATCH',
        `/api/v1/users/${created.body.data.id}`,
        { full_name: 'Once Renamed' },
        'patch-1',
      )
      const repatched = await withKey(
        tenant.admin,
        'PATCH',
        `/api/v1/users/${created.body.data.id}`,
        { full_name: 'Once Renamed' },
        'patch-1',
      )
      assert.deepEqual([patched.status, repatched.status, repatched.headers['idempotent-replayed']], [200, 200, 'true'])
      const audit = await tenant.admin.get(`/api/v1/audit-log?resource_id=${created.body.data.id}`)
      assert.deepEqual(
        audit.body.data.map((e: any) => e.operation).sort(),
        ['users.create', 'users.update'],
        'one audit entry per write, none per replay',
      )
    })

    it('the same key with another method, path or body is 422 idempotency_key_reused', async () => {
      const tenant = await t.newTenant()
      const user = await tenant.createUser()
      assert.equal(
        (
          await withKey(
            tenant.admin,
            'POST',
            '/api/v1/attendance',
            { user_id: user.id, type: 'in', ts: hoursAgo(3) },
            'k',
          )
        ).status,
        201,
      )
      expectError(
        await withKey(
          tenant.admin,
          'POST',
          '/api/v1/attendance',
          { user_id: user.id, type: 'out', ts: hoursAgo(2) },
          'k',
        ),
        422,
        'idempotency_key_reused',
      )
      expectError(
        await withKey(tenant.admin, 'POST', '/api/v1/attendance/clock', { type: 'in' }, 'k'),
        422,
        'idempotency_key_reused',
      )
      expectError(
        await withKey(tenant.admin, 'PATCH', `/api/v1/users/${user.id}`, { full_name: 'x' }, 'k'),
        422,
        'idempotency_key_reused',
      )
      assert.equal(await punchesOf(t, tenant.id, user.id), 1)
    })

    it('20 concurrent requests with one key make exactly one punch; the others replay it or are told it is in use', async () => {
      const tenant = await t.newTenant()
      const user = await tenant.createUser()
      const body = { user_id: user.id, type: 'in', ts: hoursAgo(1) }
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => withKey(tenant.admin, 'POST', '/api/v1/attendance', body, 'burst')),
      )
      const created = answers.filter((a) => a.status === 201)
      assert.ok(created.length >= 1)
      assert.equal(new Set(created.map((a) => a.body.data.id)).size, 1, 'every 201 names the same punch')
      assert.equal(
        created.filter((a) => a.headers['idempotent-replayed'] !== 'true').length,
        1,
        'one ran, the rest replayed',
      )
      for (const busy of answers.filter((a) => a.status !== 201)) {
        expectError(busy, 409, 'idempotency_key_in_use')
        assert.equal(busy.headers['retry-after'], '1')
      }
      assert.equal(await punchesOf(t, tenant.id, user.id), 1)
      const retried = await withKey(tenant.admin, 'POST', '/api/v1/attendance', body, 'burst')
      assert.deepEqual([retried.status, retried.body.data.id], [201, created[0]!.body.data.id])
    })

    it('a key belongs to the API key that sent it: another key with the same Idempotency-Key runs its own request', async () => {
      const tenant = await t.newTenant()
      const other = await tenant.keyFor(tenant.adminId)
      const email = uniqueEmail()
      assert.equal(
        (await withKey(tenant.admin, 'POST', '/api/v1/users', { email, full_name: 'A' }, 'same')).status,
        201,
      )
      expectError(await withKey(other, 'POST', '/api/v1/users', { email, full_name: 'A' }, 'same'), 409, 'email_taken')
      const stranger = await t.newTenant()
      assert.equal(
        (await withKey(stranger.admin, 'POST', '/api/v1/users', { email, full_name: 'A' }, 'same')).status,
        201,
      )
    })

    it('a request refused before it ran keeps nothing; a refusal the request itself met is replayed', async () => {
      const tenant = await t.newTenant()
      const user = await tenant.createUser()
      // Validation, scope and permission refusals: the corrected retry with the same key runs.
      expectError(
        await withKey(tenant.admin, 'POST', '/api/v1/attendance', { user_id: user.id, type: 'in' }, 'fix-me'),
        400,
      )
      const member = await tenant.keyFor(user.id)
      expectError(
        await withKey(
          member,
          'POST',
          '/api/v1/attendance',
          { user_id: user.id, type: 'in', ts: hoursAgo(5) },
          'fix-me',
        ),
        403,
      )
      const limited = await tenant.keyFor(tenant.adminId, ['users.list'])
      expectError(
        await withKey(
          limited,
          'POST',
          '/api/v1/attendance',
          { user_id: user.id, type: 'in', ts: hoursAgo(5) },
          'fix-me',
        ),
        403,
        'scope_required',
      )
      assert.equal(
        (
          await withKey(
            tenant.admin,
            'POST',
            '/api/v1/attendance',
            { user_id: user.id, type: 'in', ts: hoursAgo(5) },
            'fix-me',
          )
        ).status,
        201,
      )

      // A sequence refusal is the request's own answer: kept, and nothing was written.
      const outOfSequence = { user_id: user.id, type: 'break_end', ts: hoursAgo(4) }
      expectError(
        await withKey(tenant.admin, 'POST', '/api/v1/attendance', outOfSequence, 'seq'),
        409,
        'punch_sequence_invalid',
      )
      const replay = await withKey(tenant.admin, 'POST', '/api/v1/attendance', outOfSequence, 'seq')
      expectError(replay, 409, 'punch_sequence_invalid')
      assert.equal(replay.headers['idempotent-replayed'], 'true')
      assert.equal(await punchesOf(t, tenant.id, user.id), 1)
    })

    it('the header must be 1 to 255 printable ASCII characters', async () => {
      const tenant = await t.newTenant()
      for (const bad of ['', 'x'.repeat(256), 'tab\there']) {
        const error = expectError(
          await withKey(tenant.admin, 'POST', '/api/v1/users', { email: uniqueEmail(), full_name: 'B' }, bad),
          400,
          'invalid_request',
        )
        assert.equal(error.details?.[0]?.field, 'Idempotency-Key')
      }
      assert.equal(
        (
          await withKey(
            tenant.admin,
            'POST',
            '/api/v1/users',
            { email: uniqueEmail(), full_name: 'B' },
            'x'.repeat(255),
          )
        ).status,
        201,
      )
    })

    it('a crash after the commit and before the answer: the retry gets the answer that committed with the write', async () => {
      const tenant = await t.newTenant()
      const user = await tenant.createUser()
      const body = { user_id: user.id, type: 'in', ts: hoursAgo(1) }
      crashNext = true
      const lost = await withKey(tenant.admin, 'POST', '/api/v1/attendance', body, 'crash')
      expectError(lost, 500)
      const retry = await withKey(tenant.admin, 'POST', '/api/v1/attendance', body, 'crash')
      assert.deepEqual([retry.status, retry.headers['idempotent-replayed']], [201, 'true'])
      const stored = await t.database.db
        .selectFrom('punches')
        .select('id')
        .where('tenant_id', '=', tenant.id)
        .where('user_id', '=', user.id)
        .execute()
      assert.deepEqual(
        stored.map((p) => p.id),
        [retry.body.data.id],
      )
    })

    it('a key left running by a process that died before it committed is taken over once abandoned; a live one is in use', async () => {
      const tenant = await t.newTenant()
      const user = await tenant.createUser()
      const body = { user_id: user.id, type: 'in', ts: hoursAgo(1) }
      const { requestFingerprint } = await import('../../src/modules/idempotency/idempotency.logic.js')
      // The tenant's only key so far: its administrator's.
      const keyId = (
        await t.database.db
          .selectFrom('api_keys')
          .select('id')
          .where('tenant_id', '=', tenant.id)
          .executeTakeFirstOrThrow()
      ).id
      const running = (key: string, claimedAt: string) =>
        t.database.db
          .insertInto('idempotency_keys')
          .values({
            tenant_id: tenant.id,
            api_key_id: keyId,
            key,
            fingerprint: requestFingerprint('POST', '/api/v1/attendance', body),
            state: 'running',
            claim: 'dead',
            claimed_at: claimedAt,
            status: null,
            body: null,
            created_at: claimedAt,
          })
          .execute()
      await running('live', new Date().toISOString())
      expectError(
        await withKey(tenant.admin, 'POST', '/api/v1/attendance', body, 'live'),
        409,
        'idempotency_key_in_use',
      )
      await running('abandoned', hoursAgo(0.1))
      const taken = await withKey(tenant.admin, 'POST', '/api/v1/attendance', body, 'abandoned')
      assert.deepEqual([taken.status, taken.headers['idempotent-replayed']], [201, undefined])
      assert.equal(await punchesOf(t, tenant.id, user.id), 1)
    })

    it('answers are kept for 24 hours, then purged and the key is free again', async () => {
      const tenant = await t.newTenant()
      const email = uniqueEmail()
      assert.equal(
        (await withKey(tenant.admin, 'POST', '/api/v1/users', { email, full_name: 'P' }, 'day-old')).status,
        201,
      )
      assert.equal(await purgeIdempotencyKeys({ db: t.database.db, now: Date.now() + 23 * 3_600_000 }), 0)
      assert.equal(
        (await withKey(tenant.admin, 'POST', '/api/v1/users', { email, full_name: 'P' }, 'day-old')).headers[
          'idempotent-replayed'
        ],
        'true',
      )
      assert.ok((await purgeIdempotencyKeys({ db: t.database.db, now: Date.now() + 25 * 3_600_000 })) >= 1)
      expectError(
        await withKey(tenant.admin, 'POST', '/api/v1/users', { email, full_name: 'P' }, 'day-old'),
        409,
        'email_taken',
      )
    })
  },
  {
    app: {
      afterCommit: () => {
        if (!crashNext) return
        crashNext = false
        throw new Error('injected crash between commit and answer')
      },
    },
  },
)
