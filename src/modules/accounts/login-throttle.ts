/**
 * Failed sign-ins counted per email and per address (decisions 16): ten failures for one email in
 * 15 minutes, or a hundred from one address, and the next attempt is refused before any password
 * is checked (429 `login_throttled`, `Retry-After` when the oldest failure leaves the window).
 * Only failures count, so a person who signs in every hour is never slowed. Emails are kept as
 * hashes: the counters never hold who tried. In memory for one instance, or in Redis when
 * `REDIS_URL` is set so that every instance counts the same failures.
 */
import { createHash } from 'node:crypto'
import type { Redis } from 'ioredis'
import { retryLater } from '../../errors.js'

export const LOGIN_WINDOW_MS = 15 * 60_000
export const FAILURES_PER_EMAIL = 10
export const FAILURES_PER_ADDRESS = 100

export interface LoginThrottle {
  /** Refuses (429) when the email or the address has failed too often within the window. */
  check(email: string, address: string, nowMs: number): Promise<void>
  /** Counts one failed attempt against both. */
  failed(email: string, address: string, nowMs: number): Promise<void>
  close(): Promise<void>
}

/** The counters an attempt is checked against, each with its own limit. */
function bucketsOf(email: string, address: string): { key: string; limit: number }[] {
  const emailHash = createHash('sha256').update(email).digest('base64url')
  return [
    { key: `email:${emailHash}`, limit: FAILURES_PER_EMAIL },
    { key: `address:${address}`, limit: FAILURES_PER_ADDRESS },
  ]
}

function throttled(waitMs: number): never {
  throw retryLater(
    'login_throttled',
    `Too many failed sign-ins: try again in ${Math.max(1, Math.ceil(waitMs / 60_000))} min, or ask for a new password`,
    waitMs,
  )
}

/** The failures of one bucket within the window: how many, and when the oldest leaves it. */
interface Count {
  failures: number
  oldestMs: number | null
}

function refuseIfOver(counts: Count[], limits: number[], nowMs: number): void {
  let waitMs = 0
  counts.forEach((count, index) => {
    if (count.failures >= limits[index]! && count.oldestMs !== null)
      waitMs = Math.max(waitMs, count.oldestMs + LOGIN_WINDOW_MS - nowMs)
  })
  if (waitMs > 0) throttled(waitMs)
}

export class MemoryLoginThrottle implements LoginThrottle {
  readonly #failures = new Map<string, number[]>()
  readonly #sweeper: NodeJS.Timeout

  constructor(clock: () => number) {
    // Forgets buckets whose last failure left the window, so memory follows recent attackers only.
    this.#sweeper = setInterval(() => this.#sweep(clock()), LOGIN_WINDOW_MS)
    this.#sweeper.unref()
  }

  #sweep(nowMs: number): void {
    for (const [key, times] of this.#failures)
      if ((times.at(-1) ?? 0) <= nowMs - LOGIN_WINDOW_MS) this.#failures.delete(key)
  }

  #count(key: string, nowMs: number): Count {
    const times = (this.#failures.get(key) ?? []).filter((time) => time > nowMs - LOGIN_WINDOW_MS)
    return { failures: times.length, oldestMs: times[0] ?? null }
  }

  async check(email: string, address: string, nowMs: number): Promise<void> {
    const buckets = bucketsOf(email, address)
    refuseIfOver(
      buckets.map((bucket) => this.#count(bucket.key, nowMs)),
      buckets.map((bucket) => bucket.limit),
      nowMs,
    )
  }

  async failed(email: string, address: string, nowMs: number): Promise<void> {
    for (const { key, limit } of bucketsOf(email, address)) {
      const times = (this.#failures.get(key) ?? []).filter((time) => time > nowMs - LOGIN_WINDOW_MS)
      // Past the limit more failures change nothing: the list stays bounded however hard it is hit.
      if (times.length < limit) times.push(nowMs)
      this.#failures.set(key, times)
    }
  }

  async close(): Promise<void> {
    clearInterval(this.#sweeper)
    this.#failures.clear()
  }
}

/**
 * Each bucket is a sorted set of failure times that expires with the window. While Redis is away
 * attempts go uncounted (logged), like the request rate limit: a Redis outage must not lock every
 * person out, and the per-request rate limit and scrypt's cost still slow a guesser down.
 */
export class RedisLoginThrottle implements LoginThrottle {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'jornada:login:',
  ) {}

  async check(email: string, address: string, nowMs: number): Promise<void> {
    let counts: Count[]
    try {
      counts = await this.#counts(email, address, nowMs)
    } catch (error) {
      console.error(`login throttle: not checked, Redis failed: ${(error as Error).message}`)
      return
    }
    refuseIfOver(
      counts,
      bucketsOf(email, address).map((bucket) => bucket.limit),
      nowMs,
    )
  }

  async #counts(email: string, address: string, nowMs: number): Promise<Count[]> {
    const buckets = bucketsOf(email, address)
    const pipeline = this.redis.pipeline()
    for (const { key } of buckets) {
      pipeline.zremrangebyscore(this.prefix + key, '-inf', nowMs - LOGIN_WINDOW_MS)
      pipeline.zcard(this.prefix + key)
      pipeline.zrange(this.prefix + key, 0, 0, 'WITHSCORES')
    }
    const results = (await pipeline.exec()) ?? []
    return buckets.map((_, index) => {
      const [cardError, failures] = results[index * 3 + 1] ?? []
      const [, oldest] = results[index * 3 + 2] ?? []
      if (cardError) throw cardError
      const score = (oldest as string[] | undefined)?.[1]
      return { failures: Number(failures), oldestMs: score === undefined ? null : Number(score) }
    })
  }

  async failed(email: string, address: string, nowMs: number): Promise<void> {
    const pipeline = this.redis.pipeline()
    for (const { key } of bucketsOf(email, address)) {
      // A random member: two failures in the same millisecond both count.
      pipeline.zadd(this.prefix + key, nowMs, `${nowMs}:${Math.random().toString(36).slice(2)}`)
      pipeline.pexpire(this.prefix + key, LOGIN_WINDOW_MS)
    }
    const results = await pipeline.exec().catch((error: Error) => [[error]])
    const error = (results ?? []).find(([failure]) => failure)?.[0]
    if (error) console.error(`login throttle: failure not counted, Redis failed: ${error.message}`)
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect())
  }
}
