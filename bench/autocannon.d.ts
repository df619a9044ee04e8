/**
 * The slice of autocannon's programmatic API the benchmark uses. autocannon ships no types and
 * adding @types/autocannon would mean a dependency change; this declares only what bench/ reads,
 * so a typo in a field name is still a compile error.
 */
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events'

  namespace autocannon {
    interface Options {
      url: string
      connections?: number
      /** Seconds. */
      duration?: number
      headers?: Record<string, string>
      method?: string
      pipelining?: number
      timeout?: number
    }

    /** Histogram summary; autocannon records latencies in whole milliseconds. */
    interface Histogram {
      average: number
      mean: number
      stddev: number
      min: number
      max: number
      total: number
      p50: number
      p90: number
      p99: number
      p99_9: number
    }

    interface Result {
      url: string
      connections: number
      duration: number
      errors: number
      timeouts: number
      non2xx: number
      resets: number
      '2xx': number
      statusCodeStats: Record<string, { count: number }>
      latency: Histogram & { totalCount: number }
      /** Per-second samples of completed requests (every status code counts). */
      requests: Histogram & { sent: number }
      throughput: Histogram
    }

    /** An EventEmitter that is also a promise of the result. */
    interface Instance extends EventEmitter, PromiseLike<Result> {
      /** Every response, with its latency in fractional milliseconds. */
      on(
        event: 'response',
        listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void,
      ): this
      on(event: string, listener: (...args: unknown[]) => void): this
    }
  }

  function autocannon(options: autocannon.Options): autocannon.Instance
  export = autocannon
}
