/**
 * The HTTP benchmark (first part of `npm run bench`): the real service, started as `jornada serve`
 * is in production (logs at `info`, the rate limiter on with a raised limit), loaded over a real
 * socket, against a bare node:http server doing one primary-key read, in the same run.
 *
 * The service runs in several deployments: SQLite (the default), SQLite with the rate limit counted
 * in Redis, PostgreSQL, PostgreSQL with Redis, and PostgreSQL with Redis on two worker processes.
 * Those needing PostgreSQL or Redis are skipped, with a message, when it cannot be reached.
 *
 * The bare baseline stays up for the whole run. Each deployment is measured in rounds: a round
 * loads the baseline, then each scenario, one at a time, so that they never compete for the CPU.
 * A scenario's ratio is the median over rounds of its throughput over the baseline's in the same
 * round: on a shared virtual machine, whose speed drifts by 15 % and more from minute to minute,
 * a ratio of two figures taken minutes apart says more about the machine than about the service.
 *
 * Environment: BENCH_DURATION (measured seconds per scenario and round, default 4), BENCH_ROUNDS
 * (default 3), BENCH_CONNECTIONS (default 32), BENCH_DEPLOYMENTS (comma-separated names to run,
 * default all), BENCH_DATABASE_URL, BENCH_REDIS_URL. Results: a table on stdout and
 * bench/results/latest.json.
 */
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createDemoTenant } from '../src/modules/onboarding/demo.js'
import { DEFAULT_SESSION_POLICY, startSession } from '../src/modules/keys/index.js'
import { openBenchDatabase, type BenchDatabase } from './data.js'
import {
  PROJECT_ROOT,
  formatTable,
  median,
  freePort,
  machineInfo,
  measure,
  readSettings,
  redisAnswers,
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
  /**
   * The session cookie of the same person the key acts as
   * (docs/decisions/0016-accounts-and-sign-in.md).
   */
  session: string
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
const cookie = (s: Service) => ({ cookie: `jornada_session=${s.session}` })
const hasId = (data: unknown, id: string) =>
  typeof data === 'object' && data !== null && (data as { id?: unknown }).id === id

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
  {
    name: 'users.get (session)',
    description: 'users.get with the session cookie of the person the key acts as',
    request: (s) => ({ url: `${s.url}/api/v1/users/${s.userId}`, headers: cookie(s) }),
    verify: (data, s) => hasId(data, s.userId),
  },
  {
    name: 'users.get (gzip, br)',
    description: 'users.get from a client that accepts compressed answers (the answer is below the 1 KiB threshold)',
    request: (s) => ({
      url: `${s.url}/api/v1/users/${s.userId}`,
      headers: { ...bearer(s), 'accept-encoding': 'gzip, deflate, br' },
    }),
    verify: (data, s) => hasId(data, s.userId),
  },
  {
    name: 'me (session)',
    description: 'me with the session cookie',
    request: (s) => ({ url: `${s.url}/api/v1/me`, headers: cookie(s) }),
    verify: (data) => (data as { credential?: unknown }).credential === 'session',
  },
]

/**
 * Variants that must cost no more than the plain request, same deployment and rounds: one
 * authenticated by a session rather than a key, and one from a client accepting compression
 * (a small answer is sent as it is, so the negotiation must cost next to nothing).
 */
const PAIRS = [
  { variant: 'users.get (session)', plain: 'users.get', minRatio: 0.95 },
  { variant: 'me (session)', plain: 'me', minRatio: 0.95 },
  { variant: 'users.get (gzip, br)', plain: 'users.get', minRatio: 0.95 },
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

/** A scenario of a deployment, over every round. */
interface Row {
  deployment: string
  name: string
  rounds: Measurement[]
  /** Medians over the rounds. */
  requestsPerSec: number
  p50Ms: number
  p99Ms: number
  /** Median over the rounds of this throughput over the SQLite baseline's in the same round. */
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

interface Prepared {
  database: BenchDatabase
  /** DATABASE_URL for the service. */
  serviceUrl: string
  key: string
  session: string
  /** A user of the demo tenant, read by users.get and the baselines. */
  userId: string
}

/** A database of `engine` holding the demo tenant, and its admin key; null when PostgreSQL is away. */
async function prepareDatabase(engine: 'sqlite' | 'postgres'): Promise<Prepared | null> {
  const database = await openBenchDatabase(engine, 'http')
  if (!database) return null
  const demo = await createDemoTenant({ db: database.handle.db, now: Date.now() })
  const session = await startSession(
    { db: database.handle.db, now: Date.now() },
    { tenantId: demo.tenant.id, userId: demo.admin_user.id, method: 'password', userAgent: 'bench', ipAddress: null },
    // Idle for as long as the bench may take between its setup and the session scenarios.
    { ...DEFAULT_SESSION_POLICY, idleMs: DEFAULT_SESSION_POLICY.maxMs },
  )
  const user = await database.handle.db
    .selectFrom('users')
    .select('id')
    .where('tenant_id', '=', demo.tenant.id)
    .orderBy('id')
    .executeTakeFirstOrThrow()
  await database.handle.destroy()
  // The service is configured by URL alone: on PostgreSQL the schema travels as the connection's search_path.
  const serviceUrl = database.schema
    ? `${database.url}?options=${encodeURIComponent(`-c search_path=${database.schema}`)}`
    : database.url
  return { database, serviceUrl, key: demo.api_key, session: session.token, userId: user.id }
}

const measured: Row[] = []

/** What one round loads: a scenario of a service, or a baseline. */
interface Load {
  name: string
  description: string
  url: string
  headers: Record<string, string>
  /** The log file the service writes, to count its bytes per request. */
  logFile: string | null
}

function loadsOf(service: Service, logFile: string | null, scenarios: Scenario[]): Promise<Load[]> {
  return Promise.all(
    scenarios.map(async (s) => {
      const { url, headers } = s.request(service)
      const { data } = await getJson(url, headers)
      if (s.verify && !s.verify(data, service))
        throw new Error(`${s.name}: unexpected response from ${url}: ${JSON.stringify(data)}`)
      return { name: s.name, description: s.description, url, headers, logFile }
    }),
  )
}

/**
 * Measures `loads` in rounds, the SQLite baseline first in each: warmed up in the first round only.
 * Records a row per load but the SQLite baseline's, which is recorded once, by its own deployment.
 */
async function measureInRounds(
  deployment: string,
  sqliteBaseline: Load,
  loads: Load[],
  recordBaseline: boolean,
): Promise<void> {
  const settings = readSettings()
  const all = [sqliteBaseline, ...loads]
  const rounds: Measurement[][] = all.map(() => [])
  const logBytes = all.map(() => 0)
  const logged = all.map(() => 0)
  for (let round = 0; round < settings.rounds; round++) {
    process.stdout.write(`  ${deployment.padEnd(18)} round ${round + 1}/${settings.rounds}:`)
    for (const [i, load] of all.entries()) {
      const warmupSec = round === 0 ? settings.warmupSec : 0
      const logBefore = load.logFile ? statSync(load.logFile).size : 0
      const m = await measure(load.name, load.url, load.headers, { ...settings, warmupSec })
      if (load.logFile) {
        logBytes[i]! += statSync(load.logFile).size - logBefore
        // The warm-up's requests were logged too.
        logged[i]! += m.totalRequests * ((warmupSec + settings.durationSec) / settings.durationSec)
      }
      rounds[i]!.push(m)
      process.stdout.write(` ${load.name} ${Math.round(m.requestsPerSec)}`)
    }
    console.log(' req/s')
  }
  const baselineRounds = rounds[0]!
  for (const [i, load] of all.entries()) {
    if (i === 0 && !recordBaseline) continue
    const own = rounds[i]!
    measured.push({
      deployment,
      name: load.name,
      rounds: own,
      requestsPerSec: median(own.map((m) => m.requestsPerSec)),
      p50Ms: median(own.map((m) => m.latencyMs.p50)),
      p99Ms: median(own.map((m) => m.latencyMs.p99)),
      ratioToBaseline: median(own.map((m, round) => m.requestsPerSec / baselineRounds[round]!.requestsPerSec)),
      logBytesPerRequest: load.logFile ? Math.round(logBytes[i]! / logged[i]!) : null,
    })
  }
}

function baselineScenario(name: string): Scenario {
  return {
    name,
    description: 'bare node:http, primary-key read, JSON reply',
    request: (s) => ({ url: `${s.url}/users/${s.userId}`, headers: {} }),
    verify: (data, s) => hasId(data, s.userId),
  }
}

/** The bare baselines, up for the whole run: SQLite's, and PostgreSQL's once a deployment needs it. */
interface Baselines {
  sqlite: Load
  postgres: Load | null
}

async function runDeployment(d: Deployment, prepared: Prepared, workDir: string, baselines: Baselines): Promise<void> {
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
    const loads = await loadsOf(
      { url, key: prepared.key, session: prepared.session, userId: prepared.userId },
      logFile,
      SCENARIOS,
    )
    // PostgreSQL's own baseline is shown with the first PostgreSQL deployment.
    const postgresBaseline =
      d.engine === 'postgres' && !measured.some((m) => m.name === 'baseline (postgres)') ? baselines.postgres : null
    await measureInRounds(
      d.name,
      baselines.sqlite,
      postgresBaseline ? [postgresBaseline, ...loads] : loads,
      d.name === 'sqlite',
    )
  } finally {
    await service.stop()
    closeSync(logFd)
  }
}

function judge(target: Target): { target: Target; ratio: number; p99Ms: number; pass: boolean } {
  const m = measured.find((r) => r.deployment === 'sqlite' && r.name === target.scenario)
  if (!m) throw new Error(`no measurement of ${target.scenario} on sqlite`)
  return {
    target,
    ratio: m.ratioToBaseline,
    p99Ms: m.p99Ms,
    pass: m.ratioToBaseline >= target.minRatioToBaseline && m.p99Ms < target.maxP99Ms,
  }
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

  console.log(
    `Machine: ${machine.cpu}, ${machine.cores} cores, ${machine.totalMemoryGiB} GiB, Node ${machine.node} (${machine.platform})`,
  )
  if (machine.loadAverage1m > machine.cores / 2) {
    console.log(
      `WARNING: the machine is busy (load average ${machine.loadAverage1m} on ${machine.cores} cores); expect lower, noisier numbers than on an idle machine`,
    )
  }
  console.log(
    `Load: ${settings.connections} connections; in each of ${settings.rounds} rounds the bare baseline, then each scenario, ${settings.durationSec} s each, ` +
      `one at a time (${settings.warmupSec} s of warm-up in the first round); ` +
      'the service as `jornada serve` with LOG_LEVEL=info (to a file) and a raised rate limit, in its own process\n',
  )

  const sqlite = await prepareDatabase('sqlite')
  if (!sqlite) throw new Error('no SQLite database')
  cleanups.push(sqlite.database.cleanup)
  const postgres = deployments.some((d) => d.engine === 'postgres') ? await prepareDatabase('postgres') : null
  if (postgres) cleanups.push(postgres.database.cleanup)
  const redis = deployments.some((d) => d.redis) ? await redisAnswers(REDIS_URL) : false
  if (deployments.some((d) => d.redis) && !redis) console.log(`Redis skipped: cannot connect to ${REDIS_URL}`)

  // The reference of every ratio: the bare SQLite baseline, loaded in every round of every deployment.
  const baselineOf = async (prepared: Prepared, name: string): Promise<Load> => {
    const child = await startChild<BaselineReady>('./serve-baseline.ts', [prepared.serviceUrl])
    const [load] = await loadsOf({ url: child.ready.url, key: '', session: '', userId: prepared.userId }, null, [
      baselineScenario(name),
    ])
    return load!
  }
  const baselines: Baselines = {
    sqlite: await baselineOf(sqlite, 'baseline'),
    postgres: postgres ? await baselineOf(postgres, 'baseline (postgres)') : null,
  }

  for (const d of deployments) {
    if (d.redis && !redis) continue
    if (d.engine === 'postgres' && !postgres) continue
    try {
      await runDeployment(d, d.engine === 'sqlite' ? sqlite : postgres!, workDir, baselines)
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
          m.p50Ms.toFixed(2),
          m.p99Ms.toFixed(2),
          m.ratioToBaseline.toFixed(2),
          m.logBytesPerRequest === null ? '' : String(m.logBytesPerRequest),
        ]),
      ),
  )
  console.log(
    "\n(medians over the rounds; x baseline: the median of each round's throughput over the bare SQLite baseline's in the same round)",
  )

  const verdicts = deployments.some((d) => d.name === 'sqlite') ? TARGETS.map(judge) : []
  console.log()
  for (const v of verdicts) {
    console.log(
      `Target ${v.target.scenario} (sqlite): throughput >= ${v.target.minRatioToBaseline} x baseline and p99 < ${v.target.maxP99Ms} ms; ` +
        `measured ${v.ratio.toFixed(2)} x and ${v.p99Ms.toFixed(2)} ms: ${v.pass ? 'PASS' : 'BELOW TARGET'}`,
    )
  }

  // A variant against the plain request, same deployment, same rounds.
  const pairVerdicts = PAIRS.flatMap((pair) =>
    deployments.flatMap((d) => {
      const variant = measured.find((m) => m.deployment === d.name && m.name === pair.variant)
      const plain = measured.find((m) => m.deployment === d.name && m.name === pair.plain)
      if (!variant || !plain) return []
      const ratio = variant.ratioToBaseline / plain.ratioToBaseline
      console.log(
        `${pair.variant} (${d.name}): ${ratio.toFixed(2)} x the throughput of ${pair.plain} (target >= ${pair.minRatio}): ${ratio >= pair.minRatio ? 'PASS' : 'BELOW TARGET'}`,
      )
      return [{ deployment: d.name, ...pair, ratio, pass: ratio >= pair.minRatio }]
    }),
  )

  const resultsDir = join(PROJECT_ROOT, 'bench', 'results')
  mkdirSync(resultsDir, { recursive: true })
  const reportPath = join(resultsDir, 'latest.json')
  writeFileSync(
    reportPath,
    `${JSON.stringify({ date: new Date().toISOString(), machine, settings, results: measured, verdicts, pairVerdicts }, null, 2)}\n`,
  )
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
