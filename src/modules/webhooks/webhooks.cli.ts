/** `jornada webhooks work`: delivering webhooks in a process of its own. */
import { defineCommands } from '../../command-line.js'
import { loadConfig } from '../../config.js'

export const webhooksCommands = defineCommands({
  position: 10,
  register: (cli) =>
    cli
      .group('webhooks', 'Webhook delivery')
      .command('work')
      .description(
        'Deliver webhooks without serving the API (run with WEBHOOKS_DISPATCH=false on the API instances, or beside them)',
      )
      .action(async () => {
        const config = loadConfig()
        const { migrateToLatest, openDatabase } = await import('../../db/database.js')
        const { startWebhookDispatcher } = await import('./index.js')
        const handle = await openDatabase(config.databaseUrl)
        await migrateToLatest(handle)
        const dispatcher = startWebhookDispatcher(handle.db, {
          allowPrivateNetworks: config.webhooks.allowPrivateNetworks,
          clock: cli.now,
          onError: (error) => console.error(`webhooks: ${error instanceof Error ? error.message : String(error)}`),
        })
        console.log(`Delivering webhooks from ${handle.location}; stop with SIGTERM or Ctrl-C`)
        const stop = async () => {
          await dispatcher.stop()
          await handle.destroy()
          process.exit(0)
        }
        process.once('SIGINT', () => void stop())
        process.once('SIGTERM', () => void stop())
      }),
})
