/**
 * Child process of the reports benchmark: the API on an existing benchmark database, listening on
 * a free port, so that the memory of serving an export is measured in a process of its own. Prints
 * `{"url": ...}` when listening; on SIGTERM writes its peak resident set size (MiB) to `rssFile`.
 *
 * Usage: node --import tsx bench/serve-export.ts <database url> <postgres schema or -> <rssFile>
 */
import { writeFileSync } from 'node:fs'
import { buildApp } from '../src/app.js'
import { openDatabase } from '../src/db/database.js'
import { exitWhenParentGoes } from './lib.js'

const [url, schema, rssFile] = process.argv.slice(2)
if (!url || !schema || !rssFile) throw new Error('usage: serve-export.ts <database url> <schema or -> <rssFile>')
const handle = await openDatabase(url, schema === '-' ? {} : { pgSchema: schema })
const app = await buildApp({ db: handle.db, rateLimitPerMinute: 100_000_000, logger: false })
const address = await app.listen({ port: 0, host: '127.0.0.1' })
exitWhenParentGoes(async () => {
  writeFileSync(rssFile, String(process.resourceUsage().maxRSS / 1024))
  await app.close()
  await handle.destroy()
})
process.stdout.write(`${JSON.stringify({ url: address })}\n`)
