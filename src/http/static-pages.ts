/**
 * The pages the service serves from its own origin (the kiosk page, the app): files `npm run build`
 * writes under dist/, read once and kept in memory, each with a policy that lets the page load
 * nothing from anywhere else and run no inline script. Public: a page holds nothing until the
 * person signs in (or the device is paired), and its calls to the API carry their own credential.
 */
import { readFile } from 'node:fs/promises'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { AppError } from '../errors.js'

export interface PageFile {
  /** The file's name in the page's directory. */
  file: string
  type: string
  /** `no-cache` by default: browsers ask again each time, so a new version reaches them at once. */
  cacheControl?: string
  /** Headers of its own (a service worker's `Service-Worker-Allowed`). */
  headers?: Record<string, string>
}

export interface StaticPage {
  /** What to say when the files are missing. */
  name: string
  dir: URL
  /** Each address and the file it answers. */
  files: Record<string, PageFile>
  /** The Content-Security-Policy of its documents. */
  policy: string
  /**
   * The addresses under which every other path answers the page's document (an app that routes in
   * the browser: a reload or a link to /app/days opens the app, which shows that screen).
   */
  fallback?: { prefix: string; document: PageFile }
}

/** A page's policy: its own scripts, style sheets and API, no inline script, nothing from elsewhere; `extra` adds sources. */
export function selfOnlyPolicy(extra: readonly string[] = []): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "connect-src 'self'",
    "img-src 'self' data:",
    ...extra,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ')
}

export function registerStaticPage(app: FastifyInstance, page: StaticPage): void {
  const cache = new Map<string, Buffer>()
  const send = async (reply: FastifyReply, entry: PageFile) => {
    let body = cache.get(entry.file)
    if (!body) {
      try {
        body = await readFile(new URL(entry.file, page.dir))
      } catch {
        throw new AppError('route_not_found', `The ${page.name} is not built: run \`npm run build\``)
      }
      cache.set(entry.file, body)
    }
    reply
      .header('Content-Type', entry.type)
      .header('Cache-Control', entry.cacheControl ?? 'no-cache')
      .header('Content-Security-Policy', page.policy)
      .header('X-Content-Type-Options', 'nosniff')
    for (const [name, value] of Object.entries(entry.headers ?? {})) reply.header(name, value)
    return reply.send(body)
  }
  // Files of the pages are not counted against an address's budget: an office behind one address
  // opening the app at nine would spend it on script and icons, and sign-ins would be refused.
  const route = { config: { access: 'public' as const, rateLimit: false as const }, schema: { hide: true } }
  for (const [url, entry] of Object.entries(page.files)) app.get(url, route, (_request, reply) => send(reply, entry))
  const fallback = page.fallback
  if (fallback) app.get(`${fallback.prefix}/*`, route, (_request, reply) => send(reply, fallback.document))
}
