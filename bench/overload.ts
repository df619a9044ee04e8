/**
 * Holding up under expensive reads (part of `npm run bench`): while eight clients ask for the
 * heaviest summary (100 employees over 366 days) again and again, a probe asks for `/health`
 * every 50 ms and records how long each answer takes. The service runs as `jornada serve` does in
 * production (logs at info, the default overload settings), on a SQLite company of 100 employees
 * with a year of punches.
 *
 * Two rounds: eight keys (the per-key limit does not apply: what keeps `/health` quick is the
 * summary yielding between slices of ten employees), and one key (the per-key limit answers six
 * of the eight 429 at once).
 *
 * Environment: BENCH_OVERLOAD_SECONDS (per round, default 10). To measure an earlier version the
 * same way, copy this file and lib.ts into its checkout's bench/ and run it there.
 */
import { closeSync, mkdtempSync, openSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { migrateToLatest, openDatabase } from '../src/db/database.js'
import { createKey } from '../src/modules/keys/keys.service.js'
import { SCOPES } from '../src/auth/scopes.js'
import { seedCompany } from './company.js'
import { formatTable, freePort, machineInfo, median, startService, stopAllChildren } from './lib.js'

const SECONDS = Number(process.env.BENCH_OVERLOAD_SECONDS ?? 10)
const CLIENTS = 8
const SUMMARY = '/api/v1/attendance/summary?from=2025-01-01&to=2026-01-01&page_size=100'

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN
}

interface Round {
  round: string
  health: { count: number; p50: number; p99: number; max: number }
  summaries: { ok: number; refused: Record<string, number>; medianMs: number }
}

async function round(name: string, url: string, keys: string[]): Promise<Round> {
  const until = performance.now() + SECONDS * 1000
  const healthMs: number[] = []
  const summaryMs: number[] = []
  const refused: Record<string, number> = {}
  const probe = (async () => {
    while (performance.now() < until) {
      const start = performance.now()
      const res = await fetch(`${url}/health`)
      await res.text()
      healthMs.push(performance.now() - start)
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  })()
  const clients = Array.from({ length: CLIENTS }, async (_, i) => {
    const key = keys[i % keys.length]!
    while (performance.now() < until) {
      const start = performance.now()
      const res = await fetch(`${url}${SUMMARY}`, { headers: { authorization: `Bearer ${key}` } })
      await res.arrayBuffer()
      if (res.status === 200) summaryMs.push(performance.now() - start)
      else {
        refused[res.status] = (refused[res.status] ?? 0) + 1
        // As a client should: wait as long as Retry-After says.
        await new Promise((resolve) => setTimeout(resolve, Number(res.headers.get('retry-after') ?? 1) * 1000))
      }
    }
  })
  await Promise.all([probe, ...clients])
  return {
    round: name,
    health: {
      count: healthMs.length,
      p50: percentile(healthMs, 50),
      p99: percentile(healthMs, 99),
      max: Math.max(...healthMs),
    },
    summaries: { ok: summaryMs.length, refused, medianMs: summaryMs.length ? median(summaryMs) : Number.NaN },
  }
}

async function main(): Promise<void> {
  const machine = machineInfo()
  console.log(
    `\nOverload: /health every 50 ms while ${CLIENTS} clients ask for a 100-employee, 366-day summary for ${SECONDS} s (${machine.cpu}, ${machine.cores} cores)`,
  )
  const dir = mkdtempSync(join(tmpdir(), 'jornada-overload-'))
  try {
    const databaseUrl = `sqlite:${join(dir, 'bench.db')}`
    const handle = await openDatabase(databaseUrl)
    await migrateToLatest(handle)
    const company = await seedCompany(handle, {
      employees: 100,
      from: '2025-01-01',
      to: '2025-12-31',
      zone: 'Europe/Madrid',
    })
    // One key per client, each acting as the company's administrator.
    const adminUser = await handle.db
      .selectFrom('users')
      .select('id')
      .where('tenant_id', '=', company.tenantId)
      .where('role', '=', 'admin')
      .executeTakeFirstOrThrow()
    const keys = [company.adminKey]
    for (let i = 1; i < CLIENTS; i++)
      keys.push(
        (
          await createKey(
            { db: handle.db, now: Date.now() },
            { tenantId: company.tenantId, actsAsUserId: adminUser.id, scopes: SCOPES },
          )
        ).apiKey,
      )
    await handle.destroy()
    console.log(`  ${company.punches.toLocaleString('en')} punches of ${company.userIds.length} employees`)

    const port = await freePort()
    const url = `http://127.0.0.1:${port}`
    const logFd = openSync(join(dir, 'service.log'), 'w')
    const env = {
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      RATE_LIMIT_PER_MINUTE: '10000000',
    }
    const service = await startService([], env, url, logFd)
    const rounds: Round[] = []
    try {
      // Warm up: the first summary compiles and fills caches.
      await fetch(`${url}${SUMMARY}`, { headers: { authorization: `Bearer ${keys[0]}` } }).then((r) => r.arrayBuffer())
      rounds.push(await round(`${CLIENTS} keys`, url, keys))
      rounds.push(await round('1 key', url, keys.slice(0, 1)))
    } finally {
      await service.stop()
      closeSync(logFd)
    }
    console.log(
      '\n' +
        formatTable(
          ['round', '/health n', 'p50 ms', 'p99 ms', 'max ms', 'summaries 200', 'median ms', 'refused'],
          rounds.map((r) => [
            r.round,
            String(r.health.count),
            r.health.p50.toFixed(1),
            r.health.p99.toFixed(1),
            r.health.max.toFixed(1),
            String(r.summaries.ok),
            r.summaries.medianMs.toFixed(0),
            Object.entries(r.summaries.refused)
              .map(([status, n]) => `${n} x ${status}`)
              .join(', ') || '-',
          ]),
        ),
    )
  } finally {
    await stopAllChildren()
    rmSync(dir, { recursive: true, force: true })
  }
}

try {
  await main()
} catch (error) {
  console.error('\nOverload benchmark failed:', error instanceof Error ? error.message : error)
  process.exitCode = 1
}
