/**
 * Reminders by Web Push (docs/notifications.md) on both engines: with SECRETS_KEY the service
 * pushes reminders by itself, to a push service on loopback that decrypts them as RFC 8291 says;
 * the message speaks the person's language and opens the right screen of the app, and a person
 * who turned push off for a kind still gets the mail, and no push; a push the push service refuses
 * is counted as failed, and not tried again.
 */
import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { after, before, it } from 'node:test'
import { SecretBox } from '../../src/lib/secret-box.js'
import { type TestContext, forEachEngine } from '../helpers/harness.js'
import { useInboxForThisFile } from '../helpers/inbox.js'
import { type PushReceiver, decrypt, startPushReceiver } from '../helpers/push-receiver.js'

const METRICS_TOKEN = 'metrics-token-of-the-push-reminder-tests'
const inbox = useInboxForThisFile()
let receiver: PushReceiver
before(async () => {
  receiver = await startPushReceiver()
})
after(() => receiver.close())
const now = Date.parse('2026-12-02T10:30:00Z') // a Wednesday, 11:30 in Madrid

async function sample(t: TestContext, series: string): Promise<number> {
  const text = (await t.client(METRICS_TOKEN).get('/metrics')).body as string
  const line = text.split('\n').find((l) => l.startsWith(`${series} `))
  return line === undefined ? 0 : Number(line.slice(series.length + 1))
}

forEachEngine(
  'reminders by push',
  (t) => {
    it('a correction proposed by someone else is pushed at once in the person’s language, opening Requests; push turned off: mail only', async () => {
      const tenant = await t.newTenant({ timezone: 'Europe/Madrid', country: 'ES' })
      // The month to sign is kept out of the way: only the correction is reminded of.
      assert.equal(
        (await tenant.admin.patch('/api/v1/tenant', { notification_defaults: { sign_day: 28 } })).status,
        200,
      )
      const ana = await tenant.createUser()
      const bob = await tenant.createUser()
      // Carla's push service refuses what it is sent: her push fails, her mail still goes.
      const carla = await tenant.createUser()
      const people = [ana, bob, carla]
      const phones = new Map(people.map((p) => [p.id, receiver.installation(`phone-${p.id}`)]))
      receiver.answer(`/push/phone-${carla.id}`, 503)
      for (const person of people) {
        const key = await tenant.keyFor(person.id)
        const phone = phones.get(person.id)!
        const made = await key.post('/api/v1/me/push-subscriptions', { endpoint: phone.endpoint, keys: phone.keys })
        assert.equal(made.status, 201, JSON.stringify(made.body))
      }
      const anaKey = await tenant.keyFor(ana.id)
      assert.equal((await anaKey.patch('/api/v1/me/notifications', { language: 'en' })).status, 200)
      const bobKey = await tenant.keyFor(bob.id)
      const off = await bobKey.patch('/api/v1/me/notifications', { kinds: { correction_consent: { push: false } } })
      assert.deepEqual(off.body.data.kinds.correction_consent, { mail: true, push: false })

      for (const person of people) {
        const proposed = await tenant.admin.post('/api/v1/attendance/corrections', {
          user_id: person.id,
          reason: 'You came in at 09:00',
          changes: [{ action: 'add', type: 'in', ts: '2026-12-02T08:00:00Z' }],
        })
        assert.equal(proposed.status, 201, JSON.stringify(proposed.body))
      }
      const series = (outcome: string) =>
        `jornada_reminders_total{kind="correction_consent",channel="push",outcome="${outcome}"}`
      const [sentBefore, suppressedBefore, failedBefore] = [
        await sample(t, series('sent')),
        await sample(t, series('suppressed')),
        await sample(t, series('failed')),
      ]
      const receivedBefore = receiver.received.length
      const summary = await t.app.reminders.run()
      assert.ok(summary, 'the round ran')

      const got = receiver.received.slice(receivedBefore)
      assert.deepEqual(
        got.map((r) => r.path).sort(),
        [`/push/phone-${ana.id}`, `/push/phone-${carla.id}`].sort(),
        'pushed to Ana’s and Carla’s phones only: Bob turned push off for corrections',
      )
      const toAna = got.find((r) => r.path === `/push/phone-${ana.id}`)!
      const message = JSON.parse(decrypt(toAna.body, phones.get(ana.id)!))
      assert.equal(message.title, 'A correction of your record waits for your consent')
      assert.match(message.body, /A correction of your time record was proposed .*\(Requests\)/)
      assert.doesNotMatch(message.body, /You came in at 09:00/, 'the reason stays behind sign-in')
      assert.equal(message.url, '/app/requests')
      assert.match(message.tag, /^reminder-/)
      assert.equal(await sample(t, series('sent')), sentBefore + 1)
      assert.equal(await sample(t, series('suppressed')), suppressedBefore + 1)
      assert.equal(await sample(t, series('failed')), failedBefore + 1, 'Carla’s push, refused by her push service')

      // Bob still gets the mail, in the company's language.
      await inbox.sendOutbox(t.database.db, () => now)
      assert.equal((await inbox.next(bob.email)).subject, 'Una corrección de tu registro espera tu conformidad')
      assert.equal((await inbox.next(carla.email)).subject, 'Una corrección de tu registro espera tu conformidad')
      // A later round pushes nothing again, not even the push that failed (a late reminder is no reminder).
      await t.app.reminders.run()
      assert.equal(receiver.received.length, receivedBefore + 2)
    })
  },
  {
    app: {
      clock: () => now,
      accounts: { publicUrl: 'https://jornada.example.com' },
      mail: { ...inbox.mail, dispatch: false },
      load: { metricsToken: METRICS_TOKEN },
      secrets: new SecretBox(randomBytes(32)),
      push: { subject: 'mailto:ops@example.com', allowPrivateNetworks: true },
    },
  },
)
