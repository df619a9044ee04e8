/**
 * The app's small things on a phone (issue 53), in Debian's Chromium at 360x640 on both engines:
 * signed out, /app logs no 401; the absence form starts on vacation and on the next working day
 * (a holiday skipped); cancelling is asked once more, and "Go back" gives the focus back; absence
 * types and holidays read in the person's language in a Spanish company; My days shows 8 h 39 min as "8:39" and
 * 7 min as "0:07", and marks today; the kiosk page is installable (its manifest and icons).
 */
import assert from 'node:assert/strict'
import { before, it } from 'node:test'
import { DateTime } from 'luxon'
import type { Browser } from 'playwright-core'
import { buildAppPage, buildKioskPage } from '../../scripts/build-pages.mjs'
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
import { forEachEngine } from '../helpers/harness.js'

const chromiumOfThisFile = useChromiumForThisFile()

const ZONE = 'Europe/Madrid'
const at = (date: string, time: string) => DateTime.fromISO(`${date}T${time}`, { zone: ZONE }).toMillis()
// A Monday whose next day is a national holiday (Inmaculada Concepción, 8 December).
let now = at('2026-12-07', '10:00')

if (!HAS_CHROMIUM) console.log(`# App browser tests SKIPPED: no Chromium at ${CHROMIUM}`)

forEachEngine(
  'the app: form defaults, confirmations, labels, the calendar',
  (t) => {
    let browser: Browser
    let origin: string
    before(async () => {
      if (!HAS_CHROMIUM) return
      await buildKioskPage()
      await buildAppPage()
      origin = await t.app.listen({ port: 0, host: '127.0.0.1' })
      browser = await chromiumOfThisFile()
    })

    it('the kiosk page is installable: a manifest with a name, icons, its start and standalone display', {
      skip: NO_CHROMIUM,
    }, async () => {
      const page = await (await fetch(`${origin}/kiosk`)).text()
      assert.match(page, /<link rel="manifest" href="\/kiosk\/manifest.webmanifest">/)
      const answer = await fetch(`${origin}/kiosk/manifest.webmanifest`)
      assert.equal(answer.status, 200)
      assert.equal(answer.headers.get('content-type'), 'application/manifest+json')
      const manifest = (await answer.json()) as any
      assert.equal(manifest.start_url, '/kiosk')
      assert.equal(manifest.display, 'standalone')
      assert.ok(manifest.name && manifest.short_name)
      for (const icon of manifest.icons) {
        const file = await fetch(`${origin}${icon.src}`)
        assert.equal(file.status, 200, icon.src)
        assert.equal(file.headers.get('content-type'), icon.type)
      }
      assert.ok(manifest.icons.some((i: any) => i.sizes === '512x512' && i.type === 'image/png'))
      assert.match(
        String((await fetch(`${origin}/kiosk`)).headers.get('content-security-policy')),
        /manifest-src 'self'/,
      )
    })

    it('signed out, no 401; vacation on the next working day; cancel asked once more; labels and calendar in both languages', {
      skip: NO_CHROMIUM,
    }, async () => {
      now = at('2026-11-01', '10:00')
      const tenant = await t.newTenant({ timezone: ZONE, country: 'ES' })
      const worker = await tenant.createUser({
        full_name: 'Nuria Vidal',
        email: `nuria.${tenant.id}@example.com`,
        password: PASSWORD,
        hire_date: '2026-01-01',
      })
      now = at('2026-12-07', '10:00')
      // Thursday 3 December: 7 minutes; Friday 4 December: 8 h 39 min.
      await punch(tenant, worker.id, 'in', new Date(at('2026-12-03', '09:00')).toISOString())
      await punch(tenant, worker.id, 'out', new Date(at('2026-12-03', '09:07')).toISOString())
      await punch(tenant, worker.id, 'in', new Date(at('2026-12-04', '08:00')).toISOString())
      await punch(tenant, worker.id, 'out', new Date(at('2026-12-04', '16:39')).toISOString())

      const context = await browser.newContext({ viewport: { width: 360, height: 640 }, locale: 'en-GB' })
      const page = await context.newPage()
      page.setDefaultTimeout(10_000)
      await page.clock.setFixedTime(new Date(now))
      const refused: string[] = []
      page.on('response', (r) => r.status() === 401 && refused.push(r.url()))
      page.on('console', (m) => m.type() === 'error' && refused.push(m.text()))
      await showingThePage(page, async () => {
        await page.goto(`${origin}/app`)
        await page.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor()
        assert.deepEqual(refused, [], 'signed out, the app asks nothing that answers 401')

        await page.getByLabel('Email').fill(worker.email)
        await page.getByLabel('Password').fill(PASSWORD)
        await page.getByRole('button', { name: 'Sign in', exact: true }).click()
        await page.getByRole('heading', { name: 'Today', level: 1 }).waitFor()

        // My days: hours and minutes in each cell, today marked.
        await page.goto(`${origin}/app/days?month=2026-12`)
        await page.getByRole('heading', { name: 'My days', level: 1 }).waitFor()
        const cell = (day: number) =>
          page.locator('table.calendar button.day', { has: page.locator(`.number:text-is("${day}")`) })
        await cell(4).locator('.worked').waitFor()
        assert.equal(await cell(4).locator('.worked').textContent(), '8:39')
        assert.equal(await cell(3).locator('.worked').textContent(), '0:07')
        assert.equal(await cell(7).getAttribute('aria-current'), 'date')
        assert.match((await cell(7).getAttribute('class')) ?? '', /\btoday\b/)
        assert.equal(await page.locator('[aria-current="date"]').count(), 1)
        // The holiday in the person's language (the data set leaves some Spanish: National Day of Spain).
        assert.match((await cell(8).textContent()) ?? '', /Immaculate Conception/)
        assert.deepEqual(await accessibilityProblems(page), [], 'my days with today marked')

        // Requests: the form starts on vacation, named in English, on Wednesday 9 (8 is a holiday).
        await page.goto(`${origin}/app/requests`)
        await page.getByRole('button', { name: 'Request an absence' }).click()
        const kind = page.getByLabel('Kind')
        assert.equal(await kind.inputValue(), 'vacation')
        assert.equal(await kind.locator('option:checked').textContent(), 'Vacation')
        assert.deepEqual(await kind.locator('option').allTextContents(), [
          'Justified absence',
          'Overtime rest',
          'Personal matters',
          'Sick leave',
          'Vacation',
        ])
        assert.equal(await page.getByLabel('First day').inputValue(), '2026-12-09')
        assert.equal(await page.getByLabel('Last day').inputValue(), '2026-12-09')
        await page.getByRole('button', { name: 'Send the request' }).click()
        await page.getByText('Request sent.').waitFor()
        const asked = (await tenant.admin.get(`/api/v1/absences?user_id=${worker.id}&from=2026-12-01&to=2026-12-31`))
          .body.data
        assert.deepEqual(
          asked.map((a: any) => [a.type.key, a.start_date, a.end_date]),
          [['vacation', '2026-12-09', '2026-12-09']],
        )

        // Cancelling is asked once more; "Go back" keeps it and gives the focus back to the button.
        const cancel = page.getByRole('button', { name: /^Cancel: Vacation,/ })
        await cancel.click()
        await page.getByText(/^Cancel Vacation, .+\? It cannot be undone/).waitFor()
        assert.deepEqual(await accessibilityProblems(page), [], 'a cancellation asked once more')
        await page.getByRole('button', { name: 'Go back' }).click()
        await page.waitForFunction(() =>
          (globalThis as any).document.activeElement?.getAttribute('aria-label')?.startsWith('Cancel:'),
        )
        await cancel.click()
        await page.getByRole('button', { name: 'Yes, cancel it' }).click()
        await page.getByText('Absence cancelled.').waitFor()
        const cancelled = (await tenant.admin.get(`/api/v1/absences/${asked[0].id}`)).body.data
        assert.equal(cancelled.status, 'cancelled')

        // In Spanish, the company's own names.
        await page.getByRole('button', { name: 'Español' }).click()
        await page.getByRole('heading', { name: 'Solicitudes', level: 1 }).waitFor()
        await page.getByText(/^Vacaciones · /).waitFor()
        await page.getByRole('button', { name: 'Solicitar una ausencia' }).click()
        assert.equal(await page.getByLabel('Tipo').locator('option:checked').textContent(), 'Vacaciones')
        assert.deepEqual(await accessibilityProblems(page), [], 'requests in Spanish')
        await page.goto(`${origin}/app/days?month=2026-12`)
        await page.getByRole('heading', { name: 'Mis días', level: 1 }).waitFor()
        assert.match((await cell(8).textContent()) ?? '', /La inmaculada concepción/)
        assert.deepEqual(refused, [], 'no refusal in the console')
      })
      await context.close()
    })
  },
  { app: { clock: () => now } },
)
