/**
 * Notifications on this phone (docs/decisions/0026-reminders.md), in Debian's Chromium at 360x640,
 * on both engines. The app never asks for permission as it opens, only when Profile's control is
 * tapped; then it fetches the VAPID key and subscribes. Headless Chromium here has no push service
 * of its own: its real `pushManager.subscribe()` is refused ("Registration failed - permission
 * denied", with the permission granted), and the app says so. The rest of the flow runs with the
 * browser's push subscription replaced by one of a push service on loopback:
 * the app posts it, the service pushes a reminder there that decrypts to what was sent, and
 * turning it off removes it. The service worker, given a push through DevTools, shows the
 * notification. Profile's reminders save each kind's channels as they are ticked. Spanish and
 * English pass axe-core.
 */
import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { after, before, it } from 'node:test'
import type { Browser, Page } from 'playwright-core'
import { buildAppPage } from '../../scripts/build-pages.mjs'
import { SecretBox } from '../../src/lib/secret-box.js'
import { sendPushToUser } from '../../src/modules/push/index.js'
import { PASSWORD } from '../helpers/accounts.js'
import {
  CHROMIUM,
  HAS_CHROMIUM,
  NO_CHROMIUM,
  accessibilityProblems,
  showingThePage,
  useChromiumForThisFile,
} from '../helpers/browser.js'
import { eventually } from '../helpers/eventually.js'
import { forEachEngine } from '../helpers/harness.js'
import { type PushReceiver, decrypt, startPushReceiver } from '../helpers/push-receiver.js'

const chromiumOfThisFile = useChromiumForThisFile()
const secrets = new SecretBox(randomBytes(32))

if (!HAS_CHROMIUM) console.log(`# App browser tests SKIPPED: no Chromium at ${CHROMIUM}`)

let receiver: PushReceiver
before(async () => {
  receiver = await startPushReceiver()
})
after(() => receiver.close())

/**
 * Counts the app's requests for permission, from before its first script runs: opening the app
 * must not ask.
 */
const COUNT_PERMISSION_REQUESTS = () => {
  const page = globalThis as any
  page.permissionRequests = 0
  const ask = page.Notification.requestPermission.bind(page.Notification)
  page.Notification.requestPermission = (...args: unknown[]) => {
    page.permissionRequests += 1
    return ask(...args)
  }
}

/**
 * The browser's push subscription, as one of the push service on loopback would be. Written as the
 * page's own script: functions compiled for the test process carry helpers the page lacks.
 */
async function subscribeOnLoopback(page: Page, endpoint: string, keys: { p256dh: string; auth: string }) {
  await page.evaluate(`(() => {
    const endpoint = ${JSON.stringify(endpoint)}
    const keys = ${JSON.stringify(keys)}
    let current = null
    const made = {
      endpoint,
      options: { applicationServerKey: null },
      toJSON() { return { endpoint, expirationTime: null, keys } },
      async unsubscribe() { current = null; window.unsubscribed = true; return true },
    }
    PushManager.prototype.subscribe = async function (options) {
      const key = new Uint8Array(options.applicationServerKey)
      made.options.applicationServerKey = key.buffer
      window.subscribedWith = btoa(String.fromCharCode(...key)).replace(/[+]/g, '-').replace(/[/]/g, '_').replace(/=+$/, '')
      current = made
      return made
    }
    PushManager.prototype.getSubscription = async function () { return current }
  })()`)
}

forEachEngine(
  'notifications on this phone',
  (t) => {
    let browser: Browser
    let origin: string
    before(async () => {
      if (!HAS_CHROMIUM) return
      await buildAppPage()
      origin = await t.app.listen({ port: 0, host: '127.0.0.1' })
      browser = await chromiumOfThisFile()
    })

    it('Profile asks only when tapped, subscribes with the VAPID key, posts it, and turns it off', {
      skip: NO_CHROMIUM,
    }, async () => {
      const tenant = await t.newTenant({ country: 'ES' })
      const worker = await tenant.createUser({
        full_name: 'Nuria Campos',
        email: `nuria.${tenant.id}@example.com`,
        password: PASSWORD,
      })
      const context = await browser.newContext({ viewport: { width: 360, height: 640 }, locale: 'es-ES' })
      await context.grantPermissions(['notifications'], { origin })
      await context.addInitScript(COUNT_PERMISSION_REQUESTS)
      const page = await context.newPage()
      page.setDefaultTimeout(10_000)
      const asked: string[] = []
      page.on('request', (request) => {
        if (request.url().includes('/push-subscriptions'))
          asked.push(`${request.method()} ${new URL(request.url()).pathname}`)
      })
      const installation = receiver.installation(`app-${worker.id}`)
      await showingThePage(page, async () => {
        await page.goto(`${origin}/app`)
        await page.getByLabel('Correo electrónico').fill(worker.email)
        await page.getByLabel('Contraseña').fill(PASSWORD)
        await page.getByRole('button', { name: 'Entrar', exact: true }).click()
        await page.getByRole('heading', { name: 'Hoy', level: 1 }).waitFor()
        await page.goto(`${origin}/app/profile`)
        const section = page.getByRole('region', { name: 'Avisos en este teléfono' })
        await section.getByText('Desactivados: este teléfono no muestra sus avisos.').waitFor()
        assert.equal(await page.evaluate(() => (globalThis as any).permissionRequests), 0, 'not asked on opening')
        assert.deepEqual(asked, [], 'nothing asked of the service before the tap')
        assert.deepEqual(await accessibilityProblems(page), [], 'profile, notifications off')

        // Headless Chromium has no push service here: the real subscription is refused, and that is said.
        await page.evaluate(() => (globalThis as any).navigator.serviceWorker.ready)
        await section.getByRole('button', { name: 'Activar avisos' }).click()
        await section
          .getByText('Este teléfono no ha podido suscribirse a los avisos ahora.', { exact: false })
          .waitFor({
            timeout: 30_000,
          })
        assert.equal(await page.evaluate(() => (globalThis as any).permissionRequests), 1, 'asked on the tap')
        assert.deepEqual(asked, ['GET /api/v1/me/push-subscriptions/key'])

        // With a subscription of the push service on loopback, the app hands it to the service.
        await subscribeOnLoopback(page, installation.endpoint, installation.keys)
        await section.getByRole('button', { name: 'Activar avisos' }).click()
        await section.getByText('Los avisos están activados en este teléfono.').waitFor()
        await section.getByText('Activados: este teléfono muestra sus avisos.').waitFor()
        const key = (await tenant.admin.get('/api/v1/me/push-subscriptions/key')).body.data.public_key
        assert.equal(
          await page.evaluate(() => (globalThis as any).subscribedWith),
          key,
          'subscribed with the VAPID key',
        )
        const mine = await (await tenant.keyFor(worker.id)).get('/api/v1/me/push-subscriptions')
        assert.deepEqual(
          mine.body.data.map((s: { endpoint: string }) => s.endpoint),
          [installation.endpoint],
        )
        assert.deepEqual(await accessibilityProblems(page), [], 'profile, notifications on')
        const sideways = await page.evaluate(() => {
          const { document, innerWidth } = globalThis as any
          return document.documentElement.scrollWidth > innerWidth
        })
        assert.equal(sideways, false, 'nothing scrolls sideways at 360 px')

        // A reminder pushed to it arrives encrypted to this installation's keys.
        const reminder = { title: 'Salida sin fichar', body: 'Sigue fichada desde las 9:00', url: '/app', tag: 'open' }
        const sent = await sendPushToUser(
          { db: t.database.db, now: Date.now() },
          { secrets, subject: 'mailto:ops@example.com', allowPrivateNetworks: true },
          { tenantId: tenant.id, userId: worker.id },
          reminder,
        )
        assert.equal(sent.sent, 1)
        const arrived = receiver.received.find((r) => r.path === `/push/app-${worker.id}`)
        assert.ok(arrived)
        assert.deepEqual(JSON.parse(decrypt(arrived.body, installation)), reminder)

        // The service worker shows a pushed reminder, with the screen it opens.
        const devtools = await context.newCDPSession(page)
        const registrations: { registrationId: string; scopeURL: string }[] = []
        devtools.on('ServiceWorker.workerRegistrationUpdated', (event: { registrations: typeof registrations }) =>
          registrations.push(...event.registrations),
        )
        await devtools.send('ServiceWorker.enable')
        const registration = await eventually(
          'the app’s worker to be registered',
          async () => registrations.find((r) => r.scopeURL.endsWith('/app')),
          (found) => found !== undefined,
        )
        // A push reaches an active worker only: wait for it, and deliver again while none is shown
        // (a push delivered while the worker was still activating was dropped on a busy machine;
        // the same tag replaces, never adds, a notification).
        await page.evaluate(async () => {
          await (globalThis as any).navigator.serviceWorker.ready
        })
        const shownNow = () =>
          page.evaluate(async () => {
            const ready = await (globalThis as any).navigator.serviceWorker.ready
            return (await ready.getNotifications()).map((n: any) => ({
              title: n.title,
              body: n.body,
              tag: n.tag,
              data: n.data,
            }))
          })
        let deliveredAt = 0
        const shown = await eventually(
          'the notification',
          async () => {
            const notifications = await shownNow()
            if (notifications.length === 0 && Date.now() - deliveredAt > 1000) {
              deliveredAt = Date.now()
              await devtools.send('ServiceWorker.deliverPushMessage', {
                origin,
                registrationId: registration!.registrationId,
                data: JSON.stringify({ ...reminder, url: '/app/requests' }),
              })
            }
            return notifications
          },
          (notifications) => notifications.length > 0,
        )
        assert.deepEqual(shown, [
          {
            title: reminder.title,
            body: reminder.body,
            tag: reminder.tag,
            data: { url: '/app/requests' },
          },
        ])

        // Turning it off removes it from the service and from the browser.
        await section.getByRole('button', { name: 'Desactivar avisos' }).click()
        await section.getByText('Los avisos están desactivados en este teléfono.').waitFor()
        assert.equal(await page.evaluate(() => (globalThis as any).unsubscribed), true)
        assert.equal((await (await tenant.keyFor(worker.id)).get('/api/v1/me/push-subscriptions')).body.data.length, 0)

        // What one is reminded of: each kind by mail and on the phone, saved as a box is ticked.
        const own = await tenant.keyFor(worker.id)
        const reminders = page.getByRole('region', { name: 'Recordatorios' })
        const correction = reminders.getByRole('group', { name: 'Una corrección que espera su conformidad' })
        const onThePhone = correction.getByRole('checkbox', { name: 'En el teléfono' })
        assert.equal(await onThePhone.isChecked(), true, 'the company’s default')
        await onThePhone.uncheck()
        await reminders.getByRole('status').getByText('Guardado.').waitFor()
        const chosen = (await own.get('/api/v1/me/notifications')).body.data.kinds
        assert.deepEqual(chosen.correction_consent, { mail: true, push: false })
        assert.deepEqual(chosen.open_session, { mail: true, push: true }, 'the others stay')
        assert.equal(await reminders.getByRole('group').count(), 4, 'no digest for one who decides nothing')
        assert.deepEqual(await accessibilityProblems(page), [], 'reminders in Spanish')
        assert.equal(
          await page.evaluate(() => {
            const { document, innerWidth } = globalThis as any
            return document.documentElement.scrollWidth > innerWidth
          }),
          false,
          'the reminders do not scroll sideways at 360 px',
        )

        await page.getByRole('button', { name: /English/ }).click()
        await page
          .getByRole('region', { name: 'Notifications on this phone' })
          .getByRole('button', { name: 'Turn on notifications' })
          .waitFor()
        const inEnglish = page.getByRole('region', { name: 'Reminders' })
        const month = inEnglish.getByRole('group', { name: 'A month to sign' })
        await month.getByRole('checkbox', { name: 'By mail' }).uncheck()
        // "Saved." may still show from the Spanish change: the service is asked until it holds.
        const now = await eventually(
          'the month’s mail turned off',
          async () => (await own.get('/api/v1/me/notifications')).body.data.kinds,
          (kinds) => kinds.month_to_sign.mail === false,
        )
        assert.deepEqual(now.month_to_sign, { mail: false, push: true })
        assert.deepEqual(now.correction_consent, { mail: true, push: false }, 'the earlier choice kept')
        assert.equal(
          await inEnglish
            .getByRole('group', { name: 'A correction waiting for your consent' })
            .getByRole('checkbox', { name: 'On the phone' })
            .isChecked(),
          false,
        )
        assert.deepEqual(await accessibilityProblems(page), [], 'profile in English')
      })
      await context.close()
    })
  },
  { app: { secrets, push: { subject: 'mailto:ops@example.com', allowPrivateNetworks: true } } },
)
