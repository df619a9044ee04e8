/**
 * Reports benchmark (`npm run bench`): the generated company of 1,000 employees with a year of
 * punches, on SQLite and PostgreSQL, measured through the API:
 * - the monthly record of one worker as JSON, against attendance.list of the same month in the
 *   same run (target: within 2x), and as PDF (target: under 150 ms);
 * - the company export of one month (1,000 employee-months; target: under 10 s);
 * - the export's memory: the peak RSS of a server process that streamed the export of 1,000
 *   employees to a client, against one that streamed 100 (target: within 60 MiB).
 *
 * Environment: BENCH_EMPLOYEES (default 1000), BENCH_RUNS (default 9), BENCH_ENGINES (default
 * sqlite,postgres), BENCH_DATABASE_URL (PostgreSQL).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { buildApp } from '../src/app.js'
import { seedCompany } from './company.js'
import { openBenchDatabase } from './data.js'
import { PROJECT_ROOT, benchEngines, formatTable, machineInfo, startChild, stopAllChildren, timeMedian } from './lib.js'

const EMPLOYEES = Number(process.env.BENCH_EMPLOYEES ?? 1000)
const SUBSET = Math.max(1, Math.round(EMPLOYEES / 10))
const RUNS = Number(process.env.BENCH_RUNS ?? 9)
const ENGINES = benchEngines()
const MONTH = '2025-10'
const NOW = Date.parse('2026-01-05T12:00:00Z')

interface EngineFigures {
  engine: string
  listMs: number
  jsonMs: number
  pdfMs: number
  exportMs: number
  exportRows: number
  rssSubsetMiB: number
  rssAllMiB: number
}

/** Peak RSS (MiB) of a fresh server process that streamed one export to this process, which discards it. */
async function exportRss(
  url: string,
  schema: string | null,
  key: string,
  query: string,
): Promise<{ rssMiB: number; bytes: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'jornada-rss-'))
  const rssFile = join(dir, 'rss')
  const child = await startChild<{ url: string }>('./serve-export.ts', [url, schema ?? '-', rssFile])
  try {
    const res = await fetch(`${child.ready.url}/api/v1/attendance/reports/export?${query}`, {
      headers: { authorization: `Bearer ${key}` },
    })
    if (res.status !== 200) throw new Error(`export: ${res.status} ${await res.text()}`)
    let bytes = 0
    for await (const chunk of res.body!) bytes += (chunk as Uint8Array).byteLength
    await child.stop()
    return { rssMiB: Number(readFileSync(rssFile, 'utf8')), bytes }
  } finally {
    await child.stop()
    rmSync(dir, { recursive: true, force: true })
  }
}

async function benchEngine(engine: 'sqlite' | 'postgres'): Promise<EngineFigures | null> {
  const opened = await openBenchDatabase(engine, 'reports')
  if (!opened) return null
  const { handle } = opened
  try {
    let t = performance.now()
    const company = await seedCompany(handle, {
      employees: EMPLOYEES,
      from: '2025-01-01',
      to: '2025-12-31',
      zone: 'Europe/Madrid',
      inDepartment: SUBSET,
    })
    console.log(
      `  [${engine}] generated ${EMPLOYEES} employees, ${company.punches} punches in ${((performance.now() - t) / 1000).toFixed(1)} s`,
    )
    const app = await buildApp({ db: handle.db, rateLimitPerMinute: 100_000_000, clock: () => NOW })
    const auth = { authorization: `Bearer ${company.adminKey}` }
    const worker = company.userIds[Math.floor(EMPLOYEES / 2)]!
    const get = async (url: string) => {
      const res = await app.inject({ method: 'GET', url, headers: auth })
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 300)}`)
      return res
    }
    const short = { warmMs: 500, minMs: 1500 }
    const listMs = await timeMedian(
      RUNS,
      () => get(`/api/v1/attendance?user_id=${worker}&from=${MONTH}-01&to=${MONTH}-31&page_size=31`),
      short,
    )
    const jsonMs = await timeMedian(
      RUNS,
      () => get(`/api/v1/attendance/reports/monthly?user_id=${worker}&month=${MONTH}`),
      short,
    )
    const pdfMs = await timeMedian(
      RUNS,
      () => get(`/api/v1/attendance/reports/monthly?user_id=${worker}&month=${MONTH}&format=pdf`),
      short,
    )
    let exportRows = 0
    t = performance.now()
    const exportMs = await timeMedian(3, async () => {
      const res = await get(`/api/v1/attendance/reports/export?month=${MONTH}`)
      exportRows = res.body.split('\r\n').length - 2 // header and the final line end
    })
    console.log(
      `  [${engine}] list ${listMs.toFixed(1)} ms, report JSON ${jsonMs.toFixed(1)} ms, PDF ${pdfMs.toFixed(1)} ms, export ${exportMs.toFixed(0)} ms (${exportRows} rows)`,
    )
    await app.close()
    const subset = await exportRss(
      opened.url,
      opened.schema,
      company.adminKey,
      `month=${MONTH}&department_id=${company.departmentId}`,
    )
    const all = await exportRss(opened.url, opened.schema, company.adminKey, `month=${MONTH}`)
    console.log(
      `  [${engine}] export peak RSS: ${SUBSET} employees ${subset.rssMiB.toFixed(0)} MiB (${(subset.bytes / 1_048_576).toFixed(1)} MiB sent), ${EMPLOYEES} employees ${all.rssMiB.toFixed(0)} MiB (${(all.bytes / 1_048_576).toFixed(1)} MiB sent)`,
    )
    return { engine, listMs, jsonMs, pdfMs, exportMs, exportRows, rssSubsetMiB: subset.rssMiB, rssAllMiB: all.rssMiB }
  } finally {
    await handle.destroy()
    await opened.cleanup()
  }
}

console.log(
  `Reports benchmark: ${EMPLOYEES} employees, a year of punches, month ${MONTH}, ${RUNS} measured runs per figure (median)`,
)
const results: EngineFigures[] = []
try {
  for (const engine of ENGINES) {
    const figures = await benchEngine(engine)
    if (figures) results.push(figures)
  }
} finally {
  await stopAllChildren()
}

console.log(
  formatTable(
    [
      'engine',
      'list (ms)',
      'report JSON (ms)',
      'x list',
      'report PDF (ms)',
      `export ${EMPLOYEES} (s)`,
      `RSS ${SUBSET} (MiB)`,
      `RSS ${EMPLOYEES} (MiB)`,
      'RSS +',
    ],
    results.map((f) => [
      f.engine,
      f.listMs.toFixed(1),
      f.jsonMs.toFixed(1),
      `${(f.jsonMs / f.listMs).toFixed(2)}x`,
      f.pdfMs.toFixed(1),
      (f.exportMs / 1000).toFixed(2),
      f.rssSubsetMiB.toFixed(0),
      f.rssAllMiB.toFixed(0),
      (f.rssAllMiB - f.rssSubsetMiB).toFixed(0),
    ]),
  ),
)
for (const f of results) {
  const problems = [
    ...(f.jsonMs > 2 * f.listMs ? ['JSON report over 2x attendance.list'] : []),
    ...(f.pdfMs >= 150 ? ['PDF not under 150 ms'] : []),
    ...(f.exportMs >= 10_000 ? ['export not under 10 s'] : []),
    ...(f.rssAllMiB - f.rssSubsetMiB > 60 ? ['export memory grows over 60 MiB'] : []),
    // The generated employees and the company's administrator, 31 days each.
    ...(f.exportRows !== (EMPLOYEES + 1) * 31 ? [`export has ${f.exportRows} rows, not ${(EMPLOYEES + 1) * 31}`] : []),
  ]
  console.log(`${f.engine}: ${problems.length ? `BELOW TARGET (${problems.join(', ')})` : 'PASS'}`)
}
mkdirSync(join(PROJECT_ROOT, 'bench', 'results'), { recursive: true })
writeFileSync(
  join(PROJECT_ROOT, 'bench', 'results', 'reports-latest.json'),
  `${JSON.stringify({ date: new Date().toISOString(), machine: machineInfo(), employees: EMPLOYEES, month: MONTH, runs: RUNS, results }, null, 2)}\n`,
)
