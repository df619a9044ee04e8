/**
 * Prometheus metrics (docs/decisions/0015-operations-under-load.md), with prom-client: the de facto
 * Node.js client, which also brings the standard process and runtime series (`process_*`,
 * `nodejs_*`) that dashboards expect.
 *
 * Served at `GET /metrics` on the API's port only with `METRICS_TOKEN` set, and then only with
 * `Authorization: Bearer <token>`; or on a port of its own (`METRICS_PORT`), behind the token
 * when it is set. The series are per process:
 * with several instances, Prometheus scrapes each and sums; the workers of one `serve --workers N`
 * are summed by their primary.
 */
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { AggregatorRegistry, Counter, Gauge, Registry, collectDefaultMetrics } from 'prom-client'
import { REPLICA_OUTCOMES, type ReplicaOutcome } from '../db/read-replica.js'
import { REMINDER_CHANNELS, REMINDER_KINDS } from '../lib/notification-settings.js'
import { secretMatches, sha256Hex } from '../lib/secrets.js'
import { bearerToken } from './auth.js'
import { RequestSeries } from './request-series.js'
import { errorBody } from './responses.js'
import type { EventLoopLag } from './overload.js'

declare module 'fastify' {
  interface FastifyInstance {
    /** The process's metrics: `jornada serve` serves them on a port of their own when asked to. */
    metrics: ServiceMetrics
  }
}

/** The database connections of a process: PostgreSQL's pool, or SQLite's single connection. */
export interface PoolStats {
  max: number
  open: number
  idle: number
  /** Queries waiting for a connection. */
  waiting: number
}

export interface MetricsSources {
  lag: EventLoopLag
  poolStats?: () => PoolStats
  /** Webhook deliveries waiting, and the age of the oldest; read from the database at each scrape. */
  webhookBacklog?: () => Promise<{ pending: number; oldestAgeSeconds: number }>
  /** Messages of the mail outbox waiting, and the age of the oldest; read from the database at each scrape. */
  mailBacklog?: () => Promise<{ pending: number; oldestAgeSeconds: number }>
}

/** What became of an attempt to send a message of the mail outbox. */
export type MailOutcomeLabel = 'sent' | 'retried' | 'failed'

/** Request latency buckets, in seconds: from a cached read (1 ms) to a year-long export (10 s). */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

export class ServiceMetrics {
  readonly registry = new Registry()
  private readonly requests = new RequestSeries(LATENCY_BUCKETS)
  private readonly rateLimited: Counter<'bucket'>
  private readonly shed: Counter<'reason'>
  private readonly exports: Counter<'outcome'>
  private readonly replicaReads: Counter<'outcome'>
  private readonly mailMessages: Counter<'outcome'>
  private readonly reminders: Counter<'kind' | 'channel' | 'outcome'>

  constructor(sources: MetricsSources) {
    const registers = [this.registry]
    collectDefaultMetrics({ register: this.registry })
    this.requests.register(this.registry, {
      count: 'jornada_http_requests_total',
      countHelp: 'HTTP requests answered, by method, route and status',
      duration: 'jornada_http_request_duration_seconds',
      durationHelp: 'Time from a request’s arrival to its answer, by method, route and status',
    })
    this.rateLimited = new Counter({
      name: 'jornada_rate_limited_requests_total',
      help: 'Requests refused 429 rate_limited, by what was counted (key, kiosk, ip, anon)',
      labelNames: ['bucket'],
      registers,
    })
    this.shed = new Counter({
      name: 'jornada_shed_requests_total',
      help: 'Requests refused to protect the service: overloaded (503, requests queueing behind a lagging event loop) or concurrency_limited (429, expensive reads of one key)',
      labelNames: ['reason'],
      registers,
    })
    this.exports = new Counter({
      name: 'jornada_record_exports_total',
      help: 'Record exports for the Inspectorate, by how they ended: completed, cancelled (the client went away) or failed',
      labelNames: ['outcome'],
      registers,
    })
    for (const outcome of ['completed', 'cancelled', 'failed']) this.exports.inc({ outcome }, 0)
    this.replicaReads = new Counter({
      name: 'jornada_replica_reads_total',
      help: 'Heavy reads with a read replica configured (DATABASE_READ_URL), by where they ran: replica, or the primary because of the company’s own recent writes (own_writes), the replica’s lag (lagging), its silence (unavailable) or its promotion (not_in_recovery)',
      labelNames: ['outcome'],
      registers,
    })
    this.mailMessages = new Counter({
      name: 'jornada_mail_messages_total',
      help: 'Attempts to send a message of the mail outbox, by how they ended: sent (the mail server accepted it), retried (refused for a while or no answer: tried again later) or failed (refused for good, or given up)',
      labelNames: ['outcome'],
      registers,
    })
    for (const outcome of ['sent', 'retried', 'failed']) this.mailMessages.inc({ outcome }, 0)
    this.reminders = new Counter({
      name: 'jornada_reminders_total',
      help: 'Reminders by kind, channel and how they ended: sent (mail: queued in the outbox, whose sending jornada_mail_messages_total counts; push: a push service took it), failed (push refused), or suppressed (turned off by the person or the company, the channel not set up, nothing to push to, or settled before its moment)',
      labelNames: ['kind', 'channel', 'outcome'],
      registers,
    })
    for (const kind of REMINDER_KINDS)
      for (const channel of REMINDER_CHANNELS)
        for (const outcome of ['sent', 'failed', 'suppressed']) this.reminders.inc({ kind, channel, outcome }, 0)
    // Known label values start at 0, so that rates and alerts see the series before the first refusal.
    for (const bucket of ['key', 'kiosk', 'ip', 'anon']) this.rateLimited.inc({ bucket }, 0)
    for (const reason of ['overloaded', 'concurrency_limited']) this.shed.inc({ reason }, 0)
    for (const outcome of REPLICA_OUTCOMES) this.replicaReads.inc({ outcome }, 0)
    // With workers, the primary adds the workers' series up: counters and histograms sum; a gauge
    // says how (`aggregator`): the worst lag, the database's backlog as any worker reads it.
    new Gauge({
      name: 'jornada_event_loop_lag_seconds',
      aggregator: 'max',
      help: 'How far the event loop runs behind its timers (the worst of the last half second or so); requests are shed above the threshold',
      registers,
      collect() {
        this.set(sources.lag.lagMs() / 1000)
      },
    })
    const { poolStats, webhookBacklog, mailBacklog } = sources
    if (poolStats) {
      new Gauge({
        name: 'jornada_db_pool_connections',
        help: 'Database connections of this process by state: open, idle, max; and queries waiting for one (waiting)',
        labelNames: ['state'],
        registers,
        collect() {
          const stats = poolStats()
          for (const state of ['max', 'open', 'idle', 'waiting'] as const) this.set({ state }, stats[state])
        },
      })
    }
    if (webhookBacklog) {
      let last: Promise<{ pending: number; oldestAgeSeconds: number }> | null = null
      // One database read per scrape feeds both gauges.
      const read = () => (last ??= webhookBacklog().finally(() => setImmediate(() => (last = null))))
      new Gauge({
        name: 'jornada_webhook_deliveries_pending',
        aggregator: 'max',
        help: 'Webhook deliveries waiting to be made (due now or retrying later), across the companies of the database',
        registers,
        async collect() {
          this.set((await read()).pending)
        },
      })
      new Gauge({
        name: 'jornada_webhook_oldest_pending_age_seconds',
        aggregator: 'max',
        help: 'How long the oldest waiting webhook delivery has waited (0 when none waits)',
        registers,
        async collect() {
          this.set((await read()).oldestAgeSeconds)
        },
      })
    }
    if (mailBacklog) {
      let last: Promise<{ pending: number; oldestAgeSeconds: number }> | null = null
      const read = () => (last ??= mailBacklog().finally(() => setImmediate(() => (last = null))))
      new Gauge({
        name: 'jornada_mail_messages_pending',
        aggregator: 'max',
        help: 'Messages of the mail outbox waiting to be sent (due now or retrying later), across the companies of the database',
        registers,
        async collect() {
          this.set((await read()).pending)
        },
      })
      new Gauge({
        name: 'jornada_mail_oldest_pending_age_seconds',
        aggregator: 'max',
        help: 'How long the oldest waiting message of the mail outbox has waited (0 when none waits)',
        registers,
        async collect() {
          this.set((await read()).oldestAgeSeconds)
        },
      })
    }
  }

  /** Counts an answered request. Unmatched paths share one route label, so that scanners cannot grow the series. */
  observe(request: FastifyRequest, reply: FastifyReply): void {
    const route = request.is404 ? 'unmatched' : (request.routeOptions.url ?? 'unmatched')
    this.requests.record(request.method, route, reply.statusCode, reply.elapsedTime / 1000)
  }

  countRateLimited(bucket: string): void {
    this.rateLimited.inc({ bucket })
  }

  countRecordExport(outcome: 'completed' | 'cancelled' | 'failed'): void {
    this.exports.inc({ outcome })
  }

  countReplicaRead(outcome: ReplicaOutcome): void {
    this.replicaReads.inc({ outcome })
  }

  countMailMessage(outcome: MailOutcomeLabel): void {
    this.mailMessages.inc({ outcome })
  }

  countReminder(kind: string, channel: string, outcome: 'sent' | 'failed' | 'suppressed'): void {
    this.reminders.inc({ kind, channel, outcome })
  }

  countShed(reason: 'overloaded' | 'concurrency_limited'): void {
    this.shed.inc({ reason })
  }
}

/**
 * Whether the request may read the metrics: the token's bearer only, compared as API keys are
 * (digests in constant time: no hint of the token's length). Without a token, no one on the API's
 * port (the metrics tell who uses the service and how much); on a port of their own (`METRICS_PORT`,
 * one only the monitoring network reaches) anyone who reaches it.
 */
function authorised(tokenHash: string | null, header: string | undefined, openWithoutToken: boolean): boolean {
  if (tokenHash === null) return openWithoutToken
  const given = bearerToken(header)
  return given !== null && secretMatches(given, tokenHash)
}

const UNAUTHORISED = JSON.stringify(
  errorBody('unauthenticated', 'The metrics need Authorization: Bearer <METRICS_TOKEN>'),
)

const NO_TOKEN = JSON.stringify(
  errorBody(
    'unauthenticated',
    'The metrics are served on this port only with METRICS_TOKEN set (then with Authorization: Bearer <METRICS_TOKEN>), or on a port of their own (METRICS_PORT)',
  ),
)

/** Serves the metrics on the API's own port, behind `METRICS_TOKEN` (none without it); hidden from the API's document. */
export function registerMetricsRoute(app: FastifyInstance, metrics: ServiceMetrics, token: string | null): void {
  const tokenHash = token === null ? null : sha256Hex(token)
  app.get(
    '/metrics',
    { config: { access: 'public', rateLimit: false }, schema: { hide: true } },
    async (request, reply) => {
      if (!authorised(tokenHash, request.headers.authorization, false)) {
        return reply
          .status(401)
          .header('WWW-Authenticate', 'Bearer')
          .type('application/json; charset=utf-8')
          .send(tokenHash === null ? NO_TOKEN : UNAUTHORISED)
      }
      return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics())
    },
  )
}

/** What a metrics port serves: one process's registry, or the sum of the workers' (prom-client's AggregatorRegistry). */
export interface MetricsText {
  contentType: string
  metrics(): Promise<string>
}

/**
 * In a worker of `serve --workers N`: answers the primary's requests for this process's metrics,
 * which it adds up with the other workers'.
 */
export function shareWithPrimary(metrics: ServiceMetrics): void {
  // prom-client starts answering the primary when an AggregatorRegistry is made, in the worker too.
  new AggregatorRegistry()
  AggregatorRegistry.setRegistries([metrics.registry])
}

/** Serves the metrics on a port of their own (`METRICS_PORT`), e.g. one that only the monitoring network reaches. */
export async function startMetricsServer(
  source: MetricsText,
  token: string | null,
  port: number,
  host: string,
): Promise<Server> {
  const tokenHash = token === null ? null : sha256Hex(token)
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const path = (request.url ?? '/').split('?')[0]
    if (request.method !== 'GET' || path !== '/metrics') {
      response
        .writeHead(404, { 'content-type': 'application/json; charset=utf-8' })
        .end(JSON.stringify(errorBody('route_not_found', 'Only GET /metrics is served here')))
      return
    }
    if (!authorised(tokenHash, request.headers.authorization, true)) {
      response
        .writeHead(401, { 'content-type': 'application/json; charset=utf-8', 'www-authenticate': 'Bearer' })
        .end(UNAUTHORISED)
      return
    }
    source.metrics().then(
      (text) => response.writeHead(200, { 'content-type': source.contentType }).end(text),
      (error: unknown) => {
        console.error(`metrics: ${error instanceof Error ? error.message : String(error)}`)
        response
          .writeHead(500, { 'content-type': 'application/json; charset=utf-8' })
          .end(JSON.stringify(errorBody('internal_error', 'The metrics could not be collected')))
      },
    )
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => resolve())
  })
  return server
}
