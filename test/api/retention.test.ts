/**
 * What housekeeping keeps and what it purges
 * (docs/decisions/0019-representatives-and-record-export.md, docs/operations.md "Retention"): the
 * time record (punches, corrections, supersessions, chain heads, signatures, overtime lots and
 * payments), the access log, the audit log and the record keys are never deleted, four years on or
 * forty; answers to Idempotency-Keys go after 24 hours, events and finished webhook deliveries
 * after 30 days, sessions 30 days after they ended; each a moment before its period stays.
 */
import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { it } from 'node:test'
import { SecretBox } from '../../src/lib/secret-box.js'
import { NEVER_DELETED } from '../../src/modules/housekeeping/index.js'
import { purgeExpired } from '../../src/modules/housekeeping/housekeeping.service.js'
import { PASSWORD, signedIn } from '../helpers/accounts.js'
import { punch } from '../helpers/attendance.js'
import { withHr } from '../helpers/absences.js'
import { type TestContext, forEachEngine } from '../helpers/harness.js'

const DAY = 86_400_000
const HOUR = 3_600_000
let now = Date.parse('2026-10-01T06:00:00Z')

/** Tables of the record: nothing the service runs ever deletes from them. */
const KEPT = NEVER_DELETED

async function countsOf(t: TestContext, tenantId: string, tables: readonly string[]) {
  const counts: Record<string, number> = {}
  for (const table of tables) {
    const row = await t.database.db
      .selectFrom(table as 'punches')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('tenant_id', '=', tenantId)
      .executeTakeFirstOrThrow()
    counts[table] = Number(row.n)
  }
  return counts
}

/** A company with a month of record behind it: punches, a correction, a signature, an overtime lot paid in part, an inspector's read. */
async function companyWithARecord(t: TestContext) {
  now = Date.parse('2026-10-01T06:00:00Z')
  const tenant = await t.newTenant({ timezone: 'UTC' })
  const { hrKey } = await withHr(tenant)
  const worker = await tenant.createUser({ full_name: 'Marta', hire_date: '2026-01-01', password: PASSWORD })
  const workerKey = await tenant.keyFor(worker.id)
  now = Date.parse('2026-10-20T20:00:00Z')
  for (const date of ['2026-10-05', '2026-10-06']) {
    await punch(tenant, worker.id, 'in', `${date}T08:00:00Z`)
    await punch(tenant, worker.id, 'out', `${date}T18:00:00Z`)
  }
  const out = await punch(tenant, worker.id, 'in', '2026-10-07T08:00:00Z')
  const correction = (
    await tenant.admin.post('/api/v1/attendance/corrections', {
      user_id: worker.id,
      reason: 'Llegó a las 09:00',
      changes: [{ action: 'move', punch_id: out.id, ts: '2026-10-07T09:00:00Z' }],
    })
  ).body.data
  assert.equal(
    (await workerKey.post(`/api/v1/attendance/corrections/${correction.id}/decide`, { decision: 'approved' })).status,
    200,
  )
  await punch(tenant, worker.id, 'out', '2026-10-07T17:00:00Z')
  now = Date.parse('2026-11-02T10:00:00Z')
  assert.equal((await workerKey.post('/api/v1/attendance/reports/monthly/sign', { month: '2026-10' })).status, 201)
  const [lot] = (await hrKey.get('/api/v1/overtime/lots')).body.data
  assert.equal(
    (await hrKey.post(`/api/v1/overtime/lots/${lot.id}/decide`, { decision: 'approved', compensation: 'pay' })).status,
    200,
  )
  assert.equal(
    (await tenant.admin.post(`/api/v1/overtime/lots/${lot.id}/pay`, { minutes: 30, payroll_month: '2026-11' })).status,
    200,
  )
  const inspector = await tenant.admin.post('/api/v1/keys', {
    kind: 'inspector',
    expires_at: new Date(now + 30 * DAY).toISOString(),
  })
  assert.equal(
    (
      await t
        .client(inspector.body.data.api_key)
        .get(`/api/v1/attendance/reports/monthly?user_id=${worker.id}&month=2026-10`)
    ).status,
    200,
  )
  assert.equal((await tenant.admin.get('/api/v1/tenant/record-key')).status, 200)
  return { tenant, worker, workerKey }
}

forEachEngine(
  'retention',
  (t) => {
    it('housekeeping never deletes the record, the access log or the audit log, four or forty years on', async () => {
      const { tenant } = await companyWithARecord(t)
      const before = await countsOf(t, tenant.id, KEPT)
      for (const [table, n] of Object.entries(before))
        if (table !== 'punch_supersessions' || n > 0) assert.ok(n > 0, `${table} has rows to keep`)
      for (const years of [4, 40]) {
        await purgeExpired({ db: t.database.db, now: now + years * 366 * DAY })
        assert.deepEqual(await countsOf(t, tenant.id, KEPT), before, `${years} years on`)
      }
    })

    it('purges Idempotency-Key answers after 24 hours, events and finished deliveries after 30 days, sessions 30 days after they end', async () => {
      now = Date.parse('2026-10-01T06:00:00Z')
      const tenant = await t.newTenant({ timezone: 'UTC' })
      const user = await tenant.createUser({ password: PASSWORD })
      const res = await tenant.admin.request(
        'POST',
        '/api/v1/attendance',
        { user_id: user.id, type: 'in', ts: '2026-10-01T05:00:00Z' },
        {
          'idempotency-key': `retention-${randomBytes(4).toString('hex')}`,
        },
      )
      assert.equal(res.status, 201, JSON.stringify(res.body))
      const session = await signedIn(t.app, user.email)
      assert.equal((await session.post('/api/v1/auth/logout')).status, 204)
      const webhook = await tenant.admin.post('/api/v1/webhooks', {
        url: 'https://hooks.example.com/jornada',
        events: ['punch.created'],
      })
      assert.equal(webhook.status, 201, JSON.stringify(webhook.body))
      const event = await t.database.db
        .selectFrom('events')
        .select(['id', 'type'])
        .where('tenant_id', '=', tenant.id)
        .executeTakeFirstOrThrow()
      await t.database.db
        .insertInto('webhook_deliveries')
        .values({
          id: `whd_retention_${randomBytes(4).toString('hex')}`,
          tenant_id: tenant.id,
          webhook_id: webhook.body.data.id,
          event_id: event.id,
          event_type: event.type,
          payload: '{}',
          status: 'delivered',
          attempts: 1,
          next_attempt_at: null,
          last_attempt_at: new Date(now).toISOString(),
          response_status: 200,
          duration_ms: 5,
          error: null,
          created_at: new Date(now).toISOString(),
          finished_at: new Date(now).toISOString(),
        })
        .execute()
      const purged = ['idempotency_keys', 'events', 'webhook_deliveries', 'sessions'] as const
      const counts = () => countsOf(t, tenant.id, purged)
      const start = await counts()
      for (const table of purged) assert.ok(start[table]! > 0, `${table} has a row`)
      // Every row was written at the app's clock: the periods run from there.
      const since = now
      const at = async (ms: number) => {
        await purgeExpired({ db: t.database.db, now: since + ms })
        return counts()
      }
      assert.deepEqual(await at(23 * HOUR), start)
      assert.deepEqual(await at(25 * HOUR), { ...start, idempotency_keys: 0 })
      assert.deepEqual(await at(29 * DAY), { ...start, idempotency_keys: 0 })
      assert.deepEqual(await at(31 * DAY), { idempotency_keys: 0, events: 0, webhook_deliveries: 0, sessions: 0 })
    })
  },
  { app: { clock: () => now, secrets: new SecretBox(randomBytes(32)) } },
)
