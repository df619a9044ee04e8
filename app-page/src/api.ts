/**
 * The app's one way to the service: the public API, with the session cookie the browser keeps and
 * the CSRF token (the `jornada_csrf` cookie, readable by this origin's pages) on every write.
 * Each answer also tells the service's clock (its Date header), so that a punch queued offline
 * carries the moment on the service's clock, not on a phone's that runs late.
 */
import type { components } from '../../sdk/src/schema.js'

export type Schemas = components['schemas']

export interface ErrorDetail {
  field?: string
  message?: string
  value?: string
}

/** A refusal of the service: its status, code, message and details (decisions 3's error format). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: ErrorDetail[] = [],
    readonly retryAfter: number | null = null,
  ) {
    super(message)
  }
}

/** The service could not be reached, or answered that it cannot serve now (5xx): try again later. */
export class Offline extends Error {}

/** Told when the service says the session is over (401), so the app shows the sign-in. */
let onSignedOut: () => void = () => {}
export function whenSignedOut(handler: () => void): void {
  onSignedOut = handler
}

let clockOffsetMs = 0
/** Now on the service's clock, as far as the last answer's Date header tells (to the second). */
export function serviceNow(): Date {
  return new Date(Date.now() + clockOffsetMs)
}

function csrfToken(): string {
  const match = document.cookie.match(/(?:^|;\s*)jornada_csrf=([^;]+)/)
  return match ? decodeURIComponent(match[1]!) : ''
}

const TIMEOUT_MS = 10_000

export interface CallOptions {
  idempotencyKey?: string
  /** A 401 is an answer the caller handles (a wrong password), not the end of the session. */
  signingIn?: boolean
}

export async function api<T>(method: string, path: string, body?: unknown, options: CallOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' }
  if (body !== undefined) headers['content-type'] = 'application/json'
  if (method !== 'GET') headers['x-csrf-token'] = csrfToken()
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey
  let response: Response
  try {
    response = await fetch(`/api/v1${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      cache: 'no-store',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    })
  } catch {
    throw new Offline()
  }
  const date = response.headers.get('date')
  if (date) {
    const offset = Date.parse(date) - Date.now()
    // The header has whole seconds: a smaller difference is only its rounding.
    if (Math.abs(offset) > 1500) clockOffsetMs = offset
    else clockOffsetMs = 0
  }
  if (response.status >= 500) throw new Offline()
  const text = await response.text().catch(() => '')
  let parsed: any = null
  try {
    parsed = text ? JSON.parse(text) : null
  } catch {
    throw new Offline()
  }
  if (response.ok) return parsed as T
  const error = parsed?.error ?? {}
  const retryAfter = response.headers.get('retry-after')
  const refusal = new ApiError(
    response.status,
    String(error.code ?? 'unknown'),
    String(error.message ?? response.statusText),
    Array.isArray(error.details) ? error.details : [],
    retryAfter ? Number(retryAfter) : null,
  )
  if (response.status === 401 && !options.signingIn) onSignedOut()
  throw refusal
}

export const get = <T>(path: string) => api<T>('GET', path)
export const post = <T>(path: string, body?: unknown, options?: CallOptions) => api<T>('POST', path, body, options)

/** A query string of the defined values. */
export function query(values: Record<string, string | number | undefined | null>): string {
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries(values))
    if (value !== undefined && value !== null) params.set(name, String(value))
  return `?${params}`
}

/** A random Idempotency-Key. */
export function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}
