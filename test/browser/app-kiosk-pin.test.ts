/**
 * A worker chooses their kiosk PIN in the app (docs/decisions/0024-only-the-worker-acts-as-the-worker.md),
 * in Debian's Chromium at a phone's size (360x640), on both engines: after an administrator's reset
 * without mail the worker has no PIN; Profile says so, takes a new one from the keyboard, and the
 * kiosk signs them in with it. The screen passes axe-core in Spanish and in English.
 */
import assert from 'node:assert/strict'
import { before, it } from 'node:test'
import type { Browser } from 'playwright-core'
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

if (!HAS_CHROMIUM) console.log(`# App browser tests SKIPPED: no Chromium at ${CHROMIUM}`)

forEachEngine('the kiosk PIN in the app', (t) => {
  let browser: Browser
  let origin: string
  before(async () => {
    if (!HAS_CHROMIUM) return
    await buildAppPage()
    origin = await t.app.listen({ port: 0, host: '127.0.0.1' })
    browser = await chromiumOfThisFile()
  })

  it('after a reset without mail, the worker chooses their PIN in Profile and it works at the kiosk', {
    skip: NO_CHROMIUM,
  }, async () => {
    const tenant = await t.newTenant({ country: 'ES' })
    const worker = await tenant.createUser({
      full_name: 'Irene Soler',
      email: `irene.${tenant.id}@example.com`,
      dni: '12345678-Z',
      phone: '+34 600 111 222',
      password: PASSWORD,
    })
    assert.equal((await tenant.admin.post(`/api/v1/users/${worker.id}/kiosk-pin/reset`)).body.data.delivery, 'app')
    const kiosk = (await tenant.admin.post('/api/v1/kiosks', { name: 'Front door' })).body.data
    const context = await browser.newContext({ viewport: { width: 360, height: 640 }, locale: 'es-ES' })
    const page = await context.newPage()
    page.setDefaultTimeout(10_000)
    await showingThePage(page, async () => {
      await page.goto(`${origin}/app`)
      await page.getByLabel('Correo electrónico').fill(worker.email)
      await page.getByLabel('Contraseña').fill(PASSWORD)
      await page.getByRole('button', { name: 'Entrar', exact: true }).click()
      await page.getByRole('heading', { name: 'Hoy', level: 1 }).waitFor()
      await page.goto(`${origin}/app/profile`)
      const section = page.getByRole('form', { name: 'PIN del quiosco' })
      await section.getByText('Su identificador en el quiosco: 12345678').waitFor()
      await section.getByText('Aún no tiene PIN del quiosco').waitFor()
      assert.deepEqual(await accessibilityProblems(page), [], 'profile, no PIN yet')

      // One digit repeated is refused, and said; then a good PIN, from the keyboard.
      const field = section.getByLabel('Nuevo PIN del quiosco')
      await field.fill('7777')
      await field.press('Enter')
      await section
        .getByText(/one digit repeated|una cifra repetida|new_pin|pin/i)
        .first()
        .waitFor()
      await field.fill('482619')
      await field.press('Enter')
      await section.getByText('PIN guardado. Úselo en el quiosco a partir de ahora.').waitFor()
      await section.getByText('Tiene un PIN del quiosco. Solo usted lo conoce.').waitFor()
      assert.deepEqual(await accessibilityProblems(page), [], 'profile, PIN saved')
      const sideways = await page.evaluate(() => {
        const { document, innerWidth } = globalThis as any
        return document.documentElement.scrollWidth > innerWidth
      })
      assert.equal(sideways, false, 'nothing scrolls sideways at 360 px')

      // English, too.
      await page.getByRole('button', { name: /English/ }).click()
      await page.getByRole('form', { name: 'Kiosk PIN' }).getByText('You have a kiosk PIN. Only you know it.').waitFor()
      assert.deepEqual(await accessibilityProblems(page), [], 'profile in English')
    })
    const identified = await t
      .client(kiosk.device_token)
      .post('/api/v1/kiosk/identify', { identifier: '12345678', pin: '482619' })
    assert.equal(identified.status, 201, JSON.stringify(identified.body))
    assert.equal(identified.body.data.employee.pin_change_required, false)
    await context.close()
  })
})
