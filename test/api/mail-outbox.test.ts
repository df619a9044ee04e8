/**
 * The mail outbox (docs/decisions/0025-request-phases-and-module-ownership.md), through HTTP on both
 * engines, to a real SMTP server on loopback: a slow mail server holds no write of any company; a
 * rolled-back write mails nothing and a committed one mails once, across a restart, with two
 * dispatchers, and after a dispatcher froze with its lease; refusals are retried or final, counted
 * in the metrics and shown to administrators, never with the link.
 */
import assert from 'node:assert/strict'
import { afterEach, it } from 'node:test'
import { scopeOf } from '../../src/auth/request-scope.js'
import { type DatabaseHandle, openDatabase } from '../../src/db/database.js'
import { inviteUser } from '../../src/modules/accounts/index.js'
import { purgeExpired } from '../../src/modules/housekeeping/housekeeping.service.js'
import { authenticate } from '../../src/modules/keys/index.js'
import { type MailDispatcher, type Mailer, sendQueuedMail, startMailDispatcher } from '../../src/modules/mail/index.js'
import type { MailDispatcherOptions } from '../../src/modules/mail/index.js'
import { PASSWORD } from '../helpers/accounts.js'
import { A_WORKING_MORNING, clockFrom } from '../helpers/clock.js'
import { eventually } from '../helpers/eventually.js'
import { type TestContext, type TestTenant, expectError, forEachEngine, uniqueEmail } from '../helpers/harness.js'
import { tokenInMail, useInboxForThisFile } from '../helpers/inbox.js'

const PUBLIC_URL = 'https://jornada.example.com'
const FAST_RETRY = { firstDelayMs: 40, maxDelayMs: 200, giveUpAfterMs: 60_000 }
const DAY = 86_400_000
const clock = clockFrom(A_WORKING_MORNING)
const inbox = useInboxForThisFile()
/** Sends through the inbox started for this file. */
const { mailer } = inbox

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function invite(tenant: TestTenant, userId: string) {
  const res = await tenant.admin.post(`/api/v1/users/${userId}/invite`)
  assert.equal(res.status, 200, JSON.stringify(res.body))
  assert.equal(res.body.data.delivery, 'mail')
  return res
}

/** The company's message to `to` as GET /mail-messages lists it, once `done` holds. */
function messageTo(tenant: TestTenant, to: string, done: (message: any) => boolean, timeoutMs = 15_000) {
  return eventually(
    `the mail to ${to}`,
    async () => (await tenant.admin.get('/api/v1/mail-messages?page_size=100')).body.data.find((m: any) => m.to === to),
    (message) => message !== undefined && done(message),
    timeoutMs,
  )
}

/** The metrics are behind a token (docs/operations.md). */
const METRICS_TOKEN = 'metrics-token-of-the-outbox-tests'

/** The value of one series in the Prometheus text, or undefined when it is absent. */
async function sample(t: TestContext, series: string): Promise<number | undefined> {
  const text = (await t.client(METRICS_TOKEN).get('/metrics')).body as string
  const line = text.split('\n').find((l) => l.startsWith(`${series} `))
  return line === undefined ? undefined : Number(line.slice(series.length + 1))
}

const outcomes = async (t: TestContext) => ({
  sent: (await sample(t, 'jornada_mail_messages_total{outcome="sent"}'))!,
  retried: (await sample(t, 'jornada_mail_messages_total{outcome="retried"}'))!,
  failed: (await sample(t, 'jornada_mail_messages_total{outcome="failed"}'))!,
})

async function complete(t: TestContext, token: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/password-reset/complete',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ token, password: PASSWORD }),
  })
  return res.statusCode
}

forEachEngine(
  'mail sent by the service’s own dispatcher',
  (t) => {
    it('a mail server that holds each mail 4 s holds no write: the invitation and a reset answer at once, another company punches at once, and the mail arrives', async () => {
      const company = await t.newTenant()
      const elsewhere = await t.newTenant()
      const person = await company.createUser()
      const colleague = await company.createUser({ password: PASSWORD })
      const worker = await elsewhere.createUser()
      inbox.delay(4000)
      try {
        let started = performance.now()
        await invite(company, person.id)
        const invited = performance.now() - started
        assert.ok(invited < 1000, `the invitation answered in ${Math.round(invited)} ms`)

        await eventually(
          'the mail server to hold the invitation',
          async () => inbox.holding,
          (n) => n > 0,
          5000,
        )
        started = performance.now()
        const punch = await elsewhere.admin.post('/api/v1/attendance', {
          user_id: worker.id,
          type: 'in',
          ts: new Date(clock() - 60_000).toISOString(),
        })
        const punched = performance.now() - started
        assert.equal(punch.status, 201, JSON.stringify(punch.body))
        assert.ok(punched < 1000, `another company's punch answered in ${Math.round(punched)} ms`)
        // Nothing is sent inline: a reset answers the same, at once, for an account and for nobody.
        const reset = async (email: string) => {
          const at = performance.now()
          const res = await t.client(null).post('/api/v1/auth/password-reset', { email })
          return { status: res.status, body: res.body, ms: performance.now() - at }
        }
        const known = await reset(colleague.email)
        const unknown = await reset(uniqueEmail('nobody'))
        assert.deepEqual([known.status, known.body], [unknown.status, unknown.body])
        assert.equal(known.status, 202)
        assert.ok(known.ms < 1000, `a reset answered in ${Math.round(known.ms)} ms`)
        assert.equal(inbox.to(person.email).length, 0, 'all of it while the mail server still held the invitation')

        const mail = await inbox.next(person.email, 15_000)
        assert.equal(await complete(t, tokenInMail(mail, 'invitation')), 200, 'its link sets the password')
        const message = await messageTo(company, person.email, (m) => m.status === 'sent')
        assert.equal(message.attempts, 1)
        assert.equal(mail.messageId, `<${message.id}@jornada.example.com>`)
        assert.equal(tokenInMail(await inbox.next(colleague.email, 15_000), 'password-reset').length, 43)
      } finally {
        inbox.delay(0)
      }
    })

    it('a temporary refusal is tried again until the mail server takes it; a final one fails at once; both are listed and counted', async () => {
      const tenant = await t.newTenant()
      const later = await tenant.createUser()
      const never = await tenant.createUser()
      const before = await outcomes(t)

      inbox.refuse('temporarily')
      try {
        await invite(tenant, later.id)
        const retried = await messageTo(tenant, later.email, (m) => m.attempts >= 2 && /451/.test(m.last_error ?? ''))
        assert.equal(retried.status, 'pending')
        assert.ok(retried.next_attempt_at, 'a pending message says when it is tried next')
      } finally {
        inbox.refuse(false)
      }
      const sent = await messageTo(tenant, later.email, (m) => m.status === 'sent')
      assert.ok(sent.attempts >= 2, `sent on attempt ${sent.attempts}`)
      assert.match(sent.last_error, /451/, 'the last refusal is still told')
      assert.ok(sent.sent_at)
      assert.equal(sent.next_attempt_at, null)
      await inbox.next(later.email)

      inbox.refuse(true)
      try {
        await invite(tenant, never.id)
        const failed = await messageTo(tenant, never.email, (m) => m.status === 'failed')
        assert.deepEqual([failed.attempts, failed.sent_at, failed.next_attempt_at], [1, null, null])
        assert.match(failed.last_error, /550/)
      } finally {
        inbox.refuse(false)
      }
      await sleep(300)
      assert.equal(inbox.to(never.email).length, 0)

      const byStatus = async (status: string) =>
        (await tenant.admin.get(`/api/v1/mail-messages?status=${status}`)).body.data.map((m: any) => m.to)
      assert.deepEqual(await byStatus('failed'), [never.email])
      assert.deepEqual(await byStatus('sent'), [later.email])
      assert.deepEqual(await byStatus('pending'), [])

      const counted = await outcomes(t)
      assert.ok(counted.sent >= before.sent + 1, JSON.stringify({ before, counted }))
      assert.ok(counted.retried >= before.retried + 1, JSON.stringify({ before, counted }))
      assert.equal(counted.failed, before.failed + 1)
      assert.equal(await sample(t, 'jornada_mail_messages_pending'), 0)
      assert.equal(await sample(t, 'jornada_mail_oldest_pending_age_seconds'), 0)
    })

    it('GET /mail-messages: administrators only, their company’s alone, never a link or a body', async () => {
      const tenant = await t.newTenant()
      const other = await t.newTenant()
      const invited = await tenant.createUser()
      const member = await tenant.createUser({ password: PASSWORD })
      await invite(tenant, invited.id)
      assert.equal((await t.client(null).post('/api/v1/auth/password-reset', { email: member.email })).status, 202)
      await inbox.next(invited.email)
      await inbox.next(member.email)
      await messageTo(tenant, member.email, (m) => m.status === 'sent')

      const listed = await tenant.admin.get('/api/v1/mail-messages')
      assert.equal(listed.status, 200)
      assert.deepEqual(listed.body.meta, { page: 1, page_size: 25, total: 2 })
      assert.deepEqual(listed.body.data.map((m: any) => [m.kind, m.to]).sort(), [
        ['invitation', invited.email],
        ['password_reset', member.email],
      ])
      for (const message of listed.body.data) {
        assert.deepEqual(Object.keys(message).sort(), [
          'attempts',
          'created_at',
          'id',
          'kind',
          'last_error',
          'next_attempt_at',
          'sent_at',
          'status',
          'to',
        ])
        assert.match(message.id, /^msg_/)
      }
      assert.doesNotMatch(JSON.stringify(listed.body), /token|\/app\/|https:/, 'no link, no body')
      const paged = await tenant.admin.get('/api/v1/mail-messages?page=2&page_size=1')
      assert.deepEqual([paged.body.data.length, paged.body.meta.total], [1, 2])

      // Another company's administrator sees none of it.
      assert.deepEqual((await other.admin.get('/api/v1/mail-messages')).body, {
        data: [],
        meta: { page: 1, page_size: 25, total: 0 },
      })
      // A member holding the scope is refused; so is an administrator's key without it.
      expectError(
        await (await tenant.keyFor(member.id, ['mail.list'])).get('/api/v1/mail-messages'),
        403,
        'permission_denied',
      )
      expectError(
        await (await tenant.keyFor(tenant.adminId, ['users.list'])).get('/api/v1/mail-messages'),
        403,
        'scope_required',
      )
      for (const query of ['status=queued', 'to=someone', 'page_size=101', 'page=0'])
        expectError(await tenant.admin.get(`/api/v1/mail-messages?${query}`), 400, 'invalid_request')

      // Once sent, the database keeps no link; 30 days later, no message.
      const bodies = await t.database.db
        .selectFrom('mail_messages')
        .select(['body_text', 'body_html'])
        .where('tenant_id', '=', tenant.id)
        .execute()
      assert.deepEqual(bodies, [
        { body_text: null, body_html: null },
        { body_text: null, body_html: null },
      ])
      const total = async () => (await tenant.admin.get('/api/v1/mail-messages')).body.meta.total
      await purgeExpired({ db: t.database.db, now: clock() + 29 * DAY })
      assert.equal(await total(), 2)
      await purgeExpired({ db: t.database.db, now: clock() + 31 * DAY })
      assert.equal(await total(), 0)
    })
  },
  {
    app: {
      clock,
      accounts: { publicUrl: PUBLIC_URL },
      mail: { ...inbox.mail, dispatcher: { pollMs: 50, retry: FAST_RETRY } },
      load: { metricsToken: METRICS_TOKEN },
    },
  },
)

forEachEngine(
  'mail queued while no dispatcher runs',
  (t) => {
    const running: MailDispatcher[] = []
    const handles: DatabaseHandle[] = []
    /** A dispatcher as another process would run it; on a connection of its own with `ownConnection`. */
    const dispatch = (options: Partial<MailDispatcherOptions> = {}, db = t.database.db) => {
      const dispatcher = startMailDispatcher(db, {
        mailer,
        domain: 'jornada.example.com',
        clock,
        pollMs: 20,
        retry: FAST_RETRY,
        onError: () => {},
        ...options,
      })
      running.push(dispatcher)
      return dispatcher
    }
    const ownConnection = async () => {
      const handle =
        t.engine === 'postgres'
          ? await openDatabase(process.env.TEST_DATABASE_URL!, { pgSchema: t.database.schema! })
          : await openDatabase(t.database.location)
      handles.push(handle)
      return handle.db
    }
    afterEach(async () => {
      await Promise.all(running.splice(0).map((d) => d.stop()))
      await Promise.all(handles.splice(0).map((h) => h.destroy()))
    })

    it('a write that fails after queuing its mail leaves no message and sends nothing', async () => {
      const tenant = await t.newTenant()
      const person = await tenant.createUser()
      const auth = (await authenticate(t.database.db, tenant.adminKey, clock()))!
      await assert.rejects(
        t.database.db.transaction().execute(async (trx) => {
          const { mailId } = await inviteUser(scopeOf(trx, auth, clock()), person.id, { base: PUBLIC_URL, mail: true })
          const queued = await trx.selectFrom('mail_messages').select('id').where('id', '=', mailId).execute()
          assert.equal(queued.length, 1, 'queued in the write’s own transaction')
          throw new Error('the write fails after queuing its mail')
        }),
        /fails after queuing/,
      )
      dispatch()
      const left = await t.database.db
        .selectFrom('mail_messages')
        .select('id')
        .where('tenant_id', '=', tenant.id)
        .execute()
      assert.deepEqual(left, [])
      assert.deepEqual((await tenant.admin.get('/api/v1/mail-messages')).body.data, [])
      await assert.rejects(inbox.next(person.email, 500), /no mail/)
    })

    it('a mail committed while no dispatcher runs is sent, once, by the next one to start', async () => {
      const tenant = await t.newTenant()
      const person = await tenant.createUser()
      await invite(tenant, person.id)
      await sleep(300)
      assert.equal(inbox.to(person.email).length, 0, 'nothing sends it while no dispatcher runs')
      const waiting = await messageTo(tenant, person.email, (m) => m.status === 'pending')
      assert.equal(waiting.attempts, 0)

      // A new process: a dispatcher of its own on the same database.
      dispatch({}, await ownConnection())
      const mail = await inbox.next(person.email, 10_000)
      const sent = await messageTo(tenant, person.email, (m) => m.status === 'sent')
      assert.equal(sent.attempts, 1)
      assert.equal(mail.messageId, `<${sent.id}@jornada.example.com>`)
      await sleep(300)
      assert.equal(inbox.to(person.email).length, 1, 'sent once')
    })

    it('a process that runs no dispatcher (the command line) sends the mail it queued at once, and only that', async () => {
      const tenant = await t.newTenant()
      const mine = await tenant.createUser()
      const theirs = await tenant.createUser()
      await invite(tenant, mine.id)
      await invite(tenant, theirs.id)
      const queued = await messageTo(tenant, mine.email, (m) => m.status === 'pending')
      const options = { mailer, domain: 'jornada.example.com', clock }
      const outcomes = await sendQueuedMail(t.database.db, [queued.id], options)
      assert.deepEqual(
        outcomes.map((o) => [o.id, o.outcome, o.attempts]),
        [[queued.id, 'sent', 1]],
      )
      await inbox.next(mine.email)
      assert.deepEqual(await sendQueuedMail(t.database.db, [queued.id], options), [], 'nothing left to send')
      assert.equal(inbox.to(theirs.email).length, 0, 'another write’s mail is left to the dispatchers')
    })

    it('two dispatchers on one database send each message exactly once', async () => {
      const tenant = await t.newTenant()
      const people = await Promise.all(Array.from({ length: 8 }, () => tenant.createUser()))
      for (const person of people) await invite(tenant, person.id)
      dispatch({ concurrency: 2 })
      dispatch({ concurrency: 2 }, await ownConnection())
      await eventually(
        'every message sent',
        async () => (await tenant.admin.get('/api/v1/mail-messages?status=sent')).body.meta.total,
        (total) => total === people.length,
      )
      await sleep(300)
      const ids = people.flatMap((person) => inbox.to(person.email).map((mail) => mail.messageId))
      assert.equal(ids.length, people.length, 'one mail each')
      assert.equal(new Set(ids).size, people.length)
    })

    it('a dispatcher that froze after the mail server took a message leaves a lease; once it expires another sends it again, with the same Message-ID', async () => {
      const tenant = await t.newTenant()
      const person = await tenant.createUser()
      await invite(tenant, person.id)
      let thaw = () => {}
      // The mail server accepts the message, then the instance stops before it writes so.
      const frozen: Mailer = {
        send: async (message) => {
          await mailer.send(message)
          await new Promise<void>((resolve) => {
            thaw = resolve
          })
        },
        close: async () => {},
      }
      const started = Date.now()
      const first = dispatch({ mailer: frozen, leaseMs: 400, sendTimeoutMs: 60_000, concurrency: 1 })
      const once = await inbox.next(person.email, 10_000)
      const leased = await messageTo(tenant, person.email, () => true)
      assert.deepEqual([leased.status, leased.attempts], ['pending', 1])

      dispatch({}, await ownConnection())
      const again = await inbox.next(person.email, 10_000)
      assert.ok(Date.now() - started >= 390, 'not sent again while the lease held')
      assert.equal(again.messageId, once.messageId, 'the same Message-ID: a mail system sees one message')
      assert.equal(once.messageId, `<${leased.id}@jornada.example.com>`)
      const sent = await messageTo(tenant, person.email, (m) => m.status === 'sent')
      assert.equal(sent.attempts, 2)

      // The frozen attempt ends at last: its outcome is dropped, the second instance's stands.
      thaw()
      await first.stop()
      const settled = await messageTo(tenant, person.email, () => true)
      assert.deepEqual([settled.status, settled.attempts, settled.sent_at], ['sent', 2, sent.sent_at])
    })
  },
  { app: { clock, accounts: { publicUrl: PUBLIC_URL }, mail: { ...inbox.mail, dispatch: false } } },
)
