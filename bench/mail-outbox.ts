/**
 * Punches beside a slow mail relay (part of `npm run bench`): the service runs as `jornada serve`
 * does in production (SQLite, logs at info), sending mail through an SMTP relay on loopback that
 * holds each message 4 s before taking it. Eight workers of one company clock in and out through
 * the API, back to back, while an administrator of another company invites someone every second
 * (about what a dispatcher sending four at a time gets through such a relay, so the relay is busy
 * throughout and no backlog builds up).
 *
 * Rounds alternate between the baseline (the same punches, no invitation being sent) and the slow
 * relay in use, in the same service, so that the machine's drift touches both alike. The ratio is
 * the median over the rounds of the punches a second with the relay in use over the baseline's.
 * Mail goes through the outbox: no write waits for the relay, so the ratio should be about 1.
 *
 * Environment: BENCH_MAIL_SECONDS (per phase, default 3), BENCH_MAIL_ROUNDS (default 3).
 */
import { closeSync, mkdtempSync, openSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { migrateToLatest, openDatabase } from '../src/db/database.js'
import { createTenant } from '../src/modules/onboarding/onboarding.service.js'
import { startInbox } from '../test/helpers/inbox.js'
import { formatTable, freePort, machineInfo, startService, stopAllChildren } from './lib.js'

const SECONDS = Number(process.env.BENCH_MAIL_SECONDS ?? 3)
const ROUNDS = Number(process.env.BENCH_MAIL_ROUNDS ?? 3)
const RELAY_HOLDS_MS = 4_000
const WORKERS = 8
const INVITE_EVERY_MS = 1_000

/** The median, the mean of the middle two for an even count (two rounds: their mean). */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN
}

interface Phase {
  phase: 'baseline' | 'slow relay'
  punchesPerSec: number
  p50: number
  p99: number
  max: number
  invitations: number[]
  /** Messages the relay held at once, sampled every 100 ms. */
  heldMean: number
}

async function main(): Promise<void> {
  const machine = machineInfo()
  console.log(
    `\nMail outbox: ${WORKERS} workers punching while another company invites someone every ${INVITE_EVERY_MS / 1000} s through a relay that holds each mail ${RELAY_HOLDS_MS / 1000} s (${machine.cpu}, ${machine.cores} cores, Node ${machine.node})`,
  )
  const dir = mkdtempSync(join(tmpdir(), 'jornada-mail-'))
  const relay = await startInbox({ delayMs: RELAY_HOLDS_MS })
  try {
    const databaseUrl = `sqlite:${join(dir, 'bench.db')}`
    const handle = await openDatabase(databaseUrl)
    await migrateToLatest(handle)
    const company = (name: string) =>
      createTenant(
        { db: handle.db, now: Date.now() },
        { name, admin_email: `admin@${name.toLowerCase()}.example.com`, admin_name: 'Admin' },
      )
    const punching = await company('Punching')
    const inviting = await company('Inviting')
    await handle.destroy()

    const port = await freePort()
    const url = `http://127.0.0.1:${port}`
    const logFd = openSync(join(dir, 'service.log'), 'w')
    const service = await startService(
      [],
      {
        DATABASE_URL: databaseUrl,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        RATE_LIMIT_PER_MINUTE: '10000000',
        // What is measured is how long punches wait beside mail, not load shedding (bench/overload.ts
        // measures that): a machine busy with other work would otherwise have punches answered 503.
        OVERLOAD_LAG_MS: '60000',
        PUBLIC_URL: url,
        SMTP_URL: relay.url,
        MAIL_FROM: 'Jornada <no-reply@example.com>',
      },
      url,
      logFd,
    )
    const phases: Phase[] = []
    try {
      const post = async (key: string, path: string, body?: object) => {
        const res = await fetch(`${url}${path}`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${key}`,
            ...(body ? { 'content-type': 'application/json' } : {}),
          },
          ...(body ? { body: JSON.stringify(body) } : {}),
        })
        const text = await res.text()
        if (res.status >= 300) throw new Error(`POST ${path}: ${res.status} ${text}`)
        return JSON.parse(text)
      }
      const addUsers = (key: string, count: number, who: string) =>
        Promise.all(
          Array.from({ length: count }, async (_, i) => {
            const made = await post(key, '/api/v1/users', {
              email: `${who}${i}@${who}.example.com`,
              full_name: `${who} ${i}`,
            })
            return made.data.id as string
          }),
        )
      const workers = await addUsers(punching.api_key, WORKERS, 'worker')
      const invitees = await addUsers(inviting.api_key, 10, 'invitee')

      // Each worker clocks in and out, a second apart, starting six hours ago: always a valid sequence.
      const base = Date.now() - 6 * 3_600_000
      const punchesOf = workers.map(() => 0)
      const punch = async (w: number) => {
        const n = punchesOf[w]!++
        const started = performance.now()
        await post(punching.api_key, '/api/v1/attendance', {
          user_id: workers[w],
          type: n % 2 ? 'out' : 'in',
          ts: new Date(base + n * 1000).toISOString(),
        })
        return performance.now() - started
      }

      const measure = async (phase: Phase['phase'], seconds: number): Promise<Phase> => {
        const until = performance.now() + seconds * 1000
        const latencies: number[] = []
        const invitations: number[] = []
        const held: number[] = []
        const clients = workers.map(async (_, w) => {
          while (performance.now() < until) latencies.push(await punch(w))
        })
        const inviter = (async () => {
          if (phase === 'baseline') return
          for (let i = 0; performance.now() < until; i++) {
            const started = performance.now()
            await post(inviting.api_key, `/api/v1/users/${invitees[i % invitees.length]}/invite`)
            invitations.push(performance.now() - started)
            await new Promise((resolve) =>
              setTimeout(resolve, Math.max(0, INVITE_EVERY_MS - (performance.now() - started))),
            )
          }
        })()
        const sampler = (async () => {
          while (performance.now() < until) {
            held.push(relay.holding)
            await new Promise((resolve) => setTimeout(resolve, 100))
          }
        })()
        await Promise.all([...clients, inviter, sampler])
        return {
          phase,
          punchesPerSec: latencies.length / seconds,
          p50: percentile(latencies, 50),
          p99: percentile(latencies, 99),
          max: Math.max(...latencies),
          invitations,
          heldMean: held.reduce((a, b) => a + b, 0) / Math.max(1, held.length),
        }
      }

      await measure('baseline', 1) // warm-up: JIT, statement cache, connections
      for (let round = 0; round < ROUNDS; round++) {
        phases.push(await measure('baseline', SECONDS))
        phases.push(await measure('slow relay', SECONDS))
      }
    } finally {
      await service.stop()
      closeSync(logFd)
    }

    const slow = phases.filter((p) => p.phase === 'slow relay')
    const baseline = phases.filter((p) => p.phase === 'baseline')
    const ratios = slow.map((s, i) => s.punchesPerSec / baseline[i]!.punchesPerSec)
    const p99Ratios = slow.map((s, i) => s.p99 / baseline[i]!.p99)
    const invitations = slow.flatMap((s) => s.invitations)
    console.log(
      `\n${formatTable(
        ['phase', 'punches/s', 'p50 ms', 'p99 ms', 'max ms', 'invitations', 'inv. p99 ms', 'relay held'],
        phases.map((p) => [
          p.phase,
          p.punchesPerSec.toFixed(0),
          p.p50.toFixed(1),
          p.p99.toFixed(1),
          p.max.toFixed(0),
          p.phase === 'baseline' ? '-' : String(p.invitations.length),
          p.phase === 'baseline' ? '-' : percentile(p.invitations, 99).toFixed(1),
          p.heldMean.toFixed(1),
        ]),
      )}`,
    )
    console.log(
      `\n  punches/s with the slow relay in use / baseline: ${median(ratios).toFixed(2)} x (rounds: ${ratios.map((r) => r.toFixed(2)).join(', ')}); p99: ${median(p99Ratios).toFixed(2)} x; ${invitations.length} invitations answered in p99 ${percentile(invitations, 99).toFixed(1)} ms; ${relay.messages.length} mails taken by the relay`,
    )
  } finally {
    await stopAllChildren()
    await relay.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

try {
  await main()
} catch (error) {
  console.error('\nMail outbox benchmark failed:', error instanceof Error ? error.message : error)
  process.exitCode = 1
}
