/**
 * `jornada serve --workers N`: N processes serving one port (node:cluster), to use more than one
 * core. Each worker is a whole instance of the service, as if N instances ran behind a load
 * balancer, so the rules that make several instances safe apply: PostgreSQL (SQLite takes one
 * writing process) and a rate limit counted in Redis (each worker would otherwise count apart,
 * and a key could make N times its limit).
 *
 * The primary process serves nothing itself: it migrates the database once, forks the workers,
 * starts a new one when one dies, adds up their metrics (prom-client's AggregatorRegistry) on
 * METRICS_PORT, and on SIGTERM stops them gracefully, each finishing its requests in flight.
 */
import cluster, { type Worker } from 'node:cluster'
import type { Server } from 'node:http'
import { pino } from 'pino'
import { AggregatorRegistry } from 'prom-client'
import { type Config, ConfigError } from './config.js'
import { migrateToLatest, openDatabase } from './db/database.js'
import { startMetricsServer } from './http/metrics.js'

export const MAX_WORKERS = 64

/** A worker that dies this soon after it started counts towards a crash loop. */
const EARLY_EXIT_MS = 10_000
/** This many early deaths in a row: the primary gives up (a bad configuration, a database gone) instead of forking for ever. */
const MAX_EARLY_EXITS = 5

/** The number of workers of `--workers`, or a ConfigError saying why it cannot be. */
export function workerCount(raw: string | undefined, config: Config): number {
  if (raw === undefined) return 1
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > MAX_WORKERS)
    throw new ConfigError(`--workers must be a whole number between 1 and ${MAX_WORKERS}, got "${raw}"`)
  const workers = Number(raw)
  if (workers === 1) return 1
  if (config.databaseUrl.startsWith('sqlite:')) {
    throw new ConfigError(
      `--workers ${workers} needs PostgreSQL: SQLite lets one process write at a time, so one worker is all it can use. Run one worker, or set DATABASE_URL=postgres://...`,
    )
  }
  if (!config.redisUrl) {
    throw new ConfigError(
      `--workers ${workers} needs REDIS_URL: the rate limit must be counted in one place, or each key could make ${workers} times its limit`,
    )
  }
  if (config.load.metricsPort === null) {
    throw new ConfigError(
      `--workers ${workers} needs METRICS_PORT: each worker counts only its own requests, and the primary serves their sum on a port of its own`,
    )
  }
  return workers
}

/** Runs the primary process of `serve --workers N`; resolves when it and its workers have stopped (the exit code to use). */
export async function runPrimary(config: Config, workers: number): Promise<number> {
  const log = pino({ level: config.logLevel })
  // Once, before any worker starts: N workers would otherwise all try, and wait on each other's lock.
  const database = await openDatabase(config.databaseUrl)
  try {
    await migrateToLatest(database)
  } finally {
    await database.destroy()
  }

  const aggregator = new AggregatorRegistry()
  const metricsServer: Server = await startMetricsServer(
    { contentType: aggregator.contentType, metrics: () => aggregator.clusterMetrics() },
    config.load.metricsToken,
    config.load.metricsPort!,
    config.host,
  )

  let stopping = false
  let failed = false
  let earlyExits = 0
  const startedAt = new Map<Worker, number>()
  const fork = () => startedAt.set(cluster.fork(), Date.now())

  return new Promise<number>((resolve) => {
    const finish = () => {
      metricsServer.close()
      resolve(failed ? 1 : 0)
    }
    const stop = (signal: string) => {
      if (stopping) return
      stopping = true
      log.info({ signal, workers: Object.keys(cluster.workers ?? {}).length }, 'stopping workers')
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM')
      // Each worker exits within its own grace; this is the backstop should one hang.
      setTimeout(() => {
        log.error({ grace_ms: config.shutdownGraceMs }, 'workers still running after the grace; killing them')
        failed = true
        for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL')
      }, config.shutdownGraceMs + 2_000).unref()
      if (Object.keys(cluster.workers ?? {}).length === 0) finish()
    }

    cluster.on('exit', (worker, code, signal) => {
      const lived = Date.now() - (startedAt.get(worker) ?? 0)
      startedAt.delete(worker)
      if (stopping) {
        if (code !== 0) failed = true
        if (Object.keys(cluster.workers ?? {}).length === 0) finish()
        return
      }
      earlyExits = lived < EARLY_EXIT_MS ? earlyExits + 1 : 0
      if (earlyExits >= MAX_EARLY_EXITS) {
        log.fatal({ code, signal, early_exits: earlyExits }, 'workers keep dying as they start; stopping')
        failed = true
        stop('crash loop')
        return
      }
      log.error({ worker_pid: worker.process.pid, code, signal }, 'worker died; starting another')
      fork()
    })
    process.once('SIGTERM', () => stop('SIGTERM'))
    process.once('SIGINT', () => stop('SIGINT'))

    for (let i = 0; i < workers; i++) fork()
    log.info({ workers, metrics_port: config.load.metricsPort }, 'jornada primary started its workers')
  })
}
