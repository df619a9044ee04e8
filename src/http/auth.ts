/**
 * Authentication, rate limiting and scope checks, in the order the contract fixes:
 * 401 (key) -> 429 (rate) -> 403 (scope). Runs in `onRequest`, before the body is even read, so a
 * caller without a valid key learns nothing from validation errors.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { AuthContext, KioskDevice } from '../auth/context.js'
import type { Scope } from '../auth/scopes.js'
import { AppError, retryLater } from '../errors.js'
import { KIOSK_TOKEN_PREFIX } from '../lib/secrets.js'
import type { RateDecision, RateLimitStore } from './rate-limit.js'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** 'public': no key needed (documentation, health); 'kiosk': a kiosk device token. Default: a valid key. */
    access?: 'public' | 'key' | 'kiosk'
    /** Scope the key must hold; absent for `me`, which any valid key may call. */
    scope?: Scope
    /** false: not rate limited (health probes must answer even when an address is over budget). */
    rateLimit?: false
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
  rateLimit: RateLimitStore
  limitPerMinute: number
  /** Told of each request refused 429 rate_limited, with the kind of bucket it was counted in (key, kiosk, ip, anon). */
  onRateLimited?: (bucket: string) => void
}

function setRateHeaders(reply: FastifyReply, decision: RateDecision): void {
  reply.header('RateLimit-Limit', decision.limit)
  reply.header('RateLimit-Remaining', decision.remaining)
  reply.header('RateLimit-Reset', Math.ceil(decision.resetMs / 1000))
}

/** The token of an `Authorization: Bearer <token>` header, or null. */
export function bearerToken(header: string | undefined): string | null {
  if (!header) return null
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header)
  return match ? match[1]! : null
}

export function registerAuth(app: FastifyInstance, options: AuthOptions): void {
  const { authenticate, authenticateKiosk, rateLimit, limitPerMinute, onRateLimited } = options
  app.decorateRequest('auth', null)
  app.decorateRequest('kiosk', null)

  /**
   * Counts a request. If the shared counter store (Redis) is unreachable the request is let
   * through and the failure logged: rate limiting protects the service, and an outage of it must
   * not stop clocks from recording punches.
   */
  async function count(request: FastifyRequest, reply: FastifyReply, bucket: string): Promise<RateDecision | null> {
    try {
      const pending = rateLimit.hit(bucket, limitPerMinute)
      // In memory the answer is immediate; only Redis needs a round trip.
      const decision = pending instanceof Promise ? await pending : pending
      setRateHeaders(reply, decision)
      return decision
    } catch (error) {
      request.log.error({ err: error }, 'rate limit store unavailable; request not counted')
      return null
    }
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
          : 'Missing API key: send Authorization: Bearer <key>',
    )
  }

  /** A kiosk endpoint: a device token only (decisions 13), counted against the device. */
  async function admitDevice(request: FastifyRequest, reply: FastifyReply, token: string | null): Promise<void> {
    const device = token?.startsWith(KIOSK_TOKEN_PREFIX) ? await authenticateKiosk(token, request.now) : null
    if (!device) {
      if (token && (await authenticate(token, request.now)))
        throw new AppError('permission_denied', 'The kiosk endpoints take a kiosk device token, not an API key')
      throw await unauthenticated(request, reply, token)
    }
    await admit(request, reply, `kiosk:${device.kioskId}`)
    request.kiosk = device
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
      // A kiosk device's token: valid ones are confined to the kiosk endpoints (decisions 13).
      const device = await authenticateKiosk(token, request.now)
      if (device) {
        await admit(request, reply, `kiosk:${device.kioskId}`)
        throw new AppError('permission_denied', 'A kiosk device token can call the kiosk endpoints only')
      }
    }
    // An invalid device token falls through: `authenticate` knows no `jkd_` token, so it is a 401.
    const auth = token ? await authenticate(token, request.now) : null
    if (!auth) throw await unauthenticated(request, reply, token)

    // Known from here on, so that the refusals below are logged for inspector keys too.
    request.auth = auth
    await admit(request, reply, `key:${auth.keyId}`)

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
