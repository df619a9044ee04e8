#!/usr/bin/env node
/**
 * `jornada`: the service and its administration commands. Commands work directly on the configured
 * database (DATABASE_URL). With --json they print one JSON document on stdout; failures print an
 * error (JSON with --json) on stderr and exit non-zero. The service's own commands (serve,
 * migrate) are here; each module adds its own from its `<m>.cli.ts` (command-line.ts), found in
 * src/modules: nothing lists them.
 */
import cluster from 'node:cluster'
import { existsSync, readdirSync } from 'node:fs'
import { Command, CommanderError } from 'commander'
import type { AuthContext } from './auth/context.js'
import {
  type CommandsDescriptor,
  type JsonOption,
  commandsOf,
  output,
  registerCommands,
  withDatabase,
} from './command-line.js'
import { ConfigError, loadConfig } from './config.js'
import type { Db } from './db/unit-of-work.js'
import { AppError } from './errors.js'

/**
 * Each command loads only the modules it runs: `jornada migrate`, `keys list` or a usage error
 * start without the HTTP service, the PDF renderer or the holiday tables, and start in about half
 * the time (scripts call the command line often).
 */
const databaseModule = () => import('./db/database.js')

const jsonRequested = process.argv.includes('--json')

const program = new Command()
  .name('jornada')
  .description('Jornada workforce API: service and administration')
  .showHelpAfterError(!jsonRequested)
  .exitOverride()
  // With --json a usage error is reported as JSON by the handler at the bottom, not as text.
  .configureOutput({ outputError: (text, write) => (jsonRequested ? undefined : write(text)) })

program
  .command('serve')
  .description('Start the HTTP service (migrates the database first)')
  .option(
    '--workers <n>',
    'processes serving the port, to use several cores (PostgreSQL, REDIS_URL and METRICS_PORT needed beyond 1)',
  )
  .action(async (options: { workers?: string }) => {
    const config = loadConfig()
    // A worker runs the command again (node:cluster): it serves as a single instance does.
    const { runPrimary, workerCount } = await import('./workers.js')
    const workers = cluster.isPrimary ? workerCount(options.workers, config) : 1
    if (workers > 1) process.exit(await runPrimary(config, workers))
    const { startServer } = await import('./server.js')
    const server = await startServer(config, console.log, { worker: cluster.isWorker })
    const stop = async (signal: string) => {
      server.app.log.info({ signal, grace_ms: config.shutdownGraceMs }, 'shutting down')
      // New connections are refused at once; requests in flight finish (their commits are kept),
      // unless they outlast the grace: then the process exits anyway, and their clients see the
      // connection drop without an answer, so they retry with their Idempotency-Key.
      const deadline = setTimeout(() => {
        server.app.log.error(
          { grace_ms: config.shutdownGraceMs },
          'requests still running when the grace ran out; exiting',
        )
        process.exit(1)
      }, config.shutdownGraceMs)
      deadline.unref()
      await server.close()
      process.exit(0)
    }
    process.once('SIGINT', () => void stop('SIGINT'))
    process.once('SIGTERM', () => void stop('SIGTERM'))
  })

program
  .command('migrate')
  .description('Apply pending database migrations')
  .option('--json', 'print JSON')
  .action(async (options: JsonOption) => {
    const { migrateToLatest } = await databaseModule()
    const applied = await withDatabase((handle) => migrateToLatest(handle), { migrate: false })
    output({ applied }, options, () => (applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date'))
  })

/**
 * The commands of src/modules, each found by its `<m>.cli.ts` (under tsx and compiled alike).
 * Those files load their module only when one of their commands runs.
 */
async function moduleCommands(): Promise<Array<{ name: string; commands: CommandsDescriptor }>> {
  const extension = import.meta.url.endsWith('.ts') ? 'ts' : 'js'
  const names = readdirSync(new URL('./modules/', import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .filter((name) => existsSync(new URL(`./modules/${name}/${name}.cli.${extension}`, import.meta.url)))
    .sort()
  return Promise.all(
    names.map(async (name) => ({
      name,
      commands: commandsOf(await import(`./modules/${name}/${name}.cli.js`), `src/modules/${name}/${name}.cli.ts`),
    })),
  )
}

registerCommands(program, await moduleCommands(), {
  now: Date.now,
  audit: auditCli,
  installationAdministrator,
  async requireTenant(db, tenantId) {
    const { requireTenant } = await import('./modules/tenants/index.js')
    return requireTenant(db, tenantId)
  },
})

/**
 * The command line reads a company's records as its administrator would, with every scope:
 * every employee's record, the DNI included.
 */
async function installationAdministrator(db: Db, tenantId: string): Promise<AuthContext> {
  const { requireTenant } = await import('./modules/tenants/index.js')
  const { SCOPES } = await import('./auth/scopes.js')
  const tenant = await requireTenant(db, tenantId)
  return {
    keyId: 'cli',
    kind: 'standard',
    credential: 'command-line',
    personal: false,
    tenantId,
    tenant,
    scopes: SCOPES,
    actor: { id: 'cli', email: '', fullName: 'Command line', role: 'admin', departmentId: null, representative: false },
  }
}

/** Writes of the command line go into the audit log like those of the API, with no key or user. */
async function auditCli(db: Db, tenantId: string, operation: string, resourceId: string | null, fields: string[]) {
  const { recordWrite } = await import('./modules/audit/index.js')
  return recordWrite(
    { db, now: Date.now() },
    { tenantId, source: 'cli', keyId: null, userId: null, operation, resourceId, fields },
  )
}

function fail(error: unknown, json: boolean): never {
  const known = error instanceof AppError ? error : null
  const code = known?.code ?? (error instanceof ConfigError ? 'invalid_config' : 'internal_error')
  const message = error instanceof Error ? error.message : String(error)
  if (json) {
    process.stderr.write(
      `${JSON.stringify({ error: { code, message, ...(known?.details ? { details: known.details } : {}) } })}\n`,
    )
  } else {
    process.stderr.write(`jornada: ${message}\n`)
    for (const d of known?.details ?? []) process.stderr.write(`  ${d.field}: ${d.message}\n`)
  }
  process.exit(1)
}

try {
  await program.parseAsync(process.argv)
} catch (error) {
  if (error instanceof CommanderError) {
    if (error.exitCode === 0) process.exit(0)
    if (jsonRequested)
      process.stderr.write(`${JSON.stringify({ error: { code: 'invalid_usage', message: error.message } })}\n`)
    process.exit(2)
  }
  fail(error, jsonRequested)
}
