/**
 * The rules of Idempotency-Key (docs/decisions/0012-integrations.md, after Stripe's): what a key
 * may look like, what makes two requests the same, which answers are kept for retries, and for how
 * long.
 */
import { createHash } from 'node:crypto'
import { canonicalJson } from '../../lib/canonical-json.js'

/** 1 to 255 printable ASCII characters: a UUID, a device's own counter, anything an integrator has. */
export const KEY_PATTERN = /^[\x20-\x7e]{1,255}$/

/** Answers are kept at least this long, then purged. */
export const KEEP_MS = 24 * 3_600_000

/**
 * A request still marked running after this long belongs to a process that died before it
 * committed (its write rolled back with it): a retry may take the key over and run. A request
 * that is merely slow and finishes after a takeover commits nothing (its claim is gone).
 */
export const ABANDONED_AFTER_MS = 60_000

/** Two requests are the same when method, path with query, and body (keys in any order) are. */
export function requestFingerprint(method: string, url: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method} ${url}\n${body === undefined ? '' : canonicalJson(body)}`)
    .digest('hex')
}

/**
 * Whether the answer of a request that ran is kept for its retries. Kept: successes and the
 * refusals the request's own state decided (404, 409, 422), which a retry would only meet again.
 * Not kept, so that a corrected retry can run: malformed input (400), refused permission (401,
 * 403), limits (413, 415, 429) and failures (5xx).
 */
export function isKeptAnswer(status: number): boolean {
  return status < 400 || status === 404 || status === 409 || status === 422
}
