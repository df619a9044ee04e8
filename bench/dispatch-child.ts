/**
 * Child process of the webhook benchmark: the dispatcher alone on a benchmark database, as
 * `jornada webhooks work` runs it. Prints `{}` when started; stops when the parent goes.
 *
 * Usage: node --import tsx bench/dispatch-child.ts <database url> <postgres schema or ->
 */
import { openDatabase } from '../src/db/database.js'
import { startWebhookDispatcher } from '../src/modules/webhooks/webhooks.dispatcher.js'
import { announceReady, exitWhenParentGoes } from './lib.js'

const [url, schema] = process.argv.slice(2)
if (!url || !schema) throw new Error('usage: dispatch-child.ts <database url> <schema or ->')
const handle = await openDatabase(url, schema === '-' ? {} : { pgSchema: schema })
const dispatcher = startWebhookDispatcher(handle.db, {
  allowPrivateNetworks: true,
  clock: Date.now,
  onError: (error) => console.error('dispatch:', error),
})
exitWhenParentGoes(async () => {
  await dispatcher.stop()
  await handle.destroy()
})
announceReady({})
