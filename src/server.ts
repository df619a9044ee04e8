/** Starts the HTTP service: open the database, migrate, seed a demo on first start, listen. */
import { SecretBox } from './lib/secret-box.js'
import type { Server } from 'node:http'
import type { FastifyInstance } from 'fastify'
import { buildApp } from './app.js'
import type { Config } from './config.js'
import { type DatabaseHandle, migrateToLatest, openDatabase } from './db/database.js'
import { RedisWriteMarks } from './db/read-replica.js'
import { shareWithPrimary, startMetricsServer } from './http/metrics.js'
import { RedisRateLimitStore, type RateLimitStore } from './http/rate-limit.js'
import { type LoginThrottle, RedisLoginThrottle } from './modules/accounts/index.js'
import { smtpMailer } from './modules/mail/index.js'
import { recordWrite } from './modules/audit/index.js'
import { DEFAULT_SESSION_POLICY } from './modules/keys/index.js'
import { standardOutputLog } from './lib/log-stream.js'
import { startHousekeeping } from './modules/housekeeping/index.js'
import { type CreatedDemo, createDemoTenant } from './modules/onboarding/index.js'
import { allTenants, countTenants } from './modules/tenants/index.js'
import { LEFT_OPEN_CHECK_INTERVAL_MS, proposeClosingOfLeftOpenSessions } from './modules/attendance/index.js'
import { REMINDER_ROUND_INTERVAL_MS } from './modules/notifications/index.js'
import { runPeriodically } from './lib/periodic.js'
import { type Dispatcher, startWebhookDispatcher } from './modules/webhooks/index.js'

export interface RunningServer {
  app: FastifyInstance
  url: string
  close(): Promise<void>
}

/** How long a connection to the read replica may take when its URL sets no `connect_timeout`. */
const REPLICA_CONNECT_TIMEOUT_MS = 2_000

export interface ServeOptions {
  /** A worker of `serve --workers N`: its metrics go to the primary, which serves their sum. */
  worker?: boolean
}

export async function startServer(
  config: Config,
  print: (line: string) => void = console.log,
  options: ServeOptions = {},
): Promise<RunningServer> {
  const database = await openDatabase(config.databaseUrl)
  let readDatabase: DatabaseHandle | null = null
  let writeMarks: RedisWriteMarks | undefined

  let rateLimitStore: RateLimitStore | undefined
  let loginThrottle: LoginThrottle | undefined
  const mailer = config.accounts.smtpUrl ? smtpMailer(config.accounts.smtpUrl, config.accounts.mailFrom) : null
  let app: FastifyInstance | undefined
  let url: string
  let demoKey: string | undefined
  let demoSignIn: CreatedDemo['sign_in'] | undefined
  let metricsServer: Server | undefined
  try {
    // No connection is made until the first heavy read: a replica that is down at start only
    // sends those reads to the primary. A replica that does not answer is not waited for long.
    if (config.readReplica)
      readDatabase = await openDatabase(config.readReplica.url, { connectTimeoutMs: REPLICA_CONNECT_TIMEOUT_MS })
    await migrateToLatest(database)
    // The demo is for trying Jornada on the embedded database; a PostgreSQL deployment starts
    // empty and gets its tenants from `jornada tenants create`.
    if (database.engine === 'sqlite' && (await countTenants(database.db)) === 0) {
      const demo = await createDemoTenant({ db: database.db, now: Date.now() })
      demoKey = demo.api_key
      demoSignIn = demo.sign_in
      await recordWrite(
        { db: database.db, now: Date.now() },
        {
          tenantId: demo.tenant.id,
          source: 'cli',
          keyId: null,
          userId: null,
          operation: 'demo.create',
          resourceId: demo.tenant.id,
          fields: [],
        },
      )
    }
    if (config.redisUrl) {
      // ioredis is loaded only by a service that has Redis, not by every one that starts.
      const { Redis } = await import('ioredis')
      // Fail fast while Redis is away (requests then go uncounted) instead of queueing commands.
      const redis = new Redis(config.redisUrl, {
        enableOfflineQueue: false,
        maxRetriesPerRequest: 1,
        commandTimeout: 1000,
      })
      redis.on('error', (error) => console.error(`redis: ${error.message}`))
      rateLimitStore = new RedisRateLimitStore(redis)
      // Its own connection: the throttle's commands never queue behind the rate limit's.
      loginThrottle = new RedisLoginThrottle(redis.duplicate())
      // Every instance must know of a company's writes, whichever instance made them.
      if (readDatabase) writeMarks = new RedisWriteMarks(redis.duplicate())
    }
    app = await buildApp({
      db: database.db,
      readReplica:
        readDatabase && config.readReplica
          ? {
              db: readDatabase.db,
              maxLagSeconds: config.readReplica.maxLagSeconds,
              ...(writeMarks ? { marks: writeMarks } : {}),
            }
          : null,
      rateLimitPerMinute: config.rateLimitPerMinute,
      rateLimitStore,
      ...(config.trustProxy !== undefined ? { trustProxy: config.trustProxy } : {}),
      corsOrigins: config.corsOrigins,
      webhooksAllowPrivateNetworks: config.webhooks.allowPrivateNetworks,
      timeouts: config.timeouts,
      ssoAllowPrivateNetworks: config.ssoAllowPrivateNetworks,
      push: {
        ...(config.push.subject ? { subject: config.push.subject } : {}),
        allowPrivateNetworks: config.push.allowPrivateNetworks,
      },
      secrets: config.secretsKeys ? new SecretBox(config.secretsKeys.current, config.secretsKeys.previous) : null,
      accounts: {
        publicUrl: config.accounts.publicUrl,
        session: {
          ...DEFAULT_SESSION_POLICY,
          idleMs: config.accounts.sessionIdleHours * 3_600_000,
          maxMs: config.accounts.sessionMaxHours * 3_600_000,
        },
        ...(loginThrottle ? { throttle: loginThrottle } : {}),
      },
      // Every instance (every worker) sends the outbox while it serves; leases keep them apart.
      mail: mailer ? { mailer } : null,
      load: {
        maxLagMs: config.load.maxLagMs,
        queueingInFlight: config.load.queueingInFlight,
        expensivePerKey: config.load.expensivePerKey,
        metricsToken: config.load.metricsToken,
        metricsOnApiPort: config.load.metricsPort === null && !options.worker,
        poolStats: database.poolStats,
      },
      logger: {
        level: config.logLevel,
        redact: [
          'req.headers.authorization',
          'req.headers.cookie',
          'req.headers["x-csrf-token"]',
          '*.csrf_token',
          '*.current_password',
          '*.token',
          '*.password',
          '*.client_secret',
          '*.iban',
          '*.ssn',
          '*.dni',
          '*.passport_number',
          '*.api_key',
        ],
        stream: standardOutputLog(),
      },
    })
    // Beyond this many open connections the server closes new ones at once: a flood of idle
    // sockets cannot exhaust file descriptors.
    app.server.maxConnections = config.maxConnections
    url = await app.listen({ port: config.port, host: config.host })
    if (options.worker) shareWithPrimary(app.metrics)
    else if (config.load.metricsPort !== null)
      metricsServer = await startMetricsServer(
        app.metrics.registry,
        config.load.metricsToken,
        config.load.metricsPort,
        config.host,
      )
  } catch (error) {
    await app?.close()
    await rateLimitStore?.close()
    await loginThrottle?.close()
    await mailer?.close()
    await writeMarks?.close()
    await readDatabase?.destroy()
    await database.destroy()
    throw error
  }
  app.log.info(
    {
      database: database.location,
      read_replica: readDatabase?.location ?? null,
      redis: Boolean(config.redisUrl),
      app: `${url}/app`,
    },
    'jornada listening',
  )
  const log = app.log
  const stopHousekeeping = startHousekeeping(database.db, Date.now, (outcome) =>
    outcome instanceof Error
      ? log.error({ err: outcome }, 'housekeeping failed (purge of expired records, overtime lots); it runs again')
      : log.info(outcome, 'purged expired records, settled overtime lots'),
  )
  const stopLeftOpenChecks = runPeriodically(
    async () => proposeClosingOfLeftOpenSessions({ db: database.db, now: Date.now() }, await allTenants(database.db)),
    (outcome) =>
      outcome instanceof Error
        ? log.error({ err: outcome }, 'the check for sessions left open failed; it runs again')
        : outcome > 0 && log.info({ proposed: outcome }, 'proposed closing corrections for sessions left open'),
    LEFT_OPEN_CHECK_INTERVAL_MS,
  )
  // Reminders (docs/notifications.md): every instance's timer tries the round; the one holding its
  // lease runs it, the others skip that minute (a skip is no failure: it is not logged).
  const stopReminderRounds = runPeriodically(
    () => app.reminders.run(),
    (outcome) =>
      outcome instanceof Error
        ? log.error({ err: outcome }, 'the reminders’ round failed; it runs again')
        : outcome.delivered > 0 && log.info({ delivered: outcome.delivered }, 'reminders delivered'),
    REMINDER_ROUND_INTERVAL_MS,
  )
  let dispatcher: Dispatcher | undefined
  if (config.webhooks.dispatchInServe) {
    dispatcher = startWebhookDispatcher(database.db, {
      allowPrivateNetworks: config.webhooks.allowPrivateNetworks,
      clock: Date.now,
      onError: (error) => log.error({ err: error }, 'webhook dispatch failed; it is tried again'),
    })
  }
  if (demoKey) {
    const local = url.replace('0.0.0.0', 'localhost')
    print('')
    print(
      '  Empty database: created the demo tenant "Demo Company" with a few employees, a month and more of punches, corrections and some absences.',
    )
    print(`  Admin API key (shown once, store it now): ${demoKey}`)
    print(`  Try: curl -H "Authorization: Bearer ${demoKey}" ${local}/api/v1/me`)
    if (demoSignIn) {
      print(`  Sign in as the demo worker: ${demoSignIn.worker_email} / ${demoSignIn.password}`)
      print(`    (the same password opens every demo person, the administrator ${demoSignIn.admin_email} included)`)
      print(
        `  Try: curl -c cookies.txt -H 'Content-Type: application/json' -d '{"email":"${demoSignIn.worker_email}","password":"${demoSignIn.password}"}' ${local}/api/v1/auth/login`,
      )
    }
    print(`  The app for workers and managers (phones too): ${local}/app`)
    print(`  The kiosk page for a shared tablet: ${local}/kiosk`)
    print(`  Interactive docs: ${local}/docs`)
    print('')
  }

  return {
    app,
    url,
    async close() {
      stopHousekeeping()
      stopLeftOpenChecks()
      stopReminderRounds()
      metricsServer?.close()
      // Closing stops new connections and closes the idle ones once; a kept-alive connection whose
      // request was in flight turns idle only when its answer has gone, and would then wait for its
      // client (or the keep-alive timeout). Sweep those as they turn idle.
      const sweep = setInterval(() => app.server.closeIdleConnections(), 100)
      try {
        await app.close()
      } finally {
        clearInterval(sweep)
      }
      await dispatcher?.stop()
      await rateLimitStore?.close()
      await loginThrottle?.close()
      await mailer?.close()
      await writeMarks?.close()
      await readDatabase?.destroy()
      await database.destroy()
    },
  }
}
