/**
 * Record export benchmark (`npm run bench`): the generated company of 1,000 employees with a
 * month of punches (in, lunch break, out on every weekday, hash-chained like real ones), on
 * SQLite and PostgreSQL:
 * - the record export of the month through the API (target: under 10 s);
 * - `record verify` of that ZIP, no database (target: under 5 s);
 * each against reading the same punches in the same run: one ordered query per page of employees,
 * every row turned into a JSON line, which is the least any export has to do.
 *
 * Environment: BENCH_EMPLOYEES (default 1000), BENCH_RUNS (default 3), BENCH_ENGINES (default
 * sqlite,postgres), BENCH_DATABASE_URL (PostgreSQL).
 */
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { randomBytes } from 'node:crypto'
import { buildApp } from '../src/app.js'
import { SecretBox } from '../src/lib/secret-box.js'
import { verifyRecordExport } from '../src/modules/record-export/index.js'
import { seedCompany } from './company.js'
import { openBenchDatabase } from './data.js'
import { PROJECT_ROOT, benchEngines, formatTable, machineInfo, timeMedian } from './lib.js'

const EMPLOYEES = Number(process.env.BENCH_EMPLOYEES ?? 1000)
const RUNS = Number(process.env.BENCH_RUNS ?? 3)
const ENGINES = benchEngines()
const FROM = '2025-10-01'
const TO = '2025-10-31'
const NOW = Date.parse('2026-01-05T12:00:00Z')

interface EngineFigures {
  engine: string
  punches: number
  readMs: number
  exportMs: number
  verifyMs: number
  zipMiB: number
}

async function benchEngine(engine: 'sqlite' | 'postgres'): Promise<EngineFigures | null> {
  const opened = await openBenchDatabase(engine, 'recordexport')
  if (!opened) return null
  const { handle } = opened
  const dir = mkdtempSync(join(tmpdir(), 'jornada-record-bench-'))
  try {
    const t = performance.now()
    const company = await seedCompany(handle, { employees: EMPLOYEES, from: FROM, to: TO, zone: 'Europe/Madrid' })
    console.log(
      `  [${engine}] generated ${EMPLOYEES} employees, ${company.punches} punches in ${((performance.now() - t) / 1000).toFixed(1)} s`,
    )
    const app = await buildApp({
      db: handle.db,
      rateLimitPerMinute: 100_000_000,
      clock: () => NOW,
      secrets: new SecretBox(randomBytes(32)),
    })
    const url = `/api/v1/attendance/reports/record-export?from=${FROM}&to=${TO}`
    const headers = { authorization: `Bearer ${company.adminKey}` }

    // The baseline: the same punches, read a page of employees at a time, as JSON lines.
    const ids = [...company.userIds].sort()
    const readMs = await timeMedian(RUNS, async () => {
      let bytes = 0
      for (let i = 0; i < ids.length; i += 20) {
        const rows = await handle.db
          .selectFrom('punches')
          .selectAll()
          .where('tenant_id', '=', company.tenantId)
          .where('user_id', 'in', ids.slice(i, i + 20))
          .where('ts', '>=', '2025-09-30T22:00:00.000Z')
          .where('ts', '<', '2025-10-31T23:00:00.000Z')
          .orderBy('user_id')
          .orderBy('seq')
          .execute()
        for (const row of rows) bytes += JSON.stringify(row).length + 1
      }
      if (bytes === 0) throw new Error('no punches read')
    })
    const path = join(dir, 'export.zip')
    const exportMs = await timeMedian(RUNS, async () => {
      const res = await app.inject({ method: 'GET', url, headers })
      if (res.statusCode !== 200) throw new Error(`export: ${res.statusCode} ${res.body.slice(0, 300)}`)
      writeFileSync(path, res.rawPayload)
    })
    let punches = 0
    const verifyMs = await timeMedian(RUNS, async () => {
      const result = await verifyRecordExport(path)
      if (!result.ok)
        throw new Error(
          `verify: ${result.problems
            .slice(0, 3)
            .map((p) => p.message)
            .join('; ')}`,
        )
      punches = result.checked.punches
    })
    const { size } = statSync(path)
    await app.close()
    console.log(
      `  [${engine}] read ${readMs.toFixed(0)} ms, export ${exportMs.toFixed(0)} ms, verify ${verifyMs.toFixed(0)} ms (${punches} punches, ${(size / 2 ** 20).toFixed(1)} MiB zipped)`,
    )
    return { engine, punches, readMs, exportMs, verifyMs, zipMiB: size / 2 ** 20 }
  } finally {
    await handle.destroy()
    await opened.cleanup()
    rmSync(dir, { recursive: true, force: true })
  }
}

console.log(
  `Record export benchmark: ${EMPLOYEES} employees, ${FROM} to ${TO}, ${RUNS} measured runs per figure (median)`,
)
const results: EngineFigures[] = []
for (const engine of ENGINES) {
  const figures = await benchEngine(engine)
  if (figures) results.push(figures)
}
console.log(
  formatTable(
    ['engine', 'punches', 'read (ms)', 'export (s)', 'x read', 'verify (s)', 'x read', 'ZIP (MiB)'],
    results.map((f) => [
      f.engine,
      String(f.punches),
      f.readMs.toFixed(0),
      (f.exportMs / 1000).toFixed(2),
      `${(f.exportMs / f.readMs).toFixed(1)}x`,
      (f.verifyMs / 1000).toFixed(2),
      `${(f.verifyMs / f.readMs).toFixed(1)}x`,
      f.zipMiB.toFixed(1),
    ]),
  ),
)
for (const f of results) {
  const problems = [
    ...(f.exportMs >= 10_000 ? ['export not under 10 s'] : []),
    ...(f.verifyMs >= 5_000 ? ['verify not under 5 s'] : []),
  ]
  console.log(`${f.engine}: ${problems.length ? `BELOW TARGET (${problems.join(', ')})` : 'PASS'}`)
}
mkdirSync(join(PROJECT_ROOT, 'bench', 'results'), { recursive: true })
writeFileSync(
  join(PROJECT_ROOT, 'bench', 'results', 'record-export-latest.json'),
  `${JSON.stringify({ date: new Date().toISOString(), machine: machineInfo(), employees: EMPLOYEES, from: FROM, to: TO, runs: RUNS, results }, null, 2)}\n`,
)
