/**
 * Calls to the kiosk endpoints with the device token; a failure to reach the service is `Offline`,
 * an answer that it is busy (page-shared/connection.ts) is `Busy`, with when to ask again.
 */
import { retryAfterSeconds, verdictOf } from '../../page-shared/connection.js'

/**
 * The service's answer. `T` is the body of a success, as the caller knows it once it has checked the
 * status; any other body is read through `serviceError`.
 */
export interface Answer<T = unknown> {
  status: number
  body: T
  retryAfter: number | null
}

/** The `error` of a refusal's body (`{ error: { code, message, details } }`). */
export interface ServiceError {
  code?: string
  message?: string
  details?: { message?: string }[]
}

/** The error a body carries; undefined for a body that is not a refusal (or no body at all). */
export function serviceError(body: unknown): ServiceError | undefined {
  if (typeof body !== 'object' || body === null || !('error' in body)) return undefined
  const { error } = body
  return typeof error === 'object' && error !== null ? (error as ServiceError) : undefined
}

export class Offline extends Error {}

/** The service answered, but sheds load or limits this device: ask again after `seconds`. */
export class Busy extends Offline {
  constructor(readonly seconds: number | null) {
    super('The service is busy')
  }
}

const TOKEN_KEY = 'jornada-kiosk-token'

export const deviceToken = {
  get: (): string | null => localStorage.getItem(TOKEN_KEY),
  set: (token: string) => localStorage.setItem(TOKEN_KEY, token),
  clear: () => localStorage.removeItem(TOKEN_KEY),
}

/** How long to wait for the service before treating the punch as made offline. */
const TIMEOUT_MS = 8000

export async function call<T = unknown>(
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
  token = deviceToken.get(),
): Promise<Answer<T>> {
  let response: Response
  try {
    response = await fetch(`/api/v1${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token ?? ''}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout ? AbortSignal.timeout(TIMEOUT_MS) : undefined,
      cache: 'no-store',
    })
  } catch {
    throw new Offline()
  }
  const retryAfter = retryAfterSeconds(response.headers.get('retry-after'))
  const text = await response.text().catch(() => '')
  let parsed: unknown = null
  try {
    parsed = text ? JSON.parse(text) : null
  } catch {
    // A proxy's page, not the service's answer: as if it could not be reached.
    throw new Offline()
  }
  // A proxy's or the service's failure is a reason to try again later, like no connection; a busy
  // service says when.
  const verdict = verdictOf({
    status: response.status,
    code: serviceError(parsed)?.code,
    retryAfterSeconds: retryAfter,
  })
  if (verdict === 'busy') throw new Busy(retryAfter)
  if (verdict === 'offline') throw new Offline()
  return { status: response.status, body: parsed as T, retryAfter }
}
