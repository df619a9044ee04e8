/**
 * Child process of the reports benchmark: the API on an existing benchmark database, listening on
 * a free port, so that the memory of serving an export is measured in a process of its own. Prints
 * `{"url": ...}` when listening; on SIGTERM writes its peak resident set size (MiB) to `rssFile`.
 *
 * With `webhooks` last, it also delivers webhooks, as `jornada serve` does by default.
 *
 * Usage: node --import tsx bench/serve-export.ts <database url> <postgres schema or -> <rssFile> [webhooks]
 */
import { writeFileSync } from 'node:fs'
import { buildApp } from '../src/app.js'
import { openDatabase } from '../src/db/database.js'
import { startWebhookDispatcher } from '../src/modules/webhooks/webhooks.dispatcher.js'
import { announceReady, exitWhenParentGoes } from './lib.js'

const [url, schema, rssFile, extra] = process.argv.slice(2)
if (!url || !schema || !rssFile) throw new Error('usage: serve-export.ts <database url> <schema or -> <rssFile>')
const handle = await openDatabase(url, schema === '-' ? {} : { pgSchema: schema })
const app = await buildApp({ db: handle.db, rateLimitPerMinute: 100_000_000, logger: false })
const address = await app.listen({ port: 0, host: '127.0.0.1' })
const dispatcher =
  extra === 'webhooks'
    ? startWebhookDispatcher(handle.db, {
        allowPrivateNetworks: true,
        clock: Date.now,
        onError: (error) => console.error('webhooks:', error),
      })
    : null
exitWhenParentGoes(async () => {
  await dispatcher?.stop()
  writeFileSync(rssFile, String(process.resourceUsage().maxRSS / 1024))
  await app.close()
  await handle.destroy()
})
announceReady({ url: address })
