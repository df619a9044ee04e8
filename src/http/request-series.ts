/**
 * The two request series, `jornada_http_requests_total` and `jornada_http_request_duration_seconds`,
 * per method, route and status: tallied in plain numbers as each request is answered, and turned
 * into Prometheus series only when scraped.
 *
 * prom-client's own Counter and Histogram build a string of the labels and look it up on every
 * observation, twice per request here; measured on the benchmark machine, that took 10-15 % of a
 * cached read's time. These are instead read by prom-client's registry the way it reads its own
 * metrics and its AggregatorRegistry's (an object with a name and `get()`), so the exposition, the
 * sum over `serve --workers N` and everything else prom-client does stay as they were.
 */
import type { Registry } from 'prom-client'

/** One sample, as prom-client's metrics give them: the series name when it is not the metric's own. */
interface Sample {
  metricName?: string
  labels: Record<string, string | number>
  value: number
}

/** What prom-client's registry reads from a metric: the shape its own metrics' `get()` resolves to. */
interface MetricSnapshot {
  name: string
  help: string
  type: 'counter' | 'histogram'
  aggregator: 'sum'
  values: Sample[]
}

/** What one method, route and status has answered. `buckets[i]` counts answers within `bounds[i]` and above the one before. */
interface Tally {
  labels: { method: string; route: string; status: number }
  count: number
  sum: number
  buckets: Float64Array
}

export class RequestSeries {
  /** route -> method -> status -> tally: three lookups of strings and a number, no string built per request. */
  readonly #tallies = new Map<string, Map<string, Map<number, Tally>>>()

  /** `bounds`: the histogram's upper bounds in seconds, ascending. */
  constructor(private readonly bounds: readonly number[]) {}

  record(method: string, route: string, status: number, seconds: number): void {
    let byMethod = this.#tallies.get(route)
    if (!byMethod) {
      byMethod = new Map()
      this.#tallies.set(route, byMethod)
    }
    let byStatus = byMethod.get(method)
    if (!byStatus) {
      byStatus = new Map()
      byMethod.set(method, byStatus)
    }
    let tally = byStatus.get(status)
    if (!tally) {
      tally = { labels: { method, route, status }, count: 0, sum: 0, buckets: new Float64Array(this.bounds.length) }
      byStatus.set(status, tally)
    }
    tally.count += 1
    tally.sum += seconds
    // The first bound the value does not exceed (Prometheus's `le`); above them all only +Inf counts it.
    const bounds = this.bounds
    let bucket = 0
    while (bucket < bounds.length && seconds > bounds[bucket]!) bucket++
    if (bucket < bounds.length) tally.buckets[bucket]! += 1
  }

  /** Registers the counter and the histogram in `registry`, under these names. */
  register(
    registry: Registry,
    names: { count: string; countHelp: string; duration: string; durationHelp: string },
  ): void {
    const metric = (name: string, help: string, type: MetricSnapshot['type'], values: () => Sample[]) => ({
      name,
      help,
      type,
      aggregator: 'sum' as const,
      get: async (): Promise<MetricSnapshot> => ({ name, help, type, aggregator: 'sum', values: values() }),
      reset: () => this.#tallies.clear(),
    })
    const counter = metric(names.count, names.countHelp, 'counter', () =>
      [...this.#all()].map((tally) => ({ labels: tally.labels, value: tally.count })),
    )
    const histogram = metric(names.duration, names.durationHelp, 'histogram', () =>
      [...this.#all()].flatMap((tally) => this.#histogramValues(names.duration, tally)),
    )
    // The registry takes any object with a name and get(), as its AggregatorRegistry's own metrics are.
    registry.registerMetric(counter as unknown as Parameters<Registry['registerMetric']>[0])
    registry.registerMetric(histogram as unknown as Parameters<Registry['registerMetric']>[0])
  }

  *#all(): Iterable<Tally> {
    for (const byMethod of this.#tallies.values()) for (const byStatus of byMethod.values()) yield* byStatus.values()
  }

  /** A tally as prom-client's histogram shows one: cumulative buckets, +Inf, sum and count. */
  #histogramValues(name: string, tally: Tally): Sample[] {
    const values: Sample[] = []
    let cumulative = 0
    this.bounds.forEach((le, i) => {
      cumulative += tally.buckets[i]!
      values.push({ metricName: `${name}_bucket`, labels: { le, ...tally.labels }, value: cumulative })
    })
    values.push({ metricName: `${name}_bucket`, labels: { le: '+Inf', ...tally.labels }, value: tally.count })
    values.push({ metricName: `${name}_sum`, labels: tally.labels, value: tally.sum })
    values.push({ metricName: `${name}_count`, labels: tally.labels, value: tally.count })
    return values
  }
}
