/**
 * Reminders (docs/notifications.md, docs/decisions/0026-reminders.md) on both engines, mailed to a
 * real SMTP server on loopback, with the service's clock moved by the test: each kind at its
 * moment and not before, none at night, none of a kind the person turned off, the unsubscribe
 * link once, and a reminder queued before a restart sent once after it.
 */
import assert from 'node:assert/strict'
import { it } from 'node:test'
import type { ParsedMail } from 'mailparser'
import { buildApp } from '../../src/app.js'
import { eventually } from '../helpers/eventually.js'
import { NO_SHEDDING, type TestContext, type TestTenant, forEachEngine } from '../helpers/harness.js'
import { useInboxForThisFile } from '../helpers/inbox.js'

const PUBLIC_URL = 'https://jornada.example.com'
const METRICS_TOKEN = 'metrics-token-of-the-reminder-tests'
const inbox = useInboxForThisFile()
let now = Date.parse('2026-12-02T09:00:00Z')
const clock = () => now
const at = (iso: string) => {
  now = Date.parse(iso)
}

/** The round, then the outbox sent: the reminders due at the clock's moment reach the inbox. */
async function remind(t: TestContext): Promise<void> {
  await t.app.reminders.run()
  await inbox.sendOutbox(t.database.db, clock)
}

/** The reminder mails the outbox holds for a person (queued or sent), as the administrator's list shows them. */
async function remindersTo(tenant: TestTenant, email: string): Promise<any[]> {
  const list = (await tenant.admin.get('/api/v1/mail-messages?page_size=100')).body.data
  return list.filter((m: any) => m.to === email && m.kind === 'reminder')
}

/** A company in Madrid whose month-to-sign reminders are kept out of the way (the 28th), unless a test wants them. */
async function company(t: TestContext, defaults: Record<string, unknown> = { sign_day: 28 }): Promise<TestTenant> {
  const tenant = await t.newTenant({ timezone: 'Europe/Madrid', country: 'ES' })
  const res = await tenant.admin.patch('/api/v1/tenant', { notification_defaults: defaults })
  assert.equal(res.status, 200, JSON.stringify(res.body))
  return tenant
}

async function punch(tenant: TestTenant, userId: string, type: string, ts: string) {
  const res = await tenant.admin.post('/api/v1/attendance', { user_id: userId, type, ts })
  assert.equal(res.status, 201, JSON.stringify(res.body))
  return res.body.data
}

/** The mail's header line, as sent. */
const headerLine = (mail: ParsedMail, name: string) =>
  mail.headerLines.find((h) => h.key === name.toLowerCase())?.line.replace(/^[^:]+:\s*/, '')

const unsubscribeLink = (mail: ParsedMail) => {
  const match = /(https:\/\/jornada\.example\.com\/api\/v1\/notifications\/unsubscribe\?token=[A-Za-z0-9_-]+)/.exec(
    mail.text ?? '',
  )
  assert.ok(match, `an unsubscribe link in: ${mail.text}`)
  return new URL(match[1]!)
}

async function sample(t: TestContext, series: string): Promise<number> {
  const text = (await t.client(METRICS_TOKEN).get('/metrics')).body as string
  const line = text.split('\n').find((l) => l.startsWith(`${series} `))
  return line === undefined ? 0 : Number(line.slice(series.length + 1))
}

forEachEngine(
  'reminders by mail',
  (t) => {
    it('a session still open at 18:30 (8 h after a 10:00 start, plus 30 min): reminded once, in the person’s language, with a link to unsubscribe', async () => {
      at('2026-12-02T09:00:00Z') // Wednesday, 10:00 in Madrid
      const tenant = await company(t)
      const worker = await tenant.createUser({ full_name: 'Ana Worker' })
      await punch(tenant, worker.id, 'in', '2026-12-02T09:00:00Z')

      at('2026-12-02T17:29:00Z') // 18:29
      await remind(t)
      assert.deepEqual(await remindersTo(tenant, worker.email), [], 'not before 18:30')

      at('2026-12-02T17:31:00Z') // 18:31
      await remind(t)
      const mail = await inbox.next(worker.email)
      assert.equal(mail.subject, 'Tu jornada sigue abierta')
      assert.match(mail.text ?? '', /Hola, Ana Worker:/)
      assert.match(mail.text ?? '', /2 de diciembre a las 10:00/)
      assert.match(mail.text ?? '', /https:\/\/jornada\.example\.com\/app/)
      const link = unsubscribeLink(mail)
      assert.equal(headerLine(mail, 'List-Unsubscribe'), `<${link.href}>`)
      assert.equal(headerLine(mail, 'List-Unsubscribe-Post'), 'List-Unsubscribe=One-Click')

      // Later rounds find the same session: nothing more.
      at('2026-12-02T19:00:00Z')
      await remind(t)
      assert.equal((await remindersTo(tenant, worker.email)).length, 1)

      // The worker wants English: the next reminder speaks it.
      const own = await tenant.keyFor(worker.id)
      const changed = await own.patch('/api/v1/me/notifications', { language: 'en' })
      assert.equal(changed.status, 200, JSON.stringify(changed.body))
      assert.equal(changed.body.data.language, 'en')
      await punch(tenant, worker.id, 'out', '2026-12-02T19:00:00Z')
      at('2026-12-03T08:00:00Z') // Thursday 09:00
      await punch(tenant, worker.id, 'in', '2026-12-03T08:00:00Z')
      at('2026-12-03T16:31:00Z') // 17:31: 8 h 30 min after 09:00
      await remind(t)
      assert.equal((await inbox.next(worker.email)).subject, 'Your working session is still open')
    })

    it('a reminder due at night waits for 08:00, and one whose session was closed meanwhile is not sent', async () => {
      at('2026-12-02T12:00:00Z') // 13:00: due at 21:30, at night
      const tenant = await company(t)
      const closes = await tenant.createUser()
      const forgets = await tenant.createUser()
      await punch(tenant, closes.id, 'in', '2026-12-02T12:00:00Z')
      await punch(tenant, forgets.id, 'in', '2026-12-02T12:00:00Z')
      at('2026-12-02T20:35:00Z') // 21:35
      await remind(t)
      assert.deepEqual(await remindersTo(tenant, forgets.email), [], 'held at night')
      at('2026-12-02T20:40:00Z')
      await punch(tenant, closes.id, 'out', '2026-12-02T20:40:00Z')
      at('2026-12-03T06:59:00Z') // 07:59
      await remind(t)
      assert.deepEqual(await remindersTo(tenant, forgets.email), [])
      at('2026-12-03T07:00:00Z') // 08:00
      await remind(t)
      assert.equal((await inbox.next(forgets.email)).subject, 'Tu jornada sigue abierta')
      assert.deepEqual(await remindersTo(tenant, closes.email), [], 'settled before its moment: suppressed')
    })

    it('a correction proposed to a worker reaches them at once; one who turned the kind off by mail gets none, counted as suppressed', async () => {
      at('2026-12-02T10:30:00Z') // 11:30
      const tenant = await company(t)
      const worker = await tenant.createUser()
      const quiet = await tenant.createUser()
      const quietKey = await tenant.keyFor(quiet.id)
      const off = await quietKey.patch('/api/v1/me/notifications', { kinds: { correction_consent: { mail: false } } })
      assert.equal(off.status, 200, JSON.stringify(off.body))
      assert.deepEqual(off.body.data.kinds.correction_consent, { mail: false, push: true })
      assert.deepEqual(off.body.data.kinds.open_session, { mail: true, push: true }, 'the others stay')
      expectBad(await quietKey.patch('/api/v1/me/notifications', { kinds: { nonsense: { mail: false } } }))
      expectBad(await quietKey.patch('/api/v1/me/notifications', { language: 'fr' }))

      for (const person of [worker, quiet]) {
        const proposed = await tenant.admin.post('/api/v1/attendance/corrections', {
          user_id: person.id,
          reason: 'You came in at 09:00',
          changes: [{ action: 'add', type: 'in', ts: '2026-12-02T08:00:00Z' }],
        })
        assert.equal(proposed.status, 201, JSON.stringify(proposed.body))
      }
      const suppressed = 'jornada_reminders_total{kind="correction_consent",channel="mail",outcome="suppressed"}'
      const before = await sample(t, suppressed)
      await remind(t)
      const mail = await inbox.next(worker.email)
      assert.equal(mail.subject, 'Una corrección de tu registro espera tu conformidad')
      assert.doesNotMatch(mail.text ?? '', /You came in at 09:00/, 'the reason stays behind sign-in')
      assert.deepEqual(await remindersTo(tenant, quiet.email), [])
      assert.equal(await sample(t, suppressed), before + 1)
      assert.ok(
        (await sample(t, 'jornada_reminders_total{kind="correction_consent",channel="mail",outcome="sent"}')) >= 1,
      )
    })

    it('the digest at 09:00 names each person and counts what waits, with no absence type or reason; none when nothing waits, nor before the hour', async () => {
      at('2026-12-02T07:00:00Z') // 08:00 in Madrid
      const tenant = await company(t)
      const boss = await tenant.createUser({ full_name: 'Berta Boss' })
      const idle = await tenant.createUser({ full_name: 'Iñigo Idle' })
      const worker = await tenant.createUser({ full_name: 'Wenceslao Worker', manager_id: boss.id })
      const own = await tenant.keyFor(worker.id)
      const asked = await own.post('/api/v1/absences', {
        user_id: worker.id,
        type: 'personal',
        start_date: '2026-12-14',
        end_date: '2026-12-14',
        note: 'Dentist appointment',
      })
      assert.equal(asked.status, 201, JSON.stringify(asked.body))
      const punched = await punch(tenant, worker.id, 'in', '2026-12-01T08:00:00Z')
      const proposed = await own.post('/api/v1/attendance/corrections', {
        user_id: worker.id,
        reason: 'I came in at 08:30',
        changes: [{ action: 'move', punch_id: punched.id, ts: '2026-12-01T07:30:00Z' }],
      })
      assert.equal(proposed.status, 201, JSON.stringify(proposed.body))

      at('2026-12-02T07:59:00Z') // 08:59
      await remind(t)
      assert.deepEqual(await remindersTo(tenant, boss.email), [], 'not before the hour')
      at('2026-12-02T08:00:00Z') // 09:00
      await remind(t)
      const digest = await inbox.next(boss.email)
      assert.equal(digest.subject, 'Solicitudes pendientes de tu decisión')
      assert.match(digest.text ?? '', /Wenceslao Worker: 1 solicitud y 1 corrección/)
      assert.doesNotMatch(digest.text ?? '', /Dentist|personal|asuntos propios|08:30/i)
      assert.match(digest.text ?? '', /https:\/\/jornada\.example\.com\/app\/inbox/)
      assert.deepEqual(await remindersTo(tenant, idle.email), [], 'nothing waits for them: no digest')
      at('2026-12-02T08:30:00Z')
      await remind(t)
      assert.equal((await remindersTo(tenant, boss.email)).length, 1, 'one digest a day')
    })

    it('a month ready to sign: on the company’s day, once, to those who have not signed it', async () => {
      at('2026-11-30T10:00:00Z') // the last day of November
      const tenant = await company(t, { sign_day: 1 })
      const signer = await tenant.createUser()
      const forgetful = await tenant.createUser()
      at('2026-12-01T09:00:00Z') // 1 December, 10:00: November has ended
      const signed = await (await tenant.keyFor(signer.id)).post('/api/v1/attendance/reports/monthly/sign', {
        month: '2026-11',
      })
      assert.equal(signed.status, 201, JSON.stringify(signed.body))
      await remind(t)
      const mail = await inbox.next(forgetful.email)
      assert.equal(mail.subject, 'Tu registro del mes está listo para firmar')
      assert.match(mail.text ?? '', /noviembre 2026/)
      assert.deepEqual(await remindersTo(tenant, signer.email), [])
      at('2026-12-02T09:00:00Z')
      await remind(t)
      assert.equal((await remindersTo(tenant, forgetful.email)).length, 1, 'once a month')
    })

    it('overtime to rest whose deadline is near: the worker and HR are reminded, once', async () => {
      at('2026-12-02T10:00:00Z')
      const tenant = await company(t)
      const hrDepartment = (await tenant.admin.post('/api/v1/departments', { name: 'People' })).body.data
      assert.equal((await tenant.admin.patch('/api/v1/tenant', { hr_department_id: hrDepartment.id })).status, 200)
      const hr = await tenant.createUser({ full_name: 'Helena HR', department_id: hrDepartment.id })
      const worker = await tenant.createUser({ full_name: 'Olga Overtime' })
      // An approved lot of October to be rested, two hours still owed, due in ten days; and one due later.
      const lot = (id: string, compensateBy: string) => ({
        id,
        tenant_id: tenant.id,
        user_id: worker.id,
        month: '2026-10',
        sequence: id.endsWith('1') ? 1 : 2,
        adjusts: null,
        kind: 'overtime' as const,
        minutes: 180,
        days: '[]',
        basis: 'daily' as const,
        status: 'approved' as const,
        compensation: 'rest' as const,
        force_majeure: false,
        compensate_by: compensateBy,
        rested_minutes: 60,
        paid_minutes: 0,
        overdue_announced_at: null,
        decided_by: tenant.adminId,
        decided_at: '2026-11-02T10:00:00.000Z',
        decision_note: null,
        created_at: '2026-11-01T10:00:00.000Z',
        updated_at: '2026-11-02T10:00:00.000Z',
      })
      await t.database.db
        .insertInto('overtime_lots')
        .values([
          lot(`otl_rem${tenant.id.slice(-8)}1`, '2026-12-12'),
          lot(`otl_rem${tenant.id.slice(-8)}2`, '2027-02-28'),
        ])
        .execute()
      await remind(t)
      const own = await inbox.next(worker.email)
      assert.equal(own.subject, 'Horas extra por descansar antes de su plazo')
      assert.match(own.text ?? '', /Tienes 2:00 h de horas extra por descansar antes del 12 de diciembre de 2026/)
      assert.match((await inbox.next(hr.email)).text ?? '', /Olga Overtime tiene 2:00 h/)
      at('2026-12-03T10:00:00Z')
      await remind(t)
      assert.equal((await remindersTo(tenant, worker.email)).length, 1, 'once per lot')
    })

    it('the unsubscribe link works without signing in, once: GET asks, POST (one click, RFC 8058) turns the kind off by mail', async () => {
      at('2026-12-02T10:00:00Z')
      const tenant = await company(t)
      const worker = await tenant.createUser()
      await tenant.admin.post('/api/v1/attendance/corrections', {
        user_id: worker.id,
        reason: 'A forgotten punch',
        changes: [{ action: 'add', type: 'in', ts: '2026-12-02T08:00:00Z' }],
      })
      await remind(t)
      const link = unsubscribeLink(await inbox.next(worker.email))
      const url = `${link.pathname}${link.search}`
      const page = await t.app.inject({ method: 'GET', url })
      assert.equal(page.statusCode, 200)
      assert.match(page.headers['content-type'] as string, /^text\/html/)
      assert.match(page.body, /<form method="post"/)
      const oneClick = () =>
        t.app.inject({
          method: 'POST',
          url,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'List-Unsubscribe=One-Click',
        })
      const first = await oneClick()
      assert.equal(first.statusCode, 200, first.body)
      assert.match(first.body, /ya no recibirás por correo/)
      const again = await oneClick()
      assert.equal(again.statusCode, 404)
      assert.match(again.body, /ya se ha usado/)
      const forged = await t.app.inject({
        method: 'POST',
        url: `${link.pathname}?token=${'A'.repeat(43)}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      })
      assert.equal(forged.statusCode, 404)
      const mine = await (await tenant.keyFor(worker.id)).get('/api/v1/me/notifications')
      assert.deepEqual(mine.body.data.kinds.correction_consent, { mail: false, push: true })
      assert.deepEqual(mine.body.data.kinds.month_to_sign, { mail: true, push: true })
    })

    it('a reminder queued before a restart is sent once after it: neither lost nor repeated', async () => {
      // Before the next test's moment: the restarted process's lease on the round has ended by then.
      at('2026-12-02T09:30:00Z')
      const tenant = await company(t)
      const worker = await tenant.createUser()
      await tenant.admin.post('/api/v1/attendance/corrections', {
        user_id: worker.id,
        reason: 'A forgotten punch',
        changes: [{ action: 'add', type: 'in', ts: '2026-12-02T08:00:00Z' }],
      })
      // Two instances' rounds at once, then the process stops before the outbox is sent.
      await Promise.all([t.app.reminders.run(), t.app.reminders.run()])
      const queued = await remindersTo(tenant, worker.email)
      assert.deepEqual(
        queued.map((m) => m.status),
        ['pending'],
      )
      // The next process, on the same database: its round finds the reminder taken and queues
      // nothing more; its own mail dispatcher sends the queued mail, once.
      const restarted = await buildApp({
        db: t.database.db,
        rateLimitPerMinute: 100_000,
        clock,
        accounts: { publicUrl: PUBLIC_URL },
        mail: { ...inbox.mail, dispatcher: { pollMs: 20 } },
        load: NO_SHEDDING,
      })
      try {
        await restarted.ready()
        at('2026-12-02T09:31:30Z') // the next minute's round: the restarted process runs it
        assert.equal((await restarted.reminders.run()).skipped, false, 'the restarted process runs the round')
        await inbox.next(worker.email)
        await restarted.reminders.run()
        await eventually(
          'the outbox to be sent',
          async () => (await remindersTo(tenant, worker.email)).map((m) => m.status),
          (statuses) => statuses.length === 1 && statuses[0] === 'sent',
        )
      } finally {
        await restarted.close()
      }
      assert.equal(inbox.to(worker.email).length, 1)
    })

    it('the company’s defaults: a kind turned off for everyone is sent to no one who has not chosen otherwise', async () => {
      at('2026-12-02T10:00:00Z')
      const tenant = await company(t, { sign_day: 28, kinds: { correction_consent: { mail: false } } })
      const settings = (await tenant.admin.get('/api/v1/tenant')).body.data.notification_defaults
      assert.deepEqual(settings.kinds.correction_consent, { mail: false, push: true })
      assert.equal(settings.digest_hour, 9)
      expectBad(await tenant.admin.patch('/api/v1/tenant', { notification_defaults: { digest_hour: 24 } }))
      const member = await tenant.createUser()
      const keen = await tenant.createUser()
      await (await tenant.keyFor(keen.id)).patch('/api/v1/me/notifications', {
        kinds: { correction_consent: { mail: true } },
      })
      for (const person of [member, keen])
        await tenant.admin.post('/api/v1/attendance/corrections', {
          user_id: person.id,
          reason: 'A forgotten punch',
          changes: [{ action: 'add', type: 'in', ts: '2026-12-02T08:00:00Z' }],
        })
      await remind(t)
      await inbox.next(keen.email)
      assert.deepEqual(await remindersTo(tenant, member.email), [])
      const notAdmin = await (await tenant.keyFor(member.id)).patch('/api/v1/tenant', {
        notification_defaults: { digest_hour: 10 },
      })
      assert.equal(notAdmin.status, 403)
    })
  },
  {
    app: {
      clock,
      accounts: { publicUrl: PUBLIC_URL },
      mail: { ...inbox.mail, dispatch: false },
      load: { metricsToken: METRICS_TOKEN },
    },
  },
)

function expectBad(res: { status: number; body: any }) {
  assert.equal(res.status, 400, JSON.stringify(res.body))
  assert.ok(res.body.error?.code, 'the contract’s error format')
}
