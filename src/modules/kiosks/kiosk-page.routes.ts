/**
 * The kiosk page at /kiosk (docs/decisions/0013-kiosks.md): the bundle `npm run build` writes to
 * dist/kiosk-page (see scripts/build-pages.mjs), served from the service's own origin with a policy
 * that lets it load nothing from anywhere else. Public: the page holds nothing until it is paired
 * with a device token, which it keeps in the browser.
 */
import type { FastifyInstance } from 'fastify'
import { registerStaticPage, selfOnlyPolicy } from '../../http/static-pages.js'

/** The same three levels up from src/modules/kiosks and from dist/modules/kiosks: the package root. */
const PAGE_DIR = new URL('../../../dist/kiosk-page/', import.meta.url)
const IMMUTABLE_FOR_A_DAY = 'public, max-age=86400'

export function registerKioskPage(app: FastifyInstance, pageDir: URL = PAGE_DIR): void {
  registerStaticPage(app, {
    name: 'kiosk page',
    dir: pageDir,
    // The manifest makes the page installable on the tablet's home screen.
    policy: selfOnlyPolicy(["manifest-src 'self'"]),
    files: {
      '/kiosk': { file: 'index.html', type: 'text/html; charset=utf-8' },
      '/kiosk/kiosk.js': { file: 'kiosk.js', type: 'text/javascript; charset=utf-8' },
      '/kiosk/kiosk.css': { file: 'kiosk.css', type: 'text/css; charset=utf-8' },
      '/kiosk/manifest.webmanifest': { file: 'manifest.webmanifest', type: 'application/manifest+json' },
      '/kiosk/icon.svg': { file: 'icon.svg', type: 'image/svg+xml', cacheControl: IMMUTABLE_FOR_A_DAY },
      '/kiosk/icon-192.png': { file: 'icon-192.png', type: 'image/png', cacheControl: IMMUTABLE_FOR_A_DAY },
      '/kiosk/icon-512.png': { file: 'icon-512.png', type: 'image/png', cacheControl: IMMUTABLE_FOR_A_DAY },
    },
  })
}
