/**
 * Builds the pages the service serves from its own origin into dist/: the kiosk page (kiosk-page/,
 * at /kiosk) and the app (app-page/, at /app). The TypeScript of each is bundled into one script
 * by esbuild, the style sheet, page and icons copied; nothing is loaded from anywhere else. Run by
 * `npm run build`; the browser tests run it too, so that they test the pages as in the sources.
 */
import { createHash } from 'node:crypto'
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const root = fileURLToPath(new URL('..', import.meta.url))
export const KIOSK_PAGE_DIR = `${root}dist/kiosk-page`
export const APP_PAGE_DIR = `${root}dist/app-page`

export async function buildKioskPage(outDir = KIOSK_PAGE_DIR) {
  await mkdir(outDir, { recursive: true })
  await build({
    entryPoints: [`${root}kiosk-page/src/main.ts`],
    outfile: `${outDir}/kiosk.js`,
    bundle: true,
    minify: true,
    sourcemap: false,
    format: 'iife',
    // Cheap tablets run old browsers: ES2019 runs on Chrome 73, Safari 12.1, Firefox 67 and later.
    target: 'es2019',
    legalComments: 'none',
    logLevel: 'warning',
  })
  await copyFile(`${root}kiosk-page/kiosk.css`, `${outDir}/kiosk.css`)
  await copyFile(`${root}kiosk-page/index.html`, `${outDir}/index.html`)
  // Installable on the tablet (its home screen, full screen): a manifest and the app's icons.
  await copyFile(`${root}kiosk-page/manifest.webmanifest`, `${outDir}/manifest.webmanifest`)
  await copyFile(`${root}app-page/icon.svg`, `${outDir}/icon.svg`)
  for (const size of [192, 512]) await copyFile(`${root}app-page/icons/icon-${size}.png`, `${outDir}/icon-${size}.png`)
  return outDir
}

/**
 * A .ico holding one PNG (allowed since Windows Vista; every browser reads it): the 6-byte header,
 * one 16-byte directory entry, then the PNG as it is.
 */
function icoOf(png, size) {
  const header = Buffer.alloc(22)
  header.writeUInt16LE(0, 0) // reserved
  header.writeUInt16LE(1, 2) // an icon
  header.writeUInt16LE(1, 4) // one image
  header.writeUInt8(size, 6)
  header.writeUInt8(size, 7)
  header.writeUInt16LE(1, 10) // colour planes
  header.writeUInt16LE(32, 12) // bits per pixel
  header.writeUInt32LE(png.length, 14)
  header.writeUInt32LE(22, 18) // where the PNG begins
  return Buffer.concat([header, png])
}

export async function buildAppPage(outDir = APP_PAGE_DIR) {
  await mkdir(outDir, { recursive: true })
  const source = `${root}app-page`
  await build({
    entryPoints: [`${source}/src/main.tsx`],
    outfile: `${outDir}/app.js`,
    bundle: true,
    minify: true,
    sourcemap: false,
    format: 'iife',
    jsx: 'automatic',
    jsxImportSource: 'preact',
    // Browsers of the last few years on phones: Chrome and Safari that know ES2020 (2020 and later).
    target: 'es2020',
    legalComments: 'none',
    logLevel: 'warning',
  })
  const files = [
    'index.html',
    'app.css',
    'manifest.webmanifest',
    'icon.svg',
    'icons/icon-192.png',
    'icons/icon-512.png',
  ]
  for (const file of files) await copyFile(`${source}/${file}`, `${outDir}/${file.replace('icons/', '')}`)
  await writeFile(`${outDir}/favicon.ico`, icoOf(await readFile(`${source}/icons/icon-32.png`), 32))
  // The shell's version: a new build of any of its files gives the service worker a new cache.
  const hash = createHash('sha256')
  for (const file of ['app.js', 'app.css', 'index.html', 'manifest.webmanifest'])
    hash.update(await readFile(`${outDir}/${file}`))
  await build({
    entryPoints: [`${source}/service-worker.js`],
    outfile: `${outDir}/sw.js`,
    minify: true,
    target: 'es2020',
    define: { SHELL_VERSION: JSON.stringify(hash.digest('hex').slice(0, 12)) },
    logLevel: 'warning',
  })
  return outDir
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await buildKioskPage()
  await buildAppPage()
}
