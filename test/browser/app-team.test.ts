/**
 * The app for the people who look after others (docs/decisions/0017-web-app.md), in Debian's Chromium on both
 * engines: a supervisor approves an absence and rejects a correction from the Inbox, seeing who
 * else is away; she adds a passkey in her Profile, signs out and back in with it. HR watches Team
 * now change when a worker clocks in, and reads Team month, in English on a desktop. An
 * administrator invites a person (the link to hand over, with no mail server) and deactivates
 * one. A workers' representative reads the company's monthly totals and overtime in English, and
 * nothing of the team's. Every screen passes axe-core and fits a 360x640 phone and a 1280x800 desktop; the SQLite
 * half takes the screenshots of docs/app.md (kept only by `npm run docs:screenshots`).
 */
import assert from 'node:assert/strict'
import { before, it } from 'node:test'
import { DateTime } from 'luxon'
import type { Browser, Page } from 'playwright-core'
import { buildAppPage } from '../../scripts/build-pages.mjs'
import { PASSWORD } from '../helpers/accounts.js'
import { openSection } from '../helpers/app-sections.js'
import {
  CHROMIUM,
  HAS_CHROMIUM,
  NO_CHROMIUM,
  screenshotPath,
  accessibilityProblems,
  showingThePage,
  virtualAuthenticator,
  useChromiumForThisFile,
} from '../helpers/browser.js'
import { type TestTenant, forEachEngine } from '../helpers/harness.js'
import { punch } from '../helpers/attendance.js'

const chromiumOfThisFile = useChromiumForThisFile()

const ZONE = 'Europe/Madrid'
const at = (date: string, time: string) => DateTime.fromISO(`${date}T${time}`, { zone: ZONE }).toMillis()
/** A Wednesday morning in November. */
const MORNING = at('2026-11-18', '10:00')
let now = MORNING

if (!HAS_CHROMIUM) console.log(`# App browser tests SKIPPED: no Chromium at ${CHROMIUM}`)

/** Every screen an administrator is offered, by its link and its heading, in Spanish. */
const SCREENS = [
  { link: 'Hoy', heading: 'Hoy', shot: 'today' },
  { link: 'Mis días', heading: 'Mis días', shot: 'days' },
  { link: 'Solicitudes', heading: 'Solicitudes', shot: 'requests' },
  { link: 'Mi mes', heading: 'Mi mes', shot: 'month' },
  { link: 'Bandeja', heading: 'Bandeja', shot: 'inbox' },
  { link: 'Equipo ahora', heading: 'Equipo ahora', shot: 'team-now' },
  { link: 'Mes del equipo', heading: 'Mes del equipo', shot: 'team-month' },
  { link: 'Personas', heading: 'Personas', shot: 'people' },
  { link: 'Empresa', heading: 'Empresa: totales del mes', shot: 'company' },
  { link: 'Perfil', heading: 'Perfil', shot: 'profile' },
]

/** Whatever does not fit the window's width: the page must not scroll sideways on a phone. */
async function overflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const { document, innerWidth } = globalThis as any
    const problems: string[] = []
    if (document.documentElement.scrollWidth > innerWidth)
      problems.push(`the page is ${document.documentElement.scrollWidth} px wide in ${innerWidth}`)
    return problems
  })
}

/** A small company: HR, a supervisor with two workers, an administrator; all with passwords. */
async function company(tenant: TestTenant) {
  const hrDepartment = (await tenant.admin.post('/api/v1/departments', { name: 'Personas' })).body.data
  await tenant.admin.patch('/api/v1/tenant', { hr_department_id: hrDepartment.id, name: 'Talleres Ebro' })
  const person = (full_name: string, email: string, fields: Record<string, unknown> = {}) =>
    tenant.createUser({ full_name, email: `${email}.${tenant.id}@example.com`, password: PASSWORD, ...fields })
  const hana = await person('Hana Novák', 'hana', { department_id: hrDepartment.id })
  const marta = await person('Marta Ruiz', 'marta')
  const pablo = await person('Pablo Íñiguez', 'pablo', { manager_id: marta.id })
  const lucia = await person('Lucía Pérez', 'lucia', { manager_id: marta.id })
  const ana = await person('Ana Admin', 'ana', { role: 'admin' })
  return { hana, marta, pablo, lucia, ana }
}

forEachEngine(
  'supervisors, HR and administrators in the app',
  (t) => {
    let browser: Browser
    let origin: string
    before(async () => {
      if (!HAS_CHROMIUM) return
      await buildAppPage()
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' })
      // Passkeys need a host name: WebAuthn takes localhost, never a bare address.
      origin = address.replace('127.0.0.1', 'localhost')
      browser = await chromiumOfThisFile()
    })

    async function signIn(page: Page, email: string, heading = 'Hoy'): Promise<void> {
      await page.goto(`${origin}/app`)
      const english = heading === 'Today'
      await page.getByLabel(english ? 'Email' : 'Correo electrónico').fill(email)
      await page.getByLabel(english ? 'Password' : 'Contraseña').fill(PASSWORD)
      await page.getByRole('button', { name: english ? 'Sign in' : 'Entrar', exact: true }).click()
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor()
    }

    it('a supervisor decides from the Inbox, then adds a passkey and signs in with it', {
      skip: NO_CHROMIUM,
    }, async () => {
      now = MORNING
      const tenant = await t.newTenant({ timezone: ZONE, country: 'ES' })
      const { marta, pablo, lucia, hana } = await company(tenant)
      // Lucía is away the week before Christmas; Pablo asks for two days of it.
      const hanaKey = await tenant.keyFor(hana.id)
      const luciaAway = await (await tenant.keyFor(lucia.id)).post('/api/v1/absences', {
        user_id: lucia.id,
        type: 'vacation',
        start_date: '2026-12-21',
        end_date: '2026-12-23',
      })
      assert.equal(luciaAway.status, 201, JSON.stringify(luciaAway.body))
      await hanaKey.post(`/api/v1/absences/${luciaAway.body.data.id}/decide`, { decision: 'approved' })
      const pabloKey = await tenant.keyFor(pablo.id)
      const asked = await pabloKey.post('/api/v1/absences', {
        user_id: pablo.id,
        type: 'vacation',
        start_date: '2026-12-22',
        end_date: '2026-12-23',
      })
      assert.equal(asked.status, 201, JSON.stringify(asked.body))
      // Yesterday's clock-in, kept on his phone and sent now.
      await pabloKey.request(
        'POST',
        '/api/v1/attendance/clock',
        { type: 'in', ts: new Date(at('2026-11-17', '09:00')).toISOString() },
        { 'idempotency-key': 'pablo-yesterday' },
      )
      const lastIn = (
        await tenant.admin.get(`/api/v1/attendance/punches?user_id=${pablo.id}&from=2026-11-17&to=2026-11-17`)
      ).body.data[0]
      const proposal = await pabloKey.post('/api/v1/attendance/corrections', {
        user_id: pablo.id,
        reason: 'Entré antes',
        changes: [{ action: 'move', punch_id: lastIn.id, ts: new Date(at('2026-11-17', '07:00')).toISOString() }],
      })
      assert.equal(proposal.status, 201, JSON.stringify(proposal.body))

      const context = await browser.newContext({ viewport: { width: 360, height: 640 }, locale: 'es-ES' })
      const page = await context.newPage()
      page.setDefaultTimeout(10_000)
      await page.clock.setFixedTime(new Date(now))
      await showingThePage(page, async () => {
        await signIn(page, marta.email)
        // The tab, not Today's line about what waits there.
        await openSection(page, 'Bandeja')
        await page.getByRole('heading', { name: 'Ausencias por decidir' }).waitFor()
        await page.getByText('También fuera esos días: Lucía Pérez.').waitFor()
        await page.getByText('Motivo: Entré antes').waitFor()
        await page.getByText('Entrada del mar, 17 nov: 09:00 → 07:00').waitFor()
        assert.deepEqual(await accessibilityProblems(page), [], 'inbox')
        if (t.engine === 'sqlite') await page.screenshot({ path: screenshotPath('app-inbox-decide-phone.png') })
        await page.getByRole('button', { name: 'Aprobar: Pablo Íñiguez · Vacaciones' }).click()
        await page.getByText('¿Aprobar Pablo Íñiguez · Vacaciones? La decisión no se puede retirar.').waitFor()
        assert.deepEqual(await accessibilityProblems(page), [], 'a decision asked once more')
        await page.getByRole('button', { name: 'Sí, aprobar' }).click()
        await page.getByText('Aprobada: Pablo Íñiguez · Vacaciones.').waitFor()
        await page.getByRole('button', { name: 'Rechazar: Pablo Íñiguez', exact: true }).click()
        await page.getByRole('button', { name: 'Sí, rechazar' }).click()
        await page.getByText('Rechazada: Pablo Íñiguez.').waitFor()
        await page.getByText('No hay nada esperando su decisión.').waitFor()
        const decided = await tenant.admin.get(`/api/v1/absences/${asked.body.data.id}`)
        assert.equal(decided.body.data.status, 'approved')
        const rejected = await tenant.admin.get(`/api/v1/attendance/corrections/${proposal.body.data.id}`)
        assert.deepEqual([rejected.body.data.status, rejected.body.data.decided_by], ['rejected', marta.id])

        // A passkey on this phone, then in with it and no password.
        await virtualAuthenticator(context, page)
        await openSection(page, 'Perfil')
        await page.getByLabel('Nombre de esta llave').fill('Mi teléfono')
        await page.getByRole('button', { name: 'Añadir una llave en este dispositivo' }).click()
        await page.getByText(/^Mi teléfono · último uso nunca/).waitFor()
        await page.getByRole('button', { name: 'Cerrar sesión', exact: true }).click()
        await page.getByRole('heading', { name: 'Iniciar sesión', level: 1 }).waitFor()
        await page.getByRole('button', { name: 'Entrar con una llave de acceso' }).click()
        await page.getByRole('heading', { name: 'Hoy', level: 1 }).waitFor()
        const sessions: any = await page.evaluate(async () => (await fetch('/api/v1/auth/sessions')).json())
        assert.deepEqual(
          sessions.data.filter((s: any) => s.current).map((s: any) => s.method),
          ['passkey'],
        )
      })
      await context.close()
    })

    it('HR sees Team now change when a worker clocks in, and Team month, in English on a desktop', {
      skip: NO_CHROMIUM,
    }, async () => {
      now = MORNING
      const tenant = await t.newTenant({ timezone: ZONE, country: 'ES' })
      const { hana, pablo, lucia } = await company(tenant)
      await (await tenant.keyFor(lucia.id)).post('/api/v1/attendance/clock', { type: 'in' })
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-GB' })
      const page = await context.newPage()
      page.setDefaultTimeout(10_000)
      await page.clock.setFixedTime(new Date(now))
      await showingThePage(page, async () => {
        await signIn(page, hana.email, 'Today')
        await page.getByRole('link', { name: 'Team now' }).click()
        const working = page.locator('section', { has: page.getByRole('heading', { name: /^Working/ }) })
        const notIn = page.locator('section', { has: page.getByRole('heading', { name: /^Not clocked in/ }) })
        await working.getByText('Lucía Pérez').waitFor()
        await notIn.getByText('Pablo Íñiguez').waitFor()
        now = at('2026-11-18', '10:05')
        await page.clock.setFixedTime(new Date(now))
        assert.equal(
          (await (await tenant.keyFor(pablo.id)).post('/api/v1/attendance/clock', { type: 'in' })).status,
          201,
        )
        await page.getByRole('button', { name: 'Refresh' }).click()
        await working.getByText('Pablo Íñiguez').waitFor()
        await working.getByText('since 10:05').waitFor()
        assert.deepEqual(await accessibilityProblems(page), [], 'team now')
        if (t.engine === 'sqlite') await page.screenshot({ path: screenshotPath('app-team-now-desktop.png') })
        await page.getByRole('link', { name: 'Team month' }).click()
        await page.getByRole('row', { name: /Pablo Íñiguez/ }).waitFor()
        assert.deepEqual(await accessibilityProblems(page), [], 'team month')
        // Switching to Spanish keeps the screen.
        await page.getByRole('button', { name: 'Español' }).click()
        await page.getByRole('heading', { name: 'Mes del equipo', level: 1 }).waitFor()
      })
      await context.close()
    })

    it('an administrator invites and deactivates; every screen is accessible and fits a phone and a desktop', {
      skip: NO_CHROMIUM,
    }, async () => {
      now = MORNING
      const tenant = await t.newTenant({ timezone: ZONE, country: 'ES' })
      const { ana, lucia } = await company(tenant)
      await (await tenant.keyFor(ana.id)).request(
        'POST',
        '/api/v1/attendance/clock',
        { type: 'in', ts: new Date(at('2026-11-18', '08:57')).toISOString() },
        { 'idempotency-key': 'ana-this-morning' },
      )
      for (const viewport of [
        { width: 360, height: 640, name: 'phone' },
        { width: 1280, height: 800, name: 'desktop' },
      ]) {
        const context = await browser.newContext({ viewport, locale: 'es-ES' })
        const page = await context.newPage()
        page.setDefaultTimeout(10_000)
        await page.clock.setFixedTime(new Date(now))
        await showingThePage(page, async () => {
          await page.goto(`${origin}/app`)
          await page.getByRole('heading', { name: 'Iniciar sesión', level: 1 }).waitFor()
          assert.deepEqual(await accessibilityProblems(page), [], `sign-in (${viewport.name})`)
          assert.deepEqual(await overflow(page), [], `sign-in (${viewport.name})`)
          if (t.engine === 'sqlite' && viewport.name === 'phone')
            await page.screenshot({ path: screenshotPath('app-sign-in-phone.png') })
          await signIn(page, ana.email)
          for (const screen of SCREENS) {
            await openSection(page, screen.link)
            await page.getByRole('heading', { name: screen.heading, level: 1 }).waitFor()
            // Every part of the screen has loaded.
            await page.waitForFunction(() => !(globalThis as any).document.querySelector('.loading'))
            assert.deepEqual(await accessibilityProblems(page), [], `${screen.heading} (${viewport.name})`)
            assert.deepEqual(await overflow(page), [], `${screen.heading} (${viewport.name})`)
            if (t.engine === 'sqlite' && viewport.name === 'phone')
              await page.screenshot({ path: screenshotPath(`app-${screen.shot}-phone.png`) })
          }
          if (t.engine === 'sqlite' && viewport.name === 'desktop') {
            await openSection(page, 'Hoy')
            await page.getByRole('heading', { name: 'Hoy', level: 1 }).waitFor()
            await page.screenshot({ path: screenshotPath('app-today-desktop.png') })
          }
        })
        if (viewport.name === 'desktop') {
          await context.close()
          continue
        }
        // People: add and invite someone (no mail server: the link to hand over), deactivate Lucía.
        await showingThePage(page, async () => {
          await openSection(page, 'Personas')
          await page.getByRole('button', { name: 'Añadir una persona' }).click()
          await page.getByLabel('Nombre completo').fill('Oleksandr Shevchenko')
          await page.getByLabel('Correo electrónico').fill(`oleksandr.${tenant.id}@example.com`)
          await page.getByRole('button', { name: 'Añadir e invitar' }).click()
          await page.getByText(/Invitación creada para Oleksandr Shevchenko/).waitFor()
          assert.match((await page.locator('code.secret').textContent()) ?? '', /\/app\/invitation#token=/)
          await page.getByRole('button', { name: 'Desactivar: Lucía Pérez' }).click()
          await page.getByRole('button', { name: 'Sí, desactivar a Lucía Pérez' }).click()
          await page.getByText('Cuenta de Lucía Pérez desactivada: ya no puede iniciar sesión.').waitFor()
          assert.equal((await tenant.admin.get(`/api/v1/users/${lucia.id}`)).body.data.status, 'disabled')
        })
        await context.close()
      }
    })

    it('a representative reads the company’s monthly totals and its overtime, and not the team’s screens', {
      skip: NO_CHROMIUM,
    }, async () => {
      now = MORNING
      const tenant = await t.newTenant({ timezone: ZONE, country: 'ES' })
      const { pablo, lucia } = await company(tenant)
      const rosa = await tenant.createUser({
        full_name: 'Rosa Delegada',
        email: `rosa.${tenant.id}@example.com`,
        password: PASSWORD,
      })
      assert.equal((await tenant.admin.patch(`/api/v1/users/${rosa.id}`, { representative: true })).status, 200)
      // Pablo stayed two hours longer on two October days.
      for (const date of ['2026-10-06', '2026-10-07']) {
        for (const [type, time] of [
          ['in', '08:00'],
          ['out', '18:00'],
        ] as const) {
          await punch(tenant, pablo.id, type, new Date(at(date, time)).toISOString())
        }
      }
      const context = await browser.newContext({ viewport: { width: 360, height: 640 }, locale: 'en-GB' })
      const page = await context.newPage()
      page.setDefaultTimeout(10_000)
      await page.clock.setFixedTime(new Date(now))
      await showingThePage(page, async () => {
        await signIn(page, rosa.email, 'Today')
        // On a phone: four destinations on the bar, Company and Profile under More.
        const nav = page.getByRole('navigation', { name: 'Sections' })
        assert.deepEqual(await nav.locator('.bar').getByRole('link').allInnerTexts(), [
          'Today',
          'My days',
          'Requests',
          'My month',
        ])
        assert.deepEqual(
          await nav.locator('#more-places').getByRole('link', { includeHidden: true }).allTextContents(),
          ['Company', 'Profile'],
        )
        await openSection(page, 'Company')
        await page.getByRole('heading', { name: 'Company: monthly totals', level: 1 }).waitFor()
        await page.waitForFunction(() => !(globalThis as any).document.querySelector('.loading'))
        const rows = page.getByRole('region', { name: /Company: monthly totals/ }).getByRole('row')
        const names = await rows.locator('th[scope="row"]').allInnerTexts()
        for (const name of ['Pablo Íñiguez', 'Lucía Pérez', 'Rosa Delegada'])
          assert.ok(names.includes(name), names.join(', '))
        assert.match(names.at(-1) ?? '', /^Total \(\d+ people\)$/)
        assert.deepEqual(await accessibilityProblems(page), [], 'company totals')
        assert.deepEqual(await overflow(page), [], 'company totals')
        assert.ok(await page.getByRole('link', { name: 'Download PDF' }).isVisible())

        await page.getByRole('navigation', { name: 'Company reports' }).getByRole('link', { name: 'Overtime' }).click()
        await page.getByRole('heading', { name: 'Company: overtime', level: 1 }).waitFor()
        await page.getByText('October 2026').waitFor()
        await page.waitForFunction(() => !(globalThis as any).document.querySelector('.loading'))
        const overtime = page.getByRole('region', { name: /Company: overtime/ })
        const pabloRow = overtime.getByRole('row', { name: /Pablo Íñiguez/ })
        // On a phone a row reads as a card: the name, then each figure under it.
        assert.match(await pabloRow.innerText(), /^Pablo Íñiguez\s+4 h 00 min\s/, 'four hours awaiting a decision')
        assert.equal(await overtime.getByRole('row', { name: /Lucía Pérez/ }).count(), 0, 'no overtime, no row')
        assert.deepEqual(await accessibilityProblems(page), [], 'company overtime')
        assert.deepEqual(await overflow(page), [], 'company overtime')
        if (t.engine === 'sqlite') await page.screenshot({ path: screenshotPath('app-company-overtime-phone.png') })
        // The team's screens are not hers, and the service agrees.
        await page.goto(`${origin}/app/team-month`)
        await page.getByRole('heading', { name: 'Today', level: 1 }).waitFor()
      })
      const log = (await tenant.admin.get('/api/v1/access-log?page_size=100')).body.data
      assert.ok(
        log.some(
          (e: any) =>
            e.user_id === rosa.id && e.route === '/api/v1/overtime/reports/monthly' && e.user_ids.includes(pablo.id),
        ),
      )
      assert.ok(
        !log.some((e: any) => e.user_id === rosa.id && e.user_ids.includes(lucia.id) && e.route.includes('overtime')),
      )
      await context.close()
    })
  },
  { app: { clock: () => now } },
)
