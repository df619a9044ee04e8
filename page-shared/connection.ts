/**
 * How the app and the kiosk page stand with the service, told from its last answer: one state
 * machine for both. `online`: it answered. `offline`: no network, or the service cannot be reached
 * (no answer, a proxy's 502). `busy`: it answered that it sheds load or limits this client (503
 * `overloaded`, 429 `rate_limited` or `concurrency_limited`, or a 5xx with a `Retry-After`, such as
 * a database failover): nothing is wrong with the network, and the page asks again by itself after
 * the `Retry-After`, a bounded number of times. `refused`: a 4xx that judges what was asked (out of
 * sequence, not allowed): the link is fine, and the screen says what to do next. Pure: no DOM, no
 * timers; the pages keep the state and set the timers.
 */

export type Verdict = 'online' | 'offline' | 'busy' | 'refused'

/** What the page knows of an answer: its status (0 when none came), error code and Retry-After. */
export interface AnswerSeen {
  status: number
  code?: string | null
  retryAfterSeconds?: number | null
}

/** The codes that say the service is busy, not that the request is wrong. */
const BUSY_CODES = new Set(['overloaded', 'rate_limited', 'concurrency_limited'])

/** The service sheds load or limits this client (not a failover, not a failure). */
export function isShedding(code: string | null | undefined): boolean {
  return code !== null && code !== undefined && BUSY_CODES.has(code)
}

export function verdictOf(answer: AnswerSeen): Verdict {
  if (answer.status === 0) return 'offline'
  if (answer.code && BUSY_CODES.has(answer.code)) return 'busy'
  if (answer.status >= 500) return answer.retryAfterSeconds ? 'busy' : 'offline'
  if (answer.status >= 400) return 'refused'
  return 'online'
}

/** A Retry-After header in seconds (the delta form; a date or nonsense is null). */
export function retryAfterSeconds(header: string | null): number | null {
  if (!header || !/^\d+$/.test(header.trim())) return null
  const seconds = Number(header)
  return seconds > 0 ? seconds : null
}

/** Automatic retries in a row while the service stays busy; then the person is asked to try again. */
export const MAX_BUSY_RETRIES = 6
/** The longest wait between two automatic retries, whatever Retry-After says. */
export const MAX_RETRY_DELAY_SECONDS = 60

/**
 * The link to the service. `busy` carries when the next automatic retry is due (`retryInSeconds`)
 * and how many came before it; `retryInSeconds` is null once the bound is reached.
 */
export type Connection =
  | { state: 'online' }
  | { state: 'offline' }
  | { state: 'busy'; retries: number; retryInSeconds: number | null }

export const ONLINE: Connection = { state: 'online' }

/** The wait before retry number `retries + 1`: what the service asked, at least 1 s, at most a minute. */
export function retryDelaySeconds(retryAfter: number | null | undefined, retries: number): number {
  // Without a Retry-After, back off: 2, 4, 8… seconds.
  const asked = retryAfter && retryAfter > 0 ? retryAfter : 2 ** Math.min(retries + 1, 6)
  return Math.min(Math.max(1, Math.ceil(asked)), MAX_RETRY_DELAY_SECONDS)
}

/**
 * The next state after an answer. A refusal says the link works (online). A busy answer after a
 * busy one counts one more retry, and past the bound stops retrying by itself.
 */
export function nextConnection(before: Connection, answer: AnswerSeen): Connection {
  const verdict = verdictOf(answer)
  if (verdict === 'online' || verdict === 'refused') return ONLINE
  if (verdict === 'offline') return { state: 'offline' }
  const retries = before.state === 'busy' ? before.retries + 1 : 0
  return {
    state: 'busy',
    retries,
    retryInSeconds: retries >= MAX_BUSY_RETRIES ? null : retryDelaySeconds(answer.retryAfterSeconds, retries),
  }
}
