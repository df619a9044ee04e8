/**
 * Webhook benchmark (integrations): 10,000 punch.created events delivered to a local receiver.
 * The API and the dispatcher run in one process of their own, as `jornada serve` runs them by
 * default; the receiver runs here and notes when each delivery arrives.
 *
 * - Backlog: 10,000 events committed while no dispatcher runs, then delivered by one started alone
 *   (as `jornada webhooks work`); throughput is deliveries per second from its start to the last.
 * - Steady load: the same number of events at 500 and then 1,000 a second (batches every 100 ms),
 *   the dispatcher inside the API process as `jornada serve` runs it; target: p99 from commit to
 *   delivery under 1 s.
 *
 * Latency is measured from the event's `occurred_at`, taken inside the writing transaction before
 * it commits: a little more than commit-to-delivery, never less.
 *
 * Run alone with `node --import tsx bench/webhooks.ts`; `npm run bench` runs it too.
 */
import { jsonText } from '../src/db/codec.js'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { newId } from '../src/lib/ids.js'
import { newWebhookSecret } from '../src/modules/webhooks/webhooks.logic.js'
import { insertWebhook } from '../src/modules/webhooks/webhooks.repository.js'
import { seedCompany } from './company.js'
import { openBenchDatabase } from './data.js'
import { formatTable, machineInfo, onEachEngine, postJson, startChild, stopAllChildren } from './lib.js'

const EVENTS = 10_000
const EMPLOYEES = 1_000
const STEADY_RATES = [500, 1_000]
const STEADY_INTERVAL_MS = 100
const STEP_MS = 5 * 60_000

interface Phase {
  seconds: number
  throughput: number
  p50: number
  p99: number
  max: number
}

interface Figures {
  engine: string
  burst: Phase
  steady: { rate: number; phase: Phase }[]
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!
}

/** A receiver that answers 204 at once and notes the latency of each event. */
async function startReceiver() {
  let latencies: number[] = []
  let firstOccurred = Infinity
  let lastArrival = 0
  let waiting: { count: number; resolve: () => void } | null = null
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const arrival = Date.now()
      res.writeHead(204).end()
      const occurred = Date.parse((JSON.parse(Buffer.concat(chunks).toString()) as { occurred_at: string }).occurred_at)
      latencies.push(arrival - occurred)
      firstOccurred = Math.min(firstOccurred, occurred)
      lastArrival = arrival
      if (waiting && latencies.length >= waiting.count) waiting.resolve()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    reset() {
      latencies = []
      firstOccurred = Infinity
      lastArrival = 0
    },
    async phase(count: number): Promise<Phase> {
      if (latencies.length < count) {
        await new Promise<void>((resolve, reject) => {
          const timer = setTimeout(
            () => reject(new Error(`only ${latencies.length} of ${count} deliveries after 5 minutes`)),
            300_000,
          )
          waiting = {
            count,
            resolve: () => {
              clearTimeout(timer)
              resolve()
            },
          }
        })
      }
      const sorted = [...latencies].sort((a, b) => a - b)
      const seconds = (lastArrival - firstOccurred) / 1000
      return {
        seconds,
        throughput: count / seconds,
        p50: quantile(sorted, 0.5),
        p99: quantile(sorted, 0.99),
        max: sorted.at(-1)!,
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

async function runEngine(engine: 'sqlite' | 'postgres'): Promise<Figures | null> {
  const database = await openBenchDatabase(engine, 'webhooks')
  if (!database) return null
  const receiver = await startReceiver()
  try {
    const company = await seedCompany(database.handle, {
      employees: EMPLOYEES,
      from: '2026-11-01',
      to: '2026-11-01',
      zone: 'Europe/Madrid',
    })
    // Written directly: the API refuses a loopback receiver unless WEBHOOKS_ALLOW_PRIVATE_NETWORKS is set.
    const at = new Date().toISOString()
    await insertWebhook(database.handle.db, {
      id: newId('webhook'),
      tenant_id: company.tenantId,
      url: receiver.url,
      description: 'bench receiver',
      events: jsonText(['punch.created']),
      active: 1,
      secret: newWebhookSecret(),
      failing_since: null,
      disabled_reason: null,
      created_at: at,
      updated_at: at,
    })
    await database.handle.destroy()
    const childArgs = [database.url, database.schema ?? '-', `/tmp/jornada-webhooks-${process.pid}.rss`]
    const ingest = await startChild<{ url: string }>('./serve-export.ts', childArgs)

    // Punch k of each employee, 5 minutes apart, in/out alternating, starting 20 days back.
    const start = Date.now() - 20 * 86_400_000
    let next = 0
    const punches = (count: number) =>
      Array.from({ length: count }, () => {
        const k = Math.floor(next / EMPLOYEES)
        const id = company.userIds[next % EMPLOYEES]!
        next += 1
        return { user_id: id, type: k % 2 === 0 ? 'in' : 'out', ts: new Date(start + k * STEP_MS).toISOString() }
      })

    // The backlog: 10 punches for each employee, 10 employees a batch, no dispatcher running.
    for (let first = 0; first < EMPLOYEES; first += 100) {
      const batch = company.userIds.slice(first, first + 100).flatMap((id) =>
        Array.from({ length: EVENTS / EMPLOYEES }, (_, k) => ({
          user_id: id,
          type: k % 2 === 0 ? 'in' : 'out',
          ts: new Date(start + k * STEP_MS).toISOString(),
        })),
      )
      await postJson(`${ingest.ready.url}/api/v1/attendance/batch`, company.adminKey, { punches: batch })
    }
    next = EVENTS
    await ingest.stop()
    const drainStarted = Date.now()
    const worker = await startChild('./dispatch-child.ts', [database.url, database.schema ?? '-'])
    const backlog = await receiver.phase(EVENTS)
    const backlogSeconds = (Date.now() - drainStarted) / 1000
    const burst = { ...backlog, seconds: backlogSeconds, throughput: EVENTS / backlogSeconds }
    await worker.stop()

    // Steady load, with the dispatcher inside the API process, as `jornada serve` runs it by default.
    const api = await startChild<{ url: string }>('./serve-export.ts', [...childArgs, 'webhooks'])
    const base = `${api.ready.url}/api/v1`

    const steady = []
    for (const rate of STEADY_RATES) {
      receiver.reset()
      const perBatch = (rate * STEADY_INTERVAL_MS) / 1000
      const began = performance.now()
      // Batches leave on schedule whether or not the previous one has been answered: the load does
      // not slow down when the service does. An employee's next punch comes a second or more
      // later (1,000 employees in turn), so each one's punches still arrive in order.
      const sent: Promise<unknown>[] = []
      for (let batch = 0; batch < EVENTS / perBatch; batch++) {
        const wait = began + batch * STEADY_INTERVAL_MS - performance.now()
        if (wait > 0) await new Promise((r) => setTimeout(r, wait))
        sent.push(postJson(`${base}/attendance/batch`, company.adminKey, { punches: punches(perBatch) }))
      }
      await Promise.all(sent)
      steady.push({ rate, phase: await receiver.phase(EVENTS) })
    }
    await stopAllChildren()
    return { engine, burst, steady }
  } finally {
    await receiver.close()
    await database.cleanup()
  }
}

const figures = await onEachEngine(runEngine)

const machine = machineInfo()
console.log(
  `\nWebhooks: ${EVENTS} punch.created events to a local receiver (${machine.cores} cores, ${machine.cpu}, Node ${machine.node})`,
)
console.log(
  formatTable(
    ['engine', 'load', 'delivered in', 'throughput', 'p50', 'p99', 'max', 'target'],
    figures.flatMap((f) => [
      [
        f.engine,
        'backlog',
        `${f.burst.seconds.toFixed(1)} s`,
        `${Math.round(f.burst.throughput)}/s`,
        '-',
        '-',
        '-',
        '-',
      ],
      ...f.steady.map(({ rate, phase }) => [
        f.engine,
        `${rate}/s`,
        `${phase.seconds.toFixed(1)} s`,
        `${Math.round(phase.throughput)}/s`,
        `${phase.p50} ms`,
        `${phase.p99} ms`,
        `${phase.max} ms`,
        phase.p99 < 1000 ? 'pass (p99 < 1 s)' : 'FAIL (p99 < 1 s)',
      ]),
    ]),
  ),
)
