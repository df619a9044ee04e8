/**
 * `jornada serve --workers N` (src/workers.ts): the refusals where several processes cannot work,
 * and on PostgreSQL with Redis the real thing run as a child process: two workers share one port
 * and one rate limit, the primary adds up their metrics, a killed worker is replaced, and SIGTERM
 * stops them all gracefully.
 */
import assert from 'node:assert/strict'
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, it } from 'node:test'
import { ConfigError, loadConfig } from '../src/config.js'
import { migrateToLatest } from '../src/db/database.js'
import { createTenant } from '../src/modules/onboarding/onboarding.service.js'
import { workerCount } from '../src/workers.js'
import { ENGINES, PG_URL, uniqueEmail } from './helpers/harness.js'
import { freshCliTarget } from './helpers/cli-target.js'
import { eventually, exited } from './helpers/eventually.js'
import { freePort } from './helpers/webhook-receiver.js'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const REDIS_URL = process.env.TEST_REDIS_URL || null

describe('serve --workers: where several processes cannot work', () => {
  const postgres = {
    DATABASE_URL: 'postgres://localhost/jornada',
    REDIS_URL: 'redis://localhost:6379',
    METRICS_PORT: '9100',
  }
  const refusal = (raw: string, env: NodeJS.ProcessEnv) => {
    try {
      workerCount(raw, loadConfig(env))
    } catch (error) {
      assert.ok(error instanceof ConfigError)
      return error.message
    }
    assert.fail(`--workers ${raw} was accepted`)
  }

  it('one worker needs nothing more; several need PostgreSQL, REDIS_URL and METRICS_PORT, each refusal saying why', () => {
    assert.equal(workerCount(undefined, loadConfig({})), 1)
    assert.equal(workerCount('1', loadConfig({})), 1)
    assert.equal(workerCount('4', loadConfig(postgres)), 4)
    assert.match(refusal('2', {}), /needs PostgreSQL: SQLite lets one process write at a time/)
    assert.match(
      refusal('2', { ...postgres, REDIS_URL: '' }),
      /needs REDIS_URL: the rate limit must be counted in one place/,
    )
    assert.match(refusal('2', { ...postgres, METRICS_PORT: '' }), /needs METRICS_PORT/)
    for (const bad of ['0', '65', 'two', '1.5', '-1'])
      assert.match(refusal(bad, postgres), /--workers must be a whole number between 1 and 64/)
  })

  it('the command refuses before it starts anything', () => {
    let failure: { status: number; stderr: string } | undefined
    try {
      const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: 'sqlite:/nonexistent/never-created.db' }
      delete env.NODE_TEST_CONTEXT
      execFileSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'serve', '--workers', '2'], {
        cwd: ROOT,
        env,
        stdio: 'pipe',
      })
    } catch (error) {
      const e = error as { status: number; stderr: Buffer }
      failure = { status: e.status, stderr: e.stderr.toString() }
    }
    assert.ok(failure, 'serve --workers 2 on SQLite must fail')
    assert.notEqual(failure.status, 0)
    assert.match(failure.stderr, /--workers 2 needs PostgreSQL/)
  })
})

/** The worker processes of a primary, by pid. */
function workersOf(primary: ChildProcess): number[] {
  try {
    return execFileSync('pgrep', ['-P', String(primary.pid)])
      .toString()
      .trim()
      .split('\n')
      .filter(Boolean)
      .map(Number)
  } catch {
    return []
  }
}

const postgres = ENGINES.find((e) => e.engine === 'postgres')!
const skip = !PG_URL
  ? 'skipped: TEST_DATABASE_URL is not set'
  : !REDIS_URL
    ? 'skipped: TEST_REDIS_URL is not set'
    : false

describe('serve --workers 2 on PostgreSQL with Redis', { skip, timeout: 180_000 }, () => {
  it('two workers share the port and the rate limit; the primary sums their metrics, replaces a dead worker and stops them on SIGTERM', async () => {
    const target = await freshCliTarget(postgres, 'jt_workers')
    const database = await target.open()
    let primary: ChildProcess | undefined
    let output = ''
    try {
      await migrateToLatest(database)
      const tenant = await createTenant(
        { db: database.db, now: Date.now() },
        {
          name: 'Workers',
          admin_email: uniqueEmail('admin'),
          admin_name: 'Admin',
        },
      )
      const [port, metricsPort] = [await freePort(), await freePort()]
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        DATABASE_URL: target.url,
        REDIS_URL: REDIS_URL!,
        METRICS_PORT: String(metricsPort),
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        RATE_LIMIT_PER_MINUTE: '20',
        OVERLOAD_LAG_MS: '60000',
        WEBHOOKS_DISPATCH: 'false',
      }
      delete env.NODE_TEST_CONTEXT
      primary = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'serve', '--workers', '2'], {
        cwd: ROOT,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      for (const stream of [primary.stdout!, primary.stderr!])
        stream.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
      const live = primary
      await eventually(
        'both workers to listen',
        async () => (output.match(/jornada listening/g) ?? []).length,
        (n) => n >= 2,
        90_000,
      )
      assert.equal(workersOf(live).length, 2)

      // One key, 30 requests at once, a limit of 20 a minute: counted in Redis, the two workers
      // together let exactly 20 through (apart, they could let up to 40).
      const me = () =>
        fetch(`http://127.0.0.1:${port}/api/v1/me`, { headers: { authorization: `Bearer ${tenant.api_key}` } }).then(
          (r) => r.status,
        )
      const statuses = await Promise.all(Array.from({ length: 30 }, me))
      assert.equal(statuses.filter((s) => s === 200).length, 20, `statuses: ${statuses.join(' ')}`)
      assert.equal(statuses.filter((s) => s === 429).length, 10)

      // The primary's metrics add up both workers' counts; the API's port does not serve them.
      const metrics = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text()
      const counted = [
        ...metrics.matchAll(
          /^jornada_http_requests_total\{method="GET",route="\/api\/v1\/me",status="(\d+)"\} (\d+)$/gm,
        ),
      ]
      assert.deepEqual(Object.fromEntries(counted.map((m) => [m[1], Number(m[2])])), { 200: 20, 429: 10 })
      assert.equal((await fetch(`http://127.0.0.1:${port}/metrics`)).status, 404)

      // A worker killed outright is replaced, and the port keeps answering.
      const [victim] = workersOf(live)
      process.kill(victim!, 'SIGKILL')
      await eventually(
        'a replacement worker',
        async () => workersOf(live),
        (pids) => pids.length === 2 && !pids.includes(victim!),
        90_000,
      )
      await eventually(
        'the replacement to listen',
        async () => (output.match(/jornada listening/g) ?? []).length,
        (n) => n >= 3,
        90_000,
      )
      assert.match(output, /worker died; starting another/)
      assert.equal((await fetch(`http://127.0.0.1:${port}/health`)).status, 200)

      // SIGTERM to the primary: every worker shuts down gracefully, then the primary exits 0.
      const workers = workersOf(live)
      const exit = exited(live)
      live.kill('SIGTERM')
      assert.equal(await exit, 0, output)
      for (const pid of workers) assert.throws(() => process.kill(pid, 0), 'a worker outlived its primary')
      assert.equal((output.match(/shutting down/g) ?? []).length, 2)
    } finally {
      if (primary && primary.exitCode === null) primary.kill('SIGKILL')
      await database.destroy()
      await target.cleanup()
    }
  })
})
