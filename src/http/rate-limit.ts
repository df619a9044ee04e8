/**
 * Rolling-window rate limiting: at most `limit` requests in any 60-second window (a sliding log,
 * exact rather than the burst-prone fixed window). Counters live in memory for a single instance,
 * or in Redis when `REDIS_URL` is set so that every instance draws on one budget per key.
 */
import { randomUUID } from 'node:crypto'
import type { Redis } from 'ioredis'

export const WINDOW_MS = 60_000

export interface RateDecision {
  allowed: boolean
  limit: number
  remaining: number
  /** Milliseconds until the oldest counted request leaves the window (one more becomes available). */
  resetMs: number
}

export interface RateLimitStore {
  /** Counts one request against `bucket` if the budget allows it (synchronously when in memory). */
  hit(bucket: string, limit: number): RateDecision | Promise<RateDecision>
  close(): Promise<void>
}

/**
 * Counts one request against `bucket`. If the store (Redis) is unreachable the request is let
 * through (null) and the failure logged: rate limiting protects the service, and an outage of it
 * must not stop clocks from recording punches nor calendars from refreshing.
 */
export async function countRequest(
  store: RateLimitStore,
  bucket: string,
  limit: number,
  log: { error(details: object, message: string): void },
): Promise<RateDecision | null> {
  try {
    const pending = store.hit(bucket, limit)
    // In memory the answer is immediate; only Redis needs a round trip.
    return pending instanceof Promise ? await pending : pending
  } catch (error) {
    log.error({ err: error }, 'rate limit store unavailable; request not counted')
    return null
  }
}

/**
 * One bucket's request times, oldest first. Expired times are skipped by moving `head` forward
 * (constant time per request) and the array is compacted only now and then.
 */
class TimeLog {
  times: number[] = []
  head = 0

  get size(): number {
    return this.times.length - this.head
  }

  oldest(): number | undefined {
    return this.times[this.head]
  }

  newest(): number | undefined {
    return this.times[this.times.length - 1]
  }

  dropUpTo(cutoff: number): void {
    while (this.head < this.times.length && this.times[this.head]! <= cutoff) this.head++
    if (this.head > 1024 && this.head * 2 > this.times.length) {
      this.times = this.times.slice(this.head)
      this.head = 0
    }
  }
}

export class MemoryRateLimitStore implements RateLimitStore {
  readonly #logs = new Map<string, TimeLog>()
  readonly #sweeper: NodeJS.Timeout

  constructor(private readonly now: () => number = Date.now) {
    // Forget buckets idle for a whole window so memory follows the active keys only.
    this.#sweeper = setInterval(() => {
      const cutoff = this.now() - WINDOW_MS
      for (const [bucket, log] of this.#logs) if ((log.newest() ?? 0) <= cutoff) this.#logs.delete(bucket)
    }, WINDOW_MS)
    this.#sweeper.unref()
  }

  #current(bucket: string): TimeLog {
    let log = this.#logs.get(bucket)
    if (!log) {
      log = new TimeLog()
      this.#logs.set(bucket, log)
    }
    log.dropUpTo(this.now() - WINDOW_MS)
    return log
  }

  #decision(log: TimeLog, limit: number, allowed: boolean): RateDecision {
    const oldest = log.oldest()
    return {
      allowed,
      limit,
      remaining: Math.max(0, limit - log.size),
      resetMs: oldest === undefined ? 0 : Math.max(0, oldest + WINDOW_MS - this.now()),
    }
  }

  hit(bucket: string, limit: number): RateDecision {
    const log = this.#current(bucket)
    if (log.size >= limit) return this.#decision(log, limit, false)
    log.times.push(this.now())
    return this.#decision(log, limit, true)
  }

  async close(): Promise<void> {
    clearInterval(this.#sweeper)
    this.#logs.clear()
  }
}

/**
 * Each bucket is a sorted set of request timestamps. The script runs atomically in Redis and uses
 * Redis's own clock, so instances with drifting clocks still share one consistent window.
 * Returns {allowed (0/1), count after the call, milliseconds until the oldest entry expires}.
 */
const SLIDING_WINDOW_SCRIPT = `
local key = KEYS[1]
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local member = ARGV[3]
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
local count = redis.call('ZCARD', key)
local allowed = 0
if count < limit then
  allowed = 1
  redis.call('ZADD', key, now, member)
  redis.call('PEXPIRE', key, window)
  count = count + 1
end
local reset = 0
local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
if oldest[2] then reset = tonumber(oldest[2]) + window - now end
return {allowed, count, reset}
`

export class RedisRateLimitStore implements RateLimitStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'jornada:rl:',
  ) {
    redis.defineCommand('jornadaSlidingWindow', { numberOfKeys: 1, lua: SLIDING_WINDOW_SCRIPT })
  }

  async hit(bucket: string, limit: number): Promise<RateDecision> {
    const run = (this.redis as unknown as Record<string, (...args: unknown[]) => Promise<[number, number, number]>>)
      .jornadaSlidingWindow!
    const [allowed, count, reset] = await run.call(this.redis, this.prefix + bucket, limit, WINDOW_MS, randomUUID())
    return { allowed: allowed === 1, limit, remaining: Math.max(0, limit - count), resetMs: Math.max(0, reset) }
  }

  /** Says goodbye to Redis; a connection already lost (Redis restarted, say) is simply dropped, so shutting down never fails on it. */
  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect())
  }
}
