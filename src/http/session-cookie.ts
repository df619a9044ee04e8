/**
 * The session cookie (docs/decisions/0016-accounts-and-sign-in.md): HttpOnly so scripts cannot
 * read it, SameSite=Strict so other sites' pages never send it, Path=/ for the API and the app
 * alike, and Secure when the service is reached over https (`PUBLIC_URL`), so it never travels in
 * clear. Over https it is `__Host-jornada_session` (docs/decisions/0024-only-the-worker-acts-as-the-worker.md):
 * browsers accept a cookie of that name only from this very host, Secure, with Path=/ and no
 * Domain, so a page of a sibling subdomain cannot plant a session of its choosing. Over http (a
 * developer's machine) browsers would refuse the prefix: `jornada_session`.
 */
export const SESSION_COOKIE = 'jornada_session'
export const HOST_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`

/** The session cookie's name: `__Host-jornada_session` over https, `jornada_session` over http. */
export function sessionCookieName(options: CookieOptions): string {
  return options.secure ? HOST_SESSION_COOKIE : SESSION_COOKIE
}

/** The value of cookie `name` in a `Cookie` header, or null. Other cookies are ignored. */
export function cookieOf(header: string | undefined, name: string): string | null {
  if (!header?.includes(name)) return null
  for (const part of header.split(';')) {
    const eq = part.indexOf('=')
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim() || null
  }
  return null
}

/**
 * The session cookie's value in a `Cookie` header, or null. Only the name `options` call for: over
 * https a plain `jornada_session` (which any subdomain could have set) is not read.
 */
export function sessionCookieOf(header: string | undefined, options: CookieOptions): string | null {
  return cookieOf(header, sessionCookieName(options))
}

export interface CookieOptions {
  secure: boolean
}

/** A `Set-Cookie` value carrying a new session, kept by the browser until `expiresAt`. */
export function sessionCookie(token: string, expiresAt: string, nowMs: number, options: CookieOptions): string {
  const maxAge = Math.max(0, Math.floor((Date.parse(expiresAt) - nowMs) / 1000))
  return `${sessionCookieName(options)}=${token}; Max-Age=${maxAge}; Path=/; HttpOnly; SameSite=Strict${options.secure ? '; Secure' : ''}`
}

/** A `Set-Cookie` value that makes the browser forget the session cookie. */
export function clearedSessionCookie(options: CookieOptions): string {
  return `${sessionCookieName(options)}=; Max-Age=0; Path=/; HttpOnly; SameSite=Strict${options.secure ? '; Secure' : ''}`
}

/**
 * `jornada_csrf`: the session's CSRF token, readable by the pages of this origin (not HttpOnly) so
 * that the app finds it again after a reload or a sign-in it did not make itself (single sign-on
 * ends in a redirect, not an answer to a script). Other sites cannot read it, and the service
 * still checks the token against the session's own (docs/decisions/0016-accounts-and-sign-in.md), so
 * a cookie alone proves nothing.
 */
export const CSRF_COOKIE = 'jornada_csrf'

export function csrfCookie(token: string, expiresAt: string, nowMs: number, options: CookieOptions): string {
  const maxAge = Math.max(0, Math.floor((Date.parse(expiresAt) - nowMs) / 1000))
  return `${CSRF_COOKIE}=${token}; Max-Age=${maxAge}; Path=/; SameSite=Strict${options.secure ? '; Secure' : ''}`
}

export function clearedCsrfCookie(options: CookieOptions): string {
  return `${CSRF_COOKIE}=; Max-Age=0; Path=/; SameSite=Strict${options.secure ? '; Secure' : ''}`
}

/** The cookies of a new session: the session itself and its CSRF token. */
export function signedInCookies(
  session: { token: string; csrfToken: string; expiresAt: string },
  nowMs: number,
  options: CookieOptions,
): string[] {
  return [
    sessionCookie(session.token, session.expiresAt, nowMs, options),
    csrfCookie(session.csrfToken, session.expiresAt, nowMs, options),
  ]
}

/** The cookies that make the browser forget its session. */
export function signedOutCookies(options: CookieOptions): string[] {
  return [clearedSessionCookie(options), clearedCsrfCookie(options)]
}
