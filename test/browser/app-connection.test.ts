/**
 * The app follows the service (docs/app.md, "Online, offline, busy"), in Debian's Chromium at a
 * phone's size, on both engines: a punch that waited on the phone shows as recorded once it is
 * sent, without a reload; a punch made in another tab, or through the API while the app was in
 * the background, shows once the app is back; a stale tab's refused punch reads the state again
 * instead of a dead end; and a service that sheds load (503 `overloaded` with Retry-After) is said
 * as busy, never as "no connection", asked again by itself after the Retry-After, then shows the
 * screen. The browser's clock is held at the service's injected clock.
 */
import assert from 'node:assert/strict'
import { before, it } from 'node:test'
import { DateTime } from 'luxon'
import type { Browser, Page, Route } from 'playwright-core'
import { buildAppPage } from '../../scripts/build-pages.mjs'
import { PASSWORD } from '../helpers/accounts.js'
import {
  CHROMIUM,
  HAS_CHROMIUM,
  NO_CHROMIUM,
  accessibilityProblems,
  freePort,
  showingThePage,
  useChromiumForThisFile,
} from '../helpers/browser.js'
import { eventually } from '../helpers/eventually.js'
import { type TestTenant, forEachEngine } from '../helpers/harness.js'

const chromiumOfThisFile = useChromiumForThisFile()

const ZONE = 'Europe/Madrid'
/** A local time of a day in the company's zone, as the instant it is. */
const at = (date: string, time: string) => DateTime.fromISO(`${date}T${time}`, { zone: ZONE }).toMillis()

const port = HAS_CHROMIUM ? await freePort() : 0
const origin = `http://localhost:${port}`
let now = at('2026-11-03', '09:00')

if (!HAS_CHROMIUM) console.log(`# App connection browser tests SKIPPED: no Chromium at ${CHROMIUM}`)

before(async () => {
  if (HAS_CHROMIUM) await buildAppPage()
})

/** The answer of a service that sheds load, as src/http/overload.ts gives it. */
function overloaded(route: Route, retryAfter: number): Promise<void> {
  return route.fulfill({
    status: 503,
    headers: { 'content-type': 'application/json', 'retry-after': String(retryAfter) },
    body: JSON.stringify({ error: { code: 'overloaded', message: 'The service is overloaded: retry shortly' } }),
  })
}

/**
 * The first `times` requests for exactly these paths (whatever their query) are answered busy; the
 * moments they came are kept, to see the retries wait for the Retry-After. Exact paths, not a
 * prefix: the navigation's badges read other lists beside the screen (`/attendance/corrections`),
 * and those must not use up the busy answers meant for the screen's reads.
 */
async function busyFor(page: Page, paths: string[], times: number, retryAfter: number): Promise<number[]> {
  const moments: number[] = []
  await page.route(
    (url) => paths.includes(url.pathname),
    (route) => {
      if (moments.length >= times) return route.continue()
      moments.push(performance.now())
      return overloaded(route, retryAfter)
    },
  )
  return moments
}

forEachEngine(
  'the app follows the service',
  (t) => {
    let browser: Browser
    before(async () => {
      if (!HAS_CHROMIUM) return
      await t.app.listen({ port, host: '127.0.0.1' })
      browser = await chromiumOfThisFile()
    })

    async function setNow(page: Page, moment: number): Promise<void> {
      now = moment
      await page.clock.setFixedTime(new Date(moment))
    }

    async function punchesOf(tenant: TestTenant, userId: string): Promise<any[]> {
      const res = await tenant.admin.get(
        `/api/v1/attendance/punches?user_id=${userId}&from=2026-11-01&to=2026-11-30&page_size=100`,
      )
      return res.body.data.filter((p: any) => p.superseded_by === null)
    }

    async function signIn(page: Page, email: string): Promise<void> {
      await page.goto(`${origin}/app`)
      await page.getByRole('heading', { name: 'Iniciar sesión', level: 1 }).waitFor()
      await page.getByLabel('Correo electrónico').fill(email)
      await page.getByLabel('Contraseña').fill(PASSWORD)
      await page.getByRole('button', { name: 'Entrar', exact: true }).click()
      await page.getByRole('heading', { name: 'Hoy', level: 1 }).waitFor()
    }

    async function newWorker(tenant: TestTenant, name: string): Promise<any> {
      const slug = name.toLowerCase().split(' ')[0]
      return tenant.createUser({ full_name: name, email: `${slug}.${t.engine}@example.com`, password: PASSWORD })
    }

    it('an offline punch shows as recorded once it is sent, without a reload', { skip: NO_CHROMIUM }, async () => {
      const tenant = await t.newTenant({ timezone: ZONE, country: 'ES' })
      const worker = await newWorker(tenant, 'Nuria Campos')
      const context = await browser.newContext({ viewport: { width: 360, height: 640 }, locale: 'es-ES' })
      const page = await context.newPage()
      page.setDefaultTimeout(10_000)
      await setNow(page, at('2026-11-03', '02:50'))
      await showingThePage(page, async () => {
        await signIn(page, worker.email)
        await page.getByRole('button', { name: 'Fichar entrada' }).click()
        await page.getByText('Trabajando desde las 02:50.').waitFor()

        // The phone loses the network; the clock-out waits on it.
        await context.setOffline(true)
        await setNow(page, at('2026-11-03', '02:56'))
        await page.getByRole('button', { name: 'Fichar salida' }).click()
        await page.getByText(/Sin conexión: la salida de las 02:56 queda guardada en este teléfono/).waitFor()
        await page.getByText('pendiente de enviar', { exact: true }).waitFor()
        assert.equal((await punchesOf(tenant, worker.id)).length, 1)

        // Back online: sent by itself, and Today says so at once, with the next punch the record allows.
        await context.setOffline(false)
        await page.evaluate(() => (globalThis as any).dispatchEvent(new Event('online')))
        const shown = performance.now()
        await page.getByText('No ha fichado la entrada.').waitFor({ timeout: 5000 })
        await page.getByText('La salida de las 02:56 ya ha llegado al servicio: está registrada.').waitFor()
        await page.getByRole('button', { name: 'Fichar entrada' }).waitFor()
        assert.ok(performance.now() - shown < 5000)
        // Today settles on the service's state within seconds (the screens read again after the
        // sync; a read that raced the network's return is tried again by itself), and stays there.
        const stale = async () =>
          (await page.getByText(/queda guardada en este teléfono/).count()) +
          (await page.getByText('pendiente de enviar', { exact: true }).count()) +
          (await page.getByRole('button', { name: 'Fichar salida' }).count()) +
          (await page.getByText(/Sin conexión/).count())
        const settledBy = performance.now() + 8000
        while ((await stale()) > 0 && performance.now() < settledBy) await page.waitForTimeout(200)
        assert.equal(await stale(), 0, 'no "saved on this phone", no pending punch, no clock-out, nothing offline')
        await page.waitForTimeout(2500)
        assert.equal(await stale(), 0, 'and it stays so')
        await page.getByRole('button', { name: 'Fichar entrada' }).waitFor()
        assert.deepEqual(
          (await punchesOf(tenant, worker.id)).map((p) => [p.type, p.ts]),
          [
            ['in', new Date(at('2026-11-03', '02:50')).toISOString()],
            ['out', new Date(at('2026-11-03', '02:56')).toISOString()],
          ],
        )
        assert.deepEqual(await accessibilityProblems(page), [], 'today after the sync')
      })
      await context.close()
    })

    it('a punch made in another tab, or through the API meanwhile, shows; a stale tab’s refused punch reads the state again', {
      skip: NO_CHROMIUM,
    }, async () => {
      const tenant = await t.newTenant({ timezone: ZONE, country: 'ES' })
      const worker = await newWorker(tenant, 'Pau Ferrer')
      const context = await browser.newContext({ viewport: { width: 360, height: 640 }, locale: 'es-ES' })
      const first = await context.newPage()
      first.setDefaultTimeout(10_000)
      await setNow(first, at('2026-11-04', '08:30'))
      await showingThePage(first, async () => {
        await signIn(first, worker.email)
        await first.getByText('No ha fichado la entrada.').waitFor()
        // A second tab of the same app, on Today too.
        const second = await context.newPage()
        second.setDefaultTimeout(10_000)
        await second.clock.setFixedTime(new Date(now))
        await second.goto(`${origin}/app`)
        await second.getByText('No ha fichado la entrada.').waitFor()

        // Clocked in from the second tab: the first follows, without a reload.
        await second.getByRole('button', { name: 'Fichar entrada' }).click()
        await second.getByText('Entrada registrada a las 08:30.').waitFor()
        await first.getByText('Trabajando desde las 08:30.').waitFor({ timeout: 5000 })
        await first.getByRole('button', { name: 'Fichar salida' }).waitFor()

        // Clocked out through the API (an integration, a manager) while the app was in the
        // background: it shows once the app comes back to the foreground.
        await setNow(first, at('2026-11-04', '08:40'))
        await second.clock.setFixedTime(new Date(now))
        const out = await tenant.admin.post('/api/v1/attendance', {
          user_id: worker.id,
          type: 'out',
          ts: new Date(at('2026-11-04', '08:40')).toISOString(),
        })
        assert.equal(out.status, 201, JSON.stringify(out.body))
        await first.evaluate(() => (globalThis as any).dispatchEvent(new Event('focus')))
        await first.getByText('No ha fichado la entrada.').waitFor({ timeout: 5000 })
        await first.getByText('08:40 Salida').waitFor()

        // The second tab was left behind (no event reached it): its clock-out is refused by the
        // record, and it says so plainly and shows where she is, instead of "Reload the page".
        await setNow(first, at('2026-11-04', '08:45'))
        await second.clock.setFixedTime(new Date(now))
        await second.getByRole('button', { name: 'Fichar salida' }).click()
        await second
          .getByText(
            'Su registro cambió desde otro dispositivo o pestaña: esta es su situación ahora. Vuelva a fichar si aún lo necesita.',
          )
          .waitFor()
        await second.getByText('No ha fichado la entrada.').waitFor()
        assert.equal(await second.getByText('Ese fichaje no sigue al último').count(), 0)
        assert.deepEqual(await accessibilityProblems(second), [], 'a stale tab brought up to date')
        assert.equal((await punchesOf(tenant, worker.id)).length, 2, 'nothing stored twice')
      })
      await context.close()
    })

    it('a busy service (503 overloaded with Retry-After) is said as busy, asked again after Retry-After, then the screen shows; Spanish and English, accessible', {
      skip: NO_CHROMIUM,
    }, async () => {
      const tenant = await t.newTenant({ timezone: ZONE, country: 'ES' })
      const worker = await newWorker(tenant, 'Elena Vidal')
      const context = await browser.newContext({ viewport: { width: 360, height: 640 }, locale: 'es-ES' })
      const page = await context.newPage()
      page.setDefaultTimeout(10_000)
      await setNow(page, at('2026-11-05', '09:00'))
      await showingThePage(page, async () => {
        await signIn(page, worker.email)
        await page.getByRole('button', { name: 'Fichar entrada' }).click()
        await page.getByText('Trabajando desde las 09:00.').waitFor()

        // Today, read again on coming back to the foreground, while the service sheds load: two
        // rounds of two reads are answered busy.
        const today = await busyFor(page, ['/api/v1/attendance', '/api/v1/attendance/punches'], 4, 2)
        await page.evaluate(() => (globalThis as any).dispatchEvent(new Event('focus')))
        await page
          .getByText('El servicio está ocupado: se vuelve a intentar solo en 2 s. No hace falta recargar', {
            exact: false,
          })
          .waitFor()
        await page.getByText('El servicio está ocupado: esto es lo último que dijo.', { exact: false }).waitFor()
        // What it said last is kept: she is still in, not "not clocked in".
        await page.getByText('Trabajando desde las 09:00.').waitFor()
        assert.equal(await page.getByText(/Sin conexión/).count(), 0, 'busy is not "no connection"')
        assert.deepEqual(await accessibilityProblems(page), [], 'today while busy (es)')
        // Asked again by itself once the service answers.
        await eventually(
          'the busy banner to go',
          () => page.locator('.connection').innerText(),
          (text) => text === '',
        )
        await page.getByText('Trabajando desde las 09:00.').waitFor()
        // The banner goes with the first answer; Today's own note of what it last said goes once
        // its read again is in, a moment later on a busy machine.
        await eventually(
          'the note that the service was busy to go',
          () => page.getByText(/El servicio está ocupado/).count(),
          (count) => count === 0,
        )
        assert.equal(today.length, 4)
        // Each round waited for the Retry-After (2 s) before asking again.
        assert.ok(today[2]! - today[0]! >= 1900, `the retry came ${Math.round(today[2]! - today[0]!)} ms later`)

        // My month, in English, while the service is busy: said as busy with a way to retry, then shown.
        await page.unroute(() => true)
        await page.getByRole('button', { name: 'English' }).click()
        await page.getByRole('heading', { name: 'Today', level: 1 }).waitFor()
        const month = await busyFor(page, ['/api/v1/attendance/reports/monthly'], 2, 2)
        await page.getByRole('link', { name: 'My month' }).click()
        await page.getByRole('heading', { name: 'My month', level: 1 }).waitFor()
        await page.getByText('The service is busy: trying again by itself in 2 s.', { exact: false }).waitFor()
        await page.getByText('The service is busy right now. Try again in 2 s.').waitFor()
        await page.getByRole('button', { name: 'Try again' }).waitFor()
        assert.equal(await page.getByText(/No connection/).count(), 0, 'busy is not "no connection"')
        assert.deepEqual(await accessibilityProblems(page), [], 'my month while busy (en)')
        await page.getByText('You have not signed this month.').waitFor({ timeout: 10_000 })
        assert.equal(month.length, 2)
        assert.ok(month[1]! - month[0]! >= 1900, `the retry came ${Math.round(month[1]! - month[0]!)} ms later`)
        assert.equal(await page.locator('.connection').innerText(), '')

        // A refusal is not busy: the link is fine, the screen says what to do.
        await page.unroute(() => true)
        await page.route('**/api/v1/attendance/reports/monthly/sign', (route) =>
          route.fulfill({
            status: 409,
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ error: { code: 'month_not_ended', message: 'The month has not ended' } }),
          }),
        )
        await page.getByRole('button', { name: 'Sign my month' }).click()
        await page.getByRole('button', { name: 'Yes, sign my month' }).click()
        await page.getByText('A month can be signed once it has ended.').waitFor()
        assert.equal(await page.locator('.connection').innerText(), '')
      })
      await context.close()
    })
  },
  { app: { clock: () => now } },
)
