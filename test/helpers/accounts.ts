/**
 * Signing in from tests as a browser would: the session cookie the sign-in sets
 * (`__Host-jornada_session` when the app's PUBLIC_URL is https, `jornada_session` otherwise), and
 * the CSRF token it answers, sent with every write.
 */
import assert from 'node:assert/strict'
import type { FastifyInstance } from 'fastify'
import type { Response } from './harness.js'

/** A password long and rare enough to pass the password rules. */
export const PASSWORD = 'Tortilla-de-patatas-1987'

/** The session cookie a response sets, or null. */
export function sessionCookieSet(res: { headers: Record<string, unknown> }): string | null {
  const header = res.headers['set-cookie']
  const values = Array.isArray(header) ? header : header ? [String(header)] : []
  for (const value of values) {
    const match = /^(?:__Host-)?jornada_session=([^;]*)/.exec(value)
    if (match) return match[1]!
  }
  return null
}

function parsed(res: { statusCode: number; body: string; headers: Response['headers'] }): Response {
  const json = (res.headers['content-type'] ?? '').toString().includes('json') && res.body.length > 0
  return { status: res.statusCode, body: json ? JSON.parse(res.body) : res.body, headers: res.headers }
}

/** A signed-in browser: its cookie on every request, its CSRF token on writes (unless told otherwise). */
export class SessionClient {
  constructor(
    readonly app: FastifyInstance,
    readonly cookie: string,
    readonly csrfToken: string,
  ) {}

  async request(
    method: string,
    url: string,
    body?: unknown,
    options: { headers?: Record<string, string>; csrf?: boolean } = {},
  ): Promise<Response> {
    const write = method !== 'GET' && method !== 'HEAD'
    const res = await this.app.inject({
      method: method as 'GET',
      url,
      headers: {
        // Under both names: the service reads the one its PUBLIC_URL calls for, as a browser
        // would have kept it.
        cookie: `theme=dark; jornada_session=${this.cookie}; __Host-jornada_session=${this.cookie}`,
        ...(write && options.csrf !== false ? { 'x-csrf-token': this.csrfToken } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...options.headers,
      },
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    })
    return parsed(res)
  }

  get(url: string) {
    return this.request('GET', url)
  }
  post(url: string, body?: unknown) {
    return this.request('POST', url, body)
  }
  patch(url: string, body?: unknown) {
    return this.request('PATCH', url, body)
  }
  delete(url: string) {
    return this.request('DELETE', url)
  }
}

/** POST /auth/login as a browser would; the answer, and a client carrying its cookie when it signed in. */
export async function login(
  app: FastifyInstance,
  body: { email: string; password: string; tenant_id?: string },
  headers: Record<string, string> = {},
  remoteAddress = '127.0.0.1',
): Promise<{ res: Response; client: SessionClient | null }> {
  const res = parsed(
    await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      remoteAddress,
      headers: { 'content-type': 'application/json', 'user-agent': 'Mozilla/5.0 (test)', ...headers },
      payload: JSON.stringify(body),
    }),
  )
  const cookie = sessionCookieSet(res)
  return { res, client: res.status === 200 && cookie ? new SessionClient(app, cookie, res.body.data.csrf_token) : null }
}

/** Signs in and insists that it worked. */
export async function signedIn(app: FastifyInstance, email: string, password = PASSWORD): Promise<SessionClient> {
  const { res, client } = await login(app, { email, password })
  assert.equal(res.status, 200, JSON.stringify(res.body))
  return client!
}
