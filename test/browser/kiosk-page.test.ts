/**
 * The kiosk page in headless Chromium (Debian's `chromium`, driven by playwright-core), against
 * the service on a real socket, on both engines: pairing, the forced PIN change, punching in and
 * out, the lock after five wrong PINs, punches made while the service cannot be reached (stored
 * once each, at their real moments, after a reload and a network failure mid-send), and an
 * automated accessibility check (axe-core). The SQLite half takes the screenshots of docs/kiosk.md (kept only by `npm run docs:screenshots`).
 * Skipped, and said so, where Chromium is not installed.
 */
import assert from 'node:assert/strict'
import { before, it } from 'node:test'
import type { Browser, Page } from 'playwright-core'
import { buildKioskPage } from '../../scripts/build-pages.mjs'
import {
  CHROMIUM,
  HAS_CHROMIUM,
  screenshotPath,
  accessibilityProblems,
  useChromiumForThisFile,
} from '../helpers/browser.js'
import { eventually } from '../helpers/eventually.js'
import { type TestTenant, forEachEngine } from '../helpers/harness.js'
import { giveOneTimePin } from '../helpers/kiosk-sign-in.js'

const chromiumOfThisFile = useChromiumForThisFile()

if (!HAS_CHROMIUM)
  console.log(
    `# Kiosk browser tests SKIPPED: no Chromium at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH)`,
  )

/** Nothing the person needs is cut off: every visible button and the footer lie within the window with their whole text, and nothing scrolls. */
async function fitsTheScreen(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const { document, innerWidth, innerHeight } = globalThis as any
    const problems: string[] = []
    if (document.documentElement.scrollHeight > innerHeight)
      problems.push(`the page scrolls: ${document.documentElement.scrollHeight} > ${innerHeight}`)
    for (const element of document.querySelectorAll('button, footer, input')) {
      const box = element.getBoundingClientRect()
      if (box.width === 0 || box.height === 0) continue
      if (element.scrollWidth > element.clientWidth + 1)
        problems.push(`${element.tagName.toLowerCase()} "${element.textContent.trim().slice(0, 20)}" has its text cut`)
      if (box.left < 0 || box.top < 0 || box.right > innerWidth + 0.5 || box.bottom > innerHeight + 0.5)
        problems.push(
          `${element.tagName.toLowerCase()} "${element.textContent.trim().slice(0, 20)}" at ${Math.round(box.left)},${Math.round(box.top)}-${Math.round(box.right)},${Math.round(box.bottom)}`,
        )
    }
    return problems
  })
}

async function typeOnKeypad(page: Page, digits: string): Promise<void> {
  for (const digit of digits) await page.getByRole('group').getByRole('button', { name: digit, exact: true }).click()
}

async function signIn(page: Page, identifier: string, pin: string): Promise<void> {
  await page.getByLabel('Identificador').fill(identifier)
  await page.getByRole('button', { name: 'Aceptar' }).click()
  await page.getByLabel('PIN', { exact: true }).fill(pin)
  await page.getByRole('button', { name: 'Aceptar' }).click()
}

forEachEngine('the kiosk page in a browser', (t) => {
  let browser: Browser
  let address: string
  before(async () => {
    if (!HAS_CHROMIUM) return
    await buildKioskPage()
    address = await t.app.listen({ port: 0, host: '127.0.0.1' })
    browser = await chromiumOfThisFile()
  })

  /** The person's punches of the last few days: the service runs on the real clock, whatever its date. */
  async function punchesOf(tenant: TestTenant, userId: string): Promise<any[]> {
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
    return (
      await tenant.admin.get(`/api/v1/attendance/punches?user_id=${userId}&from=${day(-3)}&to=${day(2)}&page_size=100`)
    ).body.data
  }

  it('pair, first use with the initial PIN, forced change, in and out; five wrong PINs lock; accessible', {
    skip: !HAS_CHROMIUM && 'Chromium not installed',
  }, async () => {
    const tenant = await t.newTenant()
    const lucia = await tenant.createUser({ full_name: 'Lucía Pérez', dni: '12345678-Z', phone: '+34 600 111 222' })
    // Her one-time PIN, as an administrator's reset mails it: nothing is derived from her phone.
    await giveOneTimePin(t, tenant.id, lucia.id, '1222')
    await tenant.createUser({ full_name: 'Marc Soler', dni: 'X-7654321-J', phone: '+34 600 333 444' })
    await tenant.admin.patch('/api/v1/tenant', { name: 'Talleres Ebro' })
    const kiosk = (await tenant.admin.post('/api/v1/kiosks', { name: 'Puerta principal' })).body.data
    // A tablet in landscape, the kiosk's usual screen.
    const context = await browser.newContext({ viewport: { width: 1024, height: 768 }, locale: 'es-ES' })
    const page = await context.newPage()
    const problems: string[] = []
    page.on('pageerror', (error) => problems.push(error.message))

    await page.goto(`${address}/kiosk`)
    await page.getByRole('heading', { name: 'Vincular este dispositivo' }).waitFor()
    assert.deepEqual(await accessibilityProblems(page), [], 'pairing screen')
    await page.getByLabel('Código del dispositivo').fill('jkd_not-a-token')
    await page.getByRole('button', { name: 'Vincular' }).click()
    await page.getByText('El código no es válido').waitFor()
    await page.getByLabel('Código del dispositivo').fill(kiosk.device_token)
    await page.getByRole('button', { name: 'Vincular' }).click()

    // The identifier on the on-screen keypad.
    await page.getByRole('heading', { name: /Introduzca su identificador/ }).waitFor()
    assert.match((await page.locator('header').textContent()) ?? '', /Talleres Ebro · Puerta principal/)
    assert.deepEqual(await accessibilityProblems(page), [], 'identifier screen')
    assert.deepEqual(await fitsTheScreen(page), [], 'identifier screen at 1024x768')
    if (t.engine === 'sqlite') {
      await page.evaluate(() => ((globalThis as any).document.getElementById('clock').textContent = '08:59'))
      await page.screenshot({ path: screenshotPath('kiosk-keypad-tablet.png') })
    }
    await typeOnKeypad(page, '12345678')
    assert.equal(await page.getByLabel('Identificador').inputValue(), '12345678')
    await page.getByRole('button', { name: 'Aceptar' }).click()
    await page.getByRole('heading', { name: 'Introduzca su PIN' }).waitFor()
    assert.deepEqual(await fitsTheScreen(page), [], 'PIN screen at 1024x768')
    await typeOnKeypad(page, '1222')
    await page.getByRole('button', { name: 'Aceptar' }).click()

    // First use: the initial PIN must be changed.
    await page.getByRole('heading', { name: 'Elija un PIN nuevo' }).waitFor()
    assert.deepEqual(await accessibilityProblems(page), [], 'new PIN screen')
    assert.deepEqual(await fitsTheScreen(page), [], 'new PIN screen at 1024x768')
    await page.getByLabel('PIN nuevo', { exact: true }).fill('1111')
    await page.getByLabel('Repita el PIN nuevo').fill('1111')
    await page.getByRole('button', { name: 'Aceptar' }).click()
    await page.getByText('must not be one digit repeated').waitFor()
    await page.getByLabel('PIN nuevo', { exact: true }).fill('4826')
    await page.getByLabel('Repita el PIN nuevo').fill('4826')
    await page.getByRole('button', { name: 'Aceptar' }).click()

    await page.getByRole('heading', { name: 'Hola, Lucía Pérez' }).waitFor()
    await page.getByText('Fuera de la jornada').waitFor()
    assert.deepEqual(await page.locator('.punches button').allInnerTexts(), ['Entrada'])
    assert.deepEqual(await accessibilityProblems(page), [], 'employee screen')
    assert.deepEqual(await fitsTheScreen(page), [], 'employee screen at 1024x768')
    await page.getByRole('button', { name: 'Entrada' }).click()
    await page.getByText(/Entrada registrada a las \d\d:\d\d/).waitFor()
    assert.deepEqual(await accessibilityProblems(page), [], 'confirmation')
    assert.deepEqual(await fitsTheScreen(page), [], 'confirmation at 1024x768')
    await page.getByRole('button', { name: 'Aceptar' }).click()

    // The state has changed: working, and out or a break next.
    await signIn(page, '12345678', '4826')
    await page.getByText('Trabajando').waitFor()
    assert.deepEqual(await page.locator('.punches button').allInnerTexts(), ['Salida', 'Inicio de pausa'])
    await page.getByRole('button', { name: 'Salida' }).click()
    await page.getByText(/Salida registrada a las/).waitFor()
    // The confirmation goes back to the start by itself.
    await page.getByRole('heading', { name: /Introduzca su identificador/ }).waitFor({ timeout: 8000 })
    assert.deepEqual(
      (await punchesOf(tenant, lucia.id)).map((p) => [p.type, p.source, p.kiosk_id]),
      [
        ['in', 'kiosk', kiosk.id],
        ['out', 'kiosk', kiosk.id],
      ],
    )

    // English, by the button in the header.
    await page.getByRole('button', { name: 'Switch to English' }).click()
    await page.getByRole('heading', { name: /Enter your identifier/ }).waitFor()
    assert.equal(await page.evaluate(() => (globalThis as any).document.documentElement.lang), 'en')
    await page.getByRole('button', { name: 'Cambiar a español' }).click()

    // Five wrong PINs, then the lock.
    for (let i = 0; i < 5; i++) {
      await signIn(page, '7654321', '9999')
      await page.getByText('Identificador o PIN incorrecto.').waitFor()
      await page.getByRole('button', { name: 'Aceptar' }).click()
    }
    await signIn(page, '7654321', '3444')
    await page
      .getByText(
        'Demasiados PIN incorrectos. Inténtelo de nuevo en 15 min, o pida al administrador que restablezca su PIN.',
      )
      .waitFor()
    assert.deepEqual(problems, [], 'no script errors')
    await context.close()
  })

  it('offline: punches are kept with their real moments and sent once each when the service answers, across a reload and a failure mid-send', {
    skip: !HAS_CHROMIUM && 'Chromium not installed',
  }, async () => {
    const tenant = await t.newTenant()
    const user = await tenant.createUser({ full_name: 'Ana Ruiz', dni: '11223344-B', phone: '+34 600 555 666' })
    await giveOneTimePin(t, tenant.id, user.id, '5666')
    await tenant.admin.patch('/api/v1/tenant', { name: 'Talleres Ebro' })
    const kiosk = (await tenant.admin.post('/api/v1/kiosks', { name: 'Almacén' })).body.data
    // Set the PIN through the API: this test is about the queue.
    const { session } = (
      await t.client(kiosk.device_token).post('/api/v1/kiosk/identify', { identifier: '11223344', pin: '5666' })
    ).body.data
    await t.client(kiosk.device_token).post('/api/v1/kiosk/pin', { session, new_pin: '2468' })

    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'es-ES' })
    await context.addInitScript(
      (token) => (globalThis as any).localStorage.setItem('jornada-kiosk-token', token),
      kiosk.device_token,
    )
    const page = await context.newPage()
    await page.goto(`${address}/kiosk`)
    await page.getByRole('heading', { name: /Introduzca su identificador/ }).waitFor()

    // The service cannot be reached: the page offers every punch and keeps what is pressed.
    await page.route('**/api/v1/**', (route) => route.abort('internetdisconnected'))
    const moments: number[] = []
    for (const type of ['Entrada', 'Salida']) {
      await signIn(page, '11223344', '2468')
      await page.getByRole('heading', { name: 'Sin conexión' }).waitFor()
      moments.push(Date.now())
      await page.getByRole('button', { name: type, exact: true }).click()
      await page.getByText(new RegExp(`${type} guardada a las .*se enviará`)).waitFor()
      moments.push(Date.now())
      await page.getByRole('button', { name: 'Aceptar' }).click()
      // A second apart, as two real punches are.
      await page.waitForTimeout(1100)
    }
    await page.getByText('2 fichajes pendientes de envío').waitFor()
    assert.equal((await punchesOf(tenant, user.id)).length, 0, 'nothing reached the service')

    // A reload keeps the queue; the service is back; the punches arrive in order.
    await page.reload()
    await page.getByText('2 fichajes pendientes de envío').waitFor()
    await page.unroute('**/api/v1/**')
    await page.evaluate(() => (globalThis as any).dispatchEvent(new Event('online')))
    await page.getByText('Conectado').waitFor()
    await eventually(
      'the queue to empty',
      () => page.locator('footer').textContent(),
      (text) => text !== null && !text.includes('pendiente'),
    )
    const stored = await punchesOf(tenant, user.id)
    assert.deepEqual(
      stored.map((p) => [p.type, p.source]),
      [
        ['in', 'kiosk'],
        ['out', 'kiosk'],
      ],
    )
    stored.forEach((p, i) => {
      const ts = Date.parse(p.ts)
      assert.ok(
        ts >= moments[2 * i]! - 1000 && ts <= moments[2 * i + 1]! + 1000,
        `the real moment of punch ${i}: ${p.ts}`,
      )
    })

    // The network fails after the service stored the punch, before the answer arrives.
    let dropped = 0
    await page.route('**/api/v1/kiosk/punches', async (route) => {
      if (dropped++ > 0) return route.continue()
      await route.fetch()
      await route.abort('connectionreset')
    })
    await signIn(page, '11223344', '2468')
    await page.getByRole('button', { name: 'Entrada' }).click()
    await page.getByText(/Entrada guardada a las/).waitFor()
    await page.evaluate(() => (globalThis as any).dispatchEvent(new Event('online')))
    await eventually(
      'the queue to empty',
      () => page.locator('footer').textContent(),
      (text) => text !== null && !text.includes('pendiente'),
    )
    const after = await punchesOf(tenant, user.id)
    assert.deepEqual(
      after.map((p) => p.type),
      ['in', 'out', 'in'],
      'the punch sent twice is stored once',
    )
    assert.equal(dropped, 2, 'it was sent again, and answered from its Idempotency-Key')

    if (t.engine === 'sqlite') {
      await page.unroute('**/api/v1/kiosk/punches')
      await page.getByRole('button', { name: 'Aceptar' }).click()
      await signIn(page, '11223344', '2468')
      await page.getByRole('heading', { name: 'Hola, Ana Ruiz' }).waitFor()
      await page.evaluate(() => ((globalThis as any).document.getElementById('clock').textContent = '17:02'))
      await page.screenshot({ path: screenshotPath('kiosk-employee-phone.png') })
    }
    await context.close()
  })

  it('a forgotten clock-out (art. 34.9 ET): the clock-in offered and recorded first, then the session left open told with the proposed time, accepted from the keyboard; on a phone, accessible', {
    skip: !HAS_CHROMIUM && 'Chromium not installed',
  }, async () => {
    const tenant = await t.newTenant()
    const user = await tenant.createUser({ full_name: 'Iván Gómez', dni: '22334455-Y', phone: '+34 600 777 888' })
    await giveOneTimePin(t, tenant.id, user.id, '7888')
    await tenant.admin.patch('/api/v1/tenant', { name: 'Talleres Ebro' })
    const kiosk = (await tenant.admin.post('/api/v1/kiosks', { name: 'Almacén' })).body.data
    const device = t.client(kiosk.device_token)
    const { session } = (await device.post('/api/v1/kiosk/identify', { identifier: '22334455', pin: '7888' })).body.data
    await device.post('/api/v1/kiosk/pin', { session, new_pin: '1357' })
    // In twenty hours ago, never out.
    const inAt = new Date(Date.now() - 20 * 3_600_000).toISOString()
    assert.equal(
      (await tenant.admin.post('/api/v1/attendance', { user_id: user.id, type: 'in', ts: inAt })).status,
      201,
    )

    const context = await browser.newContext({ viewport: { width: 360, height: 640 }, locale: 'es-ES' })
    await context.addInitScript(
      (token) => (globalThis as any).localStorage.setItem('jornada-kiosk-token', token),
      kiosk.device_token,
    )
    const page = await context.newPage()
    const problems: string[] = []
    page.on('pageerror', (error) => problems.push(error.message))
    await page.goto(`${address}/kiosk`)
    await page.getByRole('heading', { name: /Introduzca su identificador/ }).waitFor()
    assert.deepEqual(await fitsTheScreen(page), [], 'identifier screen at 360x640')
    await signIn(page, '22334455', '1357')
    await page.getByRole('heading', { name: 'Hola, Iván Gómez' }).waitFor()
    // Yesterday's session is no work under way: the one button is today's clock-in.
    assert.deepEqual(await page.locator('.punches button').allInnerTexts(), ['Entrada'])
    await page.getByRole('button', { name: 'Entrada' }).click()
    // Recorded first (a status), then told (an alert), with the company's proposal.
    await page
      .getByRole('status')
      .getByText(/Entrada registrada a las \d\d:\d\d/)
      .waitFor()
    await page
      .getByRole('alert')
      .getByText(/No registraste la salida el .* \(entrada a las \d\d:\d\d\)\./)
      .waitFor()
    await page.getByText(/La empresa propone cerrar esa jornada con la salida a las \d\d:\d\d/).waitFor()
    const buttons = await page.locator('.punches button').allInnerTexts()
    assert.equal(buttons.length, 2)
    assert.match(buttons[0]!, /^Aceptar salida a las \d\d:\d\d$/)
    assert.equal(buttons[1], 'Pedir a RR. HH.')
    assert.deepEqual(
      (await punchesOf(tenant, user.id)).map((p) => [p.type, p.source]),
      [
        ['in', 'api'],
        ['in', 'kiosk'],
      ],
    )
    assert.deepEqual(await accessibilityProblems(page), [], 'forgotten clock-out screen')
    assert.deepEqual(await fitsTheScreen(page), [], 'forgotten clock-out screen at 360x640')
    if (t.engine === 'sqlite') {
      await page.evaluate(() => ((globalThis as any).document.getElementById('clock').textContent = '08:05'))
      await page.screenshot({ path: screenshotPath('kiosk-forgotten-out-phone.png') })
    }

    await page.getByRole('button', { name: /^Aceptar salida/ }).focus()
    await page.keyboard.press('Enter')
    await page.getByText('Salida corregida. Tu fichaje de hoy ya está registrado.').waitFor()
    assert.deepEqual(
      (await punchesOf(tenant, user.id)).map((p) => [p.type, p.source]),
      [
        ['in', 'api'],
        ['out', 'correction'],
        ['in', 'kiosk'],
      ],
    )
    assert.deepEqual(problems, [], 'no script errors')
    await context.close()
  })
})
