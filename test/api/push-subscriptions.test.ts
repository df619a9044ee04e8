/**
 * Web Push of reminders (docs/decisions/0026-reminders.md): the VAPID key made once and kept
 * sealed, people's subscriptions (strictly checked, personal, one per installation, at most ten),
 * and `sendPushToUser` delivering to a push service on loopback that checks the VAPID token and
 * decrypts the message as RFC 8291 says; a push service's 404 or 410 ends the subscription.
 */
import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { after, before, it } from 'node:test'
import { buildApp } from '../../src/app.js'
import { SCOPES } from '../../src/auth/scopes.js'
import { loadConfig } from '../../src/config.js'
import { SecretBox } from '../../src/lib/secret-box.js'
import { createKey } from '../../src/modules/keys/keys.service.js'
import { endpointProblem, isAppPath, payloadOf } from '../../src/modules/push/push.logic.js'
import { type PushSettings, pushSenderWith, sendPushToUser } from '../../src/modules/push/index.js'
import { expectError, forEachEngine } from '../helpers/harness.js'
import { type PushReceiver, decrypt, startPushReceiver, vapidClaims } from '../helpers/push-receiver.js'

const secrets = new SecretBox(randomBytes(32))
const SUBJECT = 'mailto:ops@example.com'
let receiver: PushReceiver
before(async () => {
  receiver = await startPushReceiver()
})
after(() => receiver.close())

const settings = (): PushSettings => ({ secrets, subject: SUBJECT, allowPrivateNetworks: true })
const message = { title: 'Fichaje abierto', body: 'Sigues fichado desde las 9:00', url: '/app/today', tag: 'open:1' }

it('endpoints are the https URLs of push services; only a trial allows loopback and http', () => {
  assert.equal(endpointProblem('https://fcm.googleapis.com/fcm/send/abc', false), null)
  assert.equal(endpointProblem('http://push.example.com/x', false), 'must be an https URL')
  assert.match(endpointProblem('https://127.0.0.1/x', false) ?? '', /private, loopback/)
  assert.match(endpointProblem('https://localhost/x', false) ?? '', /localhost/)
  assert.match(endpointProblem('https://10.0.0.1/x', false) ?? '', /private/)
  assert.match(endpointProblem('https://u:p@push.example.com/x', false) ?? '', /credentials/)
  assert.match(endpointProblem('not a url', false) ?? '', /https URL/)
  assert.equal(endpointProblem('http://127.0.0.1:9/x', true), null)
  // A push opens a screen of the app, never another address.
  assert.ok(isAppPath('/app/requests?tab=corrections'))
  for (const elsewhere of ['https://evil.example/app', '//evil.example/app', '/api/v1/me', '/application'])
    assert.ok(!isAppPath(elsewhere), elsewhere)
  assert.throws(() => payloadOf({ ...message, url: 'https://evil.example/' }))
})

it('VAPID_SUBJECT is a mailto: or https: contact; PUSH_ALLOW_PRIVATE_NETWORKS is a flag', () => {
  assert.deepEqual(loadConfig({}).push, { subject: null, allowPrivateNetworks: false })
  assert.equal(loadConfig({ VAPID_SUBJECT: 'mailto:ops@example.com' }).push.subject, 'mailto:ops@example.com')
  assert.equal(loadConfig({ VAPID_SUBJECT: 'https://jornada.example.com' }).push.subject, 'https://jornada.example.com')
  for (const bad of ['ops@example.com', 'http://jornada.example.com', 'not a url'])
    assert.throws(() => loadConfig({ VAPID_SUBJECT: bad }), /VAPID_SUBJECT must be a mailto: or https: URL/)
  assert.equal(loadConfig({ PUSH_ALLOW_PRIVATE_NETWORKS: 'true' }).push.allowPrivateNetworks, true)
  assert.throws(() => loadConfig({ PUSH_ALLOW_PRIVATE_NETWORKS: 'yes' }), /PUSH_ALLOW_PRIVATE_NETWORKS/)
})

forEachEngine(
  'Web Push',
  (t) => {
    it('one VAPID key for the service, made at start, its private half sealed', async () => {
      // Made as the service starts, before anyone asks for it.
      await t.app.ready()
      const atStart = await t.database.db.selectFrom('push_vapid_keys').select('public_key').execute()
      assert.equal(atStart.length, 1, 'made on the first start')
      const tenant = await t.newTenant()
      const worker = await tenant.createUser()
      const me = await tenant.keyFor(worker.id)
      const first = await me.get('/api/v1/me/push-subscriptions/key')
      assert.equal(first.status, 200, JSON.stringify(first.body))
      assert.equal(Buffer.from(first.body.data.public_key, 'base64url').length, 65)
      assert.deepEqual((await tenant.admin.get('/api/v1/me/push-subscriptions/key')).body, first.body)
      const row = await t.database.db.selectFrom('push_vapid_keys').selectAll().executeTakeFirstOrThrow()
      assert.equal(row.public_key, first.body.data.public_key)
      assert.equal(row.public_key, atStart[0]!.public_key, 'the key made at start is kept')
      assert.match(row.private_key_sealed, /^v1\./)
      const opened = secrets.open(row.private_key_sealed, 'push-vapid-key:vapid')
      assert.equal(Buffer.from(opened ?? '', 'base64url').length, 32)
      // A service without SECRETS_KEY cannot push, and says so.
      const unsealed = await buildApp({ db: t.database.db, rateLimitPerMinute: 100_000 })
      try {
        const fresh = await t.database.db.deleteFrom('push_vapid_keys').execute()
        assert.equal(Number(fresh[0]?.numDeletedRows), 1)
        const res = await unsealed.inject({
          method: 'GET',
          url: '/api/v1/me/push-subscriptions/key',
          headers: { authorization: `Bearer ${tenant.adminKey}` },
        })
        assert.equal(res.statusCode, 409)
        assert.equal(res.json().error.code, 'secrets_key_missing')
      } finally {
        await unsealed.close()
      }
      // The next use makes it again.
      assert.equal((await me.get('/api/v1/me/push-subscriptions/key')).status, 200)
    })

    it('a reminder reaches every installation, encrypted to its keys and signed with the VAPID key', async () => {
      const tenant = await t.newTenant()
      const worker = await tenant.createUser()
      const me = await tenant.keyFor(worker.id)
      const phone = receiver.installation(`phone-${worker.id}`)
      const tablet = receiver.installation(`tablet-${worker.id}`)
      const made = await me.post('/api/v1/me/push-subscriptions', { endpoint: phone.endpoint, keys: phone.keys })
      assert.equal(made.status, 201, JSON.stringify(made.body))
      assert.equal(made.body.data.endpoint, phone.endpoint)
      // The same installation subscribing again keeps its one subscription.
      const again = await me.post('/api/v1/me/push-subscriptions', { endpoint: phone.endpoint, keys: phone.keys })
      assert.equal(again.status, 200)
      assert.equal(again.body.data.id, made.body.data.id)
      assert.equal(
        (await me.post('/api/v1/me/push-subscriptions', { endpoint: tablet.endpoint, keys: tablet.keys })).status,
        201,
      )
      const key = (await me.get('/api/v1/me/push-subscriptions/key')).body.data.public_key
      const before = receiver.received.length
      const outcome = await sendPushToUser(
        { db: t.database.db, now: Date.now() },
        settings(),
        { tenantId: tenant.id, userId: worker.id },
        message,
      )
      assert.deepEqual(outcome, { sent: 2, removed: 0, failed: 0, errors: [] })
      const got = receiver.received.slice(before)
      assert.deepEqual(got.map((r) => r.path).sort(), [`/push/phone-${worker.id}`, `/push/tablet-${worker.id}`])
      for (const request of got) {
        const to = request.path.includes('phone') ? phone : tablet
        assert.deepEqual(JSON.parse(decrypt(request.body, to)), message)
        assert.equal(request.headers['content-encoding'], 'aes128gcm')
        assert.equal(request.headers.ttl, '86400')
        assert.match(String(request.headers.topic), /^[A-Za-z0-9_-]{32}$/)
        const { claims, publicKey } = vapidClaims(request.headers)
        assert.equal(publicKey, key)
        assert.equal(claims.aud, receiver.url)
        assert.equal(claims.sub, SUBJECT)
        const hours = (claims.exp * 1000 - Date.now()) / 3_600_000
        assert.ok(hours > 1 && hours <= 24, `expires within a day: ${hours} h`)
      }
      const list = await me.get('/api/v1/me/push-subscriptions')
      assert.equal(list.body.data.length, 2)
      assert.ok(list.body.data.every((s: { last_sent_at: string | null }) => s.last_sent_at !== null))
      // Nobody else's installations are sent to.
      const colleague = await tenant.createUser()
      const none = await sendPushToUser(
        { db: t.database.db, now: Date.now() },
        settings(),
        { tenantId: tenant.id, userId: colleague.id },
        message,
      )
      assert.deepEqual(none, { sent: 0, removed: 0, failed: 0, errors: [] })
    })

    it('a push service’s 410 or 404 ends the subscription; another refusal keeps it', async () => {
      const tenant = await t.newTenant()
      const worker = await tenant.createUser()
      const me = await tenant.keyFor(worker.id)
      const gone = receiver.installation(`gone-${worker.id}`)
      const lost = receiver.installation(`lost-${worker.id}`)
      const busy = receiver.installation(`busy-${worker.id}`)
      for (const installation of [gone, lost, busy])
        await me.post('/api/v1/me/push-subscriptions', { endpoint: installation.endpoint, keys: installation.keys })
      receiver.answer(`/push/gone-${worker.id}`, 410)
      receiver.answer(`/push/lost-${worker.id}`, 404)
      receiver.answer(`/push/busy-${worker.id}`, 503)
      // As the reminders' dispatcher is handed it: the settings bound.
      const push = pushSenderWith(settings())
      const outcome = await push(
        { db: t.database.db, now: Date.now() },
        { tenantId: tenant.id, userId: worker.id },
        message,
      )
      assert.deepEqual(outcome, { sent: 0, removed: 2, failed: 1, errors: ['the push service answered 503'] })
      const left = (await me.get('/api/v1/me/push-subscriptions')).body.data
      assert.deepEqual(
        left.map((s: { endpoint: string }) => s.endpoint),
        [busy.endpoint],
      )
    })

    it('bad subscriptions are 400 with the field; subscribing is personal; another’s is 404', async () => {
      const tenant = await t.newTenant()
      const worker = await tenant.createUser()
      const me = await tenant.keyFor(worker.id)
      const good = receiver.installation(`good-${worker.id}`)
      const cases: [Record<string, unknown>, string][] = [
        [{ endpoint: 'not a url', keys: good.keys }, 'endpoint'],
        [{ endpoint: 'ftp://127.0.0.1/push', keys: good.keys }, 'endpoint'],
        [{ endpoint: good.endpoint, keys: { ...good.keys, p256dh: good.keys.p256dh.slice(0, 40) } }, 'keys.p256dh'],
        // 65 bytes starting with 4, but not a point of the curve.
        [
          { endpoint: good.endpoint, keys: { ...good.keys, p256dh: Buffer.alloc(65, 4).toString('base64url') } },
          'keys.p256dh',
        ],
        [{ endpoint: good.endpoint, keys: { ...good.keys, auth: randomBytes(8).toString('base64url') } }, 'keys.auth'],
        [{ endpoint: good.endpoint, keys: { ...good.keys, auth: 'not base64!' } }, 'keys/auth'],
        [{ endpoint: good.endpoint, keys: good.keys, expirationTime: null }, 'expirationTime'],
        [{ endpoint: good.endpoint }, 'keys'],
      ]
      for (const [body, field] of cases) {
        const error = expectError(await me.post('/api/v1/me/push-subscriptions', body), 400, 'invalid_request')
        assert.ok(
          JSON.stringify(error.details ?? []).includes(field.split(/[./]/).pop()!),
          `${field}: ${JSON.stringify(error)}`,
        )
      }
      // A key an administrator made acting as the worker cannot route the worker's reminders elsewhere.
      const { apiKey } = await createKey(
        { db: t.database.db, now: Date.now() },
        { tenantId: tenant.id, actsAsUserId: worker.id, scopes: SCOPES, createdByUserId: tenant.adminId },
      )
      expectError(
        await t.client(apiKey).post('/api/v1/me/push-subscriptions', { endpoint: good.endpoint, keys: good.keys }),
        403,
        'personal_credential_required',
      )
      const made = await me.post('/api/v1/me/push-subscriptions', { endpoint: good.endpoint, keys: good.keys })
      assert.equal(made.status, 201)
      // A colleague, and another company, see nothing of it and cannot remove it.
      const colleague = await tenant.keyFor((await tenant.createUser()).id)
      expectError(await colleague.delete(`/api/v1/me/push-subscriptions/${made.body.data.id}`), 404, 'not_found')
      const other = await t.newTenant()
      const stranger = await other.keyFor((await other.createUser()).id)
      expectError(await stranger.delete(`/api/v1/me/push-subscriptions/${made.body.data.id}`), 404, 'not_found')
      assert.equal((await colleague.get('/api/v1/me/push-subscriptions')).body.data.length, 0)
      assert.equal((await me.delete(`/api/v1/me/push-subscriptions/${made.body.data.id}`)).status, 204)
      assert.equal((await me.get('/api/v1/me/push-subscriptions')).body.data.length, 0)
    })

    it('a person keeps ten installations: the eleventh replaces the oldest', async () => {
      const tenant = await t.newTenant()
      const worker = await tenant.createUser()
      const me = await tenant.keyFor(worker.id)
      const endpoints: string[] = []
      for (let i = 0; i < 11; i += 1) {
        const installation = receiver.installation(`many-${i}-${worker.id}`)
        endpoints.push(installation.endpoint)
        const res = await me.post('/api/v1/me/push-subscriptions', {
          endpoint: installation.endpoint,
          keys: installation.keys,
        })
        assert.equal(res.status, 201)
      }
      const kept = (await me.get('/api/v1/me/push-subscriptions')).body.data.map(
        (s: { endpoint: string }) => s.endpoint,
      )
      assert.equal(kept.length, 10)
      assert.ok(!kept.includes(endpoints[0]), 'the oldest went')
      assert.ok(kept.includes(endpoints[10]))
    })
  },
  { app: { secrets, push: { subject: SUBJECT, allowPrivateNetworks: true } } },
)
