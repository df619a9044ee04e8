/**
 * The morning after a forgotten clock-out, in the app (docs/decisions/0023-daily-limits-and-real-life.md),
 * in Debian's Chromium at a phone's size, on both engines: the worker is offered the clock-in, not
 * a clock-out of yesterday's session; the clock-in is recorded (art. 34.9 ET: every day's start and
 * end are recorded); then the app tells them, as an alert, that yesterday's session was left open
 * and where the company proposes to close it, and they accept the proposal in Requests with the
 * keyboard. The browser's clock is held at the service's injected clock.
 */
import assert from 'node:assert/strict'
import { before, it } from 'node:test'
import { DateTime } from 'luxon'
import type { Browser, Page } from 'playwright-core'
import { buildAppPage } from '../../scripts/build-pages.mjs'
import { PASSWORD } from '../helpers/accounts.js'
import {
  CHROMIUM,
  HAS_CHROMIUM,
  NO_CHROMIUM,
  accessibilityProblems,
  showingThePage,
  useChromiumForThisFile,
} from '../helpers/browser.js'
import { forEachEngine } from '../helpers/harness.js'

const chromiumOfThisFile = useChromiumForThisFile()

const ZONE = 'Europe/Madrid'
const at = (date: string, time: string) => DateTime.fromISO(`${date}T${time}`, { zone: ZONE }).toMillis()
let now = at('2026-11-23', '08:00') // a Monday

if (!HAS_CHROMIUM) console.log(`# App browser tests SKIPPED: no Chromium at ${CHROMIUM}`)

forEachEngine(
  'the app the morning after a forgotten clock-out',
  (t) => {
    let browser: Browser
    let origin: string
    before(async () => {
      if (!HAS_CHROMIUM) return
      await buildAppPage()
      origin = await t.app.listen({ port: 0, host: '127.0.0.1' })
      browser = await chromiumOfThisFile()
    })

    /** Moves the service's clock and the phone's together. */
    async function setNow(page: Page, moment: number): Promise<void> {
      now = moment
      await page.clock.setFixedTime(new Date(moment))
    }

    /** Opens the app on Today, signing in when the session has ended. */
    async function openToday(page: Page, email: string): Promise<void> {
      await page.goto(`${origin}/app`)
      const today = page.getByRole('heading', { name: 'Hoy', level: 1 })
      const signIn = page.getByRole('heading', { name: 'Iniciar sesión', level: 1 })
      await today.or(signIn).waitFor()
      if (await signIn.isVisible()) {
        await page.getByLabel('Correo electrónico').fill(email)
        await page.getByLabel('Contraseña').fill(PASSWORD)
        await page.getByRole('button', { name: 'Entrar', exact: true }).click()
      }
      await today.waitFor()
    }

    it('art. 34.9 ET: the clock-in the morning after is offered and recorded, then the session left open is told with the proposal, accepted from the keyboard', {
      skip: NO_CHROMIUM,
    }, async () => {
      const tenant = await t.newTenant({ timezone: ZONE, country: 'ES' })
      const worker = await tenant.createUser({
        full_name: 'Irene Soler',
        email: `irene.${tenant.id}@example.com`,
        password: PASSWORD,
      })
      const context = await browser.newContext({ viewport: { width: 360, height: 640 }, locale: 'es-ES' })
      const page = await context.newPage()
      page.setDefaultTimeout(10_000)
      await setNow(page, at('2026-11-23', '08:00'))
      await showingThePage(page, async () => {
        // Monday: in at 08:00, and no clock-out.
        await openToday(page, worker.email)
        await page.getByRole('button', { name: 'Fichar entrada' }).click()
        await page.getByRole('status').getByText('Entrada registrada a las 08:00.').waitFor()

        // Tuesday 07:55: Monday's session is past the company's 14 hours. Today offers the
        // clock-in, not a clock-out that would make Monday a day-long session.
        await setNow(page, at('2026-11-24', '07:55'))
        await openToday(page, worker.email)
        await page.getByText('No ha fichado la entrada.').waitFor()
        await page.getByText(/La jornada que empezó el lun.* 23 nov.* 08:00 no tiene salida/).waitFor()
        assert.equal(await page.getByRole('button', { name: 'Fichar salida' }).count(), 0)
        const clockIn = page.getByRole('button', { name: 'Fichar entrada' })
        await clockIn.focus()
        await page.keyboard.press('Enter')

        // Recorded first; then told, as an alert, with the company's proposal.
        await page.getByRole('status').getByText('Entrada registrada a las 07:55.').waitFor()
        const alert = page.getByRole('alert')
        await alert.getByText(/No fichó la salida de la jornada que empezó el lun.* 23 nov.* 08:00/).waitFor()
        assert.match((await alert.textContent()) ?? '', /propone cerrarla con la salida el lun.* 23 nov.* 16:00/)
        assert.deepEqual(await accessibilityProblems(page), [], 'today, told of the session left open')
        const sideways = await page.evaluate(() => {
          const { document, innerWidth } = globalThis as any
          return document.documentElement.scrollWidth > innerWidth
        })
        assert.equal(sideways, false, 'nothing scrolls sideways at 360 px')
        const punches = (
          await tenant.admin.get(`/api/v1/attendance/punches?user_id=${worker.id}&from=2026-11-23&to=2026-11-24`)
        ).body.data
        assert.deepEqual(
          punches.map((p: any) => [p.type, p.ts, p.source]),
          [
            ['in', new Date(at('2026-11-23', '08:00')).toISOString(), 'clock'],
            ['in', new Date(at('2026-11-24', '07:55')).toISOString(), 'clock'],
          ],
        )

        // The proposal, accepted in Requests with the keyboard.
        await alert.getByRole('link', { name: 'Ver la propuesta en Solicitudes' }).focus()
        await page.keyboard.press('Enter')
        await page.getByRole('heading', { name: 'Esperando su respuesta' }).waitFor()
        const accept = page.getByRole('button', { name: 'Aceptar' })
        await accept.focus()
        await page.keyboard.press('Enter')
        // Asked once more (an answer cannot be taken back): the question takes the focus, the yes follows it.
        await page.getByText('¿Aceptar esta corrección?').waitFor()
        await page.waitForFunction(() =>
          (globalThis as any).document.activeElement?.textContent?.startsWith('¿Aceptar esta corrección?'),
        )
        await page.keyboard.press('Tab')
        await page.keyboard.press('Enter')
        await page.getByText('Corrección aceptada: su registro está actualizado.').waitFor()
        const monday = (await tenant.admin.get(`/api/v1/attendance?user_id=${worker.id}&from=2026-11-23&to=2026-11-23`))
          .body.data[0]
        assert.deepEqual(
          monday.punches.map((p: any) => [p.type, p.at, p.edited]),
          [
            ['in', new Date(at('2026-11-23', '08:00')).toISOString(), false],
            ['out', new Date(at('2026-11-23', '16:00')).toISOString(), true],
          ],
        )
        assert.equal(monday.worked_minutes, 480)
      })
      await context.close()
    })
  },
  { app: { clock: () => now } },
)
