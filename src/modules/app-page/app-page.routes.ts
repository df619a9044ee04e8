/**
 * The app at /app (docs/decisions/0017-web-app.md): the bundle `npm run build` writes to
 * dist/app-page (see scripts/build-pages.mjs), served from the service's own origin. Every address
 * under /app answers the same page, which shows the screen of its path (a reload or a link from a
 * mail opens that screen). The app speaks only the public API, with the session cookie; the page,
 * its script and its service worker hold no personal data and need no credential. `/favicon.ico` is
 * the app's icon.
 */
import type { FastifyInstance } from 'fastify'
import { type PageFile, registerStaticPage, selfOnlyPolicy } from '../../http/static-pages.js'

/** The same three levels up from src/modules/app-page and from dist/modules/app-page: the package root. */
const PAGE_DIR = new URL('../../../dist/app-page/', import.meta.url)

/** The kiosk's policy, plus the manifest and the service worker, both from this origin. */
const APP_POLICY = selfOnlyPolicy(["manifest-src 'self'", "worker-src 'self'"])

const DOCUMENT: PageFile = { file: 'index.html', type: 'text/html; charset=utf-8' }
const IMMUTABLE_FOR_A_DAY = 'public, max-age=86400'

export function registerAppPage(app: FastifyInstance, pageDir: URL = PAGE_DIR): void {
  registerStaticPage(app, {
    name: 'app',
    dir: pageDir,
    policy: APP_POLICY,
    files: {
      '/app': DOCUMENT,
      '/app/app.js': { file: 'app.js', type: 'text/javascript; charset=utf-8' },
      '/app/app.css': { file: 'app.css', type: 'text/css; charset=utf-8' },
      '/app/manifest.webmanifest': { file: 'manifest.webmanifest', type: 'application/manifest+json' },
      // The service worker is looked for again at each visit, so a new version is found at once. Its
      // scope is /app, which holds the app's own address (/app/ alone would leave /app out).
      '/app/sw.js': {
        file: 'sw.js',
        type: 'text/javascript; charset=utf-8',
        cacheControl: 'no-cache',
        headers: { 'Service-Worker-Allowed': '/app' },
      },
      '/app/icon.svg': { file: 'icon.svg', type: 'image/svg+xml', cacheControl: IMMUTABLE_FOR_A_DAY },
      '/app/icon-192.png': { file: 'icon-192.png', type: 'image/png', cacheControl: IMMUTABLE_FOR_A_DAY },
      '/app/icon-512.png': { file: 'icon-512.png', type: 'image/png', cacheControl: IMMUTABLE_FOR_A_DAY },
      '/favicon.ico': { file: 'favicon.ico', type: 'image/x-icon', cacheControl: IMMUTABLE_FOR_A_DAY },
    },
    fallback: { prefix: '/app', document: DOCUMENT },
  })
  // Someone who types the service's bare address is looking for the app: send them to it rather
  // than answering a JSON 404. API clients never ask for `/` (the API lives under /api/v1).
  app.get('/', { config: { access: 'public', rateLimit: false }, schema: { hide: true } }, (_request, reply) =>
    reply.redirect('/app', 302),
  )
}
