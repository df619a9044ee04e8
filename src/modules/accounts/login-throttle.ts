/**
 * Failed sign-ins counted per email and address pair, and per address
 * (docs/decisions/0016-accounts-and-sign-in.md, amended by
 * docs/decisions/0024-only-the-worker-acts-as-the-worker.md): ten failures for one email from one
 * address in 15 minutes, or a hundred from one address, and the next attempt from there is refused
 * before any password is checked (429 `login_throttled`, `Retry-After` when the oldest failure
 * leaves the window). Failures from elsewhere never lock the owner out: the right password from an
 * address that has not failed still signs in. Failures for one email from every address together
 * only slow its attempts down (`delayMs`: a second from ten failures, at most three), so guessing
 * from many addresses stays slow without handing anyone a way to lock a person out.
 *
 * An attempt is counted as a failure when it begins, atomically with the check, and forgiven when
 * the password turns out right: a hundred guesses sent at once cannot all pass the check while
 * their scrypt runs. Only failures stay, so a person who signs in every hour is never slowed.
 * Emails are kept as hashes: the counters never hold who tried. In memory for one instance, or in
 * Redis when `REDIS_URL` is set so that every instance counts the same failures.
 */
import { createHash, randomUUID } from 'node:crypto'
import type { Redis } from 'ioredis'
import { retryLater } from '../../errors.js'

export const LOGIN_WINDOW_MS = 15 * 60_000
/** Failures for one email from one address before that pair is refused. */
export const FAILURES_PER_EMAIL = 10
export const FAILURES_PER_ADDRESS = 100
/** Each this many failures for an email, from any address, add a second to its attempts' delay. */
export const FAILURES_PER_DELAY_STEP = 10
export const MAX_DELAY_MS = 3000

/** An attempt under way, counted as a failure until it is forgiven. */
export interface LoginAttempt {
  buckets: string[]
  id: string
  /** How long to wait before checking the password: the email failed often lately, from anywhere. */
  delayMs: number
}

/** The delay of an attempt for an email that failed `failures` times in the window, from any address. */
export function delayAfter(failures: number): number {
  return Math.min(MAX_DELAY_MS, Math.floor(failures / FAILURES_PER_DELAY_STEP) * 1000)
}

export interface LoginThrottle {
  /**
   * Refuses (429) when this email from this address, or this address, has failed too often;
   * otherwise counts this attempt, with the delay the email's failures from anywhere call for.
   */
  begin(email: string, address: string, nowMs: number): Promise<LoginAttempt>
  /** The password was right: the attempt no longer counts. */
  forgive(attempt: LoginAttempt): Promise<void>
  close(): Promise<void>
}

/**
 * The counters an attempt is counted in, each with its limit; the last, the email's from every
 * address, has none (0): it only sets the delay.
 */
function bucketsOf(email: string, address: string): { key: string; limit: number }[] {
  const emailHash = createHash('sha256').update(email).digest('base64url')
  return [
    { key: `pair:${emailHash}:${address}`, limit: FAILURES_PER_EMAIL },
    { key: `address:${address}`, limit: FAILURES_PER_ADDRESS },
    { key: `email:${emailHash}`, limit: 0 },
  ]
}

function throttled(waitMs: number): never {
  throw retryLater(
    'login_throttled',
    `Too many failed sign-ins: try again in ${Math.max(1, Math.ceil(waitMs / 60_000))} min, or ask for a new password`,
    waitMs,
  )
}

export class MemoryLoginThrottle implements LoginThrottle {
  readonly #failures = new Map<string, { at: number; id: string }[]>()
  readonly #sweeper: NodeJS.Timeout

  constructor(clock: () => number) {
    // Forgets buckets whose last failure left the window, so memory follows recent attackers only.
    this.#sweeper = setInterval(() => this.#sweep(clock()), LOGIN_WINDOW_MS)
    this.#sweeper.unref()
  }

  #sweep(nowMs: number): void {
    for (const [key, entries] of this.#failures)
      if ((entries.at(-1)?.at ?? 0) <= nowMs - LOGIN_WINDOW_MS) this.#failures.delete(key)
  }

  #recent(key: string, nowMs: number) {
    const entries = (this.#failures.get(key) ?? []).filter((entry) => entry.at > nowMs - LOGIN_WINDOW_MS)
    this.#failures.set(key, entries)
    return entries
  }

  async begin(email: string, address: string, nowMs: number): Promise<LoginAttempt> {
    const buckets = bucketsOf(email, address)
    let waitMs = 0
    let emailFailures = 0
    for (const { key, limit } of buckets) {
      const entries = this.#recent(key, nowMs)
      if (limit === 0) emailFailures = entries.length
      else if (entries.length >= limit) waitMs = Math.max(waitMs, entries[0]!.at + LOGIN_WINDOW_MS - nowMs)
    }
    if (waitMs > 0) throttled(waitMs)
    // Nothing awaited between the check and the count: no other attempt can slip in.
    const id = randomUUID()
    for (const { key } of buckets) this.#failures.get(key)!.push({ at: nowMs, id })
    return { buckets: buckets.map((b) => b.key), id, delayMs: delayAfter(emailFailures) }
  }

  async forgive(attempt: LoginAttempt): Promise<void> {
    for (const key of attempt.buckets) {
      const entries = this.#failures.get(key)
      if (entries)
        this.#failures.set(
          key,
          entries.filter((entry) => entry.id !== attempt.id),
        )
    }
  }

  async close(): Promise<void> {
    clearInterval(this.#sweeper)
    this.#failures.clear()
  }
}

/**
 * Checks the buckets and counts the attempt in all, or in none, in one atomic step. Returns
 * {0, failures of the last (limitless) bucket} when counted, or {the milliseconds until the oldest
 * failure of a full bucket leaves the window, 0}.
 */
const BEGIN_SCRIPT = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local wait = 0
local unlimited = 0
for i, key in ipairs(KEYS) do
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
  local limit = tonumber(ARGV[3 + i])
  local count = redis.call('ZCARD', key)
  if limit == 0 then
    unlimited = count
  elseif count >= limit then
    local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
    local left = tonumber(oldest[2]) + window - now
    if left > wait then wait = left end
  end
end
if wait > 0 then return {wait, 0} end
for _, key in ipairs(KEYS) do
  redis.call('ZADD', key, now, ARGV[3])
  redis.call('PEXPIRE', key, window)
end
return {0, unlimited}
`

/**
 * Each bucket is a sorted set of failure times that expires with the window. While Redis is away
 * attempts go uncounted (logged), like the request rate limit: a Redis outage must not lock every
 * person out, and the per-request rate limit and scrypt's cost still slow a guesser down.
 */
export class RedisLoginThrottle implements LoginThrottle {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'jornada:login:',
  ) {
    redis.defineCommand('jornadaLoginBegin', { lua: BEGIN_SCRIPT })
  }

  async begin(email: string, address: string, nowMs: number): Promise<LoginAttempt> {
    const buckets = bucketsOf(email, address)
    const keys = buckets.map((b) => this.prefix + b.key)
    const id = randomUUID()
    let waitMs: number
    let emailFailures: number
    try {
      const run = (this.redis as unknown as Record<string, (...args: unknown[]) => Promise<[number, number]>>)
        .jornadaLoginBegin!
      const [wait, failures] = await run.call(
        this.redis,
        keys.length,
        ...keys,
        nowMs,
        LOGIN_WINDOW_MS,
        id,
        ...buckets.map((b) => b.limit),
      )
      waitMs = Number(wait)
      emailFailures = Number(failures)
    } catch (error) {
      console.error(`login throttle: not counted, Redis failed: ${(error as Error).message}`)
      return { buckets: [], id, delayMs: 0 }
    }
    if (waitMs > 0) throttled(waitMs)
    return { buckets: keys, id, delayMs: delayAfter(emailFailures) }
  }

  async forgive(attempt: LoginAttempt): Promise<void> {
    if (attempt.buckets.length === 0) return
    const pipeline = this.redis.pipeline()
    for (const key of attempt.buckets) pipeline.zrem(key, attempt.id)
    await pipeline.exec().catch((error: Error) => console.error(`login throttle: not forgiven: ${error.message}`))
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect())
  }
}
