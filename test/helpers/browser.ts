/**
 * Driving Debian's Chromium from the tests (playwright-core, which downloads no browser): where it
 * is, the automated accessibility check (axe-core) every page passes, and where screenshots for the
 * docs go. Tests that need it are skipped, and say so, where Chromium is not installed.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after } from 'node:test'
import { type Browser, type BrowserContext, type CDPSession, type Page, chromium } from 'playwright-core'

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
export const HAS_CHROMIUM = existsSync(CHROMIUM)
export const NO_CHROMIUM = !HAS_CHROMIUM && 'Chromium not installed'
/**
 * Where the browser tests' screenshots go: a temporary directory, so a test run changes no tracked
 * file; `npm run docs:screenshots` points SCREENSHOTS_DIR at docs/images to renew the docs' pictures.
 */
let screenshotsDir = process.env.SCREENSHOTS_DIR

/** The file a screenshot named `name` (e.g. `kiosk-keypad-tablet.png`) is written to. */
export function screenshotPath(name: string): string {
  if (!screenshotsDir) {
    const temporary = mkdtempSync(join(tmpdir(), 'jornada-screenshots-'))
    process.once('exit', () => rmSync(temporary, { recursive: true, force: true }))
    screenshotsDir = temporary
  }
  return join(screenshotsDir, name)
}
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-background-networking']

/**
 * One Chromium for a whole test file: a file calls it once, at its top, and each of its suites
 * (one per engine) takes the browser from the function it returns. Starting Chromium costs a few
 * seconds of CPU; every test still opens a context of its own, so nothing a page keeps (cookies,
 * storage, service workers) passes from one test to the next. Closed after the file's last test.
 */
export function useChromiumForThisFile(): () => Promise<Browser> {
  let launched: Promise<Browser> | undefined
  after(async () => {
    await (await launched?.catch(() => undefined))?.close()
  })
  return () => (launched ??= chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS }))
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/** Serious and critical accessibility violations of what the page shows now. */
export async function accessibilityProblems(page: Page): Promise<string[]> {
  // Code run in the page names its globals through globalThis: the tests are type-checked without the DOM library.
  await page.evaluate(AXE_SOURCE)
  const result = await page.evaluate(async () =>
    (globalThis as any).axe.run((globalThis as any).document, { resultTypes: ['violations'] }),
  )
  return result.violations
    .filter((v: any) => v.impact === 'serious' || v.impact === 'critical')
    .map((v: any) => `${v.id}: ${v.help} (${v.nodes.map((n: any) => n.target.join(' ')).join(', ')})`)
}

/** A port nobody listens on now, for a service whose address must be known before it starts. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

/** Runs a browser test's steps; when one fails, says what the page showed then (and what it threw). */
export async function showingThePage(page: Page, steps: () => Promise<void>): Promise<void> {
  const thrown: string[] = []
  page.on('pageerror', (error) => thrown.push(error.message))
  try {
    await steps()
  } catch (error) {
    const shown = await page
      .locator('body')
      .innerText({ timeout: 1000 })
      .catch(() => '(unreadable)')
    throw new Error(
      `${(error as Error).message}\n--- the page at ${page.url()} showed:\n${shown}\n--- it threw: ${thrown.join('; ') || 'nothing'}`,
      { cause: error },
    )
  }
}

/**
 * A platform authenticator on the page (DevTools' virtual authenticator): it keeps discoverable
 * credentials and verifies its user, as a phone's fingerprint or face does.
 */
export async function virtualAuthenticator(
  context: BrowserContext,
  page: Page,
): Promise<{ devtools: CDPSession; authenticatorId: string }> {
  const devtools = await context.newCDPSession(page)
  await devtools.send('WebAuthn.enable')
  const { authenticatorId } = await devtools.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  })
  return { devtools, authenticatorId }
}
