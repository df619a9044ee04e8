/**
 * Batch punches (docs/decisions/0012-integrations.md): a device's backlog in one request, each
 * punch judged as attendance.create judges it, accepted ones stored even when others are refused.
 */
import assert from 'node:assert/strict'
import { it } from 'node:test'
import { verifyPunchChains } from '../../src/modules/attendance/chain-verification.service.js'
import { eventually } from '../helpers/eventually.js'
import { expectError, forEachEngine } from '../helpers/harness.js'

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString()

forEachEngine('batch punches', (t) => {
  const storedPunches = (tenantId: string, userId: string) =>
    t.database.db
      .selectFrom('punches')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', userId)
      .orderBy('seq')
      .execute()

  it('mixed items: per-item statuses in request order, accepted ones stored, each employee judged in order', async () => {
    const tenant = await t.newTenant()
    const a = await tenant.createUser()
    const b = await tenant.createUser()
    const res = await tenant.admin.post('/api/v1/attendance/batch', {
      punches: [
        { user_id: a.id, type: 'in', ts: minutesAgo(300) },
        { user_id: b.id, type: 'out', ts: minutesAgo(290) }, // b has no session open
        { user_id: a.id, type: 'break_end', ts: minutesAgo(280) }, // no break open
        { user_id: a.id, type: 'out', ts: minutesAgo(200), modality: 'remote' }, // modality only on in
        { user_id: b.id, type: 'in', ts: minutesAgo(250) },
        { user_id: 'usr_unknown', type: 'in', ts: minutesAgo(240) },
        { user_id: a.id, type: 'out', ts: minutesAgo(100) },
        { user_id: a.id, type: 'in', ts: minutesAgo(120) }, // earlier than a's last accepted punch
        { user_id: b.id, type: 'out', ts: new Date(Date.now() + 3_600_000).toISOString() }, // future
      ],
    })
    assert.equal(res.status, 200, JSON.stringify(res.body))
    assert.deepEqual(
      res.body.data.map((r: any) => [r.index, r.status, r.error?.code ?? r.data.type]),
      [
        [0, 201, 'in'],
        [1, 409, 'punch_sequence_invalid'],
        [2, 409, 'punch_sequence_invalid'],
        [3, 400, 'invalid_request'],
        [4, 201, 'in'],
        [5, 404, 'not_found'],
        [6, 201, 'out'],
        [7, 409, 'punch_out_of_order'],
        [8, 400, 'invalid_request'],
      ],
    )
    assert.equal(res.body.data[3].error.details[0].field, 'modality')
    const storedA = await storedPunches(tenant.id, a.id)
    assert.deepEqual(
      storedA.map((p) => [p.type, p.id]),
      [
        ['in', res.body.data[0].data.id],
        ['out', res.body.data[6].data.id],
      ],
    )
    assert.equal((await verifyPunchChains(t.database.db, tenant.id)).ok, true, 'the stored punches form intact chains')
    assert.deepEqual(
      (await storedPunches(tenant.id, b.id)).map((p) => p.type),
      ['in'],
    )
    // The next single punch follows on from the batch.
    expectError(
      await tenant.admin.post('/api/v1/attendance', { user_id: a.id, type: 'out', ts: minutesAgo(50) }),
      409,
      'punch_sequence_invalid',
    )
    assert.equal(
      (await tenant.admin.post('/api/v1/attendance', { user_id: a.id, type: 'in', ts: minutesAgo(50) })).status,
      201,
    )
  })

  it('1,000 punches in one request, counted once by the rate limit; 1,001 are refused', async () => {
    const tenant = await t.newTenant()
    const users = []
    for (let i = 0; i < 10; i++) users.push(await tenant.createUser({ full_name: `Device user ${i}` }))
    const punches = users.flatMap((u) =>
      Array.from({ length: 100 }, (_, k) => ({
        user_id: u.id,
        type: k % 2 === 0 ? 'in' : 'out',
        ts: minutesAgo(1000 - k * 5),
      })),
    )
    const before = await tenant.admin.get('/api/v1/me')
    const res = await tenant.admin.post('/api/v1/attendance/batch', { punches })
    assert.equal(res.status, 200)
    assert.equal(res.body.data.filter((r: any) => r.status === 201).length, 1000)
    const remaining = (headers: Record<string, unknown>) => Number(/;r=(\d+);/.exec(String(headers.ratelimit))![1])
    assert.equal(remaining(before.headers) - remaining(res.headers), 1)
    for (const u of users) {
      const stored = await storedPunches(tenant.id, u.id)
      assert.equal(stored.length, 100)
    }
    assert.equal((await verifyPunchChains(t.database.db, tenant.id)).ok, true)
    const events = await eventually(
      "the batch's events",
      () => tenant.admin.get('/api/v1/events?type=punch.created&page_size=500'),
      (page) => page.body.data.length === 500,
    )
    assert.equal(events.body.data.length, 500)
    assert.equal(events.body.meta.has_more, true)
    const tooMany = await tenant.admin.post('/api/v1/attendance/batch', { punches: [...punches, punches[0]] })
    expectError(tooMany, 400, 'invalid_request')
    expectError(await tenant.admin.post('/api/v1/attendance/batch', { punches: [] }), 400, 'invalid_request')
  })

  it('only administrators push batches; a malformed item refuses the whole request; a retried batch replays', async () => {
    const tenant = await t.newTenant()
    const user = await tenant.createUser()
    const member = await tenant.keyFor(user.id)
    expectError(
      await member.post('/api/v1/attendance/batch', {
        punches: [{ user_id: user.id, type: 'in', ts: minutesAgo(10) }],
      }),
      403,
      'permission_denied',
    )
    const malformed = expectError(
      await tenant.admin.post('/api/v1/attendance/batch', {
        punches: [
          { user_id: user.id, type: 'in', ts: minutesAgo(10) },
          { user_id: user.id, type: 'lunch' },
        ],
      }),
      400,
    )
    assert.match(JSON.stringify(malformed.details), /punches/)
    assert.equal((await storedPunches(tenant.id, user.id)).length, 0)
    const body = { punches: [{ user_id: user.id, type: 'in', ts: minutesAgo(10) }] }
    const first = await tenant.admin.request('POST', '/api/v1/attendance/batch', body, { 'idempotency-key': 'sync-42' })
    const again = await tenant.admin.request('POST', '/api/v1/attendance/batch', body, { 'idempotency-key': 'sync-42' })
    assert.deepEqual([again.status, again.headers['idempotent-replayed'], again.body], [200, 'true', first.body])
    assert.equal((await storedPunches(tenant.id, user.id)).length, 1)
  })

  it('concurrent batches and single punches over the same employees: no deadlock, every employee judged in one order', async () => {
    const tenant = await t.newTenant()
    const users: { id: string }[] = []
    for (let i = 0; i < 6; i++) users.push(await tenant.createUser({ full_name: `Shared door ${i}` }))
    // Each request sends, for every employee, an in and an out a few minutes apart; the requests
    // list the employees in different orders, and single punches land in between. Each comes from
    // a key of its own, as from separate devices: one key may run only two batches at once.
    const keys = await Promise.all(Array.from({ length: 8 }, () => tenant.keyFor(tenant.adminId)))
    const requests = Array.from({ length: 8 }, (_, r) => {
      const order = r % 2 === 0 ? users : [...users].reverse()
      return keys[r]!.post('/api/v1/attendance/batch', {
        punches: order.flatMap((u) => [
          { user_id: u.id, type: 'in', ts: minutesAgo(600 - r * 20) },
          { user_id: u.id, type: 'out', ts: minutesAgo(590 - r * 20) },
        ]),
      })
    })
    const singles = users.map((u) =>
      tenant.admin.post('/api/v1/attendance', { user_id: u.id, type: 'in', ts: minutesAgo(5) }),
    )
    const answers = await Promise.all([...requests, ...singles])
    for (const answer of answers.slice(0, requests.length))
      assert.equal(answer.status, 200, JSON.stringify(answer.body))
    // A single punch is refused when a batch recorded later punches first.
    for (const answer of answers.slice(requests.length))
      assert.ok([201, 409].includes(answer.status), JSON.stringify(answer.body))
    const accepted = answers
      .slice(0, requests.length)
      .flatMap((a) => a.body.data.filter((r: any) => r.status === 201).map((r: any) => r.data.id))
    for (const u of users) {
      const stored = await storedPunches(tenant.id, u.id)
      // Whatever order the requests ran in, each employee's record is a valid alternation in time order.
      assert.deepEqual(
        stored.map((p) => p.ts),
        [...stored.map((p) => p.ts)].sort(),
        'stored in time order',
      )
      for (const [k, p] of stored.entries()) assert.equal(p.type, k % 2 === 0 ? 'in' : 'out', `${u.id} punch ${k}`)
    }
    const storedIds = new Set(
      (await t.database.db.selectFrom('punches').select('id').where('tenant_id', '=', tenant.id).execute()).map(
        (p) => p.id,
      ),
    )
    for (const id of accepted) assert.ok(storedIds.has(id), 'every accepted punch is stored')
    assert.equal((await verifyPunchChains(t.database.db, tenant.id)).ok, true)
  })
})
