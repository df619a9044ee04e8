/**
 * The record export streams with bounded memory
 * (docs/decisions/0019-representatives-and-record-export.md): the export of 1,000 employees with a
 * year of punches each (half a million punches, a few hundred MB of JSON lines) runs in a child
 * process whose heap, sampled while the ZIP streams, stays under a fixed ceiling far below what
 * holding the files would need. The ceiling and the peak are printed.
 */
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { buffer } from 'node:stream/consumers'
import { openPromise } from 'yauzl'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, it } from 'node:test'
import { openDatabase, migrateToLatest, type DatabaseHandle } from '../../src/db/database.js'
import { createTenant } from '../../src/modules/onboarding/onboarding.service.js'
import { seedBigRecord } from '../helpers/big-record.js'
import { ENGINES, PG_URL, uniqueEmail } from '../helpers/harness.js'

const EMPLOYEES = 1000
/**
 * The child runs with V8's old space capped at OLD_SPACE_MIB, so an export that held its files
 * would fail, not just measure high; the heap it reports (old space and the young generation)
 * must stay under HEAP_CEILING_MIB. The punches' JSON lines alone are about twice as large.
 */
const OLD_SPACE_MIB = 96
const HEAP_CEILING_MIB = 128

for (const target of ENGINES) {
  const skip = target.engine === 'postgres' && !PG_URL ? 'PostgreSQL half skipped: TEST_DATABASE_URL is not set' : false
  describe(`the record export’s memory [${target.engine}]`, { skip }, () => {
    let handle: DatabaseHandle
    let fresh: Awaited<ReturnType<typeof target.freshDatabase>>
    const dir = mkdtempSync(join(tmpdir(), 'jornada-export-memory-'))
    before(async () => {
      fresh = await target.freshDatabase()
      handle = await openDatabase(fresh.url, fresh.options)
      await migrateToLatest(handle)
    })
    after(async () => {
      await handle?.destroy()
      await fresh?.cleanup()
      rmSync(dir, { recursive: true, force: true })
    })

    it(`exports ${EMPLOYEES} employees × a year under a ${HEAP_CEILING_MIB} MiB heap`, async () => {
      const created = await createTenant(
        { db: handle.db, now: Date.now() },
        { name: 'Big company', admin_email: uniqueEmail('admin'), admin_name: 'Admin', timezone: 'Europe/Madrid' },
      )
      const tenantId = created.tenant.id
      const punches = await seedBigRecord(handle, tenantId, EMPLOYEES)
      assert.ok(punches > 500_000, `${punches} punches`)
      const out = join(dir, 'export.zip')
      const result = await new Promise<{ bytes: number; peakHeapMiB: number; seconds: number }>((resolve, reject) =>
        execFile(
          process.execPath,
          [
            `--max-old-space-size=${OLD_SPACE_MIB}`,
            '--import',
            'tsx',
            'test/helpers/record-export-child.ts',
            JSON.stringify({
              url: fresh.url,
              pgSchema: fresh.options.pgSchema,
              tenantId,
              from: '2025-01-01',
              to: '2025-12-31',
              out,
              secretsKeyHex: randomBytes(32).toString('hex'),
            }),
          ],
          { timeout: 240_000, maxBuffer: 1 << 20 },
          (error, stdout, stderr) =>
            error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(JSON.parse(stdout)),
        ),
      )
      console.log(
        `  [${target.engine}] record export of ${EMPLOYEES} employees, ${punches} punches: ${(result.bytes / 2 ** 20).toFixed(1)} MiB zipped in ${result.seconds.toFixed(1)} s; peak heap ${result.peakHeapMiB.toFixed(1)} MiB (ceiling ${HEAP_CEILING_MIB} MiB, old space capped at ${OLD_SPACE_MIB} MiB)`,
      )
      assert.ok(result.peakHeapMiB < HEAP_CEILING_MIB, `peak heap ${result.peakHeapMiB} MiB`)
      // The manifest counts every punch: nothing was left out to stay small.
      const manifest = JSON.parse((await unzipManifest(out)).toString())
      const punchFile = manifest.files.find((f: any) => f.name === 'punches.jsonl')
      assert.equal(punchFile.lines, punches)
      assert.ok(punchFile.bytes > HEAP_CEILING_MIB * 2 ** 20, `${punchFile.bytes} bytes of punches went through`)
    })
  })
}

/** The manifest of a ZIP on disk, read without the rest. */
async function unzipManifest(path: string): Promise<Buffer> {
  const zip = await openPromise(path, { lazyEntries: true })
  try {
    for await (const entry of zip.eachEntry())
      if (entry.fileName === 'manifest.json') return buffer(await zip.openReadStreamPromise(entry))
    throw new Error('no manifest.json')
  } finally {
    zip.close()
  }
}
