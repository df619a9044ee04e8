/**
 * Builds the HTTP application around an open database. `server.ts` only listens; tests call
 * `buildApp` and use `inject`, or listen on a real socket.
 */
import type { SecretBox } from './lib/secret-box.js'
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { randomBytes } from 'node:crypto'
import { readdirSync } from 'node:fs'
import type { ServerOptions } from 'node:http'
import { DEFAULT_LOAD_CONFIG, DEFAULT_TIMEOUTS, type ServerTimeouts } from './config.js'
import { databaseAnswers } from './db/database.js'
import { ReadReplica, type WriteMarks } from './db/read-replica.js'
import type { ServiceDatabase } from './db/service-database.js'
import { AppError, invalidField } from './errors.js'
import { registerAuth } from './http/auth.js'
import { registerRequestScope } from './http/request-scope.js'
import { registerReadPipeline } from './http/read-pipeline.js'
import compress from '@fastify/compress'
import cors from '@fastify/cors'
import {
  clientErrorHandler,
  methodsByPath,
  registerInvalidPathRoutes,
  rewriteInvalidPath,
  setSecurityHeaders,
} from './http/edge.js'
import { registerAnswerHeaders } from './http/answer-headers.js'
import { frameworkErrors, registerErrorHandler } from './http/error-handler.js'
import { type PoolStats, ServiceMetrics, registerMetricsRoute } from './http/metrics.js'
import { EventLoopLag, registerOverloadGuards } from './http/overload.js'
import { registerOpenApi } from './http/openapi.js'
import { sharedSerializerFactory } from './http/serializers.js'
import { MemoryRateLimitStore, type RateLimitStore } from './http/rate-limit.js'
import { ErrorBody, errorBody, quoted } from './http/responses.js'
import { publicOperation } from './http/route.js'
import {
  type ModuleDescriptor,
  type PlugContext,
  bodyCredentialsOf,
  descriptorOf,
  inDocumentOrder,
  inWriteStepOrder,
  orderModules,
} from './http/module.js'
import { validatorCompiler } from './http/validation.js'
import { OneLinePerRequest, lazyRequestLogger } from './http/request-log.js'
import { findBadCharacter } from './lib/validation.js'
import { bringOvertimeUpToDate } from './modules/overtime/index.js'
import { recordAccess } from './modules/access-log/index.js'
import {
  DEFAULT_SESSION_POLICY,
  type SessionPolicy,
  authenticate,
  authenticateSession,
  csrfTokenMatches,
} from './modules/keys/index.js'
import { type AccountsSettings, type LoginThrottle, MemoryLoginThrottle } from './modules/accounts/index.js'
import {
  type MailDispatcher,
  type MailDispatcherOptions,
  type Mailer,
  mailBacklog,
  startMailDispatcher,
} from './modules/mail/index.js'
import { webhookBacklog } from './modules/webhooks/index.js'
import { authenticateKiosk } from './modules/kiosks/index.js'
import { type PushSettings, ensureVapidKey, pushSenderWith } from './modules/push/index.js'
import { type PushSender, type RoundSummary, runLeasedReminderRound } from './modules/notifications/index.js'
import { allTenants } from './modules/tenants/index.js'

declare module 'fastify' {
  interface FastifyInstance {
    /** The reminders' round, run now with the app's clock (what the timer does every minute). */
    reminders: { run(): Promise<RoundSummary> }
  }
}

/**
 * The modules of src/modules, each found by its front door's descriptor (http/module.ts): nothing
 * lists them by hand. Read once per process, in the order of their dependencies; a duplicate
 * name, a missing dependency or a cycle stops the service here, with their names.
 */
let discovered: Promise<readonly ModuleDescriptor[]> | null = null
export function discoverModules(): Promise<readonly ModuleDescriptor[]> {
  discovered ??= (async () => {
    const folder = new URL('./modules/', import.meta.url)
    const names = readdirSync(folder, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort()
    // The same specifier under tsx (src/, index.ts) and compiled (dist/, index.js).
    const descriptors = await Promise.all(
      names.map(async (name) =>
        descriptorOf(await import(`./modules/${name}/index.js`), `src/modules/${name}/index.ts`),
      ),
    )
    const ordered = orderModules(descriptors)
    inDocumentOrder(ordered)
    inWriteStepOrder(ordered)
    return ordered
  })()
  discovered.catch(() => {
    discovered = null
  })
  return discovered
}

export const BODY_LIMIT_BYTES = 1024 * 1024

/**
 * Request ids unique across instances and cheap to make: a random prefix per process and a
 * counter (`req_k3x9a2_1f`). They only correlate logs; they need not be unguessable.
 */
function requestIds(): () => string {
  const prefix = `req_${randomBytes(4).toString('hex')}_`
  let counter = 0
  return () => prefix + (++counter).toString(36)
}

/**
 * API routes that take no query parameters refuse any: `POST /schedules?dry_run=true` must not
 * quietly write. Routes with a query schema refuse unknown parameters in validation already.
 */
function unexpectedQueryParameters(request: FastifyRequest): AppError | null {
  const route = request.routeOptions
  if (route.schema?.querystring || route.config.access === 'public' || !route.url?.startsWith('/api/')) return null
  const names = Object.keys(request.query as Record<string, unknown>)
  if (names.length === 0) return null
  return unknownNames('query parameters', names, 'is not a known query parameter')
}

/** A 400 naming each unknown name, at most 20 and each cut to 40 characters: they come from the caller. */
function unknownNames(where: string, names: string[], message: string): AppError {
  const details = names.slice(0, 20).map((field) => ({ field: quoted(field, 40), message }))
  return new AppError('invalid_request', `Invalid ${where}: ${details.map((d) => d.field).join(', ')}`, details)
}

/**
 * Operations without a body schema (actions such as `/deactivate`, deletes) take no body, or an
 * empty object: a field sent to them is refused, never silently ignored
 * (docs/decisions/0009-extensions.md).
 */
function unexpectedBody(request: FastifyRequest): AppError | null {
  const body = request.body
  if (body === undefined || request.routeOptions.schema?.body || !request.routeOptions.url?.startsWith('/api/'))
    return null
  if (body !== null && typeof body === 'object' && !Array.isArray(body)) {
    const names = Object.keys(body)
    if (names.length === 0) return null
    return unknownNames('body', names, 'is not a field of this operation, which takes no body')
  }
  return new AppError('invalid_request', 'This operation takes no body (or an empty JSON object)')
}

/** Bodies must be UTF-8: an invalid sequence is refused rather than stored as U+FFFD. */
const strictUtf8 = new TextDecoder('utf-8', { fatal: true })

/** Refused by the JSON parser although valid JSON: a key that could reach an object's prototype. */
function forbiddenKey(): AppError {
  return new AppError('invalid_request', 'The body contains a forbidden key (__proto__ or constructor.prototype)')
}

function isPlainJson(text: string): boolean {
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}

export interface AppOptions {
  db: ServiceDatabase
  /**
   * `DATABASE_READ_URL`: the heavy reads go to this replica when it is current enough
   * (docs/decisions/0021-failover-and-read-replicas.md).
   */
  readReplica?: ReadReplicaSettings | null
  rateLimitPerMinute?: number
  rateLimitStore?: RateLimitStore
  logger?: FastifyServerOptions['logger']
  /** The current time in epoch ms; tests replace it to place punches around past DST changes. */
  clock?: () => number
  /**
   * Fastify's trustProxy: whose X-Forwarded-For to believe for the client address, as a number of
   * proxy hops or a list of the proxies' addresses/CIDRs. The right-most address not trusted wins.
   */
  trustProxy?: number | string
  /** Origins allowed to call the API from a browser; CORS is off when empty. */
  corsOrigins?: readonly string[]
  /** Connection limits of a listening server (not used by `inject`). */
  timeouts?: Partial<ServerTimeouts>
  /** Test seam: runs after a write commits and before its answer leaves (a crash at the worst moment). */
  afterCommit?: (request: FastifyRequest) => void
  /** Let webhook subscriptions point at private, loopback and link-local addresses, over http too. */
  webhooksAllowPrivateNetworks?: boolean
  /**
   * Holding up under load, and what the metrics show
   * (docs/decisions/0015-operations-under-load.md).
   */
  load?: Partial<LoadOptions>
  /** People signing in (docs/decisions/0016-accounts-and-sign-in.md). */
  accounts?: Partial<AccountsOptions>
  /**
   * Mail (`SMTP_URL`): invitations and resets go through the outbox
   * (docs/decisions/0025-request-phases-and-module-ownership.md). Null or absent: no mail, and an
   * invitation answers its link. Needs `accounts.publicUrl`.
   */
  mail?: MailOptions | null
  /** Seals secrets the service reads back (`SECRETS_KEY`): a company's OpenID client secret. */
  secrets?: SecretBox | null
  /** Let companies' identity providers be on private, loopback and link-local addresses (http on loopback). */
  ssoAllowPrivateNetworks?: boolean
  /** Web Push of reminders to the app (docs/decisions/0026-reminders.md); its VAPID key needs `secrets`. */
  push?: PushOptions
  /** Reminders by mail and push (docs/decisions/0026-reminders.md, docs/notifications.md). */
  reminders?: ReminderOptions
}

/**
 * The round itself runs where `jornada serve` runs background work (server.ts, every minute on
 * every instance: the round's lease lets one instance run each minute's round and the others skip
 * it, and the unique key and the take of each reminder keep them apart should two run at once); a
 * test runs it with `app.reminders.run()` at the moment its clock says.
 */
export interface ReminderOptions {
  /** The push channel (docs/notifications.md); absent: Web Push when `secrets` is set; null: no reminder is pushed. */
  pushSender?: PushSender | null
}

export interface PushOptions {
  /** `VAPID_SUBJECT`: the operator's contact for push services (`mailto:` or `https:`); PUBLIC_URL by default. */
  subject?: string
  /** Let push subscriptions point at private and loopback addresses, over http too (tests, trials). */
  allowPrivateNetworks?: boolean
  /** How long one push service may take to answer. */
  timeoutMs?: number
}

export interface ReadReplicaSettings {
  db: ServiceDatabase
  /** `DATABASE_READ_MAX_LAG_SECONDS`: the replica is passed over while it lags more than this. */
  maxLagSeconds: number
  /** Where the companies' last writes are shared with the other instances (Redis); each instance also keeps its own. */
  marks?: WriteMarks
}

export interface AccountsOptions {
  /** `PUBLIC_URL`: links in mails start with it; cookies are Secure when it is https. */
  publicUrl: string | null
  session: SessionPolicy
  /** Failed sign-ins counted per email and address; in Redis when several instances share them. */
  throttle: LoginThrottle
}

export interface MailOptions {
  /** The mail server the outbox sends through. */
  mailer: Mailer
  /**
   * Whether this application runs the outbox's dispatcher while it is up (true by default: every
   * instance may, they share the work). false: it only queues, and something else sends.
   */
  dispatch?: boolean
  /** How the dispatcher polls, leases and retries; its defaults suit production. */
  dispatcher?: Partial<Pick<MailDispatcherOptions, 'pollMs' | 'leaseMs' | 'sendTimeoutMs' | 'concurrency' | 'retry'>>
}

export interface LoadOptions {
  /**
   * New API requests are answered 503 `overloaded` while the event loop lags behind by more than
   * this (ms) and `queueingInFlight` API requests are in flight already.
   */
  maxLagMs: number
  /** API requests in flight from which, while the loop lags, new ones are shed: never a lone one. */
  queueingInFlight: number
  /** Expensive reads (summaries, reports, exports, batches) one key may have running at once. */
  expensivePerKey: number
  /** `GET /metrics` needs `Authorization: Bearer <token>` when set. */
  metricsToken: string | null
  /** false when `jornada serve` serves the metrics on a port of their own (`METRICS_PORT`). */
  metricsOnApiPort: boolean
  /** The database pool's state, for the metrics. */
  poolStats?: () => PoolStats
}

const DEFAULT_LOAD: LoadOptions = {
  maxLagMs: DEFAULT_LOAD_CONFIG.maxLagMs,
  queueingInFlight: DEFAULT_LOAD_CONFIG.queueingInFlight,
  expensivePerKey: DEFAULT_LOAD_CONFIG.expensivePerKey,
  metricsToken: null,
  metricsOnApiPort: true,
}

/** A hop count becomes "the last n hops are proxies"; addresses and CIDRs go to Fastify as they are. */
function trustedProxies(
  setting: number | string | undefined,
): string | false | ((address: string, hop: number) => boolean) {
  if (setting === undefined) return false
  if (typeof setting === 'number') return (_address, hop) => hop < setting
  return setting
}

/** Push services want a contact: the service's https address, or else a mailbox at its host. */
function defaultVapidSubject(publicUrl: string | null): string {
  if (publicUrl?.startsWith('https:')) return publicUrl
  return `mailto:postmaster@${publicUrl ? new URL(publicUrl).hostname : 'localhost'}`
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const rateLimitStore = options.rateLimitStore ?? new MemoryRateLimitStore()
  const timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts }
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: BODY_LIMIT_BYTES,
    logController: new OneLinePerRequest(),
    childLoggerFactory: lazyRequestLogger,
    trustProxy: trustedProxies(options.trustProxy),
    genReqId: requestIds(),
    ajv: { customOptions: { removeAdditional: false } },
    schemaController: { compilersFactory: { buildSerializer: sharedSerializerFactory } },
    // Long path parameters reach validation (400 after authentication) instead of the router's 414.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 16 * 1024 },
    rewriteUrl: rewriteInvalidPath,
    frameworkErrors,
    clientErrorHandler,
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.idleMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    // Node checks the request and header timeouts every `connectionsCheckingInterval`.
    http: {
      headersTimeout: timeouts.headersMs,
      connectionsCheckingInterval: Math.min(1000, timeouts.requestMs),
    } satisfies ServerOptions,
  }).withTypeProvider<TypeBoxTypeProvider>()

  const db = options.db
  const clock = options.clock ?? Date.now
  const publicUrl = options.accounts?.publicUrl ?? null
  const mail = options.mail ?? null
  // Links in mails must not take their host from a request's Host header, which anyone can set.
  if (mail && !publicUrl) throw new Error('Sending mail needs publicUrl (PUBLIC_URL)')
  let mailDispatcher: MailDispatcher | null = null
  const accounts: AccountsSettings = {
    session: { ...DEFAULT_SESSION_POLICY, ...options.accounts?.session },
    throttle: options.accounts?.throttle ?? new MemoryLoginThrottle(clock),
    publicUrl,
    mail: mail ? { queued: () => mailDispatcher?.wake() } : null,
    secureCookies: publicUrl?.startsWith('https:') ?? false,
  }
  const push: PushSettings = {
    secrets: options.secrets ?? null,
    subject: options.push?.subject ?? defaultVapidSubject(publicUrl),
    allowPrivateNetworks: options.push?.allowPrivateNetworks ?? false,
    ...(options.push?.timeoutMs ? { timeoutMs: options.push.timeoutMs } : {}),
  }
  const plugged = await discoverModules()
  const context: PlugContext = {
    webhooks: { allowPrivateNetworks: options.webhooksAllowPrivateNetworks ?? false },
    secrets: options.secrets ?? null,
    identityProviders: { allowPrivateNetworks: options.ssoAllowPrivateNetworks ?? false },
    publicUrl,
    rateLimit: rateLimitStore,
    accounts,
    passwordThrottle: accounts.throttle,
    mail: accounts.mail,
    push,
  }
  // In the order of the OpenAPI document, which is the order the routes are registered in.
  const apis = inDocumentOrder(plugged).flatMap((m) => (typeof m.api === 'function' ? m.api(context) : (m.api ?? [])))
  const load = { ...DEFAULT_LOAD, ...options.load }
  const lag = new EventLoopLag()
  const metrics = new ServiceMetrics({
    lag,
    webhookBacklog: () => webhookBacklog({ db, now: clock() }),
    mailBacklog: () => mailBacklog({ db, now: clock() }),
    ...(load.poolStats ? { poolStats: load.poolStats } : {}),
  })
  const replica = options.readReplica
    ? new ReadReplica(options.readReplica.db, db, {
        maxLagSeconds: options.readReplica.maxLagSeconds,
        ...(options.readReplica.marks ? { marks: options.readReplica.marks } : {}),
        onRead: (outcome) => metrics.countReplicaRead(outcome),
      })
    : null
  if (replica) {
    // The primary's position is sampled every second while the service runs.
    replica.start()
    app.addHook('onClose', async () => replica.stop())
  }
  if (mail && publicUrl && mail.dispatch !== false) {
    // The outbox is sent while the service is up; closing lets the attempts under way finish (5 s at most).
    const domain = new URL(publicUrl).hostname
    app.addHook('onReady', async () => {
      mailDispatcher ??= startMailDispatcher(db, {
        ...mail.dispatcher,
        mailer: mail.mailer,
        domain,
        clock,
        onError: (error) => app.log.error({ err: error }, 'mail dispatch failed; it is tried again'),
        onOutcome: (outcome) => {
          metrics.countMailMessage(outcome.outcome)
          if (outcome.outcome !== 'sent')
            app.log[outcome.outcome === 'failed' ? 'error' : 'warn'](
              {
                mail: outcome.id,
                tenant: outcome.tenantId,
                kind: outcome.kind,
                attempts: outcome.attempts,
                error: outcome.error,
              },
              outcome.outcome === 'failed' ? 'mail not sent: given up' : 'mail not sent yet; it is tried again',
            )
        },
      })
    })
    app.addHook('onClose', async () => {
      await mailDispatcher?.stop()
      mailDispatcher = null
    })
  }
  // First of all: the request's moment is read before anything else looks at the request.
  registerRequestScope(app, {
    db,
    clock,
    credentials: bodyCredentialsOf(plugged, app),
    // In the order the modules declare: the Idempotency-Key is claimed first; the audit entry and
    // the kept answer are the last writes before commit.
    steps: inWriteStepOrder(plugged).map((m) => m.writeStep!.create(app)),
    replica,
    ...(options.afterCommit ? { afterCommit: options.afterCommit } : {}),
  })
  // Before compression: an answer whose access-log entry cannot be written must still become a 503.
  registerReadPipeline(app, {
    settlements: { overtime: bringOvertimeUpToDate },
    appendAccessEntry: recordAccess,
  })
  app.decorate('metrics', metrics)
  if (push.secrets) {
    // The VAPID key is made on the first start, so that every installation subscribes with the
    // key the service keeps; a failure here is logged, and the first request needing it tries again.
    app.addHook('onReady', async () => {
      await ensureVapidKey({ db, now: clock() }, push.secrets).catch((error: unknown) =>
        app.log.warn({ err: error }, 'the VAPID key of Web Push could not be made; it is tried again on first use'),
      )
    })
  }
  // This instance's name in the round's lease: one instance runs each minute's round (docs/notifications.md).
  const reminderHolder = randomBytes(12).toString('base64url')
  const reminderRound = async () =>
    runLeasedReminderRound({ db, now: clock() }, reminderHolder, () => allTenants(db), {
      publicUrl,
      mail: mail !== null,
      mailQueued: () => mailDispatcher?.wake(),
      // With a secrets key the VAPID key can be opened, so reminders are pushed; an explicit null turns it off.
      pushSender:
        options.reminders?.pushSender !== undefined
          ? options.reminders.pushSender
          : push.secrets
            ? pushSenderWith(push)
            : null,
      onOutcome: (outcome) => metrics.countReminder(outcome.kind, outcome.channel, outcome.outcome),
    })
  app.decorate('reminders', { run: reminderRound })
  app.addHook('onReady', async () => lag.reset())
  app.addHook('onClose', async () => lag.stop())
  // Counted once the answer is sent: every request, refused ones included.
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observe(request, reply)
    done()
  })
  const overload = registerOverloadGuards(app, {
    lag,
    maxLagMs: load.maxLagMs,
    queueingInFlight: load.queueingInFlight,
    expensivePerKey: load.expensivePerKey,
    onShed: (reason) => metrics.countShed(reason),
  })

  app.setValidatorCompiler(validatorCompiler)
  app.addSchema(ErrorBody)
  for (const api of apis) for (const schema of api.schemas ?? []) app.addSchema(schema)
  registerErrorHandler(app, methodsByPath(app))
  // Before compression: the headers that follow from an answer's body (Location) read it as JSON.
  registerAnswerHeaders(app)
  // Answers above 2 KiB in gzip or brotli (quality 4) when the client accepts it: the OpenAPI
  // document, lists, the CSV export, the kiosk's script. One resource (a user with a full profile
  // is about 1 KB, one punch far less) is sent as it is, since compressing it costs more than it
  // saves; an answer already encoded is left alone. Request bodies are not decompressed: 1 MiB of
  // JSON is the limit as sent.
  await app.register(compress, { threshold: 2048, globalDecompression: false, encodings: ['br', 'gzip'] })
  if (options.corsOrigins && options.corsOrigins.length > 0) {
    await app.register(cors, {
      origin: [...options.corsOrigins],
      methods: ['GET', 'POST', 'PATCH', 'DELETE'],
      allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key'],
      exposedHeaders: ['RateLimit', 'RateLimit-Policy', 'Retry-After', 'X-Request-Id', 'Idempotent-Replayed'],
      maxAge: 600,
    })
  }

  // Bodies are JSON only: any other media type, text/plain included, is a 415.
  app.removeContentTypeParser('text/plain')
  // JSON bodies; an empty body counts as no body, so POSTs without one (deactivate) need no `{}`.
  const parseJson = app.getDefaultJsonParser('error', 'error')
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, raw, done) => {
    let text: string
    try {
      text = strictUtf8.decode(raw as Buffer)
    } catch {
      return done(new AppError('invalid_json', 'The body is not valid UTF-8'), undefined)
    }
    if (text.trim() === '') return done(null, undefined)
    parseJson(request, text, (error, parsed) => {
      if (error) return done(isPlainJson(text) ? forbiddenKey() : error, undefined)
      // Only a body that could hold one is walked: a NUL (raw or escaped) or an escaped surrogate.
      const suspect = text.includes('\u0000') || /\\u(0000|[dD][89a-fA-F])/.test(text)
      const bad = suspect ? findBadCharacter(parsed) : null
      done(bad ? invalidField(bad.field, bad.message) : null, parsed)
    })
  })

  // A callback-style hook: it runs on every request, and skips the promise an async hook costs.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('X-Request-Id', request.id)
    setSecurityHeaders(reply, accounts.secureCookies)
    done()
  })
  // NUL characters are refused everywhere (see findBadCharacter); in a URL they arrive as %00.
  // Checked at validation time, so that authentication and rate limiting come first.
  // An unknown path is a 404 whatever it holds.
  app.addHook('preValidation', (request, _reply, done) => {
    if (request.is404) return done()
    const bad = request.url.includes('%00')
      ? (findBadCharacter(request.query) ??
        findBadCharacter(request.params) ?? { field: 'url', message: 'must not contain the NUL character' })
      : null
    done(
      bad
        ? invalidField(bad.field, bad.message)
        : (unexpectedQueryParameters(request) ?? unexpectedBody(request) ?? undefined),
    )
  })
  app.addHook('onClose', async () => {
    if (!options.rateLimitStore) await rateLimitStore.close()
    if (!options.accounts?.throttle) await accounts.throttle.close()
  })

  await registerOpenApi(app, publicUrl)
  registerInvalidPathRoutes(app)
  registerAuth(app, {
    authenticate: (token, nowMs) => authenticate(db, token, nowMs),
    authenticateKiosk: (token, nowMs) => authenticateKiosk({ db, now: nowMs }, token),
    authenticateSession: (token, nowMs) => authenticateSession(db, token, nowMs, accounts.session),
    csrfTokenMatches,
    publicOrigin: publicUrl ? new URL(publicUrl).origin : null,
    secureCookies: accounts.secureCookies,
    rateLimit: rateLimitStore,
    limitPerMinute: options.rateLimitPerMinute ?? 300,
    onRateLimited: (bucket) => metrics.countRateLimited(bucket),
  })
  overload.addLimitHook()
  if (load.metricsOnApiPort) registerMetricsRoute(app, metrics, load.metricsToken)

  const Ok = Type.Object({ status: Type.Literal('ok') })
  app.get(
    '/health',
    publicOperation('health', 'Liveness: the process answers', { response: { 200: Ok } }),
    async () => ({
      status: 'ok' as const,
    }),
  )
  app.get(
    '/ready',
    publicOperation('ready', 'Readiness: the database answers', {
      response: { 200: Ok, 503: Type.Ref('ErrorBody') },
    }),
    async (_request, reply) =>
      (await databaseAnswers(db))
        ? { status: 'ok' as const }
        : reply.status(503).send(errorBody('internal_error', 'Database unavailable')),
  )

  for (const module of plugged) module.pages?.(app, context)

  await app.register(
    async (api) => {
      api.get(
        '/openapi.json',
        publicOperation('openapi', 'This OpenAPI 3.1 document', {
          rateLimited: true,
          // Described, not validated on the way out: the document is whatever @fastify/swagger builds.
          response: {
            200: Type.Unsafe<Record<string, unknown>>({
              type: 'object',
              description: 'An OpenAPI 3.1 document',
              properties: {
                openapi: { type: 'string' },
                info: { type: 'object', additionalProperties: true },
                paths: { type: 'object', additionalProperties: true },
              },
              required: ['openapi', 'info', 'paths'],
              additionalProperties: true,
            }),
          },
        }),
        async () => app.swagger(),
      )
      for (const module of apis) await api.register(module.routes(context))
    },
    { prefix: '/api/v1' },
  )
  return app
}
