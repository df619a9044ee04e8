/**
 * What the annual cap and the ban on minors' overtime flag, shown where people look
 * (docs/decisions/0022-overtime-as-the-law-counts-it.md), in Debian's Chromium on a 360x640 phone on
 * both engines: a worker's My month says what of her overtime may still count toward the cap and
 * what is over it (art. 35.2 ET), in Spanish; a minor's says his overtime is forbidden (art. 6.3 ET),
 * in English; HR's company overtime view flags both, in English.
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
import { type TestTenant, forEachEngine } from '../helpers/harness.js'

const chromiumOfThisFile = useChromiumForThisFile()

const ZONE = 'Europe/Madrid'
const at = (date: string, time: string) => DateTime.fromISO(`${date}T${time}`, { zone: ZONE }).toMillis()
const MORNING = at('2026-11-18', '10:00')
let now = MORNING

if (!HAS_CHROMIUM) console.log(`# App browser tests SKIPPED: no Chromium at ${CHROMIUM}`)

/** A day of ten hours (08:00-18:00 local): two over an eight-hour day. */
async function longDay(tenant: TestTenant, userId: string, date: string, until = '18:00') {
  for (const [type, time] of [
    ['in', '08:00'],
    ['out', until],
  ] as const) {
    const res = await tenant.admin.post('/api/v1/attendance', {
      user_id: userId,
      type,
      ts: new Date(at(date, time)).toISOString(),
    })
    assert.equal(res.status, 201, JSON.stringify(res.body))
  }
}

forEachEngine(
  'overtime flags in the app',
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

    it('a worker sees what is at risk of and over the annual cap (art. 35.2 ET), a minor that his overtime is forbidden (art. 6.3 ET), HR both', {
      skip: NO_CHROMIUM,
    }, async () => {
      now = at('2026-09-01', '09:00')
      const tenant = await t.newTenant({ timezone: ZONE, country: 'ES' })
      const hr = (await tenant.admin.post('/api/v1/departments', { name: 'Personas' })).body.data
      await tenant.admin.patch('/api/v1/tenant', {
        hr_department_id: hr.id,
        overtime_policy: { annual_cap_hours: 2 },
      })
      const person = (full_name: string, email: string, fields: Record<string, unknown> = {}) =>
        tenant.createUser({ full_name, email: `${email}.${tenant.id}@example.com`, password: PASSWORD, ...fields })
      const hana = await person('Hana Novák', 'hana', { department_id: hr.id })
      const marta = await person('Marta Ruiz', 'marta')
      const alex = await person('Álex Gil', 'alex')
      assert.equal((await tenant.admin.patch(`/api/v1/users/${alex.id}`, { birth_date: '2009-03-01' })).status, 200)
      // Marta: two hours over in September (left pending), three in October (paid). Álex, 17: one.
      now = at('2026-09-30', '20:00')
      await longDay(tenant, marta.id, '2026-09-15')
      now = at('2026-10-31', '20:00')
      await longDay(tenant, marta.id, '2026-10-06')
      await longDay(tenant, marta.id, '2026-10-07', '17:00')
      await longDay(tenant, alex.id, '2026-10-06', '17:00')
      now = MORNING
      const hrKey = await tenant.keyFor(hana.id)
      const october = (await hrKey.get(`/api/v1/overtime/lots?user_id=${marta.id}&from=2026-10&to=2026-10`)).body.data
      assert.equal(october[0].minutes, 180)
      const paid = await hrKey.post(`/api/v1/overtime/lots/${october[0].id}/decide`, {
        decision: 'approved',
        compensation: 'pay',
      })
      assert.equal(paid.status, 200, JSON.stringify(paid.body))

      const page = await phone('es-ES')
      await showingThePage(page, async () => {
        await signIn(page, marta.email, false)
        await page.getByRole('navigation', { name: 'Secciones' }).getByRole('link', { name: 'Mi mes' }).click()
        const card = page.getByRole('region', { name: 'Horas extra' })
        await card.waitFor()
        const text = (await card.innerText()).replace(/\s+/g, ' ')
        assert.match(text, /Computadas en el máximo de 2026 3 h 00 min de 2 h 00 min/)
        assert.match(
          text,
          /2 h 00 min pueden llegar a computar en el máximo anual de horas extra: .*\(art\. 35\.2 ET\)/,
        )
        const alert = card.getByRole('alert')
        assert.match(
          await alert.innerText(),
          /1 h 00 min por encima del máximo anual de 2 h 00 min de horas extra \(art\. 35\.2 ET\)\. Se le siguen debiendo/,
        )
        assert.deepEqual(await accessibilityProblems(page), [], 'my month')
      })
      await page.context().close()

      const minor = await phone('en-GB')
      await showingThePage(minor, async () => {
        await signIn(minor, alex.email, true)
        await minor.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'My month' }).click()
        const card = minor.getByRole('region', { name: 'Overtime' })
        await card.waitFor()
        assert.match(
          await card.getByRole('alert').innerText(),
          /1 h 00 min of overtime worked while under 18 this year\. The law forbids overtime for minors \(art\. 6\.3 of the Workers’ Statute\)/,
        )
        assert.doesNotMatch(await card.innerText(), /may still count/, 'a minor’s hours are never at risk of the cap')
        assert.deepEqual(await accessibilityProblems(minor), [], 'my month, a minor')
      })
      await minor.context().close()

      now = MORNING
      const hrPage = await phone('en-GB')
      await showingThePage(hrPage, async () => {
        await signIn(hrPage, hana.email, true)
        await hrPage.goto(`${origin}/app/company/overtime?month=2026-10`)
        await hrPage.getByRole('heading', { name: 'Company: overtime', level: 1 }).waitFor()
        await hrPage.waitForFunction(() => !(globalThis as any).document.querySelector('.loading'))
        const table = hrPage.getByRole('region', { name: /Company: overtime/ })
        const martaRow = await table.getByRole('row', { name: /Marta Ruiz/ }).innerText()
        assert.match(martaRow, /3 h 00 min of 2 h 00 min/)
        assert.match(martaRow, /2 h 00 min at risk/)
        assert.match(martaRow, /1 h 00 min over the limit/)
        assert.match(await table.getByRole('row', { name: /Álex Gil/ }).innerText(), /1 h 00 min worked as a minor/)
        assert.match(
          await hrPage
            .locator('.hint')
            .allInnerTexts()
            .then((h) => h.join(' ')),
          /art\. 35\.2/,
        )
        assert.deepEqual(await accessibilityProblems(hrPage), [], 'company overtime')
      })
      await hrPage.context().close()
    })

    it('a part-timer sees her complementary hours apart from overtime, and what is beyond her pact (art. 12.4.c, 12.5 ET)', {
      skip: NO_CHROMIUM,
    }, async () => {
      now = at('2026-10-01', '09:00')
      const tenant = await t.newTenant({ timezone: ZONE, country: 'ES' })
      const schedule = await tenant.admin.post('/api/v1/schedules', {
        name: 'Media jornada',
        weekday_minutes: { mon: 240, tue: 240, wed: 240, thu: 240, fri: 240, sat: 0, sun: 0 },
      })
      assert.equal(schedule.status, 201, JSON.stringify(schedule.body))
      const hr = (await tenant.admin.post('/api/v1/departments', { name: 'Personas' })).body.data
      await tenant.admin.patch('/api/v1/tenant', { hr_department_id: hr.id })
      const hana = await tenant.createUser({
        full_name: 'Hana Novák',
        email: `hana.${tenant.id}@example.com`,
        password: PASSWORD,
        department_id: hr.id,
      })
      const lucia = await tenant.createUser({
        full_name: 'Lucía Prieto',
        email: `lucia.${tenant.id}@example.com`,
        password: PASSWORD,
        schedule_id: schedule.body.data.id,
      })
      // Tuesday 6 October: six hours on a four-hour day, two complementary hours; no written pact.
      now = at('2026-10-31', '20:00')
      await longDay(tenant, lucia.id, '2026-10-06', '14:00')
      now = MORNING
      const page = await phone('es-ES')
      await showingThePage(page, async () => {
        await signIn(page, lucia.email, false)
        await page.goto(`${origin}/app/month?month=2026-10`)
        const card = page.getByRole('region', { name: 'Horas extra' })
        await card.waitFor()
        const text = (await card.innerText()).replace(/\s+/g, ' ')
        assert.match(text, /Este año ha hecho 2 h 00 min de horas complementarias .*\(art\. 12\.5 ET\)/)
        assert.match(
          await card.getByRole('alert').innerText(),
          /2 h 00 min de horas complementarias por encima de lo que permite su pacto por escrito/,
        )
        assert.doesNotMatch(text, /pueden llegar a computar/, 'complementary hours are never at risk of the cap')
        assert.deepEqual(await accessibilityProblems(page), [], 'my month, a part-timer')
      })
      await page.context().close()
      // HR's company totals give her complementary hours in their own column, not as overtime.
      const hrPage = await phone('en-GB')
      await showingThePage(hrPage, async () => {
        await signIn(hrPage, hana.email, true)
        await hrPage.goto(`${origin}/app/company?month=2026-10`)
        await hrPage.waitForFunction(() => !(globalThis as any).document.querySelector('.loading'))
        const table = hrPage.getByRole('table').first()
        const headers = await table.getByRole('columnheader').allInnerTexts()
        const row = await table
          .getByRole('row', { name: /Lucía Prieto/ })
          .getByRole('cell')
          .allInnerTexts()
        // The row's cells follow the headers after the person's name.
        const cell = (header: string) => row[headers.indexOf(header) - 1]
        assert.equal(cell('Complementary hours'), '2 h 00 min')
        assert.equal(cell('Overtime'), '0 h 00 min')
        assert.deepEqual(await accessibilityProblems(hrPage), [], 'company totals with complementary hours')
      })
      await hrPage.context().close()
    })
  },
  { app: { clock: () => now } },
)
