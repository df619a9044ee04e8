#!/usr/bin/env node
/**
 * `jornada`: the service and its administration commands. Commands work directly on the configured
 * database (DATABASE_URL). With --json they print one JSON document on stdout; failures print an
 * error (JSON with --json) on stderr and exit non-zero.
 */
import cluster from 'node:cluster'
import { createWriteStream, readFileSync, writeFileSync } from 'node:fs'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { Command, CommanderError } from 'commander'
import type { AuthContext, KeyKind } from './auth/context.js'
import { ConfigError, loadConfig } from './config.js'
import type { DatabaseHandle } from './db/database.js'
import { AppError, invalidField } from './errors.js'
import { describeImport, plural, terminalEmployeeProgress, terminalProgress } from './cli/presentation.js'
import { isValidTimeZone } from './lib/time.js'

/**
 * Each command loads only the modules it runs: `jornada migrate`, `keys list` or a usage error
 * start without the HTTP service, the PDF renderer or the holiday tables, and start in about half
 * the time (scripts call the command line often).
 */
const databaseModule = () => import('./db/database.js')
const attendance = () => import('./modules/attendance/index.js')
const accounts = () => import('./modules/accounts/index.js')
const expensesModule = () => import('./modules/expenses/index.js')
const keysModule = () => import('./modules/keys/index.js')
const onboarding = () => import('./modules/onboarding/index.js')
const reportsModule = () => import('./modules/reports/index.js')

interface JsonOption {
  json?: boolean
}

/** A JSON file given on the command line, as a value to check (a field error when unreadable). */
function readReport(path: string): unknown {
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (error) {
    throw invalidField('against', `cannot be read: ${(error as Error).message}`)
  }
  try {
    return JSON.parse(text)
  } catch {
    throw invalidField('against', 'is not the --json report of punches verify')
  }
}

function output(value: unknown, options: JsonOption, human: () => string): void {
  process.stdout.write(options.json ? `${JSON.stringify(value, null, 2)}\n` : `${human()}\n`)
}

/** Opens the configured database, brought up to date first unless the command migrates itself. */
async function withDatabase<T>(run: (database: DatabaseHandle) => Promise<T>, options = { migrate: true }): Promise<T> {
  const config = loadConfig()
  const { migrateToLatest, openDatabase } = await databaseModule()
  const handle = await openDatabase(config.databaseUrl)
  try {
    if (options.migrate) await migrateToLatest(handle)
    return await run(handle)
  } finally {
    await handle.destroy()
  }
}

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

const webhooks = program.command('webhooks').description('Webhook delivery')
webhooks
  .command('work')
  .description(
    'Deliver webhooks without serving the API (run with WEBHOOKS_DISPATCH=false on the API instances, or beside them)',
  )
  .action(async () => {
    const config = loadConfig()
    const { migrateToLatest, openDatabase } = await databaseModule()
    const { startWebhookDispatcher } = await import('./modules/webhooks/index.js')
    const handle = await openDatabase(config.databaseUrl)
    await migrateToLatest(handle)
    const dispatcher = startWebhookDispatcher(handle.db, {
      allowPrivateNetworks: config.webhooks.allowPrivateNetworks,
      clock: Date.now,
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
  })

const tenants = program.command('tenants').description('Manage tenants')
tenants
  .command('create')
  .description('Create a tenant, its first administrator and a key with every scope acting as them')
  .requiredOption('--name <name>', 'company name')
  .requiredOption('--admin-email <email>', 'email of the first administrator')
  .requiredOption('--admin-name <name>', 'full name of the first administrator')
  .option('--timezone <zone>', 'IANA time zone (default Europe/Madrid)')
  .option('--country <cc>', 'ISO 3166-1 alpha-2 country for public holidays')
  .option('--region <rr>', 'region within the country')
  .option('--json', 'print JSON')
  .action(async (options: JsonOption & Record<string, string | undefined>) => {
    const { createTenant } = await onboarding()
    const created = await withDatabase(async (database) => {
      const fields = { name: options.name!, admin_email: options.adminEmail!, admin_name: options.adminName! }
      const places = {
        ...(options.timezone ? { timezone: options.timezone } : {}),
        ...(options.country ? { country: options.country } : {}),
        ...(options.region ? { region: options.region } : {}),
      }
      const result = await createTenant({ db: database.db, now: Date.now() }, { ...fields, ...places })
      await auditCli(database.db, result.tenant.id, 'tenants.create', result.tenant.id, [
        ...Object.keys(fields),
        ...Object.keys(places),
      ])
      return result
    })
    output(created, options, () =>
      [
        `Tenant ${created.tenant.id} (${created.tenant.name})`,
        `Admin user ${created.admin_user.id}`,
        `API key (shown once): ${created.api_key}`,
      ].join('\n'),
    )
  })

/** A secret given by the name of the variable that holds it, or on standard input: never in the shell's history. */
async function secretOption(options: {
  clientSecretEnv?: string
  clientSecretStdin?: boolean
}): Promise<string | undefined> {
  if (options.clientSecretEnv !== undefined) {
    const value = process.env[options.clientSecretEnv]
    if (!value) throw invalidField('client-secret-env', `names ${options.clientSecretEnv}, which is not set`)
    return value
  }
  if (!options.clientSecretStdin) return undefined
  const chunks: Buffer[] = []
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8').trim()
}

const sso = tenants.command('sso').description('Single sign-on with the company’s OpenID Connect provider')
sso
  .command('set')
  .description(
    'Set up single sign-on (the issuer must answer its discovery document); the client secret is stored encrypted with SECRETS_KEY',
  )
  .requiredOption('--tenant <id>', 'tenant id')
  .requiredOption('--issuer <url>', 'the provider’s issuer, e.g. https://login.microsoftonline.com/<tenant>/v2.0')
  .requiredOption('--client-id <id>', 'the client (application) id the provider gave Jornada')
  .option('--client-secret-env <name>', 'the environment variable that holds the client secret')
  .option('--client-secret-stdin', 'read the client secret from standard input')
  .option('--allowed-domains <list>', 'comma-separated mail domains allowed to sign in this way (default: any)')
  .option('--sso-only', 'refuse password and passkey sign-in to everyone but administrators')
  .option('--no-sso-only', 'let people sign in with passwords and passkeys too (the default)')
  .option('--json', 'print JSON')
  .action(async (options: JsonOption & Record<string, string | boolean | undefined>) => {
    const { setSsoFromCommandLine, ssoSettingsOf } = await import('./modules/tenants/index.js')
    const secrets = await secretBoxOfConfig()
    const secret = await secretOption(options as { clientSecretEnv?: string; clientSecretStdin?: boolean })
    const domains =
      typeof options.allowedDomains === 'string'
        ? options.allowedDomains.split(',').map((d) => d.trim().toLowerCase())
        : undefined
    const settings = await withDatabase(async (database) => {
      await setSsoFromCommandLine(
        database.db,
        options.tenant as string,
        {
          oidc_issuer: options.issuer as string,
          client_id: options.clientId as string,
          ...(secret !== undefined ? { client_secret: secret } : {}),
          ...(domains ? { allowed_domains: domains } : {}),
          ...(typeof options.ssoOnly === 'boolean' ? { sso_only: options.ssoOnly } : {}),
        },
        secrets,
        { allowPrivateNetworks: loadConfig().ssoAllowPrivateNetworks },
        new Date().toISOString(),
      )
      await auditCli(database.db, options.tenant as string, 'tenant.update', options.tenant as string, ['sso'])
      return ssoSettingsOf(database.db, options.tenant as string)
    })
    output(settings, options, () =>
      [
        `Single sign-on set up with ${settings!.oidc_issuer} (client ${settings!.client_id})`,
        `Allowed domains: ${settings!.allowed_domains?.join(', ') ?? 'any'}`,
        `SSO only: ${settings!.sso_only ? 'yes (administrators keep their password)' : 'no'}`,
        'Register this redirect URI at the provider: PUBLIC_URL + /auth/oidc/callback',
        `People start at: PUBLIC_URL + /auth/oidc/start?tenant_id=${options.tenant}`,
      ].join('\n'),
    )
  })
sso
  .command('off')
  .description('Turn single sign-on off: people sign in with passwords and passkeys again')
  .requiredOption('--tenant <id>', 'tenant id')
  .option('--json', 'print JSON')
  .action(async (options: JsonOption & { tenant: string }) => {
    const { applySsoSettings, requireTenant } = await import('./modules/tenants/index.js')
    await withDatabase(async (database) => {
      await requireTenant(database.db, options.tenant)
      await applySsoSettings(database.db, options.tenant, null, null, new Date().toISOString())
      await auditCli(database.db, options.tenant, 'tenant.update', options.tenant, ['sso'])
    })
    output({ sso: null }, options, () => 'Single sign-on is off: people sign in with passwords and passkeys')
  })

tenants
  .command('record-key')
  .description(
    'The public keys that sign the company’s record exports, the current one first (made on first use; the private half is sealed with SECRETS_KEY)',
  )
  .requiredOption('--tenant <id>', 'tenant id')
  .option('--rotate', 'replace the current key: exports are signed by a new one from now on, the old one stays listed')
  .option('--json', 'print JSON')
  .action(async (options: JsonOption & { tenant: string; rotate?: boolean }) => {
    const { listRecordKeys, rotateKeyOf } = await import('./modules/record-export/index.js')
    const { requireTenant } = await import('./modules/tenants/index.js')
    const secrets = await secretBoxOfConfig()
    const recordKeys = await withDatabase(async (database) => {
      await requireTenant(database.db, options.tenant)
      const unit = { db: database.db, now: Date.now() }
      if (!options.rotate) return listRecordKeys(unit, options.tenant, secrets)
      const rotated = await rotateKeyOf(unit, options.tenant, secrets)
      await auditCli(database.db, options.tenant, 'tenant.update', options.tenant, ['record_key'])
      return rotated
    })
    output(recordKeys, options, () =>
      recordKeys
        .map(
          (k) =>
            `${k.id} ${k.algorithm} ${k.public_key} valid from ${k.valid_from}${k.valid_until ? ` until ${k.valid_until}` : ' (current)'}`,
        )
        .join('\n'),
    )
  })

/** The service's secrets key as the configuration gives it (SECRETS_KEY), or null. */
async function secretBoxOfConfig() {
  const { SecretBox } = await import('./lib/secret-box.js')
  const keys = loadConfig().secretsKeys
  return keys ? new SecretBox(keys.current, keys.previous) : null
}

const record = program.command('record').description('The record export for the Labour Inspectorate')
record
  .command('verify')
  .description(
    'Check a record export (GET /api/v1/attendance/reports/record-export) with no database and no network; exits 1 with what broke',
  )
  .argument('<file>', 'the ZIP')
  .option('--public-key <key>', 'the company’s record key (base64 or PEM), as GET /api/v1/tenant/record-key gives it')
  .option('--json', 'print JSON')
  .action(async (file: string, options: JsonOption & { publicKey?: string }) => {
    const { verifyRecordExport } = await import('./modules/record-export/index.js')
    const result = await verifyRecordExport(
      file,
      options.publicKey === undefined ? {} : { publicKey: options.publicKey },
    )
    output(result, options, () => {
      const what = `${plural(result.checked.employees, 'employee', 'employees')}, ${plural(result.checked.punches, 'punch', 'punches')}, ${plural(result.checked.corrections, 'correction', 'corrections')}`
      const company = result.company
        ? `${result.company.name} (${result.company.id}), ${result.range?.from} to ${result.range?.to}`
        : file
      if (result.ok)
        return [
          `Intact: ${company}; ${what}; every hash, link and digest checked; signed by ${result.key?.id}.`,
          ...(result.key?.source === 'given'
            ? []
            : [
                `The signature was checked with the key the export names: compare ${result.key?.id} with the company’s published key (GET /api/v1/tenant/record-key), or pass --public-key.`,
              ]),
        ].join('\n')
      return [
        `Broken: ${company}; ${plural(result.problems.length, 'problem', 'problems')}:`,
        ...result.problems.map((p) => `  ${p.message}`),
      ].join('\n')
    })
    if (!result.ok) process.exitCode = 1
  })

function keyKindOption(kind: string | undefined): KeyKind | undefined {
  if (kind === undefined || kind === 'standard' || kind === 'inspector') return kind
  throw invalidField('kind', 'must be standard or inspector')
}

const keys = program.command('keys').description('Manage API keys')
keys
  .command('create')
  .description('Create an API key; the secret is printed once')
  .requiredOption('--tenant <id>', 'tenant id')
  .requiredOption('--acts-as <userId>', 'user whose permissions authorise the key’s writes')
  .option(
    '--scopes <list>',
    'comma-separated scopes, e.g. users.list,users.get (an inspector key: all its read scopes by default)',
  )
  .option(
    '--kind <kind>',
    'standard (default) or inspector: read-only time record, expires within 90 days, every request in the access log',
  )
  .option('--name <name>', 'a label for the key')
  .option('--expires-at <iso>', 'expiry: a future instant, ISO 8601 with Z or an offset (e.g. 2027-01-01T00:00:00Z)')
  .option('--json', 'print JSON')
  .action(async (options: JsonOption & Record<string, string | undefined>) => {
    const { createKey } = await keysModule()
    const created = await withDatabase(async (database) => {
      const result = await createKey(
        { db: database.db, now: Date.now() },
        {
          tenantId: options.tenant!,
          actsAsUserId: options.actsAs!,
          scopes: options.scopes
            ?.split(',')
            .map((s) => s.trim())
            .filter(Boolean),
          kind: keyKindOption(options.kind),
          ...(options.name ? { name: options.name } : {}),
          expiresAt: options.expiresAt ?? null,
        },
      )
      const given = { scopes: options.scopes, kind: options.kind, name: options.name, expires_at: options.expiresAt }
      const fields = [
        'acts_as_user_id',
        ...Object.entries(given)
          .filter(([, v]) => v !== undefined)
          .map(([k]) => k),
      ]
      await auditCli(database.db, options.tenant!, 'keys.create', result.key.id, fields)
      return result
    })
    output({ api_key: created.apiKey, key: created.key }, options, () => `Key ${created.key.id}: ${created.apiKey}`)
  })
keys
  .command('list')
  .description('List the keys of a tenant (never their secrets)')
  .requiredOption('--tenant <id>', 'tenant id')
  .option('--json', 'print JSON')
  .action(async (options: JsonOption & { tenant: string }) => {
    const { listKeys } = await keysModule()
    const list = await withDatabase((database) => listKeys({ db: database.db, now: Date.now() }, options.tenant))
    output(
      { keys: list },
      options,
      () =>
        list
          .map(
            (k) =>
              `${k.id}  ${k.revoked_at ? 'revoked' : 'active '}  ${k.kind.padEnd(9)}  ${k.name}  [${k.scopes.join(',')}]`,
          )
          .join('\n') || 'No keys',
    )
  })
keys
  .command('revoke')
  .description('Revoke a key; it stops working at once')
  .argument('<keyId>', 'key id (key_...)')
  .option('--json', 'print JSON')
  .action(async (keyId: string, options: JsonOption) => {
    const { revokeKey, tenantOfKey } = await keysModule()
    const key = await withDatabase(async (database) => {
      const revoked = await revokeKey({ db: database.db, now: Date.now() }, keyId)
      const tenantId = (await tenantOfKey({ db: database.db, now: Date.now() }, keyId))!
      await auditCli(database.db, tenantId, 'keys.revoke', revoked.id, [])
      return revoked
    })
    output({ key }, options, () => `Revoked ${key.id}`)
  })

const users = program.command('users').description('The people of a company')
users
  .command('invite')
  .description(
    'Invite a person to set their password: a one-time link valid 72 hours, mailed when SMTP_URL is set (queued, and retried by `jornada serve` when the mail server does not take it now), printed otherwise',
  )
  .argument('<userId>', 'user id (usr_...)')
  .requiredOption('--tenant <id>', 'tenant id')
  .option('--json', 'print JSON')
  .action(async (userId: string, options: JsonOption & { tenant: string }) => {
    const config = loadConfig()
    const { inviteUser } = await accounts()
    const { sendQueuedMail, smtpMailer } = await import('./modules/mail/index.js')
    const { scopeOf } = await import('./auth/request-scope.js')
    const mailer = config.accounts.smtpUrl ? smtpMailer(config.accounts.smtpUrl, config.accounts.mailFrom) : null
    try {
      const { invitation, sent } = await withDatabase(async (database) => {
        const auth = await installationAdministrator(database.db, options.tenant)
        const { invitation, mailId } = await inviteUser(scopeOf(database.db, auth, Date.now()), userId, {
          base: config.accounts.publicUrl ?? `http://localhost:${config.port}`,
          mail: mailer !== null,
        })
        await auditCli(database.db, options.tenant, 'users.invite', userId, [])
        // Committed with its invitation: sent now if the mail server takes it, else by `jornada serve`.
        const outcomes =
          mailId && mailer && config.accounts.publicUrl
            ? await sendQueuedMail(database.db, [mailId], {
                mailer,
                domain: new URL(config.accounts.publicUrl).hostname,
                clock: Date.now,
              })
            : []
        return { invitation, sent: outcomes[0] ?? null }
      })
      output(invitation, options, () =>
        invitation.link
          ? `Invitation for ${userId}, valid until ${invitation.expires_at}; hand over this link (shown once):\n${invitation.link}`
          : sent?.outcome === 'sent'
            ? `Invitation mailed to ${userId}, valid until ${invitation.expires_at}`
            : sent?.outcome === 'failed'
              ? `Invitation for ${userId} made, valid until ${invitation.expires_at}, but the mail server refused its mail: ${sent.error}`
              : `Invitation for ${userId}, valid until ${invitation.expires_at}, queued for mail: the mail server did not take it now, and \`jornada serve\` sends it when it does`,
      )
    } finally {
      await mailer?.close()
    }
  })

const punches = program.command('punches').description('The punch record')
punches
  .command('verify')
  .description('Check the hash chains of the punch record; exits 1 when any link is broken')
  .requiredOption('--tenant <id>', 'tenant id')
  .option('--user <id>', 'only this employee')
  .option('--against <file>', 'an earlier --json report: its anchored punches must be there unchanged')
  .option('--json', 'print JSON')
  .action(async (options: JsonOption & { tenant: string; user?: string; against?: string }) => {
    const { anchorsOfReport, verifyPunchChains } = await attendance()
    const against = options.against ? anchorsOfReport(readReport(options.against), options.tenant) : []
    const report = await withDatabase((database) =>
      verifyPunchChains(database.db, options.tenant, options.user, against),
    )
    output(report, options, () =>
      [
        `Checked ${plural(report.punches_checked, 'chain link', 'chain links')} (punches and approved corrections) of ${plural(report.users_checked, 'employee', 'employees')}${options.against ? ` against ${plural(report.anchors_checked, 'anchor', 'anchors')} of the report` : ''}: ${report.ok ? 'intact' : plural(report.broken.length, 'broken link', 'broken links')}`,
        ...report.broken.map((b) => `  ${b.user_id} #${b.seq} ${b.punch_id ?? '(missing)'}: ${b.problem}`),
      ].join('\n'),
    )
    if (!report.ok) process.exitCode = 1
  })

/**
 * The command line reads a company's records as its administrator would, with every scope:
 * every employee's record, the DNI included.
 */
async function installationAdministrator(db: DatabaseHandle['db'], tenantId: string): Promise<AuthContext> {
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

function validZone(zone: string): string {
  if (!isValidTimeZone(zone)) throw invalidField('tz', 'must be an IANA time zone, e.g. Europe/Madrid')
  return zone
}

async function monthOption(month: string): Promise<string> {
  const { MONTH_PATTERN } = await reportsModule()
  if (!new RegExp(MONTH_PATTERN).test(month))
    throw invalidField('month', 'must be YYYY-MM with a year from 1900 to 9998, e.g. 2026-10')
  return month
}

const reports = program
  .command('reports')
  .description('The working-time record: monthly reports and the company export')
reports
  .command('monthly')
  .description('The monthly record of one worker as JSON, CSV or PDF, to a file or stdout')
  .requiredOption('--tenant <id>', 'tenant id')
  .requiredOption('--user <id>', 'the worker')
  .requiredOption('--month <YYYY-MM>', 'the month')
  .option('--format <format>', 'json (default), csv or pdf')
  .option('--tz <zone>', 'IANA time zone of the days (default the company’s)')
  .option('--out <file>', 'write to this file (default stdout)')
  .option('--json', 'report failures as JSON (the form of the report is --format)')
  .action(
    async (options: { tenant: string; user: string; month: string; format?: string; tz?: string; out?: string }) => {
      const format = options.format ?? 'json'
      if (format !== 'json' && format !== 'csv' && format !== 'pdf')
        throw invalidField('format', 'must be json, csv or pdf')
      const { monthlyReport, renderMonthlyReport } = await reportsModule()
      const { scopeOf } = await import('./auth/request-scope.js')
      const rendered = await withDatabase(async (database) => {
        const auth = await installationAdministrator(database.db, options.tenant)
        const query = {
          user_id: options.user,
          month: await monthOption(options.month),
          ...(options.tz ? { tz: validZone(options.tz) } : {}),
        }
        return renderMonthlyReport(await monthlyReport(scopeOf(database.db, auth, Date.now()), query), format)
      })
      if (options.out) {
        writeFileSync(options.out, rendered.body)
        process.stderr.write(`Wrote ${options.out}\n`)
      } else process.stdout.write(rendered.body)
    },
  )
reports
  .command('export')
  .description('Every employee-day of a month as one CSV file, written employee by employee')
  .requiredOption('--tenant <id>', 'tenant id')
  .requiredOption('--month <YYYY-MM>', 'the month')
  .requiredOption('--out <file>', 'the CSV file to write')
  .option('--tz <zone>', 'IANA time zone of the days (default the company’s)')
  .option('--json', 'print JSON')
  .action(async (options: JsonOption & { tenant: string; month: string; out: string; tz?: string }) => {
    const { CSV_HEADER, exportMonthRecords } = await reportsModule()
    const { csvStream } = await import('./lib/csv.js')
    const { scopeOf } = await import('./auth/request-scope.js')
    const summary = await withDatabase(async (database) => {
      const auth = await installationAdministrator(database.db, options.tenant)
      const query = { month: await monthOption(options.month), ...(options.tz ? { tz: validZone(options.tz) } : {}) }
      const progress = terminalEmployeeProgress('Exporting')
      let employees = 0
      let rows = 0
      async function* counted() {
        for await (const page of exportMonthRecords(scopeOf(database.db, auth, Date.now()), query, (done, total) => {
          employees = done
          progress?.(done, total)
        })) {
          rows += page.length
          yield page
        }
      }
      try {
        await pipeline(Readable.from(csvStream(counted(), CSV_HEADER)), createWriteStream(options.out))
      } finally {
        progress?.stop()
      }
      return { file: options.out, month: query.month, employees, rows }
    })
    output(
      summary,
      options,
      () =>
        `Exported ${plural(summary.employees, 'employee', 'employees', true)} (${plural(summary.rows, 'row', 'rows', true)}) of ${summary.month} to ${summary.file}`,
    )
  })

const expenses = program.command('expenses').description('Expenses')
expenses
  .command('import')
  .description('Import expenses from a CSV file (status imported); bad rows are reported with their line and skipped')
  .argument('<file>', 'CSV file: a header line, then one expense per line')
  .requiredOption('--tenant <id>', 'tenant id')
  // The figures are the expenses module's DEFAULT_BATCH_SIZE and MAX_BATCH_SIZE, written out so
  // that the help shows without loading the import.
  .option('--batch-size <n>', 'rows per transaction, 1 to 10000 (default 1000)')
  .option('--json', 'print JSON')
  .action(async (file: string, options: JsonOption & { tenant: string; batchSize?: string }) => {
    const { importExpensesCsv } = await expensesModule()
    const report = await withDatabase(async (database) => {
      const result = await importExpensesCsv({ db: database.db, now: Date.now() }, options.tenant, file, {
        batchSize: options.batchSize,
        progress: terminalProgress(),
      })
      if (result.imported > 0) await auditCli(database.db, options.tenant, 'expenses.import', null, [])
      return result
    })
    output(report, options, () => describeImport(report))
  })

program
  .command('demo')
  .description('Create a demo tenant with sample data and print its admin key')
  .option('--json', 'print JSON')
  .action(async (options: JsonOption) => {
    const { createDemoTenant } = await onboarding()
    const created = await withDatabase(async (database) => {
      const result = await createDemoTenant({ db: database.db, now: Date.now() })
      await auditCli(database.db, result.tenant.id, 'demo.create', result.tenant.id, [])
      return result
    })
    output(
      created,
      options,
      () =>
        `Demo tenant ${created.tenant.id}\nAdmin API key (shown once): ${created.api_key}\nSign in as the demo worker: ${created.sign_in.worker_email} / ${created.sign_in.password} (the same password opens every demo person)`,
    )
  })

/** Writes of the command line go into the audit log like those of the API, with no key or user. */
async function auditCli(
  db: DatabaseHandle['db'],
  tenantId: string,
  operation: string,
  resourceId: string | null,
  fields: string[],
) {
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
