/**
 * A worker's whole month in the app (docs/decisions/0017-web-app.md), in Debian's Chromium at a phone's size, on
 * both engines: invited by mail (a real SMTP server on loopback), they choose a password, clock in
 * and out over days at the service's clock, clock out with no connection (the punch waits on the
 * phone, survives a reload served by the service worker, and arrives once), lose an answer
 * mid-send (the same Idempotency-Key stores it once), request a vacation, propose a correction,
 * accept one HR proposed, sign the month and download its PDF. The browser's clock is held at the
 * service's injected clock, so days pass in seconds.
 */
import assert from 'node:assert/strict'
import { readFile } from 'node:fs/promises'
import { before, it } from 'node:test'
import { DateTime } from 'luxon'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { buildAppPage } from '../../scripts/build-pages.mjs'
import {
  CHROMIUM,
  HAS_CHROMIUM,
  NO_CHROMIUM,
  accessibilityProblems,
  freePort,
  showingThePage,
  useChromiumForThisFile,
} from '../helpers/browser.js'
import { days, vacationBalance } from '../helpers/absences.js'
import { PASSWORD } from '../helpers/accounts.js'
import { type TestTenant, forEachEngine } from '../helpers/harness.js'
import { tokenInMail, useInboxForThisFile } from '../helpers/inbox.js'
import { eventually } from '../helpers/eventually.js'

const chromiumOfThisFile = useChromiumForThisFile()

const ZONE = 'Europe/Madrid'
/** A local time of a day in the company's zone, as the instant it is. */
const at = (date: string, time: string) => DateTime.fromISO(`${date}T${time}`, { zone: ZONE }).toMillis()

const inbox = useInboxForThisFile()
// The service listens where its PUBLIC_URL says (the links in the mails point there); one engine
// after the other, each closing it before the next listens.
const port = HAS_CHROMIUM ? await freePort() : 0
const origin = `http://localhost:${port}`
let now = at('2026-10-05', '08:58')

if (!HAS_CHROMIUM) console.log(`# App browser tests SKIPPED: no Chromium at ${CHROMIUM}`)

before(async () => {
  if (HAS_CHROMIUM) await buildAppPage()
})

forEachEngine(
  'a worker’s month in the app',
  (t) => {
    let browser: Browser
    before(async () => {
      if (!HAS_CHROMIUM) return
      await t.app.listen({ port, host: '127.0.0.1' })
      browser = await chromiumOfThisFile()
    })

    /** Moves the service's clock and the phone's together. */
    async function setNow(page: Page, moment: number): Promise<void> {
      now = moment
      await page.clock.setFixedTime(new Date(moment))
    }

    async function punchesOf(tenant: TestTenant, userId: string, month = '2026-10'): Promise<any[]> {
      const last = DateTime.fromISO(`${month}-01`).endOf('month').toISODate()
      const res = await tenant.admin.get(
        `/api/v1/attendance/punches?user_id=${userId}&from=${month}-01&to=${last}&page_size=100`,
      )
      return res.body.data.filter((p: any) => p.superseded_by === null)
    }

    /** Opens the app on Today; a session idle for 12 hours has ended, so she signs in again. */
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

    it('invited by mail, punches over days and offline, requests, corrects, consents, signs', {
      skip: NO_CHROMIUM,
    }, async () => {
      const tenant = await t.newTenant({ timezone: ZONE, country: 'ES' })
      const worker = await tenant.createUser({ full_name: 'Irina Kovalenko', email: `irina.${t.engine}@example.com` })
      const context: BrowserContext = await browser.newContext({
        viewport: { width: 360, height: 640 },
        locale: 'es-ES',
      })
      const page = await context.newPage()
      page.setDefaultTimeout(10_000)
      const errors: string[] = []
      page.on('pageerror', (error) => errors.push(error.message))
      await setNow(page, at('2026-10-05', '08:58'))
      await showingThePage(page, async () => {
        // Invited by the administrator: the mail's link opens the app, where she chooses a password.
        assert.equal((await tenant.admin.post(`/api/v1/users/${worker.id}/invite`)).status, 200)
        const mail = await inbox.next(worker.email)
        const token = tokenInMail(mail, 'invitation')
        await page.goto(`${origin}/app/invitation#token=${token}`)
        await page.getByRole('heading', { name: 'Le damos la bienvenida: elija su contraseña' }).waitFor()
        assert.deepEqual(await accessibilityProblems(page), [], 'invitation')
        await page.getByLabel('Contraseña nueva').fill(PASSWORD)
        await page.getByLabel('Repita la contraseña').fill('Tortilla-de-patatas-1988')
        await page.getByRole('button', { name: 'Guardar y entrar' }).click()
        await page.getByText('Las dos contraseñas son distintas.').waitFor()
        await page.getByLabel('Repita la contraseña').fill(PASSWORD)
        await page.getByRole('button', { name: 'Guardar y entrar' }).click()
        await page.getByRole('heading', { name: 'Hoy', level: 1 }).waitFor()
        assert.equal(new URL(page.url()).pathname, '/app')
        assert.match((await page.locator('header').textContent()) ?? '', /Jornada · /)

        // Monday: in at 08:58, out at 17:00, at the service's clock.
        await page.getByText('No ha fichado la entrada.').waitFor()
        await page.getByRole('button', { name: 'Fichar entrada' }).click()
        await page.getByText('Entrada registrada a las 08:58.').waitFor()
        await page.getByText('Trabajando desde las 08:58.').waitFor()
        await setNow(page, at('2026-10-05', '17:00'))
        await openToday(page, worker.email)
        await page.getByRole('button', { name: 'Fichar salida' }).click()
        await page.getByText('Salida registrada a las 17:00.').waitFor()
        assert.deepEqual(await accessibilityProblems(page), [], 'today')

        // Tuesday: the answer to the clock-in is lost on the way back; the punch waits and is sent
        // again with its Idempotency-Key, which stores it once.
        await setNow(page, at('2026-10-06', '09:02'))
        await openToday(page, worker.email)
        await page.route(
          '**/api/v1/attendance/clock',
          async (route) => {
            await route.fetch()
            await route.abort('connectionreset')
          },
          { times: 1 },
        )
        await page.getByRole('button', { name: 'Fichar entrada' }).click()
        // Kept on the phone for a moment, then sent again at once (Today reads the service again
        // after the punch), and Today says it has arrived, without a reload.
        await page.getByText('La entrada de las 09:02 ya ha llegado al servicio: está registrada.').waitFor()
        assert.equal(await page.getByText(/queda guardada/).count(), 0)
        await openToday(page, worker.email)
        await page.getByText('Trabajando desde las 09:02.').waitFor()
        assert.equal(await page.getByText('pendiente de enviar', { exact: true }).count(), 0)

        // No connection at 17:05: the clock-out waits on the phone with its real moment, through a
        // reload the service worker answers, and goes out once the connection is back.
        await page.waitForFunction(() => (globalThis as any).navigator.serviceWorker.controller !== null)
        // Offline first: a refresh of Today at 17:05 would otherwise keep her session alive until 05:05.
        await context.setOffline(true)
        await setNow(page, at('2026-10-06', '17:05'))
        await page.getByRole('button', { name: 'Fichar salida' }).click()
        await page.getByText(/Sin conexión: la salida de las 17:05 queda guardada en este teléfono/).waitFor()
        await page.reload()
        await page.getByText('Sin conexión: esto es lo último que dijo el servicio.', { exact: false }).waitFor()
        await page.getByText('pendiente de enviar', { exact: true }).waitFor()
        // The connection comes back only late in the evening, after her session has ended (12 hours
        // idle since the morning): the app goes back to the sign-in, still holding the punch, and
        // sends it once she is signed in again, with its moment of 17:05.
        await setNow(page, at('2026-10-06', '22:00'))
        await context.setOffline(false)
        await page.evaluate(() => (globalThis as any).dispatchEvent(new Event('online')))
        await page.getByRole('heading', { name: 'Iniciar sesión', level: 1 }).waitFor()
        await page.getByText('Hay un fichaje esperando en este teléfono: inicie sesión para enviarlo.').waitFor()
        assert.equal((await punchesOf(tenant, worker.id)).filter((p) => p.ts.startsWith('2026-10-06')).length, 1)
        // "Recordar este dispositivo" is offered; her company allows no remembered devices, so the
        // service gives an ordinary session all the same.
        await page.getByRole('checkbox', { name: 'Recordar este dispositivo' }).check()
        assert.deepEqual(await accessibilityProblems(page), [], 'sign-in')
        await page.getByLabel('Correo electrónico').fill(worker.email)
        await page.getByLabel('Contraseña').fill(PASSWORD)
        await page.getByRole('button', { name: 'Entrar', exact: true }).click()
        await page.getByText('No ha fichado la entrada.').waitFor()
        await page.getByText('17:05 Salida').waitFor()
        const tuesday = (await punchesOf(tenant, worker.id)).filter((p) => p.ts.startsWith('2026-10-06'))
        assert.deepEqual(
          tuesday.map((p) => [p.type, p.ts, p.source]),
          [
            ['in', new Date(at('2026-10-06', '09:02')).toISOString(), 'clock'],
            ['out', new Date(at('2026-10-06', '17:05')).toISOString(), 'clock'],
          ],
          'each punch stored once, at its real moment',
        )
        assert.ok(errors.length === 0, errors.join('; '))

        // Two days of her December 2025 vacation were lost to a sick leave over them (art. 38.3 ET):
        // they are hers until 30 June 2027, in what is left and in the figure it is "of" too.
        for (const past of [
          days(worker.id, 'vacation', '2025-12-15', '2025-12-19'),
          days(worker.id, 'sick', '2025-12-17', '2025-12-18'),
        ]) {
          const recorded = await tenant.admin.post('/api/v1/absences/record', past)
          assert.equal(recorded.status, 201, JSON.stringify(recorded.body))
        }
        const year = await vacationBalance(tenant.admin, worker.id, 2026)
        assert.deepEqual(year.carried_in, [{ year: 2025, days: 2, until: '2027-06-30' }])

        // A vacation for two days later in the month.
        await page.getByRole('link', { name: 'Solicitudes' }).click()
        await page.getByRole('heading', { name: 'Solicitudes', level: 1 }).waitFor()
        await page
          .getByText(
            `Vacaciones: le quedan ${year.remaining} de ${year.entitled + 2} días este año: ${year.entitled} de este año y 2 de años anteriores, que puede disfrutar hasta el 30 de junio de 2027.`,
          )
          .waitFor()
        await page.getByRole('button', { name: 'Solicitar una ausencia' }).click()
        await page.getByLabel('Tipo').selectOption({ label: 'Vacaciones' })
        await page.getByLabel('Primer día').fill('2026-10-19')
        await page.getByLabel('Último día').fill('2026-10-20')
        assert.deepEqual(await accessibilityProblems(page), [], 'absence request')
        await page.getByRole('button', { name: 'Enviar la solicitud' }).click()
        await page.getByText('Solicitud enviada.').waitFor()
        await page.getByText('Pendiente').first().waitFor()

        // Tuesday's clock-out was at 17:30 in truth: she proposes the correction from My days.
        await page.getByRole('link', { name: 'Mis días' }).click()
        await page.getByRole('heading', { name: 'Mis días', level: 1 }).waitFor()
        await page.getByRole('button', { name: /martes, 6 de octubre/ }).click()
        await page.getByRole('heading', { name: 'martes, 6 de octubre' }).waitFor()
        // The day opens below the calendar and its heading takes the focus, so it is read at once.
        // (The focus moves once the day has rendered, a moment after its heading shows.)
        await page.waitForFunction(() => (globalThis as any).document.activeElement?.id === 'day-title')
        await page.getByRole('button', { name: /sábado, 3 de octubre, día libre/ }).waitFor()
        assert.deepEqual(await accessibilityProblems(page), [], 'my days with a day open')
        await page.getByRole('button', { name: 'Proponer una corrección' }).click()
        await page.getByLabel('Qué está mal').selectOption({ label: 'Un fichaje tiene la hora mal' })
        await page.getByLabel('Fichaje', { exact: true }).selectOption({ label: '17:05 Salida' })
        await page.getByLabel('Hora correcta').fill('17:30')
        await page.getByLabel('Motivo').fill('Me quedé a cerrar el almacén')
        await page.getByRole('button', { name: 'Enviar la propuesta' }).click()
        await page.getByText(/Propuesta enviada/).waitFor()
        const proposed = (await tenant.admin.get(`/api/v1/attendance/corrections?user_id=${worker.id}&status=pending`))
          .body.data
        assert.equal(proposed.length, 1)
        assert.deepEqual(proposed[0].changes[0].ts, new Date(at('2026-10-06', '17:30')).toISOString())

        // HR moves Monday's clock-in: it waits for her consent, which she gives in Requests.
        const mondayIn = (await punchesOf(tenant, worker.id)).find(
          (p) => p.ts.startsWith('2026-10-05') && p.type === 'in',
        )
        const hrProposal = await tenant.admin.post('/api/v1/attendance/corrections', {
          user_id: worker.id,
          reason: 'El torno de la entrada falló: llegó a las 08:45',
          changes: [{ action: 'move', punch_id: mondayIn.id, ts: new Date(at('2026-10-05', '08:45')).toISOString() }],
        })
        assert.equal(hrProposal.status, 201, JSON.stringify(hrProposal.body))
        await page.getByRole('link', { name: 'Solicitudes' }).click()
        await page.getByRole('heading', { name: 'Esperando su respuesta' }).waitFor()
        await page.getByText('Motivo: El torno de la entrada falló: llegó a las 08:45').waitFor()
        await page.getByText('Entrada del lun, 5 oct: 08:58 → 08:45').waitFor()
        // Who proposed it: the administrator, by name (the directory is readable by everyone).
        await page.getByText(/^Propuesta de .+\.$/).waitFor()
        assert.deepEqual(await accessibilityProblems(page), [], 'requests with a correction to consent to')
        await page.getByRole('button', { name: 'Aceptar' }).click()
        await page.getByText('¿Aceptar esta corrección?').waitFor()
        assert.deepEqual(await accessibilityProblems(page), [], 'the consent asked once more')
        await page.getByRole('button', { name: 'Sí, aceptarla' }).click()
        await page.getByText('Corrección aceptada: su registro está actualizado.').waitFor()
        const decided = (await tenant.admin.get(`/api/v1/attendance/corrections/${hrProposal.body.data.id}`)).body.data
        assert.deepEqual([decided.status, decided.decided_by], ['approved', worker.id])

        // November: she signs October and downloads its PDF.
        await setNow(page, at('2026-11-02', '09:00'))
        await openToday(page, worker.email)
        await page.getByRole('link', { name: 'Mi mes' }).click()
        await page.getByRole('heading', { name: 'Mi mes', level: 1 }).waitFor()
        await page.getByText('octubre de 2026').waitFor()
        await page.getByText('No ha firmado este mes.').waitFor()
        assert.deepEqual(await accessibilityProblems(page), [], 'my month')
        // At 360 px the day table's durations stay on one line each ("0 h 00 min", never "0 h 00 / min").
        const lines = await page.evaluate(() => {
          const doc = (globalThis as any).document
          return [...doc.querySelectorAll('table.record tbody .num')].map((cell: any) => {
            const range = doc.createRange()
            range.selectNodeContents(cell)
            return new Set([...range.getClientRects()].map((r: any) => Math.round(r.top))).size
          })
        })
        assert.ok(lines.length >= 2, 'the day table shows worked and balance figures')
        assert.deepEqual(
          lines.filter((n) => n !== 1),
          [],
          'no duration wraps',
        )
        await page.getByRole('button', { name: 'Firmar mi mes' }).click()
        await page.getByText('¿Firmar octubre de 2026?', { exact: false }).waitFor()
        await page.getByRole('button', { name: 'Sí, firmar mi mes' }).click()
        await page.getByText('Mes firmado.').waitFor()
        const signature = (
          await tenant.admin.get(`/api/v1/attendance/reports/monthly?user_id=${worker.id}&month=2026-10`)
        ).body.data.signature
        assert.equal(signature.status, 'valid')
        const download = page.waitForEvent('download')
        await page.getByRole('link', { name: 'Descargar el PDF' }).click()
        const pdf = await readFile((await (await download).path())!)
        assert.equal(pdf.subarray(0, 5).toString(), '%PDF-')
        assert.ok(errors.length === 0, errors.join('; '))
      })
      await context.close()
    })

    it('the service cannot record for a moment (its database failing over): the punch waits on the phone and goes out by itself', {
      skip: NO_CHROMIUM,
    }, async () => {
      const tenant = await t.newTenant({ timezone: ZONE, country: 'ES' })
      const worker = await tenant.createUser({
        full_name: 'Tomás Ruiz',
        email: `tomas.${t.engine}@example.com`,
        password: PASSWORD,
      })
      const context = await browser.newContext({ viewport: { width: 360, height: 640 }, locale: 'es-ES' })
      const page = await context.newPage()
      page.setDefaultTimeout(10_000)
      await setNow(page, at('2026-11-03', '09:00'))
      await showingThePage(page, async () => {
        await openToday(page, worker.email)
        // 503 database_unavailable with Retry-After, as the service answers while no primary takes
        // writes; until the page has been read (on a busy machine the first retry, a second later,
        // could otherwise come before the page is looked at).
        let failingOver = true
        const clockPath = '**/api/v1/attendance/clock'
        await page.route(clockPath, (route) =>
          failingOver
            ? route.fulfill({
                status: 503,
                headers: { 'content-type': 'application/json', 'retry-after': '1' },
                body: JSON.stringify({
                  error: { code: 'database_unavailable', message: 'No database server takes requests right now' },
                }),
              })
            : route.fallback(),
        )
        await page.getByRole('button', { name: 'Fichar entrada' }).click()
        await page
          .getByText(
            'El servicio no puede registrar fichajes ahora mismo: la entrada de las 09:00 queda guardada en este teléfono',
          )
          .waitFor()
        assert.deepEqual(await accessibilityProblems(page), [], 'a punch held')
        failingOver = false
        await page.unroute(clockPath)
        // Sent again after the Retry-After, not at the next half minute, once, at the moment it was tapped.
        const stored = await eventually(
          'the clock-in sent by itself',
          () => punchesOf(tenant, worker.id, '2026-11'),
          (punches) => punches.length > 0,
          10_000,
        )
        assert.deepEqual(
          stored.map((p) => [p.type, p.ts]),
          [['in', new Date(at('2026-11-03', '09:00')).toISOString()]],
        )

        // A punch the record no longer allows (made elsewhere in the meantime) is no dead end: the
        // state is read again and she is told it changed elsewhere, in her language.
        await page.route(
          '**/api/v1/attendance/clock',
          (route) =>
            route.fulfill({
              status: 409,
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({
                error: { code: 'punch_sequence_invalid', message: 'An out must follow an in or a break_end' },
              }),
            }),
          { times: 1 },
        )
        await page.getByRole('button', { name: 'Fichar salida' }).click()
        await page
          .getByText(/Su registro cambió desde otro dispositivo o pestaña: esta es su situación ahora/)
          .waitFor()
        await page.getByText('Trabajando desde las 09:00.').waitFor()
        assert.equal(await page.getByText('An out must follow').count(), 0)
      })
      await context.close()
    })
  },
  { app: { clock: () => now, accounts: { publicUrl: origin }, mail: inbox.mail } },
)
