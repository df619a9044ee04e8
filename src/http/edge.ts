/**
 * The outermost edge of the HTTP service, where requests are still bytes and URLs: what reaches
 * no route (malformed URLs, oversized headers, slow clients, wrong methods) and what every
 * response carries (security headers). Everything here answers in the contract's error body, so
 * a client never sees a framework's own format.
 */
import type { IncomingMessage } from 'node:http'
import type { Socket } from 'node:net'
import FindMyWay, { type HTTPMethod } from 'find-my-way'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { AppError, type ErrorCode } from '../errors.js'
import { errorBody } from './responses.js'

/** Where a request whose path is not valid percent-encoding is sent (see rewriteInvalidPath). */
export const INVALID_PATH_ROUTE = '/api/v1/.invalid-path'
export const INVALID_PATH_MESSAGE = 'The URL path is not valid percent-encoded UTF-8'
const INVALID_PUBLIC_PATH_ROUTE = '/.invalid-path'

function hasInvalidPercentEncoding(path: string): boolean {
  if (!path.includes('%')) return false
  try {
    decodeURIComponent(path)
    return false
  } catch {
    return true
  }
}

/**
 * Fastify's `rewriteUrl`: a path that is not valid percent-encoding (`/users/%ZZ`, a broken UTF-8
 * sequence) would be refused by the router before any hook runs, so before authentication and
 * in the router's own format. It is sent instead to a route that goes through the usual checks
 * (401 without a key, rate limits) and then answers 400 `invalid_request`.
 */
export function rewriteInvalidPath(this: unknown, req: IncomingMessage): string {
  const url = req.url ?? '/'
  const queryAt = url.indexOf('?')
  const path = queryAt === -1 ? url : url.slice(0, queryAt)
  if (!hasInvalidPercentEncoding(path)) return url
  return path.startsWith('/api/') ? INVALID_PATH_ROUTE : INVALID_PUBLIC_PATH_ROUTE
}

export function registerInvalidPathRoutes(app: FastifyInstance): void {
  const method = ['GET', 'POST', 'PATCH', 'DELETE', 'PUT']
  const handler = async () => {
    throw new AppError('invalid_request', INVALID_PATH_MESSAGE)
  }
  // Key-protected (no scope): the 401 comes first for callers without a key.
  app.route({ method, url: INVALID_PATH_ROUTE, schema: { hide: true }, config: { access: 'key' }, handler })
  app.route({ method, url: INVALID_PUBLIC_PATH_ROUTE, schema: { hide: true }, config: { access: 'public' }, handler })
}

/**
 * Errors Node's HTTP parser raises before Fastify sees a request (headers over 16 KiB, a request
 * or its headers not received in time, malformed HTTP), answered in the contract's format.
 */
export function clientErrorHandler(
  this: { log: { trace(obj: unknown, msg: string): void } },
  error: NodeJS.ErrnoException,
  socket: Socket,
): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return
  const [status, code, message]: [number, ErrorCode, string] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'headers_too_large', 'The request headers are larger than 16 KiB']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'request_timeout', 'The request was not received in time']
        : [400, 'invalid_request', 'The request is not valid HTTP']
  this.log.trace({ err: error }, 'client error')
  if (socket.writable) {
    const body = JSON.stringify(errorBody(code, message))
    socket.write(
      `HTTP/1.1 ${status} ${statusText(status)}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    )
  }
  socket.destroy()
}

function statusText(status: number): string {
  return { 400: 'Bad Request', 408: 'Request Timeout', 431: 'Request Header Fields Too Large' }[status] ?? 'Error'
}

/**
 * The methods each path answers, kept in a router of its own, so that a known path with another
 * method is 405 with `Allow` rather than 404 (RFC 9110 15.5.6).
 */
export function methodsByPath(app: FastifyInstance): (path: string) => string[] {
  const router = FindMyWay({ ignoreTrailingSlash: true, maxParamLength: 16 * 1024 })
  const methods = new Set<HTTPMethod>()
  app.addHook('onRoute', (route) => {
    if (route.url.includes('.invalid-path')) return
    for (const method of [route.method].flat() as HTTPMethod[]) {
      methods.add(method)
      router.on(method, route.url, () => {})
    }
  })
  return (path) => [...methods].filter((method) => router.find(method, path) !== null).sort()
}

const SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  // JSON answers load nothing and are framed by no one; /docs sets its own policy.
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  'Cross-Origin-Resource-Policy': 'same-origin',
}

/**
 * HTTP Strict Transport Security (docs/decisions/0024-only-the-worker-acts-as-the-worker.md): once a
 * browser has reached the service over https, it never asks it over http again for a year, so no
 * one on the way can strip the https and read the session cookie. Only when `PUBLIC_URL` is https;
 * without `includeSubDomains`, as the service does not speak for the rest of its domain.
 */
export const HSTS = 'max-age=31536000'

/** The security headers of every answer; `https`: the service is reached over https (`PUBLIC_URL`), so HSTS too. */
export function setSecurityHeaders(reply: FastifyReply, https = false): void {
  reply.headers(SECURITY_HEADERS)
  if (https) reply.header('Strict-Transport-Security', HSTS)
}

/** The interactive docs' own policy: Swagger UI's hashes, nothing from other origins. */
export function docsContentSecurityPolicy(policy: string): string {
  return policy
    .replace(' upgrade-insecure-requests;', '')
    .replace("frame-ancestors 'self'", "frame-ancestors 'none'")
    .replace("font-src 'self' https: data:", "font-src 'self' data:")
    .replace("style-src 'self' https:", "style-src 'self' 'unsafe-inline'") // Swagger UI sets style attributes; styles run no code
    .replace(' validator.swagger.io', '')
}
