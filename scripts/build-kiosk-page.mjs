/**
 * Builds the kiosk page (kiosk-page/) into dist/kiosk-page/: the TypeScript bundled into one
 * script by esbuild, the style sheet and the HTML copied. The service serves them at /kiosk,
 * from its own origin; nothing is loaded from anywhere else. Run by `npm run build`; the browser
 * tests run it too, so that they test the page as it is in the sources.
 */
import { build } from 'esbuild'
import { copyFile, mkdir } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
export const KIOSK_PAGE_DIR = `${root}dist/kiosk-page`

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
  return outDir
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await buildKioskPage()
}
