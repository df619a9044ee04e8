/**
 * The kiosk page when the service is busy (docs/kiosk.md, "Online, offline, busy"), in Debian's
 * Chromium at a phone's size, on both engines: a 503 `overloaded` with Retry-After, at the sign-in
 * and at the punch, is said as busy (never "Sin conexión"), the page asks again by itself after the
 * Retry-After, and the person is served, or their punch sent, without doing anything more. Spanish
 * and English, with the automated accessibility check on the new states.
 */
import assert from 'node:assert/strict'
import { before, it } from 'node:test'
import type { Browser, Page } from 'playwright-core'
import { buildKioskPage } from '../../scripts/build-pages.mjs'
import { PASSWORD, signedIn } from '../helpers/accounts.js'
import {
  CHROMIUM,
  HAS_CHROMIUM,
  NO_CHROMIUM,
  accessibilityProblems,
  useChromiumForThisFile,
} from '../helpers/browser.js'
import { eventually } from '../helpers/eventually.js'
import { type TestTenant, forEachEngine } from '../helpers/harness.js'

const chromiumOfThisFile = useChromiumForThisFile()

if (!HAS_CHROMIUM) console.log(`# Kiosk connection browser tests SKIPPED: no Chromium at ${CHROMIUM}`)

/**
 * The first `times` requests to `path` are answered as a service that sheds load answers (503
 * `overloaded`, Retry-After); the moments they came are kept.
 */
async function busyFor(page: Page, path: string, times: number, retryAfter: number): Promise<number[]> {
  const moments: number[] = []
  await page.route(
    (url) => url.pathname === path,
    (route) => {
      if (moments.length >= times) return route.continue()
      moments.push(performance.now())
      return route.fulfill({
        status: 503,
        headers: { 'content-type': 'application/json', 'retry-after': String(retryAfter) },
        body: JSON.stringify({ error: { code: 'overloaded', message: 'The service is overloaded: retry shortly' } }),
      })
    },
  )
  return moments
}

forEachEngine('the kiosk page when the service is busy', (t) => {
  let browser: Browser
  let address: string
  before(async () => {
    if (!HAS_CHROMIUM) return
    await buildKioskPage()
    address = await t.app.listen({ port: 0, host: '127.0.0.1' })
    browser = await chromiumOfThisFile()
  })

  async function punchesOf(tenant: TestTenant, userId: string): Promise<any[]> {
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
    return (
      await tenant.admin.get(`/api/v1/attendance/punches?user_id=${userId}&from=${day(-3)}&to=${day(2)}&page_size=100`)
    ).body.data
  }

  async function signIn(page: Page, identifier: string, pin: string, ok: string): Promise<void> {
    await page.locator('#identifier').fill(identifier)
    await page.getByRole('button', { name: ok, exact: true }).click()
    await page.locator('#pin').fill(pin)
    await page.getByRole('button', { name: ok, exact: true }).click()
  }

  it('busy at the sign-in and at the punch: said as busy, asked again after Retry-After, served; Spanish and English', {
    skip: NO_CHROMIUM,
  }, async () => {
    const tenant = await t.newTenant()
    const user = await tenant.createUser({
      full_name: 'Rocío Marín',
      email: `rocio.${t.engine}@example.com`,
      dni: '55667788-Z',
      password: PASSWORD,
    })
    const kiosk = (await tenant.admin.post('/api/v1/kiosks', { name: 'Muelle' })).body.data
    // She chooses her PIN in the app (only the worker knows it): this test is about the link to the service.
    const worker = await signedIn(t.app, user.email)
    const chosen = await worker.request('PUT', '/api/v1/me/kiosk-pin', { pin: '3579' })
    assert.equal(chosen.status, 200, JSON.stringify(chosen.body))

    const context = await browser.newContext({ viewport: { width: 360, height: 640 }, locale: 'es-ES' })
    await context.addInitScript(
      (token) => (globalThis as any).localStorage.setItem('jornada-kiosk-token', token),
      kiosk.device_token,
    )
    const page = await context.newPage()
    page.setDefaultTimeout(10_000)
    const thrown: string[] = []
    page.on('pageerror', (error) => thrown.push(error.message))
    await page.goto(`${address}/kiosk`)
    await page.getByRole('heading', { name: /Introduzca su identificador/ }).waitFor()

    // The sign-in meets a busy service twice: she is told, and served once it answers.
    const identify = await busyFor(page, '/api/v1/kiosk/identify', 2, 2)
    await signIn(page, '55667788', '3579', 'Aceptar')
    await page.getByRole('heading', { name: 'El servicio está ocupado' }).waitFor()
    await page.getByText('Espere un momento: se vuelve a intentar solo en 2 s.', { exact: false }).waitFor()
    await page.getByText('Servicio ocupado: se reintenta en 2 s').waitFor()
    assert.equal(await page.getByText('Sin conexión').count(), 0, 'busy is not "no connection"')
    assert.deepEqual(await accessibilityProblems(page), [], 'busy at the sign-in (es)')
    await page.getByRole('heading', { name: 'Hola, Rocío Marín' }).waitFor()
    await page.getByText('Conectado').waitFor()
    assert.equal(identify.length, 2)
    assert.ok(identify[1]! - identify[0]! >= 1900, `asked again ${Math.round(identify[1]! - identify[0]!)} ms later`)

    // The punch meets a busy service: kept on the tablet, said as busy, and sent by itself after Retry-After.
    const punches = await busyFor(page, '/api/v1/kiosk/punches', 1, 1)
    await page.getByRole('button', { name: 'Entrada', exact: true }).click()
    await page.getByText(/Entrada guardada a las \d\d:\d\d: el servicio está ocupado, se enviará en 1 s/).waitFor()
    assert.deepEqual(await accessibilityProblems(page), [], 'a punch kept while busy (es)')
    const stored = await eventually(
      'the punch sent by itself',
      () => punchesOf(tenant, user.id),
      (rows) => rows.length === 1,
      10_000,
    )
    assert.deepEqual(
      stored.map((p) => [p.type, p.source]),
      [['in', 'kiosk']],
    )
    assert.equal(punches.length, 1)
    await eventually(
      'the footer to say it is online with nothing waiting',
      () => page.locator('footer').innerText(),
      (text) => text.includes('Conectado') && !text.includes('pendiente'),
      10_000,
    )

    // In English, the same.
    await page.getByRole('button', { name: 'Aceptar' }).click()
    await page.getByRole('button', { name: 'Switch to English' }).click()
    await page.getByRole('heading', { name: /Enter your identifier/ }).waitFor()
    await busyFor(page, '/api/v1/kiosk/identify', 1, 2)
    await signIn(page, '55667788', '3579', 'OK')
    await page.getByRole('heading', { name: 'The service is busy' }).waitFor()
    await page.getByText('Please wait: trying again by itself in 2 s.', { exact: false }).waitFor()
    await page.getByText('Service busy: trying again in 2 s').waitFor()
    assert.equal(await page.getByText('Offline').count(), 0, 'busy is not "offline"')
    assert.deepEqual(await accessibilityProblems(page), [], 'busy at the sign-in (en)')
    await page.getByRole('heading', { name: 'Hello, Rocío Marín' }).waitFor()
    await page.getByText('Working', { exact: false }).first().waitFor()
    assert.deepEqual(thrown, [], 'no script errors')
    await context.close()
  })
})
