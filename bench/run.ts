/**
 * The benchmark (`npm run bench`): the real service on a fresh SQLite file, over a real socket,
 * against a bare node:http + better-sqlite3 baseline reading the same file. Each scenario is
 * warmed up, then measured, one after the other, so they never compete for the CPU.
 *
 * Environment: BENCH_DURATION (measured seconds per scenario, default 10), BENCH_CONNECTIONS
 * (concurrent connections, default 10). Results: a table on stdout and bench/results/latest.json.
 *
 * To add a benchmark, add a scenario (and, if it has one, a target) below.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  PROJECT_ROOT,
  formatTable,
  machineInfo,
  measure,
  readSettings,
  startChild,
  stopAllChildren,
  type Measurement,
} from './lib.js'
import type { AppReady } from './serve-app.js'
import type { BaselineReady } from './serve-baseline.js'

/** What scenarios can point at, known once both servers are up. */
interface Targets {
  app: AppReady
  baseline: BaselineReady
  /** A user of the demo tenant, read by the users.get scenarios. */
  userId: string
}

interface Scenario {
  name: string
  description: string
  request(t: Targets): { url: string; headers?: Record<string, string> }
  /** Checked once on a single response before the load: the scenario must measure a real answer. */
  verify?(data: unknown, t: Targets): boolean
}

/** Throughputs are reported as a ratio to this scenario's. */
const BASELINE = 'baseline'

const bearer = (t: Targets) => ({ authorization: `Bearer ${t.app.key}` })
const hasId = (data: unknown, id: string) => typeof data === 'object' && data !== null && (data as { id?: unknown }).id === id

const scenarios: Scenario[] = [
  {
    name: BASELINE,
    description: 'bare node:http + better-sqlite3, GET /users/:id',
    request: (t) => ({ url: `${t.baseline.url}/users/${t.userId}` }),
    verify: (data, t) => hasId(data, t.userId),
  },
  {
    name: 'users.get',
    description: 'app, GET /api/v1/users/:id (auth, rate limit, joins, response schema)',
    request: (t) => ({ url: `${t.app.url}/api/v1/users/${t.userId}`, headers: bearer(t) }),
    verify: (data, t) => hasId(data, t.userId),
  },
  {
    name: 'me',
    description: 'app, GET /api/v1/me (auth and rate limit only, no further query)',
    request: (t) => ({ url: `${t.app.url}/api/v1/me`, headers: bearer(t) }),
  },
]

interface Target {
  scenario: string
  minRatioToBaseline: number
  maxP99Ms: number
}

const targets: Target[] = [{ scenario: 'users.get', minRatioToBaseline: 0.5, maxP99Ms: 20 }]

// ---------------------------------------------------------------------------------------------

async function getJson(url: string, headers: Record<string, string> = {}): Promise<{ data?: unknown }> {
  const res = await fetch(url, { headers })
  const text = await res.text()
  if (res.status !== 200) throw new Error(`GET ${url}: ${res.status} ${text.slice(0, 300)}`)
  return JSON.parse(text) as { data?: unknown }
}

async function firstUserId(app: AppReady): Promise<string> {
  const { data } = await getJson(`${app.url}/api/v1/users`, { authorization: `Bearer ${app.key}` })
  const first: unknown = Array.isArray(data) ? data[0] : undefined
  const id = typeof first === 'object' && first !== null ? (first as { id?: unknown }).id : undefined
  if (typeof id !== 'string') throw new Error(`GET /api/v1/users returned no user: ${JSON.stringify(data)}`)
  return id
}

interface Verdict {
  scenario: string
  ratioToBaseline: number
  p99Ms: number
  target: Target
  pass: boolean
}

function judge(target: Target, results: Measurement[], baselineRps: number): Verdict {
  const m = results.find((r) => r.name === target.scenario)
  if (!m) throw new Error(`target for unknown scenario ${target.scenario}`)
  const ratio = m.requestsPerSec / baselineRps
  return {
    scenario: m.name,
    ratioToBaseline: ratio,
    p99Ms: m.latencyMs.p99,
    target,
    pass: ratio >= target.minRatioToBaseline && m.latencyMs.p99 < target.maxP99Ms,
  }
}

/** The temporary directory holding the database, removed however the run ends. */
let workDir: string | undefined

async function cleanUp(): Promise<void> {
  await stopAllChildren()
  if (workDir) rmSync(workDir, { recursive: true, force: true })
  workDir = undefined
}

async function main(): Promise<void> {
  const settings = readSettings()
  const machine = machineInfo()
  workDir = mkdtempSync(join(tmpdir(), 'jornada-bench-'))
  const dbPath = join(workDir, 'bench.db')

  try {
    // The app first: on the empty file it migrates and seeds the demo tenant, which the baseline
    // then reads.
    const app = await startChild<AppReady>('./serve-app.ts', [dbPath])
    const userId = await firstUserId(app.ready)
    const baseline = await startChild<BaselineReady>('./serve-baseline.ts', [dbPath])
    const t: Targets = { app: app.ready, baseline: baseline.ready, userId }

    console.log(
      `Machine: ${machine.cpu}, ${machine.cores} cores, ${machine.totalMemoryGiB} GiB, Node ${machine.node} (${machine.platform})`,
    )
    if (machine.loadAverage1m > machine.cores / 2) {
      console.log(
        `WARNING: the machine is busy (load average ${machine.loadAverage1m} on ${machine.cores} cores); ` +
          'expect lower, noisier numbers than on an idle machine',
      )
    }
    console.log(
      `Load: ${settings.connections} connections, ${settings.warmupSec} s warm-up + ${settings.durationSec} s measured per scenario, ` +
        `one scenario at a time; servers in their own processes\n`,
    )

    for (const s of scenarios) {
      const { url, headers = {} } = s.request(t)
      const { data } = await getJson(url, headers)
      if (s.verify && !s.verify(data, t)) throw new Error(`${s.name}: unexpected response from ${url}: ${JSON.stringify(data)}`)
    }

    const results: Measurement[] = []
    for (const s of scenarios) {
      const { url, headers = {} } = s.request(t)
      process.stdout.write(`  ${s.name.padEnd(12)} ${s.description} ... `)
      const m = await measure(s.name, url, headers, settings)
      results.push(m)
      console.log(`${Math.round(m.requestsPerSec)} req/s`)
    }
    await stopAllChildren()

    const baselineRps = results.find((r) => r.name === BASELINE)?.requestsPerSec
    if (!baselineRps) throw new Error('the baseline scenario produced no throughput')
    const ratio = (m: Measurement) => m.requestsPerSec / baselineRps

    console.log(
      '\n' +
        formatTable(
          ['scenario', 'req/s', 'p50 ms', 'p99 ms', 'x baseline'],
          results.map((m) => [
            m.name,
            Math.round(m.requestsPerSec).toString(),
            m.latencyMs.p50.toFixed(2),
            m.latencyMs.p99.toFixed(2),
            ratio(m).toFixed(2),
          ]),
        ),
    )

    const verdicts = targets.map((target) => judge(target, results, baselineRps))
    console.log()
    for (const v of verdicts) {
      console.log(
        `Target ${v.scenario}: throughput >= ${v.target.minRatioToBaseline} x baseline and p99 < ${v.target.maxP99Ms} ms; ` +
          `measured ${v.ratioToBaseline.toFixed(2)} x and ${v.p99Ms.toFixed(2)} ms: ${v.pass ? 'PASS' : 'BELOW TARGET'}`,
      )
    }

    const resultsDir = join(PROJECT_ROOT, 'bench', 'results')
    mkdirSync(resultsDir, { recursive: true })
    const report = {
      date: new Date().toISOString(),
      machine,
      settings,
      results: results.map((m) => ({ ...m, ratioToBaseline: ratio(m) })),
      verdicts,
    }
    const reportPath = join(resultsDir, 'latest.json')
    writeFileSync(reportPath, `${JSON.stringify(report, null, 2)}\n`)
    console.log(`\nWrote ${reportPath}`)
  } finally {
    await cleanUp()
  }
}

// Ctrl-C or a kill: stop the servers before going. (They would also exit on their own once this
// process's end of their stdin closes, but this way they shut down cleanly.)
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
}
