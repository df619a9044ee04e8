/**
 * The SDK against the real service (the app listening on a socket, on each engine): typed calls,
 * retries that honour Retry-After, the automatic Idempotency-Key, page iteration, the event
 * stream, and verifyWebhook on a real delivery.
 */
import assert from 'node:assert/strict'
import { before, it } from 'node:test'
import { startWebhookDispatcher } from '../../src/modules/webhooks/webhooks.dispatcher.js'
import { A_WORKING_MORNING, clockFrom } from '../../test/helpers/clock.js'
import { type TestContext, forEachEngine, uniqueEmail } from '../../test/helpers/harness.js'
import { eventually } from '../../test/helpers/eventually.js'
import { startReceiver } from '../../test/helpers/webhook-receiver.js'
import {
  type EventOfType,
  JornadaError,
  WebhookVerificationError,
  createJornada,
  isFullUser,
  verifyWebhook,
} from '../src/index.js'

// The service's day is a Wednesday morning whatever day the suite runs on: who is in now, the
// overtime of last month and the punches of today all depend on it.
const clock = clockFrom(A_WORKING_MORNING)
const minutesAgo = (minutes: number) => new Date(clock() - minutes * 60_000).toISOString()

forEachEngine(
  'SDK',
  (t: TestContext) => {
    let baseUrl = ''
    before(async () => {
      baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' })
    })

    it('typed calls: create and read a user; a refusal is a JornadaError with the contract’s code', async () => {
      const tenant = await t.newTenant()
      const jornada = createJornada({ baseUrl, apiKey: tenant.adminKey })
      const email = uniqueEmail()
      const created = await jornada.api.POST('/api/v1/users', { body: { email, full_name: 'Typed Worker' } })
      assert.equal(created.response.status, 201)
      const id = created.data!.data.id
      const read = await jornada.api.GET('/api/v1/users/{user_id}', { params: { path: { user_id: id } } })
      assert.equal(read.data!.data.email, email)
      const missing = await jornada.api.GET('/api/v1/users/{user_id}', {
        params: { path: { user_id: 'usr_01ARZ3NDEKTSV4RRFFQ69G5FAV' } },
      })
      assert.equal(missing.response.status, 404)
      const all = jornada.pages('/api/v1/webhooks/{webhook_id}/deliveries', {
        path: { webhook_id: 'whk_01ARZ3NDEKTSV4RRFFQ69G5FAV' },
      })
      await assert.rejects(
        all.next(),
        (error: unknown) => error instanceof JornadaError && error.status === 404 && error.code === 'not_found',
      )
    })

    it('overtime through typed calls: the lots of last month paged, one approved, the balance read', async () => {
      const tenant = await t.newTenant()
      const user = await tenant.createUser()
      const jornada = createJornada({ baseUrl, apiKey: tenant.adminKey })
      // A long day of last month, which has ended.
      const today = new Date(clock())
      const day = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 15)).toISOString().slice(0, 10)
      for (const [type, hour] of [
        ['in', '06'],
        ['out', '18'],
      ] as const)
        await jornada.api.POST('/api/v1/attendance', { body: { user_id: user.id, type, ts: `${day}T${hour}:00:00Z` } })
      const lots = []
      for await (const lot of jornada.pages('/api/v1/overtime/lots', { query: { user_id: user.id } })) lots.push(lot)
      assert.equal(lots.length, 1)
      assert.equal(lots[0]!.month, day.slice(0, 7))
      const decided = await jornada.api.POST('/api/v1/overtime/lots/{lot_id}/decide', {
        params: { path: { lot_id: lots[0]!.id } },
        body: { decision: 'approved', compensation: 'pay' },
      })
      assert.equal(decided.data!.data.compensation, 'pay')
      const balance = await jornada.api.GET('/api/v1/overtime/balance', {
        params: { query: { user_id: user.id, year: Number(day.slice(0, 4)) } },
      })
      assert.equal(balance.data!.data.owed_pay_minutes, lots[0]!.minutes)
    })

    it('calendar feeds and who is in now through typed calls; the feed’s address answers iCalendar', async () => {
      const tenant = await t.newTenant()
      const jornada = createJornada({ baseUrl, apiKey: tenant.adminKey })
      const made = await jornada.api.POST('/api/v1/calendar-feeds', { body: { scope: 'company', show_types: true } })
      assert.equal(made.response.status, 201)
      const feed = await fetch(made.data!.data.url.replace(/^http:\/\/[^/]+/, baseUrl))
      assert.equal(feed.status, 200)
      assert.match(await feed.text(), /^BEGIN:VCALENDAR\r\n/)
      const now = await jornada.api.GET('/api/v1/attendance/now', { params: { query: { page_size: 10 } } })
      assert.deepEqual(
        now.data!.data.map((row) => row.state),
        ['out'],
      )
      const gone = await jornada.api.DELETE('/api/v1/calendar-feeds/{feed_id}', {
        params: { path: { feed_id: made.data!.data.id } },
      })
      assert.equal(gone.response.status, 204)
    })

    it('a write whose answer is lost is retried with the same Idempotency-Key and recorded once', async () => {
      const tenant = await t.newTenant()
      const user = await tenant.createUser()
      const seen: { key: string | null; status: number }[] = []
      let dropNext = true
      const jornada = createJornada({
        baseUrl,
        apiKey: tenant.adminKey,
        // The service commits, then the connection drops before the answer reaches the client.
        fetch: async (request) => {
          const response = await fetch(request)
          seen.push({ key: request.headers.get('idempotency-key'), status: response.status })
          if (dropNext && request.method === 'POST') {
            dropNext = false
            throw new TypeError('fetch failed: socket hang up')
          }
          return response
        },
      })
      const res = await jornada.api.POST('/api/v1/attendance', {
        body: { user_id: user.id, type: 'in', ts: minutesAgo(10) },
      })
      assert.equal(res.response.status, 201)
      assert.equal(res.response.headers.get('idempotent-replayed'), 'true')
      assert.equal(seen.length, 2)
      assert.ok(seen[0]!.key && seen[0]!.key === seen[1]!.key, 'the same key on both attempts')
      // Local dates of the company's zone: a day either side of today's UTC date covers any offset.
      const day = (offset: number) => new Date(clock() + offset * 86_400_000).toISOString().slice(0, 10)
      const punches = (
        await tenant.admin.get(`/api/v1/attendance/punches?user_id=${user.id}&from=${day(-1)}&to=${day(1)}`)
      ).body
      assert.equal(punches.data?.length ?? punches.meta?.total, 1, JSON.stringify(punches).slice(0, 300))
    })

    it('429 and 503 are retried after the Retry-After the service (or a proxy) asked for', async () => {
      const tenant = await t.newTenant()
      const times: number[] = []
      let refusals = 2
      const jornada = createJornada({
        baseUrl,
        apiKey: tenant.adminKey,
        fetch: async (request) => {
          times.push(Date.now())
          if (refusals-- > 0)
            return new Response('{"error":{"code":"rate_limited","message":"slow down"}}', {
              status: refusals === 1 ? 429 : 503,
              headers: { 'retry-after': '1' },
            })
          return fetch(request)
        },
      })
      const me = await jornada.api.GET('/api/v1/me')
      assert.equal(me.response.status, 200)
      assert.equal(times.length, 3)
      assert.ok(
        times[1]! - times[0]! >= 950 && times[2]! - times[1]! >= 950,
        `waited ${times[1]! - times[0]!} and ${times[2]! - times[1]!} ms`,
      )
      const noRetries = createJornada({
        baseUrl,
        apiKey: tenant.adminKey,
        maxRetries: 0,
        fetch: async () => new Response('{}', { status: 503, headers: { 'retry-after': '1' } }),
      })
      assert.equal((await noRetries.api.GET('/api/v1/me')).response.status, 503)
    })

    it('pages() walks every page of a list; events() reads the stream to its end', async () => {
      const tenant = await t.newTenant()
      const made = []
      for (let i = 0; i < 23; i++) made.push(await tenant.createUser({ full_name: `Paged ${i}` }))
      const jornada = createJornada({ baseUrl, apiKey: tenant.adminKey })
      const seen = []
      for await (const user of jornada.pages('/api/v1/users', { query: { page_size: 5 } })) seen.push(user.id)
      assert.deepEqual(new Set(seen), new Set([tenant.adminId, ...made.map((u) => u.id)]))
      assert.equal(seen.length, 24)
      // The items' form follows `detail`, and isFullUser narrows them to it.
      const [reduced] = (await jornada.api.GET('/api/v1/users', { params: { query: { page_size: 1 } } })).data!.data
      const [full] = (await jornada.api.GET('/api/v1/users', { params: { query: { page_size: 1, detail: 'full' } } }))
        .data!.data
      assert.ok(reduced && full)
      assert.equal(isFullUser(reduced), false)
      assert.ok(isFullUser(full))
      assert.equal(typeof full.created_at, 'string')
      // The stream shows an event once every write transaction begun before it has ended (PostgreSQL).
      const readAll = async () => {
        const events = []
        for await (const event of jornada.events({ type: 'user.created', pageSize: 7 })) events.push(event)
        return events
      }
      const events = await eventually('23 events', readAll, (all) => all.length >= 23)
      assert.deepEqual(
        events.map((e) => (e.type === 'user.created' ? e.data.id : null)),
        made.map((u) => u.id),
      )
    })

    it('verifyWebhook accepts a real delivery and refuses a changed body, another secret and an old timestamp', async () => {
      const tenant = await t.newTenant()
      const receiver = await startReceiver()
      const dispatcher = startWebhookDispatcher(t.database.db, {
        allowPrivateNetworks: true,
        clock,
        pollMs: 20,
        onError: () => {},
      })
      try {
        const jornada = createJornada({ baseUrl, apiKey: tenant.adminKey })
        const hook = (
          await jornada.api.POST('/api/v1/webhooks', { body: { url: receiver.url, events: ['user.created'] } })
        ).data!.data
        const user = await tenant.createUser()
        const [delivery] = await receiver.waitFor(1)
        // The dispatcher signs with the service's clock, so the receiver reads the same one.
        const received = { now: clock() }
        const event = verifyWebhook(hook.secret, delivery!.headers as Record<string, string>, delivery!.body, received)
        // The union narrows by `type`: a user event's data is a user, with no cast.
        assert.equal(event.type, 'user.created')
        if (event.type !== 'user.created') return
        assert.deepEqual([event.data.id, event.data.email], [user.id, user.email])
        const headers = new Headers(delivery!.headers as Record<string, string>)
        const again: EventOfType<'user.created'> = verifyWebhook<EventOfType<'user.created'>>(
          hook.secret,
          headers,
          Buffer.from(delivery!.body),
          received,
        )
        assert.equal(again.data.id, user.id)
        assert.throws(
          () => verifyWebhook(hook.secret, headers, delivery!.body.replace(user.id, 'usr_forged'), received),
          WebhookVerificationError,
        )
        assert.throws(
          () => verifyWebhook(`whsec_${Buffer.alloc(32, 7).toString('base64')}`, headers, delivery!.body, received),
          WebhookVerificationError,
        )
        assert.throws(
          () => verifyWebhook(hook.secret, headers, delivery!.body, { now: clock() + 600_000 }),
          /too far from now/,
        )
      } finally {
        await dispatcher.stop()
        await receiver.close()
      }
    })
  },
  { app: { webhooksAllowPrivateNetworks: true, clock } },
)
