/**
 * The kiosk page at /kiosk (decisions 13): the bundle `npm run build` writes to dist/kiosk-page
 * (see scripts/build-kiosk-page.mjs), served from the service's own origin with a policy that
 * lets it load nothing from anywhere else. Public: the page holds nothing until it is paired with
 * a device token, which it keeps in the browser.
 */
import { readFile } from 'node:fs/promises'
import type { FastifyInstance } from 'fastify'
import { AppError } from '../../errors.js'

/** The same three levels up from src/modules/kiosks and from dist/modules/kiosks: the package root. */
const PAGE_DIR = new URL('../../../dist/kiosk-page/', import.meta.url)

const FILES = {
  '/kiosk': { file: 'index.html', type: 'text/html; charset=utf-8' },
  '/kiosk/kiosk.js': { file: 'kiosk.js', type: 'text/javascript; charset=utf-8' },
  '/kiosk/kiosk.css': { file: 'kiosk.css', type: 'text/css; charset=utf-8' },
} as const

const PAGE_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "img-src 'self' data:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ')

export function registerKioskPage(app: FastifyInstance, pageDir: URL = PAGE_DIR): void {
  const cache = new Map<string, Buffer>()
  for (const [url, { file, type }] of Object.entries(FILES)) {
    app.get(url, { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) => {
      let body = cache.get(file)
      if (!body) {
        try {
          body = await readFile(new URL(file, pageDir))
        } catch {
          throw new AppError('route_not_found', 'The kiosk page is not built: run `npm run build`')
        }
        cache.set(file, body)
      }
      // Tablets ask again each time, so that a new version of the page reaches them at once.
      return reply
        .header('Content-Type', type)
        .header('Cache-Control', 'no-cache')
        .header('Content-Security-Policy', PAGE_POLICY)
        .send(body)
    })
  }
}
