/**
 * Days still to come are not a debt (docs/app.md, docs/decisions/0027-figures-to-date.md), in
 * Debian's Chromium at a phone's size on both engines: a worker who worked every past working day
 * of a running month in full reads a zero balance to date in My month, in Spanish and English,
 * with the month's planned hours beside it; a day still to come shows what is planned of it, and
 * Today says what is still to work rather than a negative balance; an administrator's Company
 * reads her to date too. axe-core checks each screen.
 */
import assert from 'node:assert/strict'
import { before, it } from 'node:test'
import { DateTime } from 'luxon'
import type { Browser, Page } from 'playwright-core'
import { buildAppPage } from '../../scripts/build-pages.mjs'
import { PASSWORD } from '../helpers/accounts.js'
import { punch } from '../helpers/attendance.js'
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
/** Wednesday 18 November 2026, 11:00 in Madrid: the month runs on to Monday the 30th. */
const MORNING = at('2026-11-18', '11:00')
let now = MORNING

if (!HAS_CHROMIUM) console.log(`# App browser tests SKIPPED: no Chromium at ${CHROMIUM}`)

/** The same duration the app writes: 7 h 30 min, −0 h 45 min. */
function duration(minutes: number): string {
  const sign = minutes < 0 ? '−' : ''
  const total = Math.abs(minutes)
  return `${sign}${Math.floor(total / 60)} h ${String(total % 60).padStart(2, '0')} min`
}

/**
 * Sara worked every working day of November before the 18th exactly as expected (whatever the
 * calendar makes a working day, the attendance list says) and clocked in at 08:00 on the 18th.
 */
async function sarasNovember(tenant: TestTenant) {
  now = at('2026-11-01', '10:00')
  const fields = { password: PASSWORD, hire_date: '2026-01-01' }
  const sara = await tenant.createUser({ full_name: 'Sara Gil', email: `sara.${tenant.id}@example.com`, ...fields })
  const ana = await tenant.createUser({
    full_name: 'Ana Admin',
    email: `ana.${tenant.id}@example.com`,
    role: 'admin',
    ...fields,
  })
  now = MORNING
  const days = (
    await tenant.admin.get(`/api/v1/attendance?user_id=${sara.id}&from=2026-11-01&to=2026-11-17&page_size=100`)
  ).body.data
  for (const d of days) {
    if (d.expected_minutes === 0) continue
    const start = at(d.date, '08:00')
    await punch(tenant, sara.id, 'in', new Date(start).toISOString())
    await punch(tenant, sara.id, 'out', new Date(start + d.expected_minutes * 60_000).toISOString())
  }
  await punch(tenant, sara.id, 'in', new Date(at('2026-11-18', '08:00')).toISOString())
  const report = (await tenant.admin.get(`/api/v1/attendance/reports/monthly?user_id=${sara.id}&month=2026-11`)).body
    .data
  assert.equal(report.balance_to_date_minutes, 0)
  assert.ok(report.totals.balance_minutes < 0, 'the month still counts the days to come')
  return { sara, ana, report }
}

/** The figure a list of figures shows under a term. */
function figure(page: Page, term: string) {
  return page.locator('dl.figures > div', { has: page.getByText(term, { exact: true }) }).locator('dd')
}

forEachEngine(
  'the balance to date in the app',
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

    it('a worker who worked every past day in full shows a zero balance to date', {
      skip: NO_CHROMIUM,
    }, async () => {
      const tenant = await t.newTenant({ timezone: ZONE, country: 'ES' })
      const { sara, ana, report } = await sarasNovember(tenant)
      const planned = duration(report.totals.expected_minutes)

      for (const english of [false, true]) {
        const context = await browser.newContext({
          viewport: { width: 360, height: 640 },
          locale: english ? 'en-GB' : 'es-ES',
        })
        const page = await context.newPage()
        page.setDefaultTimeout(10_000)
        await page.clock.setFixedTime(new Date(now))
        await showingThePage(page, async () => {
          await signIn(page, sara.email, english)
          // Today: three hours into an eight-hour day is not a debt.
          const toGo = figure(page, english ? 'Still to work today' : 'Falta por trabajar hoy')
          await toGo.waitFor()
          const today = report.days.find((d: any) => d.date === '2026-11-18')
          assert.equal(await toGo.textContent(), duration(today.expected_minutes - 180))
          assert.equal(await figure(page, english ? 'Balance' : 'Saldo').count(), 0)

          await page.goto(`${origin}/app/month?month=2026-11`)
          await page.getByRole('heading', { name: english ? 'My month' : 'Mi mes', level: 1 }).waitFor()
          const balance = figure(page, english ? 'Balance to date' : 'Saldo hasta hoy')
          await balance.waitFor()
          assert.equal(await balance.textContent(), '0 h 00 min')
          assert.equal(
            await figure(page, english ? 'Planned for the month' : 'Previsto en el mes').textContent(),
            planned,
          )
          assert.equal(
            await figure(page, english ? 'Expected to date' : 'Previsto hasta hoy').textContent(),
            duration(report.expected_to_date_minutes),
          )
          assert.match(
            (await page.locator('main').textContent()) ?? '',
            english ? /Days still to come are planned, not owed/ : /Los días que faltan están previstos, no se deben/,
          )
          assert.deepEqual(await accessibilityProblems(page), [], `my month (${english ? 'en' : 'es'})`)

          // Monday the 30th, still to come, shows what is planned of it.
          await page.goto(`${origin}/app/days?month=2026-11&day=2026-11-30`)
          const detail = page.locator('section.card', { has: page.locator('#day-title') })
          await detail.waitFor()
          const monday = report.days.find((d: any) => d.date === '2026-11-30')
          assert.ok(monday.expected_minutes > 0 && monday.balance_minutes < 0)
          const said = (await detail.textContent()) ?? ''
          assert.match(said, new RegExp(`${english ? 'Planned' : 'Previsto'} ${duration(monday.expected_minutes)}`))
          assert.doesNotMatch(said, /−/, 'no negative balance on a day to come')
          assert.deepEqual(await accessibilityProblems(page), [], `my days (${english ? 'en' : 'es'})`)
        })
        await context.close()
      }

      // The administrator's Company: Sara owes nothing to date.
      const context = await browser.newContext({ viewport: { width: 360, height: 640 }, locale: 'es-ES' })
      const page = await context.newPage()
      page.setDefaultTimeout(10_000)
      await page.clock.setFixedTime(new Date(now))
      await showingThePage(page, async () => {
        await signIn(page, ana.email, false)
        await page.goto(`${origin}/app/company?month=2026-11`)
        // On a phone the table reads as cards, its header row out of sight but there.
        await page.getByRole('columnheader', { name: 'Saldo hasta hoy' }).waitFor({ state: 'attached' })
        const row = page.getByRole('row', { name: /Sara Gil/ })
        await row.waitFor()
        const headers = await page.getByRole('columnheader').allTextContents()
        const cells = await row.locator('td').allTextContents()
        assert.equal(cells[headers.indexOf('Saldo hasta hoy') - 1], '0 h 00 min', `${headers} / ${cells}`)
        assert.deepEqual(await accessibilityProblems(page), [], 'company')

        // Team month, as the summary counts it: Sara's balance to date, not the month's.
        await page.goto(`${origin}/app/team-month`)
        await page.getByRole('heading', { name: 'Mes del equipo', level: 1 }).waitFor()
        await page.getByRole('columnheader', { name: 'Saldo hasta hoy' }).first().waitFor({ state: 'attached' })
        const team = page.getByRole('region', { name: /^Mes del equipo: / })
        const teamRow = team.getByRole('row', { name: /Sara Gil/ })
        await teamRow.waitFor()
        const teamHeaders = await team.getByRole('columnheader').allTextContents()
        const teamCells = await teamRow.locator('td').allTextContents()
        assert.equal(
          teamCells[teamHeaders.indexOf('Saldo hasta hoy') - 1],
          '0 h 00 min',
          `${teamHeaders} / ${teamCells}`,
        )
        assert.match(
          (await page.locator('main').textContent()) ?? '',
          /Los días que faltan están previstos, no se deben/,
        )
        assert.deepEqual(await accessibilityProblems(page), [], 'team month')
      })
      await context.close()
    })
  },
  { app: { clock: () => now } },
)
