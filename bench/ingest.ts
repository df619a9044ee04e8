/**
 * Ingest benchmark (integrations): 100,000 punches for 1,000 employees pushed through
 * POST /attendance/batch, 1,000 a request, against the same punches one request at a time (a
 * sample of 2,000, extrapolated). Target: the batch path under 30 s and at least 20 times faster.
 * Both over HTTP to a server in a process of its own, on each engine.
 *
 * Run alone with `node --import tsx bench/ingest.ts`; `npm run bench` runs it too.
 */
import { seedCompany } from './company.js'
import { openBenchDatabase } from './data.js'
import { formatTable, machineInfo, onEachEngine, postJson, startChild } from './lib.js'

const EMPLOYEES = 1_000
const PUNCHES_EACH = 100
const PER_REQUEST = 1_000
const SINGLE_SAMPLE = 2_000
const STEP_MS = 5 * 60_000

interface IngestFigures {
  engine: string
  batchMs: number
  singleSampleMs: number
  singleExtrapolatedMs: number
}

/** Employee `u`'s punch `k`: in/out alternating, 5 minutes apart, starting `startMs`. */
function punchOf(userId: string, k: number, startMs: number) {
  return { user_id: userId, type: k % 2 === 0 ? 'in' : 'out', ts: new Date(startMs + k * STEP_MS).toISOString() }
}

async function runEngine(engine: 'sqlite' | 'postgres'): Promise<IngestFigures | null> {
  const database = await openBenchDatabase(engine, 'ingest')
  if (!database) return null
  try {
    // Employees without punches: a company whose only day is a Sunday.
    const company = await seedCompany(database.handle, {
      employees: EMPLOYEES,
      from: '2026-11-01',
      to: '2026-11-01',
      zone: 'Europe/Madrid',
    })
    await database.handle.destroy()
    const server = await startChild<{ url: string }>('./serve-export.ts', [
      database.url,
      database.schema ?? '-',
      `/tmp/jornada-ingest-${process.pid}.rss`,
    ])
    const base = `${server.ready.url}/api/v1`
    // 100 punches 5 minutes apart end a little over 8 hours after they start: 20 days back leaves
    // room for the single-request sample after them, all within the 60 days a punch may be late.
    const start = Date.now() - 20 * 86_400_000
    const employeesPerRequest = PER_REQUEST / PUNCHES_EACH

    const batchStarted = performance.now()
    for (let first = 0; first < EMPLOYEES; first += employeesPerRequest) {
      const punches = company.userIds
        .slice(first, first + employeesPerRequest)
        .flatMap((id) => Array.from({ length: PUNCHES_EACH }, (_, k) => punchOf(id, k, start)))
      const answer = await postJson(`${base}/attendance/batch`, company.adminKey, { punches })
      const refused = answer.data.filter((r: { status: number }) => r.status !== 201)
      if (refused.length > 0) throw new Error(`batch refused ${refused.length}: ${JSON.stringify(refused[0])}`)
    }
    const batchMs = performance.now() - batchStarted

    // The same kind of punches one request at a time, for the first employees, a day later.
    const singleStart = start + 86_400_000
    const sampleEmployees = SINGLE_SAMPLE / PUNCHES_EACH
    const singleStarted = performance.now()
    for (let k = 0; k < PUNCHES_EACH; k++) {
      for (const id of company.userIds.slice(0, sampleEmployees))
        await postJson(`${base}/attendance`, company.adminKey, punchOf(id, k, singleStart))
    }
    const singleSampleMs = performance.now() - singleStarted
    await server.stop()
    return {
      engine,
      batchMs,
      singleSampleMs,
      singleExtrapolatedMs: (singleSampleMs * (EMPLOYEES * PUNCHES_EACH)) / SINGLE_SAMPLE,
    }
  } finally {
    await database.cleanup()
  }
}

const figures = await onEachEngine(runEngine)

const machine = machineInfo()
console.log(
  `\nIngest: ${EMPLOYEES * PUNCHES_EACH} punches for ${EMPLOYEES} employees, ${PER_REQUEST} a batch (${machine.cores} cores, ${machine.cpu}, Node ${machine.node})`,
)
console.log(
  formatTable(
    ['engine', 'batch, 100k', 'target', 'one at a time, 2k sample', 'extrapolated to 100k', 'batch speed-up', 'target'],
    figures.map((f) => {
      const speedUp = f.singleExtrapolatedMs / f.batchMs
      return [
        f.engine,
        `${(f.batchMs / 1000).toFixed(1)} s`,
        f.batchMs < 30_000 ? 'pass (< 30 s)' : 'FAIL (< 30 s)',
        `${(f.singleSampleMs / 1000).toFixed(1)} s`,
        `${(f.singleExtrapolatedMs / 1000).toFixed(0)} s`,
        `${speedUp.toFixed(1)}x`,
        speedUp >= 20 ? 'pass (>= 20x)' : 'FAIL (>= 20x)',
      ]
    }),
  ),
)
