/**
 * The suite of the `jornada` CLI, one engine per test file (cli.sqlite.test.ts, cli.postgres.test.ts),
 * so that each file, spawning dozens of CLI processes, stays within the runner's per-file time.
 *
 * The `jornada` CLI, run for real as a child process (`node --import tsx src/cli.ts ...`) against a
 * fresh database of each engine; what it prints is then checked against the database through the
 * HTTP app built in-process on the same database (the printed keys must really work).
 *
 * PostgreSQL isolation: the CLI only takes DATABASE_URL, so each run gets a dedicated database
 * (`jt_cli_<random>`, dropped at the end) rather than a schema selected with
 * `?options=-c%20search_path%3D...`. That parameter does reach the server (node-postgres passes it
 * on), but the CLI opens the database without a `pgSchema`, so `migrateToLatest` cannot tell
 * Kysely's Migrator which schema is ours, and the Migrator then looks for `kysely_migration` in
 * *every* schema: as soon as another schema of the same database is migrated (e.g. a concurrently
 * running test file's), migrating ours fails with `relation "kysely_migration_lock" does not exist`.
 */
import { CLI_ENTRY } from './cli-command.js'
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { after, before, describe, it } from 'node:test'
import { parse } from 'csv-parse/sync'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../src/app.js'
import { SCOPES } from '../../src/auth/scopes.js'
import { migrateToLatest, type DatabaseHandle } from '../../src/db/database.js'
import { listKeys } from '../../src/modules/keys/keys.service.js'
import { CSV_HEADER } from '../../src/modules/reports/monthly-report.logic.js'
import { Client, ENGINES, NO_SHEDDING, PG_URL, expectError, uniqueEmail } from './harness.js'
import { type CliTarget, freshCliTarget } from './cli-target.js'
import { pdfText } from './pdf-text.js'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const SPAWN_TIMEOUT_MS = 60_000
/** Generous: every test spawns one to four CLI processes of about a second each. */
const TEST_TIMEOUT_MS = 120_000
const API_KEY_PATTERN = /^jnd_([0-9A-HJKMNP-TV-Z]{26})_([A-Za-z0-9_-]{20,100})$/
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/

interface CliResult {
  /** Exit code; null only if the process was killed by a signal. */
  code: number | null
  signal: string | null
  stdout: string
  stderr: string
}

/** Runs the real CLI with DATABASE_URL set (or not), a clean environment and silent logs. */
function cli(databaseUrl: string | null, ...args: string[]): Promise<CliResult> {
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'silent' }
  // The child is a plain program, not part of this test run; and nothing else may leak in.
  for (const name of [
    'NODE_TEST_CONTEXT',
    'DATABASE_URL',
    'REDIS_URL',
    'PORT',
    'HOST',
    'RATE_LIMIT_PER_MINUTE',
    'SMTP_URL',
    'PUBLIC_URL',
    'MAIL_FROM',
  ])
    delete env[name]
  if (databaseUrl !== null) env.DATABASE_URL = databaseUrl
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [...CLI_ENTRY, ...args],
      { cwd: ROOT, env, timeout: SPAWN_TIMEOUT_MS, maxBuffer: 16 * 1024 * 1024, encoding: 'utf8' },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : null) : 0
        resolve({ code, signal: error?.signal ?? null, stdout, stderr })
      },
    )
  })
}

function describeRun(args: string[], r: CliResult): string {
  return `jornada ${args.join(' ')} -> exit ${r.code}${r.signal ? ` (signal ${r.signal})` : ''}\nstdout: ${r.stdout}\nstderr: ${r.stderr}`
}

/** A successful --json run: exit 0, nothing on stderr, exactly one JSON document on stdout. */
export async function cliOk(databaseUrl: string, ...args: string[]): Promise<any> {
  const r = await cli(databaseUrl, ...args)
  assert.equal(r.code, 0, describeRun(args, r))
  assert.equal(r.stderr, '', describeRun(args, r))
  assert.ok(r.stdout.endsWith('\n'), 'output ends with a newline')
  return JSON.parse(r.stdout)
}

/** A failing --json run: exit 1 (never 0), nothing on stdout, one JSON error document on stderr. */
export async function cliFails(
  databaseUrl: string | null,
  ...args: string[]
): Promise<{ code: string; message: string; details?: { field: string; message: string }[] }> {
  const r = await cli(databaseUrl, ...args)
  assert.notEqual(r.code, 0, `a failing command must not exit 0\n${describeRun(args, r)}`)
  assert.equal(r.code, 1, describeRun(args, r))
  assert.equal(r.stdout, '', `nothing on stdout when failing\n${describeRun(args, r)}`)
  let parsed: any
  assert.doesNotThrow(() => (parsed = JSON.parse(r.stderr)), `stderr is one JSON document\n${describeRun(args, r)}`)
  assert.equal(typeof parsed.error?.code, 'string', describeRun(args, r))
  assert.equal(typeof parsed.error?.message, 'string', describeRun(args, r))
  assert.deepEqual(Object.keys(parsed), ['error'])
  return parsed.error
}

function secretOf(apiKey: string): string {
  const match = API_KEY_PATTERN.exec(apiKey)
  assert.ok(match, `${apiKey} is a well-formed API key`)
  return match[2]!
}

function assertKeyView(
  key: any,
  expected: { apiKey: string; scopes: readonly string[]; actsAs: string; name: string; expiresAt?: string | null },
): void {
  const [, ulid] = API_KEY_PATTERN.exec(expected.apiKey)!
  assert.deepEqual(Object.keys(key).sort(), [
    'acts_as_user_id',
    'created_at',
    'created_by_user_id',
    'expires_at',
    'id',
    'kind',
    'last_used_at',
    'name',
    'personal',
    'revoked_at',
    'scopes',
  ])
  // Keys of the command line record no creator: they may push punches, never act personally.
  assert.deepEqual([key.created_by_user_id, key.personal], [null, false])
  assert.equal(key.id, `key_${ulid}`, 'the key id is the one embedded in the printed api key')
  assert.deepEqual(key.scopes, [...expected.scopes])
  assert.equal(key.acts_as_user_id, expected.actsAs)
  assert.equal(key.name, expected.name)
  assert.match(key.created_at, ISO_INSTANT)
  assert.equal(key.last_used_at, null)
  assert.equal(key.revoked_at, null)
  assert.equal(key.expires_at, expected.expiresAt ?? null)
}

/** The shape shared by `tenants create --json` and `demo --json`. */
function assertCreatedTenant(body: any): void {
  // The demo also says how its people sign in.
  assert.deepEqual(
    Object.keys(body)
      .filter((k) => k !== 'sign_in')
      .sort(),
    ['admin_user', 'api_key', 'key', 'tenant'],
  )
  assert.match(body.tenant.id, /^ten_[0-9A-Z]{26}$/)
  assert.match(body.admin_user.id, /^usr_[0-9A-Z]{26}$/)
  assert.equal(body.admin_user.role, 'admin')
  assert.equal(body.admin_user.status, 'active')
  assert.match(body.api_key, API_KEY_PATTERN)
  assertKeyView(body.key, {
    apiKey: body.api_key,
    scopes: SCOPES,
    actsAs: body.admin_user.id,
    name: 'Initial administrator key',
  })
}

/** The CLI's tests on one engine. */
export function describeCliOn(engineName: (typeof ENGINES)[number]['engine']): void {
  const engine = ENGINES.find((e) => e.engine === engineName)!
  const skip = engine.engine === 'postgres' && !PG_URL ? 'PostgreSQL half skipped: TEST_DATABASE_URL is not set' : false

  describe(`CLI [${engine.engine}]`, { skip, timeout: 15 * TEST_TIMEOUT_MS }, () => {
    let target: CliTarget
    let database: DatabaseHandle | undefined
    let app: FastifyInstance | undefined
    const client = (key: string) => new Client(app!, key)
    const opts = { timeout: TEST_TIMEOUT_MS }

    // State carried from one test to the next (they run in order).
    let firstMigrate: { applied: string[] } | undefined
    let tenant: any
    let ciKey: { api_key: string; key: any } | undefined
    const tenantKeyIds: string[] = []
    const printedApiKeys: string[] = []
    // `demo` is the slowest command (a company with a week of punches, several seconds): the tests
    // that read a demo company share one run; the first of them to run makes it.
    let demoRun: Promise<any> | undefined
    const demoCompany = () => (demoRun ??= cliOk(target.url, 'demo', '--json'))

    before(async () => {
      target = await freshCliTarget(engine, 'jt_cli')
    })

    after(async () => {
      await app?.close()
      await database?.destroy()
      await target?.cleanup()
    })

    it(
      'migrate --json on a fresh database exits 0, prints {applied: string[]} and leaves the database migrated',
      opts,
      async () => {
        firstMigrate = await cliOk(target.url, 'migrate', '--json')
        assert.deepEqual(Object.keys(firstMigrate!), ['applied'])
        assert.ok(Array.isArray(firstMigrate!.applied))
        for (const name of firstMigrate!.applied) assert.equal(typeof name, 'string')
        // Open the same database here: it must already be fully migrated by the CLI.
        database = await target.open()
        assert.deepEqual(await migrateToLatest(database), [], 'nothing left to apply after `jornada migrate`')
        const tenants = await database.db.selectFrom('tenants').select('id').execute()
        assert.deepEqual(tenants, [])
        app = await buildApp({ load: NO_SHEDDING, db: database.db, rateLimitPerMinute: 100_000 })
      },
    )

    it('migrate --json on a fresh database lists the migrations it applied (non-empty)', opts, () => {
      assert.ok(firstMigrate, 'the previous test ran')
      assert.ok(firstMigrate.applied.length > 0, `expected the applied migrations, got ${JSON.stringify(firstMigrate)}`)
    })

    it('migrate --json a second time prints {applied: []}', opts, async () => {
      assert.deepEqual(await cliOk(target.url, 'migrate', '--json'), { applied: [] })
    })

    it('tenants create --json prints the tenant, its administrator and a working all-scopes key', opts, async () => {
      const email = uniqueEmail('cli.admin')
      const body = await cliOk(
        target.url,
        ...['tenants', 'create', '--name', 'Lisbon Works', '--admin-email', email, '--admin-name', 'Inês Admin'],
        ...['--timezone', 'Europe/Lisbon', '--country', 'PT', '--json'],
      )
      assertCreatedTenant(body)
      assert.equal(body.tenant.name, 'Lisbon Works')
      assert.equal(body.tenant.timezone, 'Europe/Lisbon')
      assert.equal(body.tenant.country, 'PT')
      assert.equal(body.tenant.region, null)
      assert.equal(body.admin_user.email, email)
      assert.equal(body.admin_user.full_name, 'Inês Admin')
      tenant = body
      tenantKeyIds.push(body.key.id)
      printedApiKeys.push(body.api_key)

      // The printed key works, for that tenant, acting as that administrator, with every scope.
      const admin = client(body.api_key)
      const me = await admin.get('/api/v1/me')
      assert.equal(me.status, 200, JSON.stringify(me.body))
      assert.deepEqual(me.body.data, {
        tenant: { id: body.tenant.id, name: 'Lisbon Works' },
        scopes: [...SCOPES],
        acts_as_user: { id: body.admin_user.id, email, name: 'Inês Admin' },
        credential: 'key',
      })
      // What was printed is what is stored.
      const settings = await admin.get('/api/v1/tenant')
      assert.equal(settings.status, 200, JSON.stringify(settings.body))
      assert.deepEqual(settings.body.data, body.tenant)
      const user = await admin.get(`/api/v1/users/${body.admin_user.id}`)
      assert.equal(user.status, 200, JSON.stringify(user.body))
      assert.deepEqual(user.body.data, body.admin_user)
    })

    it(
      'keys create --json prints a key restricted to its scopes; --expires-at must be in the future',
      opts,
      async () => {
        assert.ok(tenant, 'the tenant was created')
        const T = tenant.tenant.id
        const U = tenant.admin_user.id
        const body = await cliOk(
          target.url,
          'keys',
          'create',
          '--tenant',
          T,
          '--acts-as',
          U,
          '--scopes',
          'users.list,users.get',
          '--name',
          'ci',
          '--json',
        )
        assert.deepEqual(Object.keys(body).sort(), ['api_key', 'key'])
        assertKeyView(body.key, { apiKey: body.api_key, scopes: ['users.list', 'users.get'], actsAs: U, name: 'ci' })
        ciKey = body
        tenantKeyIds.push(body.key.id)
        printedApiKeys.push(body.api_key)

        const ci = client(body.api_key)
        const me = await ci.get('/api/v1/me')
        assert.equal(me.status, 200)
        assert.deepEqual(me.body.data.scopes, ['users.list', 'users.get'])
        assert.equal(me.body.data.tenant.id, T)
        const list = await ci.get('/api/v1/users')
        assert.equal(list.status, 200, JSON.stringify(list.body))
        assert.deepEqual(
          list.body.data.map((u: any) => u.id),
          [U],
        )
        const write = await ci.post('/api/v1/users', { email: uniqueEmail(), full_name: 'Not Allowed' })
        expectError(write, 403, 'scope_required')
        assert.equal(
          (await client(tenant.api_key).get('/api/v1/users')).body.meta.total,
          1,
          'the refused write wrote nothing',
        )

        // Expiry: a past instant is refused (the key could never be used); a future one is stored and works
        // until then (expired keys answering 401: test/api/auth.test.ts).
        const past = new Date(Date.now() - 60_000).toISOString()
        const refused = await cliFails(
          target.url,
          'keys',
          'create',
          '--tenant',
          T,
          '--acts-as',
          U,
          '--scopes',
          'users.list',
          '--expires-at',
          past,
          '--json',
        )
        assert.equal(refused.code, 'invalid_request')
        assert.deepEqual(refused.details, [{ field: 'expires_at', message: 'must be in the future' }])
        const future = new Date(Date.now() + 3_600_000).toISOString()
        const later = await cliOk(
          target.url,
          'keys',
          'create',
          '--tenant',
          T,
          '--acts-as',
          U,
          '--scopes',
          'users.list',
          '--expires-at',
          future,
          '--json',
        )
        assert.equal(later.key.expires_at, future)
        assert.equal((await client(later.api_key).get('/api/v1/users')).status, 200)
        tenantKeyIds.push(later.key.id)
        printedApiKeys.push(later.api_key)
      },
    )

    it('keys list --json lists every key of the tenant and no secret', opts, async () => {
      assert.ok(tenant && ciKey, 'the keys were created')
      const r = await cli(target.url, 'keys', 'list', '--tenant', tenant.tenant.id, '--json')
      assert.equal(r.code, 0, describeRun(['keys', 'list'], r))
      assert.equal(r.stderr, '')
      for (const apiKey of printedApiKeys) {
        assert.ok(!r.stdout.includes(secretOf(apiKey)), 'the secret of a key is never printed again')
        assert.ok(!r.stdout.includes(apiKey))
      }
      assert.ok(!r.stdout.includes('jnd_'), 'no api key at all in the listing')
      const body = JSON.parse(r.stdout)
      assert.deepEqual(Object.keys(body), ['keys'])
      assert.deepEqual(body.keys.map((k: any) => k.id).sort(), [...tenantKeyIds].sort())
      for (const key of body.keys) {
        assert.deepEqual(Object.keys(key).sort(), [
          'acts_as_user_id',
          'created_at',
          'created_by_user_id',
          'expires_at',
          'id',
          'kind',
          'last_used_at',
          'name',
          'personal',
          'revoked_at',
          'scopes',
        ])
        assert.equal(key.revoked_at, null)
      }
      const ci = body.keys.find((k: any) => k.id === ciKey!.key.id)
      assert.equal(ci.name, 'ci')
      assert.deepEqual(ci.scopes, ['users.list', 'users.get'])
      assert.equal(ci.acts_as_user_id, tenant.admin_user.id)
      assert.match(ci.last_used_at, ISO_INSTANT, 'the key was used above')
      const initial = body.keys.find((k: any) => k.id === tenant.key.id)
      assert.deepEqual(initial.scopes, [...SCOPES])
    })

    it('keys revoke --json revokes the key at once, and only that key', opts, async () => {
      assert.ok(tenant && ciKey, 'the keys were created')
      assert.equal((await client(ciKey.api_key).get('/api/v1/users')).status, 200, 'works before')
      const body = await cliOk(target.url, 'keys', 'revoke', ciKey.key.id, '--json')
      assert.deepEqual(Object.keys(body), ['key'])
      assert.equal(body.key.id, ciKey.key.id)
      assert.match(body.key.revoked_at, ISO_INSTANT)
      assert.equal(body.key.name, 'ci')
      assert.ok(!JSON.stringify(body).includes(secretOf(ciKey.api_key)))
      expectError(await client(ciKey.api_key).get('/api/v1/users'), 401, 'unauthenticated')
      expectError(await client(ciKey.api_key).get('/api/v1/me'), 401, 'unauthenticated')
      assert.equal((await client(tenant.api_key).get('/api/v1/me')).status, 200, 'the other keys still work')
      const stored = (await listKeys({ db: database!.db, now: Date.now() }, tenant.tenant.id)).find(
        (k) => k.id === ciKey!.key.id,
      )
      assert.equal(stored?.revoked_at, body.key.revoked_at)
    })

    it('the writes of the command line are in the audit log, with source cli and no key or user', opts, async () => {
      assert.ok(tenant && ciKey, 'the keys were created and revoked')
      const log = (await client(tenant.api_key).get('/api/v1/audit-log?page_size=100')).body
      const cliEntries = log.data
        .filter((e: any) => e.source === 'cli')
        .map((e: any) => [e.operation, e.resource_id, e.key_id, e.user_id])
      assert.deepEqual(
        cliEntries.find((e: any[]) => e[0] === 'tenants.create'),
        ['tenants.create', tenant.tenant.id, null, null],
      )
      assert.deepEqual(
        cliEntries.find((e: any[]) => e[0] === 'keys.create' && e[1] === ciKey!.key.id),
        ['keys.create', ciKey.key.id, null, null],
      )
      assert.deepEqual(
        cliEntries.find((e: any[]) => e[0] === 'keys.revoke'),
        ['keys.revoke', ciKey.key.id, null, null],
      )
      const created = log.data.find((e: any) => e.operation === 'keys.create' && e.resource_id === ciKey!.key.id)
      assert.deepEqual(created.fields, ['acts_as_user_id', 'scopes', 'name'])
    })

    it('demo --json prints a created tenant with several users and a working admin key', opts, async () => {
      const body = await demoCompany()
      assertCreatedTenant(body)
      assert.equal(body.tenant.name, 'Demo Company')
      assert.notEqual(body.tenant.id, tenant?.tenant.id)
      const demo = client(body.api_key)
      const me = await demo.get('/api/v1/me')
      assert.equal(me.status, 200)
      assert.equal(me.body.data.tenant.id, body.tenant.id)
      assert.equal(me.body.data.acts_as_user.id, body.admin_user.id)
      const users = await demo.get('/api/v1/users?page_size=100')
      assert.equal(users.status, 200, JSON.stringify(users.body))
      assert.ok(users.body.meta.total >= 4, `the demo tenant has several users, got ${users.body.meta.total}`)
      assert.equal(users.body.data.length, users.body.meta.total)
      assert.ok(users.body.data.some((u: any) => u.id === body.admin_user.id))
      const settings = await demo.get('/api/v1/tenant')
      assert.deepEqual(settings.body.data, body.tenant, 'the printed tenant is the stored one')
      // A trail of corrections to look at: one approved by the employee, one pending.
      const corrections = (await demo.get('/api/v1/attendance/corrections')).body.data
      assert.deepEqual(corrections.map((c: any) => c.status).sort(), ['approved', 'pending'])
      // In the company's language (Spanish): what its people wrote, and its absence types in both.
      assert.equal(body.tenant.language, 'es')
      assert.ok(
        corrections.every((c: any) => /^(Me quedé|El lector)/.test(c.reason)),
        JSON.stringify(corrections.map((c: any) => c.reason)),
      )
      const vacation = (await demo.get('/api/v1/absence-types')).body.data.find((k: any) => k.key === 'vacation')
      assert.deepEqual([vacation.label, vacation.labels], ['Vacaciones', { es: 'Vacaciones', en: 'Vacation' }])
      // The demo tenant is separate from the other one.
      const other = await client(tenant.api_key).get('/api/v1/users?page_size=100')
      assert.ok(!other.body.data.some((u: any) => u.id === body.admin_user.id))
    })

    it(
      'reports monthly writes a worker’s month as JSON, CSV or PDF; reports export writes every employee-day of the company',
      opts,
      async () => {
        const demo = await demoCompany()
        const month = new Date().toISOString().slice(0, 7)
        const users = (await client(demo.api_key).get('/api/v1/users?page_size=100')).body.data
        const worker = users.find((u: any) => u.id !== demo.admin_user.id)
        const viaCli = await cliOk(
          target.url,
          'reports',
          'monthly',
          '--tenant',
          demo.tenant.id,
          '--user',
          worker.id,
          '--month',
          month,
        )
        const viaApi = (
          await client(demo.api_key).get(`/api/v1/attendance/reports/monthly?user_id=${worker.id}&month=${month}`)
        ).body.data
        assert.deepEqual(
          viaCli.data.days.map((d: any) => [d.date, d.worked_minutes, d.expected_minutes]),
          viaApi.days.map((d: any) => [d.date, d.worked_minutes, d.expected_minutes]),
          'the CLI and the API share one service',
        )
        const dir = mkdtempSync(join(tmpdir(), 'jornada-reports-'))
        try {
          const pdfFile = join(dir, 'month.pdf')
          const wrote = await cli(
            target.url,
            'reports',
            'monthly',
            '--tenant',
            demo.tenant.id,
            '--user',
            worker.id,
            '--month',
            month,
            '--format',
            'pdf',
            '--out',
            pdfFile,
          )
          assert.equal(wrote.code, 0, describeRun(['reports', 'monthly'], wrote))
          const { text } = await pdfText(readFileSync(pdfFile))
          assert.ok(text.includes(worker.full_name) && text.includes(month))
          const csv = await cli(
            target.url,
            'reports',
            'monthly',
            '--tenant',
            demo.tenant.id,
            '--user',
            worker.id,
            '--month',
            month,
            '--format',
            'csv',
          )
          assert.equal(csv.stdout.split('\r\n')[0], CSV_HEADER.join(','))
          const exportFile = join(dir, 'export.csv')
          const summary = await cliOk(
            target.url,
            'reports',
            'export',
            '--tenant',
            demo.tenant.id,
            '--month',
            month,
            '--out',
            exportFile,
            '--json',
          )
          const rows = parse(readFileSync(exportFile), { columns: true }) as Record<string, string>[]
          assert.deepEqual([summary.employees, summary.rows, summary.file], [users.length, rows.length, exportFile])
          assert.equal(rows.length, users.length * viaApi.days.length)
          assert.deepEqual(
            rows.filter((r) => r.user_id === worker.id).map((r) => Number(r.worked_minutes)),
            viaApi.days.map((d: any) => d.worked_minutes),
          )
          const error = await cliFails(
            target.url,
            'reports',
            'export',
            '--tenant',
            demo.tenant.id,
            '--month',
            '2026-13',
            '--out',
            exportFile,
            '--json',
          )
          assert.deepEqual(
            error.details?.map((d) => d.field),
            ['month'],
          )
          assert.equal(
            (
              await cliFails(
                target.url,
                'reports',
                'monthly',
                '--tenant',
                demo.tenant.id,
                '--user',
                'usr_missing',
                '--month',
                month,
                '--json',
              )
            ).code,
            'not_found',
          )
          assert.equal(
            (
              await cliFails(
                target.url,
                'reports',
                'monthly',
                '--tenant',
                demo.tenant.id,
                '--user',
                worker.id,
                '--month',
                month,
                '--format',
                'xls',
                '--json',
              )
            ).code,
            'invalid_request',
          )
        } finally {
          rmSync(dir, { recursive: true, force: true })
        }
      },
    )

    it(
      'punches verify: the demo week of punches is intact; a row edited in the database is reported and exits 1',
      opts,
      async () => {
        const demo = await demoCompany()
        const intact = await cliOk(target.url, 'punches', 'verify', '--tenant', demo.tenant.id, '--json')
        assert.equal(intact.ok, true)
        assert.equal(intact.tenant_id, demo.tenant.id)
        assert.equal(intact.users_checked, 4)
        assert.ok(intact.punches_checked >= 4 * 4 * 3, `a week of punches, got ${intact.punches_checked}`)
        assert.deepEqual(intact.broken, [])
        assert.equal(intact.anchors.length, 4, 'the last punch of each chain')
        // The report kept as a file anchors a later run; a file that is not such a report is refused.
        const dir = mkdtempSync(join(tmpdir(), 'jornada-report-'))
        try {
          const reportFile = join(dir, 'report.json')
          writeFileSync(reportFile, JSON.stringify(intact))
          const anchored = await cliOk(
            target.url,
            'punches',
            'verify',
            '--tenant',
            demo.tenant.id,
            '--against',
            reportFile,
            '--json',
          )
          assert.deepEqual([anchored.ok, anchored.broken], [true, []])
          writeFileSync(reportFile, '{"not": "a report"}')
          const refused = await cliFails(
            target.url,
            'punches',
            'verify',
            '--tenant',
            demo.tenant.id,
            '--against',
            reportFile,
            '--json',
          )
          assert.deepEqual(
            [refused.code, refused.details],
            ['invalid_request', [{ field: 'against', message: 'is not the --json report of punches verify' }]],
          )
        } finally {
          rmSync(dir, { recursive: true, force: true })
        }
        const victim = await database!.db
          .selectFrom('punches')
          .select(['id', 'user_id', 'seq'])
          .where('tenant_id', '=', demo.tenant.id)
          .where('type', '=', 'out')
          .orderBy('ts')
          .executeTakeFirstOrThrow()
        await database!.db.updateTable('punches').set({ type: 'break_start' }).where('id', '=', victim.id).execute()
        const args = ['punches', 'verify', '--tenant', demo.tenant.id, '--json']
        const broken = await cli(target.url, ...args)
        assert.equal(broken.code, 1, describeRun(args, broken))
        const report = JSON.parse(broken.stdout)
        assert.equal(report.ok, false)
        assert.deepEqual(report.broken, [
          { user_id: victim.user_id, punch_id: victim.id, seq: victim.seq, problem: 'hash_mismatch' },
        ])
        const others = await cli(
          target.url,
          'punches',
          'verify',
          '--tenant',
          demo.tenant.id,
          '--user',
          demo.admin_user.id,
          '--json',
        )
        assert.equal(others.code, 0, 'the administrator has no punches; nothing broken there')
      },
    )

    it('an unknown scope fails with invalid_request and creates no key', opts, async () => {
      const before = (await listKeys({ db: database!.db, now: Date.now() }, tenant.tenant.id)).length
      const error = await cliFails(
        target.url,
        ...['keys', 'create', '--tenant', tenant.tenant.id, '--acts-as', tenant.admin_user.id],
        ...['--scopes', 'users.list,users.teleport', '--json'],
      )
      assert.equal(error.code, 'invalid_request')
      assert.match(error.message, /users\.teleport/)
      assert.deepEqual(
        error.details?.map((d) => d.field),
        ['scopes'],
      )
      assert.equal((await listKeys({ db: database!.db, now: Date.now() }, tenant.tenant.id)).length, before)
    })

    it('a bad admin email fails naming admin_email, with --json and without, and creates no tenant', opts, async () => {
      const count = async () => (await database!.db.selectFrom('tenants').select('id').execute()).length
      const before = await count()
      const args = [
        'tenants',
        'create',
        '--name',
        'Bad Email Co',
        '--admin-email',
        'not-an-email',
        '--admin-name',
        'Someone',
      ]
      const error = await cliFails(target.url, ...args, '--json')
      assert.equal(error.code, 'invalid_request')
      assert.ok(
        error.details?.some((d) => d.field === 'admin_email'),
        JSON.stringify(error),
      )
      assert.match(error.message, /admin_email/)

      const human = await cli(target.url, ...args)
      assert.equal(human.code, 1, describeRun(args, human))
      assert.equal(human.stdout, '')
      assert.match(human.stderr, /^jornada: .*admin_email/)
      assert.match(human.stderr, /\n {2}admin_email: /, 'the details are listed, one per line')
      assert.equal(await count(), before)
    })

    it('keys create for an unknown tenant or an unknown user fails with not_found', opts, async () => {
      const unknownTenant = await cliFails(
        target.url,
        ...[
          'keys',
          'create',
          '--tenant',
          'ten_01ARZ3NDEKTSV4RRFFQ69G5FAV',
          '--acts-as',
          tenant.admin_user.id,
          '--scopes',
          'users.list',
          '--json',
        ],
      )
      assert.equal(unknownTenant.code, 'not_found')
      const unknownUser = await cliFails(
        target.url,
        ...[
          'keys',
          'create',
          '--tenant',
          tenant.tenant.id,
          '--acts-as',
          'usr_01ARZ3NDEKTSV4RRFFQ69G5FAV',
          '--scopes',
          'users.list',
          '--json',
        ],
      )
      assert.equal(unknownUser.code, 'not_found')
      assert.deepEqual(await listKeys({ db: database!.db, now: Date.now() }, 'ten_01ARZ3NDEKTSV4RRFFQ69G5FAV'), [])
    })

    it('a missing required option exits 2 with a usage message (JSON with --json)', opts, async () => {
      const args = ['keys', 'create', '--tenant', tenant.tenant.id, '--scopes', 'users.list', '--json']
      const r = await cli(target.url, ...args)
      assert.equal(r.code, 2, describeRun(args, r))
      assert.equal(r.stdout, '')
      const error = JSON.parse(r.stderr).error
      assert.equal(error.code, 'invalid_usage')
      assert.match(error.message, /required option '--acts-as <userId>' not specified/)
      const plain = await cli(target.url, ...args.slice(0, -1))
      assert.equal(plain.code, 2)
      assert.match(plain.stderr, /required option '--acts-as <userId>' not specified/)
    })

    it('revoking an unknown key fails with not_found', opts, async () => {
      const error = await cliFails(target.url, 'keys', 'revoke', 'key_01ARZ3NDEKTSV4RRFFQ69G5FAV', '--json')
      assert.equal(error.code, 'not_found')
    })
  })
}

/** What the CLI does before it opens any database. */
export function describeCliConfiguration(): void {
  describe('CLI configuration', { timeout: 2 * TEST_TIMEOUT_MS }, () => {
    it('an invalid DATABASE_URL fails with a message naming DATABASE_URL', { timeout: TEST_TIMEOUT_MS }, async () => {
      const error = await cliFails('mysql://x', 'migrate', '--json')
      assert.equal(error.code, 'invalid_config')
      assert.match(error.message, /DATABASE_URL/)
      assert.match(error.message, /mysql:\/\/x/)

      const args = ['tenants', 'create', '--name', 'X', '--admin-email', 'x@example.com', '--admin-name', 'X']
      const human = await cli('mysql://x', ...args)
      assert.equal(human.code, 1, describeRun(args, human))
      assert.equal(human.stdout, '')
      assert.match(human.stderr, /^jornada: DATABASE_URL must start with sqlite: or postgres:\/\//)
    })
  })
}
