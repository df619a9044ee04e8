/**
 * The morning rush (`npm run bench`): 08:55-09:05, when everyone clocks in at once. Workers, each
 * signed in with their own session (cookie + `X-CSRF-Token`, the app's path), clock in and out
 * alternately through `POST /api/v1/attendance/clock` (an `out` after each `in`, so the record
 * stays valid), against a bare node:http server doing the same durable work in one transaction
 * (bench/serve-rush-baseline.ts: look up the session, touch it, read the chain head, SHA-256
 * link, insert the punch, move the head). Then the same workers read their own user row
 * (`users.get`) and themselves (`me`), against a bare read of that row.
 *
 * Deployments: SQLite; PostgreSQL (against a bare PostgreSQL transaction of the same statements);
 * two instances on PostgreSQL + Redis, each in its own process, the workers split between them.
 * Those needing PostgreSQL or Redis are skipped, with a message, when it cannot be reached.
 *
 * Each deployment is measured in interleaved rounds (bare write, clock-in, bare read, users.get,
 * me, one at a time): a figure's ratio is the median over rounds of its throughput over its
 * baseline's in the same round. The service runs as `jornada serve` does in production (logs at
 * info to a file, the rate limiter on with a limit the run never reaches).
 *
 * Before the load, the statements each request runs are counted in this process (the service
 * built by buildApp on the same database, its SQL seen at the driver): what docs/performance.md
 * reports per clock-in. BENCH_SHOW_STATEMENTS=1 prints them.
 *
 * Environment: BENCH_DURATION (measured seconds per load and round, default 4; 2 for a quick
 * look), BENCH_ROUNDS (default 3), BENCH_CONNECTIONS (workers, default 32), BENCH_DEPLOYMENTS
 * (comma-separated names, default all), BENCH_LOADS (comma-separated loads, e.g. attendance.clock,
 * with their baselines; default all), BENCH_DATABASE_URL, BENCH_REDIS_URL, BENCH_CPU_PROF_DIR
 * (the services write a V8 CPU profile there when they stop: `node --cpu-prof`).
 * Results: a table on stdout and bench/results/morning-rush.json.
 */
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createHistogram, performance } from 'node:perf_hooks'
import { sql } from 'kysely'
import pg from 'pg'
import { buildApp } from '../src/app.js'
import type { DatabaseHandle } from '../src/db/database.js'
import { CachedStatementsDatabase } from '../src/db/sqlite-statements.js'
import { DEFAULT_SESSION_POLICY, startSession } from '../src/modules/keys/index.js'
import { seedCompany } from './company.js'
import { openBenchDatabase, type BenchDatabase } from './data.js'
import {
  PROJECT_ROOT,
  formatTable,
  freePort,
  machineInfo,
  median,
  readSettings,
  redisAnswers,
  startChild,
  startService,
  stopAllChildren,
} from './lib.js'
import type { RushBaselineReady } from './serve-rush-baseline.js'

const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379'
const CPU_PROF_DIR = process.env.BENCH_CPU_PROF_DIR ?? ''
const SHOW_STATEMENTS = process.env.BENCH_SHOW_STATEMENTS === '1'
const settings = readSettings()
const WORKERS = settings.connections

interface Deployment {
  name: string
  engine: 'sqlite' | 'postgres'
  redis: boolean
  /** Instances of the service, each its own `jornada serve` process. */
  instances: number
}

const DEPLOYMENTS: Deployment[] = [
  { name: 'sqlite', engine: 'sqlite', redis: false, instances: 1 },
  { name: 'postgres', engine: 'postgres', redis: false, instances: 1 },
  { name: 'postgres+redis x2', engine: 'postgres', redis: true, instances: 2 },
]

/** The targets (issue: the morning rush), judged on the deployments named. */
const TARGETS = [
  { deployment: 'sqlite', load: 'attendance.clock', minRatio: 0.35, maxP99xBaseline: 3 },
  { deployment: 'postgres', load: 'attendance.clock', minRatio: 0.35, maxP99xBaseline: null },
  { deployment: 'sqlite', load: 'users.get', minRatio: 0.55, maxP99xBaseline: null },
  { deployment: 'sqlite', load: 'me', minRatio: 0.7, maxP99xBaseline: null },
  { deployment: 'postgres', load: 'users.get', minRatio: 0.7, maxP99xBaseline: null },
]

// ---------------------------------------------------------------------------------------------
// The workers and their load

/** One person at the clock: their session, and what their next punch is. */
interface Person {
  userId: string
  cookie: string
  csrf: string
  next: 'in' | 'out'
}

interface Answer {
  status: number
  body: string
}

function send(agent: http.Agent, url: URL, method: string, headers: http.OutgoingHttpHeaders, body?: string) {
  return new Promise<Answer>((resolve, reject) => {
    const req = http.request(
      { agent, hostname: url.hostname, port: url.port, path: url.pathname, method, headers },
      (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => {
          text += chunk
        })
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }))
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

/** What one load does for one person: the request, and what to learn from its answer. */
interface Load {
  name: string
  /** The person's request, sent to `base`. */
  request(person: Person, base: string): { url: URL; method: string; headers: http.OutgoingHttpHeaders; body?: string }
  /** A successful answer (2xx) moves the person on: a punch in makes the next one out. */
  answered?(person: Person): void
}

const clockBody = (person: Person) => JSON.stringify({ type: person.next })
const flip = (person: Person) => {
  person.next = person.next === 'in' ? 'out' : 'in'
}

const LOADS = {
  bareClock: {
    name: 'bare durable write',
    request: (p, base) => ({
      url: new URL('/clock', base),
      method: 'POST',
      headers: { cookie: `jornada_session=${p.cookie}`, 'x-csrf-token': p.csrf, 'content-type': 'application/json' },
      body: clockBody(p),
    }),
    answered: flip,
  },
  clock: {
    name: 'attendance.clock',
    request: (p, base) => ({
      url: new URL('/api/v1/attendance/clock', base),
      method: 'POST',
      headers: { cookie: `jornada_session=${p.cookie}`, 'x-csrf-token': p.csrf, 'content-type': 'application/json' },
      body: clockBody(p),
    }),
    answered: flip,
  },
  bareRead: {
    name: 'bare read',
    request: (p, base) => ({ url: new URL(`/users/${p.userId}`, base), method: 'GET', headers: {} }),
  },
  usersGet: {
    name: 'users.get',
    request: (p, base) => ({
      url: new URL(`/api/v1/users/${p.userId}`, base),
      method: 'GET',
      headers: { cookie: `jornada_session=${p.cookie}` },
    }),
  },
  me: {
    name: 'me',
    request: (p, base) => ({
      url: new URL('/api/v1/me', base),
      method: 'GET',
      headers: { cookie: `jornada_session=${p.cookie}` },
    }),
  },
} satisfies Record<string, Load>

interface Measured {
  name: string
  requestsPerSec: number
  p50Ms: number
  p99Ms: number
  /** Answers other than 2xx during the measured window (a 409 when two punches fell on one millisecond). */
  failed: number
  statusCodes: Record<string, number>
}

/**
 * Every person sends `load`'s requests one after the other on a keep-alive connection of their
 * own, to the base URL of their instance (`bases[i % bases.length]`): `warmupSec` discarded, then
 * `durationSec` measured. Each person waits for an answer before the next request, as a person
 * at a clock does.
 */
async function rush(load: Load, people: Person[], bases: string[], warmupSec: number, durationSec: number) {
  const micros = createHistogram()
  const statusCodes: Record<string, number> = {}
  let measuring = false
  let stopped = false
  let done = 0
  let failed = 0
  const agents = people.map(() => new http.Agent({ keepAlive: true, maxSockets: 1 }))
  const loop = async (person: Person, i: number) => {
    const base = bases[i % bases.length]!
    while (!stopped) {
      const { url, method, headers, body } = load.request(person, base)
      const start = performance.now()
      const answer = await send(agents[i]!, url, method, headers, body)
      const ok = answer.status >= 200 && answer.status < 300
      if (ok) load.answered?.(person)
      if (!measuring || stopped) continue
      statusCodes[answer.status] = (statusCodes[answer.status] ?? 0) + 1
      if (ok) {
        done++
        micros.record(Math.max(1, Math.round((performance.now() - start) * 1000)))
      } else {
        failed++
        if (failed === 1) console.log(`\n    ${load.name}: ${answer.status} ${answer.body.slice(0, 200)}`)
      }
    }
  }
  const loops = people.map(loop)
  await new Promise((resolve) => setTimeout(resolve, warmupSec * 1000))
  measuring = true
  const from = performance.now()
  await new Promise((resolve) => setTimeout(resolve, durationSec * 1000))
  stopped = true
  const seconds = (performance.now() - from) / 1000
  await Promise.all(loops)
  for (const agent of agents) agent.destroy()
  const ms = (us: number) => Math.round(us) / 1000
  return {
    name: load.name,
    requestsPerSec: done / seconds,
    p50Ms: ms(micros.percentile(50)),
    p99Ms: ms(micros.percentile(99)),
    failed,
    statusCodes,
  } satisfies Measured
}

// ---------------------------------------------------------------------------------------------
// Statements per request

/** Every SQL statement this process sends, to the SQLite file or to PostgreSQL, while `counting`. */
const seen: string[] = []
let counting = false
function watchStatements(): void {
  const prepare = CachedStatementsDatabase.prototype.prepare
  CachedStatementsDatabase.prototype.prepare = function (this: CachedStatementsDatabase, sql: string) {
    if (counting) seen.push(sql)
    return prepare.call(this, sql)
  }
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    if (counting) {
      const first = args[0] as string | { text?: string }
      seen.push(typeof first === 'string' ? first : (first.text ?? String(first)))
    }
    return query.apply(this, args)
  } as typeof pg.Client.prototype.query
}

interface StatementCount {
  engine: string
  load: string
  /** Statements per request, averaged over the counted requests. */
  perRequest: number
  /** The statements of the last counted request, as sent. */
  statements: string[]
}

/**
 * Counts the statements of each request the rush sends, made through the service built on this
 * database in this process (as `jornada serve` builds it, without logs): after a few requests
 * that warm the caches a running service has warm, the mean over ten.
 */
async function countStatements(handle: DatabaseHandle, person: Person): Promise<StatementCount[]> {
  const app = await buildApp({ db: handle.db, rateLimitPerMinute: 10_000_000, load: { maxLagMs: 60_000 } })
  const cookie = `jornada_session=${person.cookie}`
  const requests = [
    {
      load: 'attendance.clock',
      send: () =>
        app.inject({
          method: 'POST',
          url: '/api/v1/attendance/clock',
          headers: { cookie, 'x-csrf-token': person.csrf, 'content-type': 'application/json' },
          payload: clockBody(person),
        }),
      answered: flip,
    },
    { load: 'users.get', send: () => app.inject({ url: `/api/v1/users/${person.userId}`, headers: { cookie } }) },
    { load: 'me', send: () => app.inject({ url: '/api/v1/me', headers: { cookie } }) },
  ]
  const counts: StatementCount[] = []
  for (const r of requests) {
    const runs = 10
    let total = 0
    let last: string[] = []
    for (let i = 0; i < runs + 4; i++) {
      // Punches in one millisecond would be refused as out of order.
      await new Promise((resolve) => setTimeout(resolve, 2))
      seen.length = 0
      counting = i >= 4
      const res = await r.send()
      counting = false
      if (res.statusCode >= 300) throw new Error(`${r.load}: ${res.statusCode} ${res.body.slice(0, 300)}`)
      r.answered?.(person)
      if (i >= 4) {
        total += seen.length
        last = [...seen]
      }
    }
    counts.push({ engine: handle.engine, load: r.load, perRequest: total / runs, statements: last })
  }
  await app.close()
  return counts
}

// ---------------------------------------------------------------------------------------------
// Set-up

interface Prepared {
  database: BenchDatabase
  serviceUrl: string
  /** The bare servers' people and the service's: their own rows, so that their chains never mix. */
  bare: Person[]
  app: Person[]
  statements: StatementCount[]
}

async function prepare(engine: 'sqlite' | 'postgres'): Promise<Prepared | null> {
  const database = await openBenchDatabase(engine, 'rush')
  if (!database) return null
  const { handle } = database
  const day = 86_400_000
  // Two weeks of history, each day closed with an `out`: the first punch of the rush is an `in`.
  const company = await seedCompany(handle, {
    employees: 2 * WORKERS + 1,
    from: new Date(Date.now() - 15 * day).toISOString().slice(0, 10),
    to: new Date(Date.now() - 2 * day).toISOString().slice(0, 10),
    zone: 'Europe/Madrid',
  })
  // The generated punches were inserted as they are: record each chain's head, as recording them would have.
  await sql`insert into punch_chain_heads (user_id, tenant_id, seq, hash)
    select p.user_id, p.tenant_id, p.seq, p.hash from punches p
    where p.tenant_id = ${company.tenantId}
      and p.seq = (select max(q.seq) from punches q where q.tenant_id = p.tenant_id and q.user_id = p.user_id)`.execute(
    handle.db,
  )
  const people: Person[] = []
  for (const userId of company.userIds) {
    const session = await startSession(
      { db: handle.db, now: Date.now() },
      { tenantId: company.tenantId, userId, method: 'password', userAgent: 'bench', ipAddress: null },
      // Idle for as long as a run may take.
      { ...DEFAULT_SESSION_POLICY, idleMs: DEFAULT_SESSION_POLICY.maxMs },
    )
    people.push({ userId, cookie: session.token, csrf: session.csrfToken, next: 'in' })
  }
  counting = false
  const statements = await countStatements(handle, people[2 * WORKERS]!)
  for (const s of statements) {
    console.log(`  [${engine}] ${s.load}: ${s.perRequest} statements per request`)
    if (SHOW_STATEMENTS) for (const sql of s.statements) console.log(`      ${sql.replace(/\s+/g, ' ').slice(0, 240)}`)
  }
  await handle.destroy()
  const serviceUrl = database.schema
    ? `${database.url}?options=${encodeURIComponent(`-c search_path=${database.schema}`)}`
    : database.url
  return {
    database,
    serviceUrl,
    bare: people.slice(0, WORKERS),
    app: people.slice(WORKERS, 2 * WORKERS),
    statements,
  }
}

// ---------------------------------------------------------------------------------------------
// Running

interface Row {
  deployment: string
  name: string
  baseline: string
  rounds: Measured[]
  requestsPerSec: number
  p50Ms: number
  p99Ms: number
  /** Median over the rounds of this throughput over its baseline's in the same round. */
  ratio: number
  /** Median over the rounds of this p99 over its baseline's. */
  p99Ratio: number
  failed: number
}

const rows: Row[] = []

async function runDeployment(d: Deployment, prepared: Prepared, workDir: string): Promise<void> {
  const bases: string[] = []
  const logFds: number[] = []
  try {
    for (let i = 0; i < d.instances; i++) {
      const port = await freePort()
      const url = `http://127.0.0.1:${port}`
      const logFd = openSync(join(workDir, `${d.name.replace(/\W+/g, '-')}-${i}.log`), 'w')
      logFds.push(logFd)
      await startService(
        [],
        {
          DATABASE_URL: prepared.serviceUrl,
          PORT: String(port),
          HOST: '127.0.0.1',
          LOG_LEVEL: 'info',
          RATE_LIMIT_PER_MINUTE: '10000000',
          REDIS_URL: d.redis ? REDIS_URL : '',
          METRICS_PORT: '',
          // Shedding is bench/overload.ts's subject; here every request must be served for a
          // throughput to compare, on a machine other work keeps busy.
          OVERLOAD_LAG_MS: '60000',
        },
        url,
        logFd,
        CPU_PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF_DIR}`] : [],
      )
      bases.push(url)
    }
    const bare = await startChild<RushBaselineReady>('./serve-rush-baseline.ts', [prepared.serviceUrl])
    const plan: { load: Load; people: Person[]; bases: string[]; baseline: string | null }[] = [
      { load: LOADS.bareClock, people: prepared.bare, bases: [bare.ready.url], baseline: null },
      { load: LOADS.clock, people: prepared.app, bases, baseline: LOADS.bareClock.name },
      { load: LOADS.bareRead, people: prepared.app, bases: [bare.ready.url], baseline: null },
      { load: LOADS.usersGet, people: prepared.app, bases, baseline: LOADS.bareRead.name },
      { load: LOADS.me, people: prepared.app, bases, baseline: LOADS.bareRead.name },
    ]
    // BENCH_LOADS=attendance.clock (say) measures those loads and their baselines only: to profile one.
    const wantedLoads = process.env.BENCH_LOADS?.split(',').map((n) => n.trim())
    if (wantedLoads) {
      const kept = plan.filter((s) => wantedLoads.includes(s.load.name))
      const baselines = new Set(kept.map((s) => s.baseline))
      plan.splice(0, plan.length, ...plan.filter((s) => kept.includes(s) || baselines.has(s.load.name)))
    }
    const measured: Measured[][] = plan.map(() => [])
    for (let round = 0; round < settings.rounds; round++) {
      process.stdout.write(`  ${d.name.padEnd(18)} round ${round + 1}/${settings.rounds}:`)
      for (const [i, step] of plan.entries()) {
        const warmupSec = round === 0 ? settings.warmupSec : 0.5
        const m = await rush(step.load, step.people, step.bases, warmupSec, settings.durationSec)
        measured[i]!.push(m)
        process.stdout.write(` ${m.name} ${Math.round(m.requestsPerSec)}`)
      }
      console.log(' req/s')
    }
    for (const [i, step] of plan.entries()) {
      const own = measured[i]!
      const base = step.baseline ? measured[plan.findIndex((s) => s.load.name === step.baseline)]! : own
      rows.push({
        deployment: d.name,
        name: step.load.name,
        baseline: step.baseline ?? '',
        rounds: own,
        requestsPerSec: median(own.map((m) => m.requestsPerSec)),
        p50Ms: median(own.map((m) => m.p50Ms)),
        p99Ms: median(own.map((m) => m.p99Ms)),
        ratio: median(own.map((m, r) => m.requestsPerSec / base[r]!.requestsPerSec)),
        p99Ratio: median(own.map((m, r) => m.p99Ms / base[r]!.p99Ms)),
        failed: own.reduce((sum, m) => sum + m.failed, 0),
      })
    }
  } finally {
    await stopAllChildren()
    for (const fd of logFds) closeSync(fd)
  }
}

async function main(): Promise<void> {
  const machine = machineInfo()
  const wanted = process.env.BENCH_DEPLOYMENTS?.split(',').map((n) => n.trim())
  const deployments = DEPLOYMENTS.filter((d) => !wanted || wanted.includes(d.name))
  const workDir = mkdtempSync(join(tmpdir(), 'jornada-rush-'))
  const cleanups: (() => Promise<void>)[] = [async () => rmSync(workDir, { recursive: true, force: true })]
  console.log(
    `Morning rush: ${WORKERS} people, each signed in, clocking in and out; ${settings.rounds} interleaved rounds of ${settings.durationSec} s per load`,
  )
  console.log(
    `Machine: ${machine.cpu}, ${machine.cores} cores, ${machine.totalMemoryGiB} GiB, Node ${machine.node}, load average ${machine.loadAverage1m}`,
  )
  watchStatements()
  const statements: StatementCount[] = []
  try {
    const byEngine = new Map<string, Prepared | null>()
    for (const engine of new Set(deployments.map((d) => d.engine))) {
      const prepared = await prepare(engine)
      if (prepared) {
        cleanups.push(prepared.database.cleanup)
        statements.push(...prepared.statements)
      }
      byEngine.set(engine, prepared)
    }
    const redis = deployments.some((d) => d.redis) ? await redisAnswers(REDIS_URL) : false
    for (const d of deployments) {
      const prepared = byEngine.get(d.engine)
      if (!prepared) continue
      if (d.redis && !redis) {
        console.log(`  ${d.name} skipped: cannot connect to ${REDIS_URL}`)
        continue
      }
      try {
        await runDeployment(d, prepared, workDir)
      } catch (error) {
        // The others still run and are reported; the run as a whole fails.
        console.log(`\n  ${d.name} failed: ${error instanceof Error ? error.message : String(error)}`)
        process.exitCode = 1
      }
    }
  } finally {
    await stopAllChildren()
    for (const cleanup of cleanups) await cleanup().catch(() => undefined)
  }

  console.log(
    `\n${formatTable(
      ['deployment', 'load', 'req/s', 'p50 ms', 'p99 ms', 'x baseline', 'p99 x baseline', 'failed'],
      rows.map((r) => [
        r.deployment,
        r.name,
        Math.round(r.requestsPerSec).toString(),
        r.p50Ms.toFixed(1),
        r.p99Ms.toFixed(1),
        r.baseline ? r.ratio.toFixed(2) : '',
        r.baseline ? r.p99Ratio.toFixed(2) : '',
        String(r.failed),
      ]),
    )}`,
  )
  console.log(
    "\n(medians over the rounds; x baseline: the median of each round's throughput over its bare baseline's in the same round: clock-in over the bare durable write, reads over the bare read)",
  )
  const verdicts = TARGETS.flatMap((t) => {
    const row = rows.find((r) => r.deployment === t.deployment && r.name === t.load)
    if (!row) return []
    const pass = row.ratio >= t.minRatio && (t.maxP99xBaseline === null || row.p99Ratio <= t.maxP99xBaseline)
    const p99 = t.maxP99xBaseline === null ? '' : ` and p99 <= ${t.maxP99xBaseline}x (${row.p99Ratio.toFixed(2)}x)`
    console.log(
      `Target ${t.load} (${t.deployment}): >= ${t.minRatio}x baseline${p99}; measured ${row.ratio.toFixed(2)}x: ${pass ? 'PASS' : 'BELOW TARGET'}`,
    )
    return [{ ...t, ratio: row.ratio, p99Ratio: row.p99Ratio, pass }]
  })
  const resultsDir = join(PROJECT_ROOT, 'bench', 'results')
  mkdirSync(resultsDir, { recursive: true })
  writeFileSync(
    join(resultsDir, 'morning-rush.json'),
    `${JSON.stringify({ date: new Date().toISOString(), machine, settings, statements, results: rows, verdicts }, null, 2)}\n`,
  )
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void stopAllChildren().finally(() => process.exit(130))
  })
}

try {
  await main()
} catch (error) {
  console.error('\nMorning rush failed:', error instanceof Error ? (error.stack ?? error.message) : error)
  process.exitCode = 1
}
