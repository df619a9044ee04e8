/**
 * The limits of the working day as anomalies, shown where people look
 * (docs/decisions/0023-daily-limits-and-real-life.md), in Debian's Chromium on a 360x640 phone on
 * both engines: a worker's My days marks the day with a short rest and a long day and names both
 * with their article (art. 34.3 ET), in Spanish; HR's Team month lists the month's anomalies of
 * the people HR sees, in English. Both screens pass axe-core.
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
import { punch } from '../helpers/attendance.js'

const chromiumOfThisFile = useChromiumForThisFile()

const ZONE = 'Europe/Madrid'
const at = (date: string, time: string) => DateTime.fromISO(`${date}T${time}`, { zone: ZONE }).toMillis()
const MORNING = at('2026-11-18', '10:00')
let now = MORNING

if (!HAS_CHROMIUM) console.log(`# App browser tests SKIPPED: no Chromium at ${CHROMIUM}`)

forEachEngine(
  'anomalies in the app',
  (t) => {
    let browser: Browser
    let origin: string
    before(async () => {
      if (!HAS_CHROMIUM) return
      await buildAppPage()
      origin = await t.app.listen({ port: 0, host: '127.0.0.1' })
      browser = await chromiumOfThisFile()
    })

    async function signIn(page: Page, email: string, english: boolean): Promise<void> {
      await page.goto(`${origin}/app`)
      await page.getByLabel(english ? 'Email' : 'Correo electrónico').fill(email)
      await page.getByLabel(english ? 'Password' : 'Contraseña').fill(PASSWORD)
      await page.getByRole('button', { name: english ? 'Sign in' : 'Entrar', exact: true }).click()
      await page.getByRole('heading', { name: english ? 'Today' : 'Hoy', level: 1 }).waitFor()
    }

    async function phone(locale: string): Promise<Page> {
      const context = await browser.newContext({ viewport: { width: 360, height: 640 }, locale })
      const page = await context.newPage()
      page.setDefaultTimeout(10_000)
      await page.clock.setFixedTime(new Date(now))
      return page
    }

    it('art. 34.3 ET: a worker sees her short rest and long day marked and named in My days; HR the month’s anomalies in Team month', {
      skip: NO_CHROMIUM,
    }, async () => {
      now = MORNING
      const tenant = await t.newTenant({ timezone: ZONE, country: 'ES' })
      const hr = (await tenant.admin.post('/api/v1/departments', { name: 'Personas' })).body.data
      // The company's break rule off: this test is about the rests and the length of the day.
      await tenant.admin.patch('/api/v1/tenant', { hr_department_id: hr.id, min_break_minutes: 0 })
      const person = (full_name: string, email: string, fields: Record<string, unknown> = {}) =>
        tenant.createUser({ full_name, email: `${email}.${tenant.id}@example.com`, password: PASSWORD, ...fields })
      const hana = await person('Hana Novák', 'hana', { department_id: hr.id })
      const marta = await person('Marta Ruiz', 'marta')
      // Monday 15:00-23:00; Tuesday back at 07:00 (8 hours of rest) until 16:30 (9.5 hours).
      for (const [type, date, time] of [
        ['in', '2026-11-16', '15:00'],
        ['out', '2026-11-16', '23:00'],
        ['in', '2026-11-17', '07:00'],
        ['out', '2026-11-17', '16:30'],
      ] as const) {
        await punch(tenant, marta.id, type, new Date(at(date, time)).toISOString())
      }

      const page = await phone('es-ES')
      await showingThePage(page, async () => {
        await signIn(page, marta.email, false)
        await page.getByRole('navigation', { name: 'Secciones' }).getByRole('link', { name: 'Mis días' }).click()
        const tuesday = page.getByRole('button', { name: /17 de noviembre/ })
        assert.match(
          (await tuesday.getAttribute('aria-label')) ?? (await tuesday.innerText()),
          /Más horas de las que permite la jornada ordinaria \(art\. 34\.3 ET\)/,
        )
        assert.match(await tuesday.innerText(), /!/)
        assert.doesNotMatch(await page.getByRole('button', { name: /16 de noviembre/ }).innerText(), /!/)
        await tuesday.click()
        const detail = page.locator('section.card')
        await detail.getByRole('heading', { name: 'Incidencias' }).waitFor()
        assert.deepEqual(await detail.locator('ul.anomalies li').allInnerTexts(), [
          'Más horas de las que permite la jornada ordinaria (art. 34.3 ET).',
          'Menos descanso del obligatorio desde la jornada anterior (art. 34.3 ET).',
        ])
        assert.deepEqual(await accessibilityProblems(page), [], 'my days')
      })
      await page.context().close()

      const hrPage = await phone('en-GB')
      await showingThePage(hrPage, async () => {
        await signIn(hrPage, hana.email, true)
        await hrPage.goto(`${origin}/app/team-month`)
        const section = hrPage.getByRole('region', { name: 'The month’s anomalies' })
        await section
          .getByRole('row', { name: /Marta Ruiz/ })
          .first()
          .waitFor()
        const rows = (await section.getByRole('row').allInnerTexts()).map((r) => r.replace(/\s+/g, ' ').trim())
        assert.deepEqual(rows.slice(1), [
          '17 Nov Marta Ruiz More hours than the ordinary day allows (art. 34.3 ET).',
          '17 Nov Marta Ruiz Less rest than required since the previous day (art. 34.3 ET).',
        ])
        assert.deepEqual(await accessibilityProblems(hrPage), [], 'team month')
      })
      await hrPage.context().close()
    })
  },
  { app: { clock: () => now } },
)
