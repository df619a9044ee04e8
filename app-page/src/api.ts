/**
 * The app's one way to the service: the public API, with the session cookie the browser keeps and
 * the CSRF token (the `jornada_csrf` cookie, readable by this origin's pages) on every write.
 * Each answer also tells the service's clock (its Date header), so that a punch queued offline
 * carries the moment on the service's clock, not on a phone's that runs late.
 */
import { retryAfterSeconds, verdictOf } from '../../page-shared/connection.js'
import type { components } from '../../sdk/src/schema.js'
import { answered, written } from './connection.js'

export type Schemas = components['schemas']

export interface ErrorDetail {
  field?: string
  message?: string
  value?: string
}

/**
 * A refusal of the service: its status, code, message and details
 * (docs/decisions/0003-http-conventions.md).
 */
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

/**
 * The service could not be reached, or answered that it cannot serve now (5xx: its database failing
 * over, overloaded, or a proxy that cannot reach it): try again later. `unavailable` tells the two
 * apart, with the Retry-After the answer gave and its error code.
 */
export class Offline extends Error {
  constructor(readonly unavailable: { retryAfterSeconds: number | null; code?: string | null } | null = null) {
    super(unavailable ? 'The service cannot serve now' : 'No connection to the service')
  }
}

/**
 * The service answered that it is busy (page-shared/connection.ts): shedding load, or limiting
 * this client for a few seconds. Not "no connection": it answers again after `seconds`.
 */
export function busyFor(error: unknown): { seconds: number | null } | null {
  if (error instanceof Offline && error.unavailable) {
    const { retryAfterSeconds: seconds, code } = error.unavailable
    return verdictOf({ status: 503, code, retryAfterSeconds: seconds }) === 'busy' ? { seconds } : null
  }
  if (error instanceof ApiError && verdictOf(error) === 'busy') return { seconds: error.retryAfter }
  return null
}

/** Told when the service says the session is over (401), so the app shows the sign-in. */
let onSignedOut: () => void = () => {}
export function whenSignedOut(handler: () => void): void {
  onSignedOut = handler
}

/**
 * How far the phone's clock is behind the service's, from the last answer's Date header; kept on
 * the phone, so that a punch made with the app opened offline is still on the service's clock.
 */
const OFFSET_KEY = 'jornada-app-clock-offset'
let clockOffsetMs = Number(localStorage.getItem(OFFSET_KEY)) || 0
/** Now on the service's clock, as far as the last answer's Date header tells (to the second). */
export function serviceNow(): Date {
  return new Date(Date.now() + clockOffsetMs)
}

function learnClock(date: string | null, sentAt: number, answeredAt: number): void {
  if (!date) return
  // The header has whole seconds of the moment the service took the request: about the middle.
  const offset = Date.parse(date) + 500 - (sentAt + answeredAt) / 2
  if (Number.isNaN(offset)) return
  // The header has whole seconds, so the offset is kept to whole seconds too.
  const learnt = Math.abs(offset) > 1500 ? Math.round(offset / 1000) * 1000 : 0
  // Every answer passes here: storage is written only when the phone's clock has moved.
  if (learnt === clockOffsetMs) return
  clockOffsetMs = learnt
  localStorage.setItem(OFFSET_KEY, String(learnt))
}

/** Aborts after `ms` (AbortSignal.timeout where the browser has it). */
function timeout(ms: number): AbortSignal {
  if (typeof AbortSignal.timeout === 'function') return AbortSignal.timeout(ms)
  const controller = new AbortController()
  setTimeout(() => controller.abort(), ms)
  return controller.signal
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
  const sentAt = Date.now()
  try {
    response = await fetch(`/api/v1${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      cache: 'no-store',
      signal: timeout(TIMEOUT_MS),
    })
  } catch {
    answered({ status: 0 })
    throw new Offline()
  }
  const retryAfter = retryAfterSeconds(response.headers.get('retry-after'))
  const text = await response.text().catch(() => '')
  let parsed: any = null
  try {
    parsed = text ? JSON.parse(text) : null
  } catch {
    // Not the service's JSON: a proxy's or a captive portal's page.
    parsed = undefined
  }
  const code: string | null = parsed?.error?.code ?? null
  // A proxy's or a captive portal's failure says nothing of the service's clock, nor of the request.
  if (response.status >= 500 || parsed === undefined) {
    answered({ status: response.status >= 500 ? response.status : 0, code, retryAfterSeconds: retryAfter })
    throw new Offline(response.status >= 500 ? { retryAfterSeconds: retryAfter, code } : null)
  }
  answered({ status: response.status, code, retryAfterSeconds: retryAfter })
  learnClock(response.headers.get('date'), sentAt, Date.now())
  if (response.ok) {
    if (method !== 'GET') written.value++
    return parsed as T
  }
  const error = parsed?.error ?? {}
  const refusal = new ApiError(
    response.status,
    String(error.code ?? 'unknown'),
    String(error.message ?? response.statusText),
    Array.isArray(error.details) ? error.details : [],
    retryAfter,
  )
  // The session is over (or its CSRF cookie is gone): the person signs in again. A 401 that judges
  // a credential (a wrong current password) is an answer for the screen, not the end of the session.
  const sessionOver = refusal.code === 'unauthenticated' || refusal.code === 'csrf_failed'
  if (sessionOver && !options.signingIn) onSignedOut()
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

/**
 * Every row of a list, page after page, up to `cap` (the people of a company, a year of absences):
 * a screen that stopped at the first page would say nobody else is away when someone is.
 */
export async function getAll<T>(
  path: string,
  values: Record<string, string | number | undefined>,
  cap = 2000,
): Promise<T[]> {
  const rows: T[] = []
  for (let page = 1; rows.length < cap; page++) {
    const answer = await get<{ data: T[] }>(`${path}${query({ ...values, page, page_size: 100 })}`)
    rows.push(...answer.data)
    if (answer.data.length < 100) break
  }
  return rows
}
