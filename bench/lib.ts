/**
 * Building blocks of the benchmark: settings, server child processes, one measurement, machine
 * description and the printed table. `run.ts` composes them; new benchmarks should only need a new
 * scenario there.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { createServer, type AddressInfo } from 'node:net'
import os from 'node:os'
import { createHistogram, performance } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import { Redis } from 'ioredis'

export const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url))

// ---------------------------------------------------------------------------------------------
// Settings

export interface BenchSettings {
  /** Measured seconds per scenario and round. */
  durationSec: number
  /** Rounds: each measures every scenario once, in turn, so that a slow spell of the machine touches all alike. */
  rounds: number
  /** Seconds of discarded load before each measurement (JIT, caches, connection set-up). */
  warmupSec: number
  connections: number
}

function positiveIntegerFromEnv(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name]
  if (raw === undefined || raw === '') return fallback
  if (!/^\d+$/.test(raw) || Number(raw) < 1) throw new Error(`${name} must be a whole number >= 1, got "${raw}"`)
  return Number(raw)
}

export function readSettings(env: NodeJS.ProcessEnv = process.env): BenchSettings {
  return {
    durationSec: positiveIntegerFromEnv(env, 'BENCH_DURATION', 4),
    rounds: positiveIntegerFromEnv(env, 'BENCH_ROUNDS', 3),
    warmupSec: 2,
    connections: positiveIntegerFromEnv(env, 'BENCH_CONNECTIONS', 32),
  }
}

// ---------------------------------------------------------------------------------------------
// Server child processes
//
// The servers run in their own processes: were they in this one, autocannon's client and the
// server would share one event loop and each would slow the other down, measuring neither.

export interface ServerChild<Ready> {
  /** What the child printed on stdout once it was listening. */
  ready: Ready
  /** SIGTERM, then SIGKILL if the child has not exited after a grace period. Idempotent. */
  stop(): Promise<void>
}

// Generous: on a machine other work keeps busy, loading the service through tsx takes tens of seconds.
const READY_TIMEOUT_MS = 180_000
const STOP_GRACE_MS = 5_000

/** Every child started and not yet stopped, so that an error or Ctrl-C anywhere can stop them. */
const running = new Set<ChildProcess>()

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => child.once('exit', () => resolve()))
}

async function stopChild(child: ChildProcess): Promise<void> {
  running.delete(child)
  if (child.exitCode !== null || child.signalCode !== null) return
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS)
  await exited(child)
  clearTimeout(timer)
}

/** Stops every child still running; for `finally` blocks and signal handlers. */
export async function stopAllChildren(): Promise<void> {
  await Promise.all([...running].map(stopChild))
}

export interface ChildOptions {
  /** Where the child's standard output goes: a file descriptor (a log file), or nowhere. Default: this process's. */
  stdout?: number | 'ignore'
  /** Extra environment variables. */
  env?: Record<string, string>
}

/**
 * Runs `node --import tsx <file> ...args` and waits for its first IPC message: the child's
 * "listening" announcement (`announceReady`). Its standard output is free for logs. The child's
 * stdin stays open as a lifeline: the children exit when it closes, so they die with this process
 * even if it is killed with SIGKILL. Their stderr is passed through, so a crash is visible.
 */
export async function startChild<Ready>(
  file: string,
  args: string[] = [],
  options: ChildOptions = {},
): Promise<ServerChild<Ready>> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL(file, import.meta.url)), ...args], {
    cwd: PROJECT_ROOT,
    stdio: ['pipe', options.stdout ?? 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, ...options.env },
  })
  running.add(child)
  const stop = () => stopChild(child)

  try {
    const ready = await new Promise<Ready>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`${file}: not ready after ${READY_TIMEOUT_MS} ms`)),
        READY_TIMEOUT_MS,
      )
      child.once('message', (message) => {
        clearTimeout(timer)
        resolve(message as Ready)
      })
      child.once('error', (error) => {
        clearTimeout(timer)
        reject(error)
      })
      child.once('exit', (code, signal) => {
        clearTimeout(timer)
        reject(new Error(`${file}: exited before it was ready (code ${code}, signal ${signal})`))
      })
    })
    return { ready, stop }
  } catch (error) {
    await stop()
    throw error
  }
}

/** For the children: tells the benchmark that the child is ready, and what it needs to know of it (printed when run by hand). */
export function announceReady(ready: object): void {
  if (process.send) process.send(ready)
  else console.log(JSON.stringify(ready))
}

/**
 * Runs the real service, `jornada serve` (through tsx, as `npm run dev` does) with `args` and the
 * environment `env`, its logs written to `stdout`, and waits until `GET <url>/ready` answers 200.
 */
export async function startService(
  args: string[],
  env: Record<string, string>,
  url: string,
  stdout: number,
  /** Options for node itself, before the script (`--cpu-prof`, which NODE_OPTIONS does not take). */
  nodeArgs: readonly string[] = [],
): Promise<ServerChild<{ url: string }>> {
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'src/cli.ts', 'serve', ...args], {
    cwd: PROJECT_ROOT,
    stdio: ['ignore', stdout, 'inherit'],
    env: { ...process.env, ...env },
  })
  running.add(child)
  const stop = () => stopChild(child)
  const deadline = Date.now() + READY_TIMEOUT_MS
  try {
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(
          `jornada serve ${args.join(' ')} exited before it was ready (code ${child.exitCode}, signal ${child.signalCode})`,
        )
      if (Date.now() > deadline)
        throw new Error(`jornada serve ${args.join(' ')}: not ready after ${READY_TIMEOUT_MS} ms`)
      const ready = await fetch(`${url}/ready`).then(
        (r) => r.status === 200,
        () => false,
      )
      if (ready) return { ready: { url }, stop }
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  } catch (error) {
    await stop()
    throw error
  }
}

/** A TCP port that was free a moment ago (for a child that takes its port from the environment). */
export async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

/**
 * For the children: exit when the parent goes away (stdin closes) or asks (SIGTERM/SIGINT), after
 * `close` has run once.
 */
export function exitWhenParentGoes(close: () => Promise<void>): void {
  let closing = false
  const shutdown = () => {
    if (closing) return
    closing = true
    close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error)
        process.exit(1)
      },
    )
  }
  process.stdin.on('end', shutdown)
  process.stdin.on('close', shutdown)
  process.stdin.resume()
  process.on('SIGTERM', shutdown)
  process.on('SIGINT', shutdown)
}

// ---------------------------------------------------------------------------------------------
// Measuring

export interface Measurement {
  name: string
  url: string
  durationSec: number
  connections: number
  /** Mean of autocannon's per-second samples of completed requests. */
  requestsPerSec: number
  totalRequests: number
  /** From our own histogram of 2xx latencies, to microsecond precision. */
  latencyMs: { mean: number; p50: number; p90: number; p99: number; max: number; count: number }
  /** autocannon's own whole-millisecond figures, kept to cross-check ours. */
  autocannonLatencyMs: { p50: number; p99: number; count: number }
  errors: number
  timeouts: number
  non2xx: number
  statusCodes: Record<string, number>
}

async function runLoad(url: string, headers: Record<string, string>, connections: number, durationSec: number) {
  // autocannon's own latency histogram holds whole milliseconds, too coarse for a sub-millisecond
  // p50; every response event carries the fractional latency, so keep a finer histogram here (µs).
  // Like autocannon, only 2xx latencies count.
  const micros = createHistogram()
  const instance = autocannon({ url, headers, connections, duration: durationSec })
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    if (statusCode >= 200 && statusCode < 300) micros.record(Math.max(1, Math.round(responseTime * 1000)))
  })
  const result = await instance
  return { result, micros }
}

/**
 * Loads `url` for `settings.warmupSec` (discarded; none when 0), then for `settings.durationSec` (measured).
 * Refuses the result if any request failed: a benchmark of 401s or 429s measures nothing useful.
 */
export async function measure(
  name: string,
  url: string,
  headers: Record<string, string>,
  settings: Omit<BenchSettings, 'rounds'>,
): Promise<Measurement> {
  if (settings.warmupSec > 0) await runLoad(url, headers, settings.connections, settings.warmupSec)
  const { result, micros } = await runLoad(url, headers, settings.connections, settings.durationSec)

  const statusCodes = Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, s]) => [code, s.count]))
  if (result.errors > 0 || result.timeouts > 0 || result.non2xx > 0) {
    throw new Error(
      `${name}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx responses ` +
        `(status codes ${JSON.stringify(statusCodes)}); refusing to report a throughput`,
    )
  }
  const ms = (us: number) => Math.round(us) / 1000
  return {
    name,
    url,
    durationSec: settings.durationSec,
    connections: settings.connections,
    requestsPerSec: result.requests.average,
    totalRequests: result.requests.total,
    latencyMs: {
      mean: ms(micros.mean),
      p50: ms(micros.percentile(50)),
      p90: ms(micros.percentile(90)),
      p99: ms(micros.percentile(99)),
      max: ms(micros.max),
      count: micros.count,
    },
    autocannonLatencyMs: { p50: result.latency.p50, p99: result.latency.p99, count: result.latency.totalCount },
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    statusCodes,
  }
}

// ---------------------------------------------------------------------------------------------
// Reporting

export interface MachineInfo {
  cpu: string
  cores: number
  totalMemoryGiB: number
  node: string
  platform: string
  /** 1-minute load average when the run started: other work on the machine skews every number. */
  loadAverage1m: number
}

export function machineInfo(): MachineInfo {
  const cpus = os.cpus()
  return {
    cpu: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    totalMemoryGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    loadAverage1m: Math.round(os.loadavg()[0]! * 100) / 100,
  }
}

/** A plain-text table: first column left-aligned, the others right-aligned. */
export function formatTable(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)))
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ')
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n')
}

// ---------------------------------------------------------------------------------------------
// In-process timing (the data benchmarks)

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]!
}

/**
 * Median duration in ms of at least `runs` calls, after two discarded warm-up calls (JIT, caches,
 * statements). For operations of a few milliseconds, `warmMs` keeps warming up for that long (the
 * JIT optimises hot code only after many calls, and a server runs hot code) and `minMs` keeps
 * measuring until that much time is covered, so that a median of noisy short runs settles.
 */
export async function timeMedian(
  runs: number,
  run: () => Promise<unknown>,
  options: { warmMs?: number; minMs?: number } = {},
): Promise<number> {
  const { warmMs = 0, minMs = 0 } = options
  const MAX_CALLS = 2000
  const warmStart = performance.now()
  for (let i = 0; i < 2 || (performance.now() - warmStart < warmMs && i < MAX_CALLS); i++) await run()
  const times: number[] = []
  const measureStart = performance.now()
  while (times.length < runs || (performance.now() - measureStart < minMs && times.length < MAX_CALLS)) {
    const start = performance.now()
    await run()
    times.push(performance.now() - start)
  }
  return median(times)
}

/** POSTs JSON with a key and returns the parsed answer; anything but 2xx throws. */
export async function postJson(url: string, key: string, body: unknown): Promise<any> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  const text = await res.text()
  if (res.status >= 300) throw new Error(`${url}: ${res.status} ${text.slice(0, 300)}`)
  return JSON.parse(text)
}

/** The engines to run: BENCH_ENGINES=postgres (or sqlite) runs one only, when working on it. */
export function benchEngines(): ('sqlite' | 'postgres')[] {
  return (process.env.BENCH_ENGINES ?? 'sqlite,postgres')
    .split(',')
    .filter((e): e is 'sqlite' | 'postgres' => e === 'sqlite' || e === 'postgres')
}

/** Runs a benchmark on SQLite and on PostgreSQL (when reachable), stopping every child process at the end. */
export async function onEachEngine<T>(run: (engine: 'sqlite' | 'postgres') => Promise<T | null>): Promise<T[]> {
  const figures: T[] = []
  try {
    for (const engine of benchEngines()) {
      const result = await run(engine)
      if (result) figures.push(result)
    }
  } finally {
    await stopAllChildren()
  }
  return figures
}

/** Whether a Redis server answers at `url`: deployments that need one are skipped otherwise. */
export async function redisAnswers(url: string): Promise<boolean> {
  const redis = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  })
  try {
    await redis.connect()
    return (await redis.ping()) === 'PONG'
  } catch {
    return false
  } finally {
    redis.disconnect()
  }
}
