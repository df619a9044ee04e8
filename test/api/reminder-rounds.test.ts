/**
 * The reminders' round with several instances, and the day's digest caught up (docs/notifications.md),
 * on both engines: two instances on one database run each minute's round once (the other skips it,
 * and counts nothing), a lease left by a dead instance expires, and a digest missed at its hour is
 * made at the first round after it, that day and before the night, once.
 */
import assert from 'node:assert/strict'
import { after, before, it } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../src/app.js'
import { claimRound } from '../../src/modules/notifications/notifications.repository.js'
import { REMINDER_ROUND_LEASE_MS } from '../../src/modules/notifications/index.js'
import { NO_SHEDDING, type TestContext, type TestTenant, forEachEngine } from '../helpers/harness.js'
import { useInboxForThisFile } from '../helpers/inbox.js'

const PUBLIC_URL = 'https://jornada.example.com'
const METRICS_TOKEN = 'metrics-token-of-the-round-tests'
const inbox = useInboxForThisFile()
let now = Date.parse('2026-12-02T09:00:00Z')
const clock = () => now
const at = (iso: string) => {
  now = Date.parse(iso)
}
const appOptions = {
  clock,
  accounts: { publicUrl: PUBLIC_URL },
  mail: { ...inbox.mail, dispatch: false },
  load: { metricsToken: METRICS_TOKEN },
}

async function company(t: TestContext): Promise<TestTenant> {
  const tenant = await t.newTenant({ timezone: 'Europe/Madrid', country: 'ES' })
  const res = await tenant.admin.patch('/api/v1/tenant', { notification_defaults: { sign_day: 28 } })
  assert.equal(res.status, 200, JSON.stringify(res.body))
  return tenant
}

/** A correction proposed to the worker by the administrator: a consent reminder, due at once. */
async function proposeTo(tenant: TestTenant, userId: string): Promise<void> {
  const res = await tenant.admin.post('/api/v1/attendance/corrections', {
    user_id: userId,
    reason: 'A forgotten punch',
    changes: [{ action: 'add', type: 'in', ts: '2026-12-01T08:00:00Z' }],
  })
  assert.equal(res.status, 201, JSON.stringify(res.body))
}

/** A boss, and a worker of theirs whose absence request waits for the boss's decision. */
async function waitingRequest(tenant: TestTenant) {
  const boss = await tenant.createUser({ full_name: 'Berta Boss' })
  const worker = await tenant.createUser({ full_name: 'Wenceslao Worker', manager_id: boss.id })
  const asked = await (await tenant.keyFor(worker.id)).post('/api/v1/absences', {
    user_id: worker.id,
    type: 'personal',
    start_date: '2026-12-21',
    end_date: '2026-12-21',
  })
  assert.equal(asked.status, 201, JSON.stringify(asked.body))
  return { boss, worker }
}

async function digestsTo(t: TestContext, tenant: TestTenant, userId: string) {
  return t.database.db
    .selectFrom('reminders')
    .select(['subject_id', 'status'])
    .where('tenant_id', '=', tenant.id)
    .where('user_id', '=', userId)
    .where('kind', '=', 'approvals_digest')
    .execute()
}

async function sample(app: FastifyInstance, series: string): Promise<number> {
  const res = await app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  })
  const line = res.body.split('\n').find((l) => l.startsWith(`${series} `))
  return line === undefined ? 0 : Number(line.slice(series.length + 1))
}

const CONSENT = (outcome: string) =>
  `jornada_reminders_total{kind="correction_consent",channel="mail",outcome="${outcome}"}`

forEachEngine(
  'the reminders’ round with several instances',
  (t) => {
    let second: FastifyInstance
    before(async () => {
      second = await buildApp({
        db: t.database.db,
        rateLimitPerMinute: 100_000,
        ...appOptions,
        load: { ...NO_SHEDDING, ...appOptions.load },
      })
    })
    after(async () => {
      await second?.close()
    })

    it('two instances at the same moment: one runs the round, the other skips it; each reminder mailed once', async () => {
      at('2026-12-02T10:00:10Z')
      const tenant = await company(t)
      const workers = [await tenant.createUser(), await tenant.createUser()]
      for (const w of workers) await proposeTo(tenant, w.id)

      const rounds = await Promise.all([t.app.reminders.run(), second.reminders.run()])
      assert.deepEqual(
        rounds.map((r) => r.skipped).sort(),
        [false, true],
        'one instance ran the round, the other skipped it',
      )
      const ran = rounds.find((r) => !r.skipped)!
      const skipped = rounds.find((r) => r.skipped)!
      assert.ok(ran.delivered >= 2, JSON.stringify(ran))
      assert.deepEqual(skipped, { found: 0, delivered: 0, skipped: true })
      // Later in the same minute the other instance skips again.
      at('2026-12-02T10:00:40Z')
      const again = await Promise.all([t.app.reminders.run(), second.reminders.run()])
      assert.equal(again.filter((r) => r.skipped).length, 1)

      assert.equal(await inbox.sendOutbox(t.database.db, clock), 2)
      for (const w of workers) {
        assert.equal((await inbox.next(w.email)).subject, 'Una corrección de tu registro espera tu conformidad')
        assert.equal(inbox.to(w.email).length, 1, 'mailed once')
      }
      // The skip counts nothing, and nothing as failed; the sends are counted once between both.
      const sent = (await sample(t.app, CONSENT('sent'))) + (await sample(second, CONSENT('sent')))
      assert.equal(sent, 2)
      assert.equal((await sample(t.app, CONSENT('failed'))) + (await sample(second, CONSENT('failed'))), 0)

      // The next minute's round is open to either instance again.
      at('2026-12-02T10:01:05Z')
      const other = rounds[0]!.skipped ? t.app : second
      assert.equal((await other.reminders.run()).skipped, false)
    })

    it('a lease left by an instance that died mid-round expires, and the next round runs', async () => {
      at('2026-12-02T11:00:00Z')
      const tenant = await company(t)
      const worker = await tenant.createUser()
      await proposeTo(tenant, worker.id)
      // An instance claims the round and dies before it ends its lease.
      const claimed = await claimRound(t.database.db, {
        name: 'reminders',
        holder: 'an-instance-that-died',
        now: new Date(now).toISOString(),
        until: new Date(now + REMINDER_ROUND_LEASE_MS).toISOString(),
      })
      assert.equal(claimed, true)
      at('2026-12-02T11:01:00Z')
      assert.deepEqual(await t.app.reminders.run(), { found: 0, delivered: 0, skipped: true })
      assert.deepEqual(await second.reminders.run(), { found: 0, delivered: 0, skipped: true })
      assert.equal(await inbox.sendOutbox(t.database.db, clock), 0)

      now = Date.parse('2026-12-02T11:00:00Z') + REMINDER_ROUND_LEASE_MS
      const round = await second.reminders.run()
      assert.equal(round.skipped, false)
      assert.ok(round.delivered >= 1)
      assert.equal(await inbox.sendOutbox(t.database.db, clock), 1)
      await inbox.next(worker.email)
      assert.equal(inbox.to(worker.email).length, 1)
    })
  },
  { app: appOptions },
)

forEachEngine(
  'the day’s digest caught up',
  (t) => {
    it('no round at 09:00: the digest goes at the first round after it (11:00), once', async () => {
      at('2026-12-02T06:00:00Z') // 07:00 in Madrid
      const tenant = await company(t)
      const { boss } = await waitingRequest(tenant)
      await t.app.reminders.run()
      assert.deepEqual(await digestsTo(t, tenant, boss.id), [], 'not before its hour')

      at('2026-12-02T10:00:00Z') // 11:00: the service was down at 09:00
      await t.app.reminders.run()
      await inbox.sendOutbox(t.database.db, clock)
      const digest = await inbox.next(boss.email)
      assert.equal(digest.subject, 'Solicitudes pendientes de tu decisión')
      assert.match(digest.text ?? '', /Wenceslao Worker: 1 solicitud/)

      at('2026-12-02T13:00:00Z')
      await t.app.reminders.run()
      await inbox.sendOutbox(t.database.db, clock)
      assert.deepEqual(await digestsTo(t, tenant, boss.id), [{ subject_id: '2026-12-02', status: 'delivered' }])
      assert.equal(inbox.to(boss.email).length, 1, 'one digest a day')
    })

    it('the day’s digest made at its hour with nothing waiting: nothing waiting later that day makes another', async () => {
      at('2026-12-03T08:00:00Z') // 09:00
      const tenant = await company(t)
      await t.app.reminders.run()
      at('2026-12-03T10:00:00Z')
      const { boss } = await waitingRequest(tenant)
      await t.app.reminders.run()
      assert.deepEqual(await digestsTo(t, tenant, boss.id), [], 'the next day’s digest says it')
      at('2026-12-04T08:00:00Z')
      await t.app.reminders.run()
      assert.deepEqual(await digestsTo(t, tenant, boss.id), [{ subject_id: '2026-12-04', status: 'delivered' }])
    })

    it('no round from 09:00 until 21:00: no digest that night, nor the next morning before its hour', async () => {
      at('2026-12-05T07:00:00Z') // 08:00
      const tenant = await company(t)
      const { boss } = await waitingRequest(tenant)
      await t.app.reminders.run()
      at('2026-12-05T20:00:00Z') // 21:00: the night
      await t.app.reminders.run()
      at('2026-12-06T07:30:00Z') // 08:30 the next day
      await t.app.reminders.run()
      assert.deepEqual(await digestsTo(t, tenant, boss.id), [])
      at('2026-12-06T08:00:00Z') // 09:00: that day's digest
      await t.app.reminders.run()
      assert.deepEqual(await digestsTo(t, tenant, boss.id), [{ subject_id: '2026-12-06', status: 'delivered' }])
    })
  },
  { app: appOptions },
)
