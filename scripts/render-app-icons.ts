/**
 * Renders the app's icon (app-page/icon.svg) into the PNG sizes the manifest and /favicon.ico
 * need, with Debian's Chromium. Run after changing the icon: `node --import tsx scripts/render-app-icons.ts`;
 * the PNGs are kept in app-page/icons/.
 */
import { readFile } from 'node:fs/promises'
import { chromium } from 'playwright-core'

const source = new URL('../app-page/icon.svg', import.meta.url)
const svg = await readFile(source, 'utf8')
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
})
try {
  for (const size of [32, 192, 512]) {
    const page = await browser.newPage({ viewport: { width: size, height: size } })
    await page.setContent(
      `<html><body style="margin:0"><img alt="" width="${size}" height="${size}" src="data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}"></body></html>`,
    )
    await page.screenshot({
      path: new URL(`../app-page/icons/icon-${size}.png`, import.meta.url).pathname,
      omitBackground: true,
    })
    await page.close()
  }
} finally {
  await browser.close()
}
