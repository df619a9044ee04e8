/**
 * The app's navigation on a phone (docs/app.md, "Navigation"), in Debian's Chromium on both
 * engines: at 360x640 a worker, a supervisor and an administrator reach every destination from the
 * bar or from under "More", in Spanish and English, and no screen scrolls sideways, with a person
 * whose name is 200 characters without a space in the company; what waits is badged (a correction
 * for the worker's consent on Requests, the Inbox's requests for the supervisor, on "More" when the
 * destination is under it) and counted on Today, and the badges follow the service; "More" opens
 * and closes with the keyboard; at 1280x800 every destination is in the column. Every screen, Team
 * month's anomalies and Company's overtime with the long name included, fits and passes axe-core
 * at both sizes (the administrator's, who has them all, in both languages).
 */
import assert from 'node:assert/strict'
import { before, it } from 'node:test'
import { DateTime } from 'luxon'
import type { Browser, Page } from 'playwright-core'
import { buildAppPage } from '../../scripts/build-pages.mjs'
import { PASSWORD } from '../helpers/accounts.js'
import { moreButton, openSection, sectionLink, sections } from '../helpers/app-sections.js'
import {
  CHROMIUM,
  HAS_CHROMIUM,
  NO_CHROMIUM,
  accessibilityProblems,
  screenshotPath,
  showingThePage,
  useChromiumForThisFile,
} from '../helpers/browser.js'
import { type TestTenant, forEachEngine } from '../helpers/harness.js'
import { punch } from '../helpers/attendance.js'

const chromiumOfThisFile = useChromiumForThisFile()

const ZONE = 'Europe/Madrid'
const at = (date: string, time: string) => DateTime.fromISO(`${date}T${time}`, { zone: ZONE }).toMillis()
/** A Wednesday morning in November. */
const now = at('2026-11-18', '10:00')
/** A name of 200 characters and no space: it must break, never widen a screen. */
const LONG_NAME = 'Wolfeschlegelsteinhausenbergerdorff'.repeat(6).slice(0, 200)

if (!HAS_CHROMIUM) console.log(`# App navigation browser tests SKIPPED: no Chromium at ${CHROMIUM}`)

/** Each destination by its name in both languages, and the heading its screen opens with. */
const PLACES = {
  today: { es: 'Hoy', en: 'Today' },
  days: { es: 'Mis días', en: 'My days' },
  requests: { es: 'Solicitudes', en: 'Requests' },
  month: { es: 'Mi mes', en: 'My month' },
  inbox: { es: 'Bandeja', en: 'Inbox' },
  teamNow: { es: 'Equipo ahora', en: 'Team now' },
  teamMonth: { es: 'Mes del equipo', en: 'Team month' },
  people: { es: 'Personas', en: 'People' },
  company: { es: 'Empresa', en: 'Company' },
  profile: { es: 'Perfil', en: 'Profile' },
} as const
type PlaceName = keyof typeof PLACES
const HEADINGS: Partial<Record<PlaceName, { es: string; en: string }>> = {
  company: { es: 'Empresa: totales del mes', en: 'Company: monthly totals' },
}

const WORKER: PlaceName[] = ['today', 'days', 'requests', 'month', 'profile']
const SUPERVISOR: PlaceName[] = [...WORKER, 'inbox', 'teamNow', 'teamMonth']
const ADMIN: PlaceName[] = [...SUPERVISOR, 'people', 'company']

/** What makes the page wider than the window, if anything: nothing may scroll sideways. */
function sideways(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const { document, innerWidth } = globalThis as any
    if (document.documentElement.scrollWidth <= innerWidth) return []
    const beyond = [...document.body.querySelectorAll('*')]
      .filter((e: any) => e.getBoundingClientRect().right > innerWidth + 0.5)
      .map(
        (e: any) =>
          `${e.tagName.toLowerCase()}.${e.className} (${Math.round(e.getBoundingClientRect().right)} px) ${e.outerHTML.slice(0, 160)}`,
      )
    return [`the page is ${document.documentElement.scrollWidth} px wide in ${innerWidth}`, ...beyond.slice(-5)]
  })
}

/** What the bar shows to the eye: each destination's name and its badge. */
function barShows(page: Page): Promise<string[]> {
  return sections(page)
    .locator('.bar > li')
    .evaluateAll((items) =>
      items.map((li: any) => [...li.querySelectorAll('.label, .count')].map((part: any) => part.textContent).join(' ')),
    )
}

/**
 * A small company: a supervisor with two reports (one of them with the long name), and an
 * administrator she reports to.
 */
async function company(tenant: TestTenant) {
  await tenant.admin.patch('/api/v1/tenant', { name: 'Talleres Ebro' })
  const person = (full_name: string, email: string, fields: Record<string, unknown> = {}) =>
    tenant.createUser({ full_name, email: `${email}.${tenant.id}@example.com`, password: PASSWORD, ...fields })
  const ana = await person('Ana Admin', 'ana', { role: 'admin' })
  const marta = await person('Marta Ruiz', 'marta', { manager_id: ana.id })
  const pablo = await person('Pablo Íñiguez', 'pablo', { manager_id: marta.id })
  const long = await person(LONG_NAME, 'long', { manager_id: marta.id })
  const anaKey = await tenant.keyFor(ana.id)
  // The administrator proposes to move yesterday's clock-in of Pablo and of Marta: each waits for
  // its employee's consent.
  for (const who of [pablo, marta]) {
    for (const [type, time] of [
      ['in', '09:00'],
      ['out', '17:00'],
    ] as const) {
      await punch(tenant, who.id, type, new Date(at('2026-11-17', time)).toISOString())
    }
    const [clockIn] = (
      await tenant.admin.get(`/api/v1/attendance/punches?user_id=${who.id}&from=2026-11-17&to=2026-11-17`)
    ).body.data
    const proposal = await anaKey.post('/api/v1/attendance/corrections', {
      user_id: who.id,
      reason: 'Llegó antes',
      changes: [{ action: 'move', punch_id: clockIn.id, ts: new Date(at('2026-11-17', '08:30')).toISOString() }],
    })
    assert.equal(proposal.status, 201, JSON.stringify(proposal.body))
  }
  // The long-named worker stayed two hours longer on two October days (overtime, which Company's
  // overtime lists) and worked a long day without a break on Monday (anomalies in Team month).
  for (const [date, from, to] of [
    ['2026-10-06', '08:00', '18:00'],
    ['2026-10-07', '08:00', '18:00'],
    ['2026-11-16', '08:00', '19:30'],
  ] as const) {
    for (const [type, time] of [
      ['in', from],
      ['out', to],
    ] as const) {
      await punch(tenant, long.id, type, new Date(at(date, time)).toISOString())
    }
  }
  // The long-named worker asks for two days of vacation: it waits in Marta's Inbox, and in Ana's
  // (an administrator decides only for those below her).
  const asked = await (await tenant.keyFor(long.id)).post('/api/v1/absences', {
    user_id: long.id,
    type: 'vacation',
    start_date: '2026-12-22',
    end_date: '2026-12-23',
  })
  assert.equal(asked.status, 201, JSON.stringify(asked.body))
  return { ana, marta, pablo, long, absenceId: asked.body.data.id as string }
}

forEachEngine(
  'the app’s navigation on a phone',
  (t) => {
    let browser: Browser
    let origin: string
    before(async () => {
      if (!HAS_CHROMIUM) return
      await buildAppPage()
      origin = await t.app.listen({ port: 0, host: '127.0.0.1' })
      browser = await chromiumOfThisFile()
    })

    async function signedIn(email: string, viewport = { width: 360, height: 640 }): Promise<Page> {
      const context = await browser.newContext({ viewport, locale: 'es-ES' })
      const page = await context.newPage()
      page.setDefaultTimeout(10_000)
      await page.clock.setFixedTime(new Date(now))
      await page.goto(`${origin}/app`)
      await page.getByLabel('Correo electrónico').fill(email)
      await page.getByLabel('Contraseña').fill(PASSWORD)
      await page.getByRole('button', { name: 'Entrar', exact: true }).click()
      await page.getByRole('heading', { name: 'Hoy', level: 1 }).waitFor()
      return page
    }

    /**
     * Every destination, in Spanish then in English: reached, marked, nothing sideways; and, where
     * `axe` says so, accessible (the administrator's run covers every screen: the same screens, for
     * others, run axe-core where their content differs).
     */
    async function everyDestination(page: Page, places: PlaceName[], who: string, axe: boolean): Promise<void> {
      for (const language of ['es', 'en'] as const) {
        if (language === 'en') await page.getByRole('button', { name: 'English' }).click()
        for (const place of places) {
          await openSection(page, PLACES[place][language])
          const heading = (HEADINGS[place] ?? PLACES[place])[language]
          await page.getByRole('heading', { name: heading, level: 1 }).waitFor()
          await page.waitForFunction(() => !(globalThis as any).document.querySelector('.loading'))
          const where = `${who}, ${heading} (${language})`
          // The current place is marked, on the bar or in the list under More.
          assert.equal(await sectionLink(page, PLACES[place][language]).getAttribute('aria-current'), 'page', where)
          assert.deepEqual(await sideways(page), [], where)
          if (axe) assert.deepEqual(await accessibilityProblems(page), [], where)
        }
      }
      await page.getByRole('button', { name: 'Español' }).click()
    }

    /** Company's overtime (a tab of Company): the long-named worker's October, fitting and accessible. */
    async function companyOvertime(page: Page, language: 'es' | 'en', size: string): Promise<void> {
      const where = `administrator, Company: overtime (${size}, ${language})`
      await openSection(page, PLACES.company[language])
      await page.getByRole('heading', { name: HEADINGS.company![language], level: 1 }).waitFor()
      await page
        .getByRole('navigation', { name: language === 'es' ? 'Informes de la empresa' : 'Company reports' })
        .getByRole('link', { name: language === 'es' ? 'Horas extra' : 'Overtime' })
        .click()
      const title = language === 'es' ? 'Empresa: horas extra' : 'Company: overtime'
      await page.getByRole('heading', { name: title, level: 1 }).waitFor()
      await page.waitForFunction(() => !(globalThis as any).document.querySelector('.loading'))
      await page
        .getByRole('region', { name: new RegExp(`^${title}`) })
        .getByRole('row', { name: new RegExp(LONG_NAME) })
        .waitFor()
      assert.deepEqual(await sideways(page), [], where)
      assert.deepEqual(await accessibilityProblems(page), [], where)
    }

    it('a worker: four destinations and More on the bar, Requests badged for a correction to consent', {
      skip: NO_CHROMIUM,
    }, async () => {
      const tenant = await t.newTenant({ timezone: ZONE, country: 'ES' })
      const { pablo } = await company(tenant)
      const page = await signedIn(pablo.email)
      await showingThePage(page, async () => {
        await sectionLink(page, 'Solicitudes')
          .and(page.getByRole('link', { name: /1 pendiente/ }))
          .waitFor()
        assert.deepEqual(await barShows(page), ['Hoy', 'Mis días', 'Solicitudes 1', 'Mi mes', 'Más'])
        await page
          .getByRole('link', { name: 'Una corrección de su registro espera su respuesta en Solicitudes.' })
          .waitFor()
        // Profile and Sign out are under More.
        assert.equal(await sectionLink(page, 'Perfil').isVisible(), false)
        await moreButton(page).click()
        await sectionLink(page, 'Perfil').waitFor()
        await page.getByRole('button', { name: 'Cerrar sesión' }).waitFor()
        await moreButton(page).click()
        assert.deepEqual(await accessibilityProblems(page), [], 'worker, Today with a badge')
        await everyDestination(page, WORKER, 'worker', false)
      })
      await page.context().close()
    })

    it('a supervisor: the Inbox badged and counted on Today, More badged for her own consent, opened by keyboard', {
      skip: NO_CHROMIUM,
    }, async () => {
      const tenant = await t.newTenant({ timezone: ZONE, country: 'ES' })
      const { marta, absenceId } = await company(tenant)
      const page = await signedIn(marta.email)
      await showingThePage(page, async () => {
        await sectionLink(page, 'Bandeja')
          .and(page.getByRole('link', { name: /1 pendiente$/ }))
          .waitFor()
        assert.deepEqual(await barShows(page), ['Hoy', 'Mis días', 'Bandeja 1', 'Equipo ahora', 'Más 1'])
        await page.getByRole('link', { name: 'Una solicitud espera su decisión en la Bandeja.' }).waitFor()
        // More, by keyboard: it opens on its first destination, Escape closes it and gives the focus back.
        const more = moreButton(page)
        assert.equal(await more.getAttribute('aria-expanded'), 'false')
        await more.focus()
        await page.keyboard.press('Enter')
        assert.equal(await more.getAttribute('aria-expanded'), 'true')
        const focused = () => page.evaluate(() => (globalThis as any).document.activeElement?.textContent)
        await page.waitForFunction(() => (globalThis as any).document.activeElement?.closest('#more-places'))
        assert.equal(await focused(), 'Solicitudes1, 1 pendiente')
        assert.deepEqual(await accessibilityProblems(page), [], 'More open')
        if (t.engine === 'sqlite') await page.screenshot({ path: screenshotPath('app-more-phone.png') })
        await page.keyboard.press('Escape')
        assert.equal(await more.getAttribute('aria-expanded'), 'false')
        await page.waitForFunction(() => !(globalThis as any).document.activeElement?.closest('#more-places'))
        assert.match(await focused(), /^Más/)
        assert.equal(await sectionLink(page, 'Solicitudes').isVisible(), false)
        // A place under More: More says so, and the place is marked in its list.
        await openSection(page, 'Mi mes')
        await page.getByRole('heading', { name: 'Mi mes', level: 1 }).waitFor()
        assert.match((await more.getAttribute('class')) ?? '', /current/)
        assert.match((await more.textContent()) ?? '', /está en Mi mes/)

        await everyDestination(page, SUPERVISOR, 'supervisor', false)

        // Decided elsewhere: the badge and Today's count follow the service.
        const decided = await (await tenant.keyFor(marta.id)).post(`/api/v1/absences/${absenceId}/decide`, {
          decision: 'approved',
        })
        assert.equal(decided.status, 200, JSON.stringify(decided.body))
        await openSection(page, 'Hoy')
        await page.getByRole('heading', { name: 'Hoy', level: 1 }).waitFor()
        await sectionLink(page, 'Bandeja')
          .and(page.getByRole('link', { name: 'Bandeja', exact: true }))
          .waitFor()
        assert.equal(await page.getByText('Una solicitud espera su decisión en la Bandeja.').count(), 0)
      })
      await page.context().close()
    })

    it('an administrator: every destination on a phone in both languages, and on a desktop without More', {
      skip: NO_CHROMIUM,
    }, async () => {
      const tenant = await t.newTenant({ timezone: ZONE, country: 'ES' })
      const { ana } = await company(tenant)
      const phone = await signedIn(ana.email)
      await showingThePage(phone, async () => {
        await sectionLink(phone, 'Bandeja')
          .and(phone.getByRole('link', { name: /1 pendiente/ }))
          .waitFor()
        await everyDestination(phone, ADMIN, 'administrator', true)
        // The long name is there, broken rather than widening People, Team month's anomalies or
        // Company's overtime.
        await openSection(phone, 'Personas')
        await phone.getByText(LONG_NAME).first().waitFor()
        await openSection(phone, 'Mes del equipo')
        await phone
          .getByRole('region', { name: 'Incidencias del mes' })
          .getByRole('row', { name: new RegExp(LONG_NAME) })
          .first()
          .waitFor()
        assert.deepEqual(await sideways(phone), [], 'administrator, Team month with anomalies')
        await companyOvertime(phone, 'es', 'phone')
        await phone.getByRole('button', { name: 'English' }).click()
        await companyOvertime(phone, 'en', 'phone')
      })
      await phone.context().close()

      const desktop = await signedIn(ana.email, { width: 1280, height: 800 })
      await showingThePage(desktop, async () => {
        assert.equal(await moreButton(desktop).isVisible(), false)
        for (const language of ['es', 'en'] as const) {
          if (language === 'en') await desktop.getByRole('button', { name: 'English' }).click()
          for (const place of ADMIN) {
            const where = `${place} (desktop, ${language})`
            const link = sectionLink(desktop, PLACES[place][language])
            assert.ok(await link.isVisible(), where)
            await link.click()
            await desktop
              .getByRole('heading', { name: (HEADINGS[place] ?? PLACES[place])[language], level: 1 })
              .waitFor()
            await desktop.waitForFunction(() => !(globalThis as any).document.querySelector('.loading'))
            assert.equal(await link.getAttribute('aria-current'), 'page', where)
            assert.deepEqual(await sideways(desktop), [], where)
            assert.deepEqual(await accessibilityProblems(desktop), [], where)
          }
          await companyOvertime(desktop, language, 'desktop')
          const signOut = language === 'es' ? 'Cerrar sesión' : 'Sign out'
          assert.ok(await desktop.getByRole('button', { name: signOut, exact: true }).first().isVisible())
        }
      })
      await desktop.context().close()
    })
  },
  { app: { clock: () => now } },
)
