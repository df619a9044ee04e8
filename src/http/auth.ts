/**
 * Authentication, rate limiting and scope checks, in the order the contract fixes:
 * 401 (key) -> 429 (rate) -> 403 (scope). Runs in `onRequest`, before the body is even read, so a
 * caller without a valid key learns nothing from validation errors.
 *
 * Two credentials reach the API routes here: an API key (`Authorization: Bearer`) and a person's
 * sign-in session (the `jornada_session` cookie, docs/decisions/0016-accounts-and-sign-in.md). A
 * request with both uses the key. A session's writes must also prove they come from the app: the
 * CSRF token the sign-in answered, and a same-origin `Origin` when the browser sends one (403
 * csrf_failed).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { AuthContext, KioskDevice } from '../auth/context.js'
import type { Scope } from '../auth/scopes.js'
import { AppError, retryLater } from '../errors.js'
import { KIOSK_TOKEN_PREFIX } from '../lib/secrets.js'
import { type RateDecision, type RateLimitStore, WINDOW_MS, countRequest } from './rate-limit.js'
import { sessionCookieOf, signedOutCookies } from './session-cookie.js'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** 'public': no key needed (documentation, health); 'kiosk': a kiosk device token. Default: a valid key. */
    access?: 'public' | 'key' | 'kiosk'
    /** Scope the key must hold; absent for `me`, which any valid key may call. */
    scope?: Scope
    /** false: not rate limited (health probes must answer even when an address is over budget). */
    rateLimit?: false
    /**
     * A write of the caller's own with no scope (signing out, ending one of their sessions): it
     * runs in the request's transaction and is audited like a scoped write.
     */
    ownWrite?: true
  }
  interface FastifyRequest {
    auth: AuthContext | null
    /** The kiosk device calling a kiosk endpoint (its employee, once signed in, is `auth`). */
    kiosk: KioskDevice | null
  }
}

export interface AuthOptions {
  /** The caller of a bearer token, or null when it must be refused with 401 (the keys module's). */
  authenticate(token: string, nowMs: number): Promise<AuthContext | null>
  /** The kiosk device of a device token, or null when it must be refused with 401 (the kiosks module's). */
  authenticateKiosk(token: string, nowMs: number): Promise<KioskDevice | null>
  /** The caller of a session cookie and its CSRF token's hash, or null when it must be refused with 401. */
  authenticateSession(token: string, nowMs: number): Promise<{ auth: AuthContext; csrfHash: string } | null>
  /** Whether a write's `X-CSRF-Token` is the session's (compared in constant time). */
  csrfTokenMatches(token: string, csrfHash: string): boolean
  /** The service's public origin (`PUBLIC_URL`'s), also accepted as a session write's `Origin`. */
  publicOrigin: string | null
  /** Whether cookies are set Secure (the service is reached over https). */
  secureCookies: boolean
  rateLimit: RateLimitStore
  limitPerMinute: number
  /** Told of each request refused 429 rate_limited, with the kind of bucket it was counted in (key, kiosk, ip, anon). */
  onRateLimited?: (bucket: string) => void
}

/**
 * The rate-limit headers of the IETF's current draft (draft-ietf-httpapi-ratelimit-headers):
 * `RateLimit-Policy` names the policy with its quota `q` per window `w` (seconds), `RateLimit` what
 * is left of it, `r` requests, and `t` seconds until one more is available.
 */
function setRateHeaders(reply: FastifyReply, decision: RateDecision): void {
  reply.header('RateLimit-Policy', `"${RATE_POLICY}";q=${decision.limit};w=${WINDOW_MS / 1000}`)
  reply.header('RateLimit', `"${RATE_POLICY}";r=${decision.remaining};t=${Math.ceil(decision.resetMs / 1000)}`)
}

/** The one policy: requests per key (or per address, without one) in any rolling minute. */
const RATE_POLICY = 'per-minute'

/** The token of an `Authorization: Bearer <token>` header, or null. */
export function bearerToken(header: string | undefined): string | null {
  if (!header) return null
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header)
  return match ? match[1]! : null
}

const WRITE_METHODS = new Set(['POST', 'PATCH', 'PUT', 'DELETE'])

/** The origin the request was addressed to, as a browser would write it in `Origin`. */
function ownOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`
}

export function registerAuth(app: FastifyInstance, options: AuthOptions): void {
  const { authenticate, authenticateKiosk, rateLimit, limitPerMinute, onRateLimited } = options
  const { authenticateSession, csrfTokenMatches, publicOrigin, secureCookies } = options
  app.decorateRequest('auth', null)
  app.decorateRequest('kiosk', null)

  /** Counts a request (let through if the counter store is unreachable: countRequest). */
  async function count(request: FastifyRequest, reply: FastifyReply, bucket: string): Promise<RateDecision | null> {
    const decision = await countRequest(rateLimit, bucket, limitPerMinute, request.log)
    if (decision) setRateHeaders(reply, decision)
    return decision
  }

  /** Counts a request against `bucket` and refuses it (429, Retry-After) when the bucket is spent. */
  async function admit(request: FastifyRequest, reply: FastifyReply, bucket: string): Promise<void> {
    const decision = await count(request, reply, bucket)
    if (decision && !decision.allowed) {
      onRateLimited?.(bucket.slice(0, bucket.indexOf(':')))
      throw retryLater('rate_limited', 'Rate limit exceeded: too many requests in the last minute', decision.resetMs)
    }
  }

  /** A 401, counted against the caller's address so that keys and tokens cannot be tried quickly. */
  async function unauthenticated(
    request: FastifyRequest,
    reply: FastifyReply,
    token: string | null,
  ): Promise<AppError> {
    // A valid key is never refused because of its address: behind a load balancer or a shared
    // NAT many clients share one, and one misbehaving client must not lock them out.
    await admit(request, reply, `anon:${request.ip}`)
    reply.header('WWW-Authenticate', 'Bearer')
    return new AppError(
      'unauthenticated',
      token
        ? 'The API key is invalid, revoked, expired, or acts as a disabled user'
        : request.headers.authorization
          ? 'The Authorization header must be "Bearer <API key>"'
          : 'Missing credentials: send Authorization: Bearer <API key>, or sign in (POST /api/v1/auth/login) for a session cookie',
    )
  }

  /**
   * A kiosk endpoint: a device token only (docs/decisions/0013-kiosks.md), counted against the
   * device.
   */
  async function admitDevice(request: FastifyRequest, reply: FastifyReply, token: string | null): Promise<void> {
    const device = token?.startsWith(KIOSK_TOKEN_PREFIX) ? await authenticateKiosk(token, request.now) : null
    if (!device) {
      const byKey = token ? await authenticate(token, request.now) : null
      if (byKey) {
        // Counted against the key, like every answer to it, so that it carries the rate-limit headers.
        await admit(request, reply, `key:${byKey.keyId}`)
        throw new AppError('permission_denied', 'The kiosk endpoints take a kiosk device token, not an API key')
      }
      throw await unauthenticated(request, reply, token)
    }
    await admit(request, reply, `kiosk:${device.kioskId}`)
    request.kiosk = device
  }

  /**
   * A write made with the session cookie must carry the CSRF token its sign-in answered, which a
   * page of another site cannot read, and, when the browser says where it comes from, come from
   * this service's own origin. SameSite=Strict already keeps the cookie off other sites' requests;
   * this holds even where a browser does not honour it.
   */
  function assertSameSite(request: FastifyRequest, csrfHash: string): void {
    const token = request.headers['x-csrf-token']
    if (typeof token !== 'string' || !csrfTokenMatches(token, csrfHash))
      throw new AppError(
        'csrf_failed',
        'A write with the session cookie needs the X-CSRF-Token header with the csrf_token its sign-in answered',
      )
    const origin = request.headers.origin
    if (origin !== undefined && origin !== ownOrigin(request) && origin !== publicOrigin)
      throw new AppError('csrf_failed', 'A write with the session cookie must come from this service’s own origin')
  }

  /** A request made with the session cookie: 401 (and the cookie cleared) unless it signs someone in. */
  async function admitSession(request: FastifyRequest, reply: FastifyReply, cookie: string): Promise<AuthContext> {
    const caller = await authenticateSession(cookie, request.now)
    if (!caller) {
      await admit(request, reply, `anon:${request.ip}`)
      reply.header('Set-Cookie', signedOutCookies({ secure: secureCookies }))
      throw new AppError(
        'unauthenticated',
        'Your session has ended (signed out, expired or idle too long): sign in again',
      )
    }
    request.auth = caller.auth
    await admit(request, reply, `session:${caller.auth.keyId}`)
    if (WRITE_METHODS.has(request.method)) assertSameSite(request, caller.csrfHash)
    return caller.auth
  }

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const config = request.routeOptions.config
    if (config.rateLimit === false) return
    if (request.is404 || config.access === 'public') {
      await admit(request, reply, `ip:${request.ip}`)
      return
    }

    const token = bearerToken(request.headers.authorization)
    if (config.access === 'kiosk') return admitDevice(request, reply, token)
    if (token?.startsWith(KIOSK_TOKEN_PREFIX)) {
      // A kiosk device's token: valid ones are confined to the kiosk endpoints
      // (docs/decisions/0013-kiosks.md).
      const device = await authenticateKiosk(token, request.now)
      if (device) {
        await admit(request, reply, `kiosk:${device.kioskId}`)
        throw new AppError('permission_denied', 'A kiosk device token can call the kiosk endpoints only')
      }
    }
    const cookie =
      request.headers.authorization === undefined
        ? sessionCookieOf(request.headers.cookie, { secure: secureCookies })
        : null
    let auth: AuthContext
    if (cookie) auth = await admitSession(request, reply, cookie)
    else {
      // An invalid device token falls through: `authenticate` knows no `jkd_` token, so it is a 401.
      const byKey = token ? await authenticate(token, request.now) : null
      if (!byKey) throw await unauthenticated(request, reply, token)
      // Known from here on, so that the refusals below are logged for inspector keys too.
      request.auth = auth = byKey
      await admit(request, reply, `key:${auth.keyId}`)
    }

    if (config.scope && !auth.scopes.includes(config.scope)) {
      throw new AppError('scope_required', `This API key does not have the scope ${config.scope} enabled`)
    }
  })
}

/** Whose requests these are: the key's, or the kiosk device's (the namespace of its Idempotency-Keys). */
export function callerOf(request: FastifyRequest): { tenantId: string; keyId: string } | null {
  if (request.auth) return { tenantId: request.auth.tenantId, keyId: request.auth.keyId }
  if (request.kiosk) return { tenantId: request.kiosk.tenantId, keyId: request.kiosk.kioskId }
  return null
}

/** The caller of a key-protected route; the onRequest hook guarantees it is set. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError('unauthenticated', 'Missing API key')
  return request.auth
}
