/**
 * Holding up under load (docs/decisions/0015-operations-under-load.md). Two guards in front of the
 * API:
 *
 * - **Shedding**: while requests are queueing, that is while many API requests are in flight
 *   already (`queueingInFlight`) *and* the event loop lags behind by more than a threshold, new API
 *   requests are answered 503 `overloaded` with `Retry-After` at once, instead of queueing behind
 *   work the process cannot keep up with. A lag alone is not enough: on a host whose other
 *   processes keep the CPU busy the loop lags with one person using the app, and refusing them
 *   frees nothing. The only request in flight is never shed. Health probes, the documents and
 *   `/metrics` are never shed.
 * - **Expensive reads** (routes marked `expensive`: summaries, reports, exports, batches) are
 *   limited in how many run at once per key; beyond that, 429 `concurrency_limited` with
 *   `Retry-After`. One integration cannot fill the process with year-long summaries.
 *
 * Both are per process: with several instances each guards itself, which is what shedding needs
 * (the lag is the process's own), and bounds a key to `limit × instances` expensive reads.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { type AppError, retryLater } from '../errors.js'
import { callerOf } from './auth.js'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A read whose cost grows with its input (a summary, a report, an export, a batch): limited per key in concurrency. */
    expensive?: true
  }
}

/**
 * How far behind its timers the event loop runs: a timer every `intervalMs` notes how late it
 * fired. `lagMs()` is the worst delay of the last half second or so, so one slow tick is seen by
 * every request that waited behind it, and a loop that recovered is trusted again within a second.
 */
export class EventLoopLag {
  private readonly timer: NodeJS.Timeout
  private current = 0
  private previous = 0
  private expected: number
  private windowStart: number

  constructor(
    private readonly intervalMs = 20,
    private readonly windowMs = 500,
  ) {
    this.expected = performance.now() + intervalMs
    this.windowStart = performance.now()
    this.timer = setInterval(() => this.sample(), intervalMs)
    // The sampler must never keep a process alive that has nothing else to do.
    this.timer.unref()
  }

  private sample(): void {
    const now = performance.now()
    const late = Math.max(0, now - this.expected)
    this.expected = now + this.intervalMs
    if (now - this.windowStart >= this.windowMs) {
      this.previous = this.current
      this.current = 0
      this.windowStart = now
    }
    if (late > this.current) this.current = late
  }

  /** The worst lag seen in the current and the previous window, in milliseconds. */
  lagMs(): number {
    // A loop blocked right now has not run the sampler yet: count the time since it was due.
    const overdue = Math.max(0, performance.now() - this.expected)
    return Math.max(this.current, this.previous, overdue)
  }

  /** Forgets what was seen: starting the app blocks the loop for seconds (schemas are compiled), which says nothing of the load. */
  reset(): void {
    this.current = 0
    this.previous = 0
    this.expected = performance.now() + this.intervalMs
    this.windowStart = performance.now()
  }

  stop(): void {
    clearInterval(this.timer)
  }
}

export interface OverloadOptions {
  lag: EventLoopLag
  /** Shed new API requests while the lag is above this (ms)... */
  maxLagMs: number
  /** ...and at least this many API requests are in flight already (at least 1: a lone request is never shed). */
  queueingInFlight: number
  /** Expensive reads one key may have running at once. */
  expensivePerKey: number
  /** Told of each request refused here, for the metrics. */
  onShed?: (reason: 'overloaded' | 'concurrency_limited') => void
}

/** Paths never shed: probes must tell a busy process from a dead one, and metrics show why it is busy. */
function isSheddable(request: FastifyRequest): boolean {
  return request.url.startsWith('/api/') && !request.url.startsWith('/api/v1/openapi.json')
}

/** Registers shedding (before authentication: a shed request costs no key lookup) and the per-key limit (after it). */
export function registerOverloadGuards(app: FastifyInstance, options: OverloadOptions): { addLimitHook(): void } {
  const { lag, maxLagMs, expensivePerKey, onShed } = options
  const queueingInFlight = Math.max(1, options.queueingInFlight)
  const running = new Map<string, number>()
  /** API requests taken in and not yet answered (or abandoned by their client). */
  let inFlight = 0
  const ended = () => {
    inFlight -= 1
  }

  app.addHook('onRequest', (request, reply, done) => {
    if (!isSheddable(request)) return done()
    if (inFlight >= queueingInFlight) {
      const lagMs = lag.lagMs()
      if (lagMs > maxLagMs) {
        onShed?.('overloaded')
        // Come back once the loop has had time to catch up: the lag is judged over about a second.
        return done(
          retryLater(
            'overloaded',
            `The service is overloaded (${inFlight} requests in flight, event loop ${Math.round(lagMs)} ms behind): retry shortly`,
            1000,
          ),
        )
      }
    }
    inFlight += 1
    // 'close' comes once, whether the answer was sent or the client went away.
    reply.raw.once('close', ended)
    done()
  })

  /** Takes a slot of the caller's expensive reads; it is given back once, when the response ends or the client goes. */
  function takeSlot(request: FastifyRequest, reply: FastifyReply): AppError | null {
    const caller = callerOf(request)
    if (!caller) return null
    const held = running.get(caller.keyId) ?? 0
    if (held >= expensivePerKey) {
      onShed?.('concurrency_limited')
      return retryLater(
        'concurrency_limited',
        `This key already has ${held} expensive requests running (at most ${expensivePerKey}): retry when one has finished`,
        1000,
      )
    }
    running.set(caller.keyId, held + 1)
    let released = false
    reply.raw.once('close', () => {
      if (released) return
      released = true
      const left = (running.get(caller.keyId) ?? 1) - 1
      if (left > 0) running.set(caller.keyId, left)
      else running.delete(caller.keyId)
    })
    return null
  }

  return {
    /** The per-key limit needs the caller: added once authentication is registered. */
    addLimitHook() {
      app.addHook('onRequest', (request, reply, done) => {
        if (!request.routeOptions.config.expensive) return done()
        done(takeSlot(request, reply) ?? undefined)
      })
    },
  }
}
