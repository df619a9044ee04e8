/**
 * Webhooks (docs/decisions/0012-integrations.md): subscriptions, Standard Webhooks signatures, retries with backoff,
 * deactivation of failing subscriptions, the SSRF guard, and two dispatchers sharing the work.
 * Deliveries go to a real HTTP receiver started by each test.
 */
import assert from 'node:assert/strict'
import { createHmac } from 'node:crypto'
import { after, afterEach, it } from 'node:test'
import { openDatabase } from '../../src/db/database.js'
import {
  type Dispatcher,
  type DispatcherOptions,
  fanOut,
  recordOutcomes,
  startWebhookDispatcher,
} from '../../src/modules/webhooks/webhooks.dispatcher.js'
import { MAX_WEBHOOKS_PER_TENANT } from '../../src/modules/webhooks/webhooks.logic.js'
import { claimDueDeliveries } from '../../src/modules/webhooks/webhooks.repository.js'
import { type TestContext, type TestTenant, expectError, forEachEngine, uniqueEmail } from '../helpers/harness.js'
import { eventually, settledEventsOfType } from '../helpers/eventually.js'
import { type ReceivedWebhook, type Receiver, startReceiver } from '../helpers/webhook-receiver.js'

const FAST_RETRY = { firstDelayMs: 40, maxDelayMs: 200, giveUpAfterMs: 60_000 }
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString()

/** Standard Webhooks' signature, computed here from the specification rather than by the service. */
function expectedSignature(secret: string, r: ReceivedWebhook): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64')
  const content = `${r.headers['webhook-id']}.${r.headers['webhook-timestamp']}.${r.body}`
  return `v1,${createHmac('sha256', key).update(content).digest('base64')}`
}

const eventOf = (r: ReceivedWebhook) => JSON.parse(r.body) as { id: string; type: string; data: any; tenant_id: string }

async function subscribe(tenant: TestTenant, url: string, events: string[] = ['*']) {
  const res = await tenant.admin.post('/api/v1/webhooks', { url, events, description: 'test receiver' })
  assert.equal(res.status, 201, JSON.stringify(res.body))
  return res.body.data as { id: string; secret: string }
}

forEachEngine(
  'webhooks',
  (t: TestContext) => {
    const running: Dispatcher[] = []
    const receivers: Receiver[] = []
    const dispatch = (options: Partial<DispatcherOptions> = {}, db = t.database.db) => {
      const dispatcher = startWebhookDispatcher(db, {
        allowPrivateNetworks: true,
        clock: Date.now,
        pollMs: 20,
        retry: FAST_RETRY,
        onError: () => {},
        ...options,
      })
      running.push(dispatcher)
      return dispatcher
    }
    const receiver = async (...args: Parameters<typeof startReceiver>) => {
      const r = await startReceiver(...args)
      receivers.push(r)
      return r
    }
    // Every dispatcher reads the whole outbox: one left running would deliver the next test's events.
    afterEach(async () => {
      await Promise.all(running.splice(0).map((d) => d.stop()))
    })
    after(async () => {
      await Promise.all(receivers.map((r) => r.close()))
    })
    const deliveriesOf = async (tenant: TestTenant, webhookId: string) =>
      (await tenant.admin.get(`/api/v1/webhooks/${webhookId}/deliveries?page_size=100`)).body.data as any[]

    it('subscriptions: the secret is shown once, never listed; changes, deletion, and what is refused', async () => {
      const tenant = await t.newTenant()
      const created = await subscribe(tenant, 'https://hooks.example.com/jornada', [
        'absence.approved',
        'absence.rejected',
      ])
      assert.match(created.secret, /^whsec_[A-Za-z0-9+/]{43}=$/)
      assert.equal(Buffer.from(created.secret.slice(6), 'base64').length, 32)
      const got = (await tenant.admin.get(`/api/v1/webhooks/${created.id}`)).body.data
      assert.equal(got.secret, undefined)
      assert.deepEqual(got.events, ['absence.approved', 'absence.rejected'])
      assert.equal(got.active, true)
      const listed = (await tenant.admin.get('/api/v1/webhooks')).body
      assert.equal(listed.meta.total, 1)
      assert.equal(JSON.stringify(listed).includes('whsec_'), false)

      const patched = (await tenant.admin.patch(`/api/v1/webhooks/${created.id}`, { events: ['*'], active: false }))
        .body.data
      assert.deepEqual([patched.events, patched.active, patched.disabled_reason], [['*'], false, 'manual'])
      const resumed = (await tenant.admin.patch(`/api/v1/webhooks/${created.id}`, { active: true, description: null }))
        .body.data
      assert.deepEqual([resumed.active, resumed.disabled_reason, resumed.description], [true, null, null])

      expectError(
        await tenant.admin.post('/api/v1/webhooks', { url: 'https://x.example.com', events: ['punch.exploded'] }),
        400,
        'invalid_request',
      )
      expectError(
        await tenant.admin.post('/api/v1/webhooks', { url: 'https://x.example.com', events: ['*', 'punch.created'] }),
        400,
        'invalid_request',
      )
      expectError(
        await tenant.admin.post('/api/v1/webhooks', { url: 'https://x.example.com', events: [] }),
        400,
        'invalid_request',
      )
      expectError(
        await tenant.admin.post('/api/v1/webhooks', { url: 'not a url', events: ['*'] }),
        400,
        'invalid_request',
      )
      expectError(
        await tenant.admin.post('/api/v1/webhooks', { url: 'https://user:pw@x.example.com', events: ['*'] }),
        400,
        'invalid_request',
      )
      expectError(await tenant.admin.patch(`/api/v1/webhooks/${created.id}`, {}), 400, 'invalid_request')

      const worker = await tenant.keyFor((await tenant.createUser()).id)
      expectError(await worker.get('/api/v1/webhooks'), 403, 'permission_denied')
      expectError(
        await worker.post('/api/v1/webhooks', { url: 'https://x.example.com', events: ['*'] }),
        403,
        'permission_denied',
      )

      const other = await t.newTenant()
      expectError(await other.admin.get(`/api/v1/webhooks/${created.id}`), 404, 'not_found')
      expectError(await other.admin.patch(`/api/v1/webhooks/${created.id}`, { active: false }), 404, 'not_found')
      expectError(await other.admin.delete(`/api/v1/webhooks/${created.id}`), 404, 'not_found')
      expectError(await other.admin.get(`/api/v1/webhooks/${created.id}/deliveries`), 404, 'not_found')

      assert.equal((await tenant.admin.delete(`/api/v1/webhooks/${created.id}`)).status, 204)
      expectError(await tenant.admin.get(`/api/v1/webhooks/${created.id}`), 404, 'not_found')
    })

    it(`a company may have at most ${MAX_WEBHOOKS_PER_TENANT} subscriptions`, async () => {
      const tenant = await t.newTenant()
      const all = await Promise.all(
        Array.from({ length: MAX_WEBHOOKS_PER_TENANT + 3 }, (_, i) =>
          tenant.admin.post('/api/v1/webhooks', { url: `https://h${i}.example.com/`, events: ['*'] }),
        ),
      )
      assert.equal(all.filter((r) => r.status === 201).length, MAX_WEBHOOKS_PER_TENANT)
      for (const refused of all.filter((r) => r.status !== 201)) expectError(refused, 409, 'webhook_limit_reached')
    })

    it('a delivery carries the event as GET /events shows it, signed as Standard Webhooks says', async () => {
      const tenant = await t.newTenant()
      const r = await receiver()
      const hook = await subscribe(tenant, `${r.url}/hooks?source=jornada`)
      const d = dispatch()
      const user = await tenant.createUser({ dni: '12345678Z' })
      d.wake()
      const [delivery] = await r.waitFor(1)
      const event = eventOf(delivery!)
      assert.equal(delivery!.path, '/hooks?source=jornada')
      assert.equal(event.type, 'user.created')
      assert.equal(event.data.id, user.id)
      assert.equal(event.data.dni ?? null, null, 'events carry no sensitive fields')
      const streamed = (await settledEventsOfType(tenant.admin, 'user.created')).find((e: any) => e.id === event.id)
      assert.deepEqual(event, streamed)
      assert.equal(delivery!.headers['webhook-id'], event.id)
      assert.equal(delivery!.headers['content-type'], 'application/json')
      assert.ok(Math.abs(Number(delivery!.headers['webhook-timestamp']) - Date.now() / 1000) < 60)
      assert.equal(delivery!.headers['webhook-signature'], expectedSignature(hook.secret, delivery!))
      const [listed] = await eventually(
        'the delivered status',
        () => deliveriesOf(tenant, hook.id),
        (list) => list[0]?.status === 'delivered',
      )
      assert.equal(listed.event_id, event.id)
      assert.equal(listed.attempts, 1)
      assert.equal(listed.response_status, 204)
      assert.equal(typeof listed.duration_ms, 'number')
      assert.equal(listed.next_attempt_at, null)
    })

    it('a subscription receives only the types it chose, and only events after it was made', async () => {
      const tenant = await t.newTenant()
      const before = await tenant.createUser()
      const r = await receiver()
      await subscribe(tenant, r.url, ['punch.created'])
      dispatch()
      await tenant.admin.patch(`/api/v1/users/${before.id}`, { full_name: 'Renamed' })
      await tenant.admin.post('/api/v1/attendance', { user_id: before.id, type: 'in', ts: minutesAgo(5) })
      await r.waitFor(1)
      await new Promise((resolve) => setTimeout(resolve, 300))
      assert.deepEqual(
        r.received.map((x) => eventOf(x).type),
        ['punch.created'],
      )
    })

    it('a receiver answering 500 twice gets the event on the third attempt', async () => {
      const tenant = await t.newTenant()
      const r = await receiver((_req, i) => (i < 2 ? 500 : 200))
      const hook = await subscribe(tenant, r.url)
      dispatch()
      await tenant.createUser()
      const attempts = await r.waitFor(3)
      assert.equal(new Set(attempts.map((a) => a.headers['webhook-id'])).size, 1, 'the same message each time')
      assert.ok(attempts[2]!.at - attempts[1]!.at >= FAST_RETRY.firstDelayMs / 2, 'backed off between attempts')
      const [delivery] = await eventually(
        'the third attempt recorded',
        () => deliveriesOf(tenant, hook.id),
        (list) => list[0]?.status === 'delivered',
      )
      assert.deepEqual([delivery.attempts, delivery.response_status, delivery.error], [3, 200, null])
      assert.equal(
        (await tenant.admin.get(`/api/v1/webhooks/${hook.id}`)).body.data.failing_since,
        null,
        'a success clears the failure',
      )
    })

    it('redirects are not followed and a receiver that does not answer in time fails the attempt', async () => {
      const tenant = await t.newTenant()
      const redirecting = await receiver((req) =>
        req.path === '/moved' ? 200 : { status: 302, headers: { location: '/moved' } },
      )
      const silent = await receiver(() => null)
      const moved = await subscribe(tenant, `${redirecting.url}/start`)
      const slow = await subscribe(tenant, silent.url)
      // The redirected delivery's retry a minute away (the fast policy's 200 ms ceiling would race the check).
      dispatch({ timeoutMs: 300, retry: { ...FAST_RETRY, firstDelayMs: 60_000, maxDelayMs: 60_000 } })
      await tenant.createUser()
      const [redirected] = await eventually(
        'the redirect recorded',
        () => deliveriesOf(tenant, moved.id),
        (list) => list[0]?.attempts === 1,
      )
      assert.equal(redirected.status, 'pending')
      assert.equal(redirected.response_status, 302)
      assert.match(redirected.error, /redirect to \/moved not followed/)
      assert.ok(Date.parse(redirected.next_attempt_at) > Date.now(), 'scheduled for later')
      assert.deepEqual(
        redirecting.received.map((x) => x.path),
        ['/start'],
      )
      const [timedOut] = await eventually(
        'the timeout recorded',
        () => deliveriesOf(tenant, slow.id),
        (list) => list[0]?.attempts === 1,
      )
      assert.equal(timedOut.response_status, null)
      assert.match(timedOut.error, /no answer within 0.3 s/)
    })

    it('after failing for the whole retry window a delivery is given up and the subscription deactivated', async () => {
      const tenant = await t.newTenant()
      const r = await receiver(() => 503)
      const hook = await subscribe(tenant, r.url)
      dispatch({ retry: { firstDelayMs: 30, maxDelayMs: 60, giveUpAfterMs: 400 } })
      await tenant.createUser()
      const webhook = await eventually(
        'deactivation',
        async () => (await tenant.admin.get(`/api/v1/webhooks/${hook.id}`)).body.data,
        (w) => w.active === false,
      )
      assert.equal(webhook.disabled_reason, 'failing')
      assert.ok(webhook.failing_since)
      const [delivery] = await eventually(
        'the delivery finished',
        () => deliveriesOf(tenant, hook.id),
        (list) => list[0]?.status !== 'pending',
      )
      assert.ok(['failed', 'cancelled'].includes(delivery.status), delivery.status)
      assert.ok(delivery.attempts >= 2)
      // Inactive: new events make no deliveries.
      const count = r.received.length
      await tenant.createUser()
      await new Promise((resolve) => setTimeout(resolve, 300))
      assert.equal(r.received.length, count)
      const resumed = (await tenant.admin.patch(`/api/v1/webhooks/${hook.id}`, { active: true })).body.data
      assert.deepEqual([resumed.active, resumed.disabled_reason, resumed.failing_since], [true, null, null])
    })

    it('an instance that died mid-attempt leaves a lease that expires; the delivery is then attempted again', async () => {
      const tenant = await t.newTenant()
      const r = await receiver()
      await subscribe(tenant, r.url)
      await tenant.createUser()
      // On PostgreSQL an event is read only once every transaction begun before it has ended.
      await settledEventsOfType(tenant.admin, 'user.created')
      // An instance fans the event out and leases its delivery for 400 ms, then dies before sending.
      await fanOut({ db: t.database.db, now: Date.now() })
      const leasedAt = Date.now()
      const claimed = await claimDueDeliveries(
        t.database.db,
        new Date(leasedAt).toISOString(),
        new Date(leasedAt + 400).toISOString(),
        100,
      )
      assert.equal(claimed.filter((c) => c.url === r.url).length, 1)
      dispatch()
      const [delivered] = await r.waitFor(1)
      assert.ok(delivered!.at >= leasedAt + 390, 'not attempted while the lease held')
    })

    it('an attempt that ends after its subscription was deactivated leaves the delivery cancelled', async () => {
      const tenant = await t.newTenant()
      const hook = await subscribe(tenant, 'http://127.0.0.1:9/unused')
      await tenant.createUser()
      await settledEventsOfType(tenant.admin, 'user.created')
      await fanOut({ db: t.database.db, now: Date.now() })
      const now = Date.now()
      const claimed = (
        await claimDueDeliveries(t.database.db, new Date(now).toISOString(), new Date(now + 60_000).toISOString(), 100)
      ).filter((c) => c.webhook_id === hook.id)
      assert.equal(claimed.length, 1)
      assert.equal((await tenant.admin.patch(`/api/v1/webhooks/${hook.id}`, { active: false })).status, 200)
      await recordOutcomes(
        { db: t.database.db, now: Date.now() },
        [
          {
            delivery: claimed[0]!,
            outcome: { status: 500, ok: false, durationMs: 3, error: 'the receiver answered 500' },
            at: now,
          },
        ],
        FAST_RETRY,
      )
      const [delivery] = await deliveriesOf(tenant, hook.id)
      assert.deepEqual([delivery.status, delivery.next_attempt_at], ['cancelled', null])
    })

    it('the address is checked after DNS resolution at delivery: a name resolving to loopback is refused', async () => {
      const tenant = await t.newTenant()
      const r = await receiver()
      const byName = await subscribe(tenant, `http://localhost:${r.port}/`)
      const byAddress = await subscribe(tenant, `http://127.0.0.1:${r.port}/`)
      // No retry within the test: FAST_RETRY's 200 ms ceiling would retry faster than a busy machine polls.
      dispatch({ allowPrivateNetworks: false, retry: { ...FAST_RETRY, firstDelayMs: 60_000, maxDelayMs: 60_000 } })
      await tenant.createUser()
      const [named] = await eventually(
        'the refusal',
        () => deliveriesOf(tenant, byName.id),
        (list) => list[0]?.attempts >= 1,
      )
      assert.match(named.error, /localhost resolves to (127\.0\.0\.1|::1), which is not a public address/)
      const [literal] = await eventually(
        'the refusal',
        () => deliveriesOf(tenant, byAddress.id),
        (list) => list[0]?.attempts >= 1,
      )
      assert.match(literal.error, /127\.0\.0\.1 is not a public address/)
      assert.equal(r.received.length, 0, 'nothing reached the private address')
    })

    it('two dispatchers on one database deliver each event exactly once', async () => {
      const tenant = await t.newTenant()
      const r = await receiver()
      await subscribe(tenant, r.url, ['punch.created'])
      const second =
        t.engine === 'postgres'
          ? await openDatabase(process.env.TEST_DATABASE_URL!, { pgSchema: t.database.schema! })
          : await openDatabase(t.database.location)
      try {
        dispatch({ concurrency: 8 })
        dispatch({ concurrency: 8 }, second.db)
        const user = await tenant.createUser()
        const punches = Array.from({ length: 200 }, (_, i) => ({
          user_id: user.id,
          type: i % 2 === 0 ? 'in' : 'out',
          ts: minutesAgo(1000 - i * 4),
        }))
        const res = await tenant.admin.post('/api/v1/attendance/batch', { punches })
        assert.ok(
          res.body.data.every((x: any) => x.status === 201),
          JSON.stringify(res.body).slice(0, 300),
        )
        await r.waitFor(200, () => true, 60_000)
        await new Promise((resolve) => setTimeout(resolve, 400))
        const ids = r.received.map((x) => x.headers['webhook-id'])
        assert.equal(ids.length, 200)
        assert.equal(new Set(ids).size, 200)
      } finally {
        await Promise.all(running.splice(0).map((d) => d.stop()))
        await second.destroy()
      }
    })
  },
  { app: { webhooksAllowPrivateNetworks: true } },
)

forEachEngine('webhooks without WEBHOOKS_ALLOW_PRIVATE_NETWORKS', (t: TestContext) => {
  it('plain http, private, loopback and link-local addresses and localhost are refused at creation', async () => {
    const tenant = await t.newTenant()
    for (const url of [
      'http://hooks.example.com/',
      'https://127.0.0.1/',
      'https://10.1.2.3/',
      'https://192.168.0.10:8443/x',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/',
      'https://[fe80::1]/',
      'https://[::ffff:10.0.0.1]/',
      'https://100.64.0.1/',
      'https://0.0.0.0/',
      'https://localhost/',
      'https://api.localhost/',
    ]) {
      const error = expectError(
        await tenant.admin.post('/api/v1/webhooks', { url, events: ['*'] }),
        400,
        'invalid_request',
      )
      assert.equal(error.details?.[0]?.field, 'url', url)
    }
    assert.equal(
      (await tenant.admin.post('/api/v1/webhooks', { url: 'https://93.184.215.14/hooks', events: ['*'] })).status,
      201,
    )
    assert.equal(
      (await tenant.admin.post('/api/v1/webhooks', { url: 'https://hooks.example.com/', events: ['*'] })).status,
      201,
    )
    expectError(
      await tenant.admin.post('/api/v1/webhooks', { url: `https://${'a'.repeat(2100)}.example.com/`, events: ['*'] }),
      400,
      'invalid_request',
    )
    assert.ok(uniqueEmail())
  })
})
