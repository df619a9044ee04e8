/**
 * The HTTP benchmark (first part of `npm run bench`): the real service, started as `jornada serve`
 * is in production (logs at `info`, the rate limiter on with a raised limit), loaded over a real
 * socket, against a bare node:http server doing one primary-key read, in the same run. Each
 * scenario is warmed up, then measured, one at a time, so they never compete for the CPU.
 *
 * The service runs in several deployments: SQLite (the default), SQLite with the rate limit counted
 * in Redis, PostgreSQL, PostgreSQL with Redis, and PostgreSQL with Redis on two worker processes.
 * Those needing PostgreSQL or Redis are skipped, with a message, when it cannot be reached.
 *
 * Environment: BENCH_DURATION (measured seconds per scenario, default 10), BENCH_CONNECTIONS
 * (default 32), BENCH_DEPLOYMENTS (comma-separated names to run, default all), BENCH_DATABASE_URL,
 * BENCH_REDIS_URL. Results: a table on stdout and bench/results/latest.json.
 */
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Redis } from 'ioredis'
import { createDemoTenant } from '../src/modules/onboarding/demo.js'
import { openBenchDatabase, type BenchDatabase } from './data.js'
import {
  PROJECT_ROOT,
  formatTable,
  freePort,
  machineInfo,
  measure,
  readSettings,
  startChild,
  startService,
  stopAllChildren,
  type Measurement,
} from './lib.js'
import type { BaselineReady } from './serve-baseline.js'

const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379'

/** How the service is run: which database, where the rate limit is counted, how many processes. */
interface Deployment {
  name: string
  engine: 'sqlite' | 'postgres'
  redis: boolean
  workers: number
}

const DEPLOYMENTS: Deployment[] = [
  { name: 'sqlite', engine: 'sqlite', redis: false, workers: 1 },
  { name: 'sqlite+redis', engine: 'sqlite', redis: true, workers: 1 },
  { name: 'postgres', engine: 'postgres', redis: false, workers: 1 },
  { name: 'postgres+redis', engine: 'postgres', redis: true, workers: 1 },
  { name: 'postgres+redis x2', engine: 'postgres', redis: true, workers: 2 },
]

/** What the requests of a scenario need, known once the service is up. */
interface Service {
  url: string
  key: string
  /** A user of the demo tenant, read by users.get. */
  userId: string
}

interface Scenario {
  name: string
  description: string
  request(s: Service): { url: string; headers: Record<string, string> }
  /** Checked once on a single response before the load: the scenario must measure a real answer. */
  verify?(data: unknown, s: Service): boolean
}

const bearer = (s: Service) => ({ authorization: `Bearer ${s.key}` })
const hasId = (data: unknown, id: string) => typeof data === 'object' && data !== null && (data as { id?: unknown }).id === id

const SCENARIOS: Scenario[] = [
  {
    name: 'users.get',
    description: 'GET /api/v1/users/:id (auth, rate limit, 4-table read, response schema, log line)',
    request: (s) => ({ url: `${s.url}/api/v1/users/${s.userId}`, headers: bearer(s) }),
    verify: (data, s) => hasId(data, s.userId),
  },
  {
    name: 'me',
    description: 'GET /api/v1/me (auth, rate limit, log line; no query beyond the key lookup)',
    request: (s) => ({ url: `${s.url}/api/v1/me`, headers: bearer(s) }),
  },
]

/** The targets hold for the default deployment (SQLite, rate limit in memory), against the SQLite baseline. */
interface Target {
  scenario: string
  minRatioToBaseline: number
  maxP99Ms: number
}

const TARGETS: Target[] = [
  { scenario: 'users.get', minRatioToBaseline: 0.5, maxP99Ms: 10 },
  { scenario: 'me', minRatioToBaseline: 0.6, maxP99Ms: 10 },
]

interface Row extends Measurement {
  deployment: string
  ratioToBaseline: number
  /** Bytes of log written per request (the proof that the service logged as in production). */
  logBytesPerRequest: number | null
}

// ---------------------------------------------------------------------------------------------

async function getJson(url: string, headers: Record<string, string> = {}): Promise<{ data?: unknown }> {
  const res = await fetch(url, { headers })
  const text = await res.text()
  if (res.status !== 200) throw new Error(`GET ${url}: ${res.status} ${text.slice(0, 300)}`)
  return JSON.parse(text) as { data?: unknown }
}

async function redisAnswers(): Promise<boolean> {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, enableOfflineQueue: false, retryStrategy: () => null })
  try {
    await redis.connect()
    return (await redis.ping()) === 'PONG'
  } catch {
    return false
  } finally {
    redis.disconnect()
  }
}

interface Prepared {
  database: BenchDatabase
  /** DATABASE_URL for the service. */
  serviceUrl: string
  key: string
  /** A user of the demo tenant, read by users.get and the baselines. */
  userId: string
}

/** A database of `engine` holding the demo tenant, and its admin key; null when PostgreSQL is away. */
async function prepareDatabase(engine: 'sqlite' | 'postgres'): Promise<Prepared | null> {
  const database = await openBenchDatabase(engine, 'http')
  if (!database) return null
  const demo = await createDemoTenant(database.handle.db)
  const user = await database.handle.db.selectFrom('users').select('id').where('tenant_id', '=', demo.tenant.id).orderBy('id').executeTakeFirstOrThrow()
  await database.handle.destroy()
  // The service is configured by URL alone: on PostgreSQL the schema travels as the connection's search_path.
  const serviceUrl = database.schema ? `${database.url}?options=${encodeURIComponent(`-c search_path=${database.schema}`)}` : database.url
  return { database, serviceUrl, key: demo.api_key, userId: user.id }
}

const measured: Row[] = []

async function measureScenarios(deployment: string, service: Service, logFile: string | null, scenarios: Scenario[]): Promise<void> {
  for (const s of scenarios) {
    const { url, headers } = s.request(service)
    const { data } = await getJson(url, headers)
    if (s.verify && !s.verify(data, service)) throw new Error(`${s.name}: unexpected response from ${url}: ${JSON.stringify(data)}`)
  }
  const settings = readSettings()
  for (const s of scenarios) {
    const { url, headers } = s.request(service)
    process.stdout.write(`  ${deployment.padEnd(18)} ${s.name.padEnd(10)} ${s.description} ... `)
    const logBefore = logFile ? statSync(logFile).size : 0
    const m = await measure(s.name, url, headers, settings)
    // The warm-up's requests were logged too.
    const requests = m.totalRequests * ((settings.warmupSec + settings.durationSec) / settings.durationSec)
    const logBytesPerRequest = logFile ? Math.round((statSync(logFile).size - logBefore) / requests) : null
    // The SQLite baseline, measured first, is the reference of every ratio (its own included).
    measured.push({ ...m, deployment, ratioToBaseline: m.requestsPerSec / (measured[0]?.requestsPerSec ?? m.requestsPerSec), logBytesPerRequest })
    console.log(`${Math.round(m.requestsPerSec)} req/s`)
  }
}

function baselineScenario(): Scenario {
  return {
    name: 'baseline',
    description: 'bare node:http, primary-key read, JSON reply',
    request: (s) => ({ url: `${s.url}/users/${s.userId}`, headers: {} }),
    verify: (data, s) => hasId(data, s.userId),
  }
}

async function runDeployment(d: Deployment, prepared: Prepared, workDir: string): Promise<void> {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const logFile = join(workDir, `${d.name.replace(/\W+/g, '-')}.log`)
  const logFd = openSync(logFile, 'w')
  const env: Record<string, string> = {
    DATABASE_URL: prepared.serviceUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    // The rate limiter runs as in production, with a limit that a run never reaches: the benchmark measures serving, not refusing.
    RATE_LIMIT_PER_MINUTE: '10000000',
    REDIS_URL: d.redis ? REDIS_URL : '',
    // Workers need it: their primary serves the sum of their metrics there.
    METRICS_PORT: d.workers > 1 ? String(await freePort()) : '',
  }
  const service = await startService(d.workers > 1 ? ['--workers', String(d.workers)] : [], env, url, logFd)
  try {
    await measureScenarios(d.name, { url, key: prepared.key, userId: prepared.userId }, logFile, SCENARIOS)
  } finally {
    await service.stop()
    closeSync(logFd)
  }
}

function judge(target: Target): { target: Target; ratio: number; p99Ms: number; pass: boolean } {
  const m = measured.find((r) => r.deployment === 'sqlite' && r.name === target.scenario)
  if (!m) throw new Error(`no measurement of ${target.scenario} on sqlite`)
  return { target, ratio: m.ratioToBaseline, p99Ms: m.latencyMs.p99, pass: m.ratioToBaseline >= target.minRatioToBaseline && m.latencyMs.p99 < target.maxP99Ms }
}

let cleanups: (() => Promise<void>)[] = []

async function cleanUp(): Promise<void> {
  await stopAllChildren()
  for (const cleanup of cleanups) await cleanup().catch(() => undefined)
  cleanups = []
}

async function main(): Promise<void> {
  const settings = readSettings()
  const machine = machineInfo()
  const wanted = process.env.BENCH_DEPLOYMENTS?.split(',').map((n) => n.trim())
  const deployments = DEPLOYMENTS.filter((d) => !wanted || wanted.includes(d.name))
  const workDir = mkdtempSync(join(tmpdir(), 'jornada-bench-'))
  cleanups.push(async () => rmSync(workDir, { recursive: true, force: true }))

  console.log(`Machine: ${machine.cpu}, ${machine.cores} cores, ${machine.totalMemoryGiB} GiB, Node ${machine.node} (${machine.platform})`)
  if (machine.loadAverage1m > machine.cores / 2) {
    console.log(`WARNING: the machine is busy (load average ${machine.loadAverage1m} on ${machine.cores} cores); expect lower, noisier numbers than on an idle machine`)
  }
  console.log(
    `Load: ${settings.connections} connections, ${settings.warmupSec} s warm-up + ${settings.durationSec} s measured per scenario, one at a time; ` +
      'the service as `jornada serve` with LOG_LEVEL=info (to a file) and a raised rate limit, in its own process\n',
  )

  const sqlite = await prepareDatabase('sqlite')
  if (!sqlite) throw new Error('no SQLite database')
  cleanups.push(sqlite.database.cleanup)
  const postgres = deployments.some((d) => d.engine === 'postgres') ? await prepareDatabase('postgres') : null
  if (postgres) cleanups.push(postgres.database.cleanup)
  const redis = deployments.some((d) => d.redis) ? await redisAnswers() : false
  if (deployments.some((d) => d.redis) && !redis) console.log(`Redis skipped: cannot connect to ${REDIS_URL}`)

  // The reference: the SQLite baseline, measured first.
  {
    const baseline = await startChild<BaselineReady>('./serve-baseline.ts', [sqlite.serviceUrl])
    await measureScenarios('sqlite', { url: baseline.ready.url, key: '', userId: sqlite.userId }, null, [baselineScenario()])
    await baseline.stop()
  }

  for (const d of deployments) {
    if (d.redis && !redis) continue
    if (d.engine === 'postgres' && !postgres) continue
    const prepared = d.engine === 'sqlite' ? sqlite : postgres!
    if (d.engine === 'postgres' && !measured.some((m) => m.deployment === 'postgres' && m.name === 'baseline')) {
      const baseline = await startChild<BaselineReady>('./serve-baseline.ts', [prepared.serviceUrl])
      await measureScenarios('postgres', { url: baseline.ready.url, key: '', userId: prepared.userId }, null, [baselineScenario()])
      await baseline.stop()
    }
    try {
      await runDeployment(d, prepared, workDir)
    } catch (error) {
      // The others still run and are reported; the run as a whole fails.
      console.log(`\n  ${d.name} failed: ${error instanceof Error ? error.message : String(error)}`)
      process.exitCode = 1
    }
  }
  await stopAllChildren()

  console.log(
    '\n' +
      formatTable(
        ['deployment', 'scenario', 'req/s', 'p50 ms', 'p99 ms', 'x baseline', 'log B/req'],
        measured.map((m) => [
          m.deployment,
          m.name,
          Math.round(m.requestsPerSec).toString(),
          m.latencyMs.p50.toFixed(2),
          m.latencyMs.p99.toFixed(2),
          m.ratioToBaseline.toFixed(2),
          m.logBytesPerRequest === null ? '' : String(m.logBytesPerRequest),
        ]),
      ),
  )
  console.log('\n(x baseline: throughput over the bare SQLite baseline\'s, measured first in the same run)')

  const verdicts = deployments.some((d) => d.name === 'sqlite') ? TARGETS.map(judge) : []
  console.log()
  for (const v of verdicts) {
    console.log(
      `Target ${v.target.scenario} (sqlite): throughput >= ${v.target.minRatioToBaseline} x baseline and p99 < ${v.target.maxP99Ms} ms; ` +
        `measured ${v.ratio.toFixed(2)} x and ${v.p99Ms.toFixed(2)} ms: ${v.pass ? 'PASS' : 'BELOW TARGET'}`,
    )
  }

  const resultsDir = join(PROJECT_ROOT, 'bench', 'results')
  mkdirSync(resultsDir, { recursive: true })
  const reportPath = join(resultsDir, 'latest.json')
  writeFileSync(reportPath, `${JSON.stringify({ date: new Date().toISOString(), machine, settings, results: measured, verdicts }, null, 2)}\n`)
  console.log(`\nWrote ${reportPath}`)
}

// Ctrl-C or a kill: stop the servers before going.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void cleanUp().finally(() => process.exit(130))
  })
}

try {
  await main()
} catch (error) {
  console.error('\nBenchmark failed:', error instanceof Error ? error.message : error)
  process.exitCode = 1
} finally {
  await cleanUp()
}
