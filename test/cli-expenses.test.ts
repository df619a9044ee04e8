/**
 * `jornada expenses import`, run for real as a child process (`node --import tsx src/cli.ts`)
 * against a fresh database of each engine, like test/helpers/cli-suite.ts (whose comment explains why
 * PostgreSQL gets a dedicated database rather than a schema). What it reports is checked against
 * the database and through the HTTP API built in-process on the same database.
 *
 * The large import writes 50,000 rows (1 % of them bad, at known lines) to a temporary file with
 * streaming writes, imports it, and checks that memory does not grow with the file: its peak RSS
 * stays within 40 MiB of a 10,000-row import's.
 */
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { createWriteStream, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { after, before, describe, it } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../src/app.js'
import { migrateToLatest, type DatabaseHandle } from '../src/db/database.js'
import { createTenant } from '../src/modules/onboarding/onboarding.service.js'
import { Client, ENGINES, NO_SHEDDING, PG_URL, uniqueEmail } from './helpers/harness.js'
import { CLI_ENTRY } from './helpers/cli-command.js'
import { type CliTarget, freshCliTarget } from './helpers/cli-target.js'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const TEST_TIMEOUT_MS = 120_000
const BIG_ROWS = 50_000
const SMALL_ROWS = 10_000
/** Peak RSS of the big import may exceed the small one's by this much, no more. */
const MEMORY_SLACK_MIB = 40
const HEADER = 'user_email,merchant,expense_date,amount,currency,amount_eur,category,category_label,taxes,reconciled'

interface CliResult {
  code: number | null
  signal: string | null
  stdout: string
  stderr: string
}

function cli(databaseUrl: string, args: string[], timeoutMs = 60_000): Promise<CliResult> {
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'silent', DATABASE_URL: databaseUrl }
  for (const name of ['NODE_TEST_CONTEXT', 'REDIS_URL', 'PORT', 'HOST', 'RATE_LIMIT_PER_MINUTE']) delete env[name]
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      // A hard heap bound as well as the RSS comparison below: an import that held the file's
      // rows in memory would run out of heap on a file of a few hundred thousand rows.
      ['--max-old-space-size=96', ...CLI_ENTRY, ...args],
      { cwd: ROOT, env, timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024, encoding: 'utf8' },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : null) : 0
        resolve({ code, signal: error?.signal ?? null, stdout, stderr })
      },
    )
  })
}

function describeRun(args: string[], r: CliResult): string {
  return `jornada ${args.join(' ')} -> exit ${r.code}${r.signal ? ` (signal ${r.signal})` : ''}\nstdout: ${r.stdout.slice(0, 4000)}\nstderr: ${r.stderr.slice(0, 4000)}`
}

interface ImportReport {
  imported: number
  rejected: number
  errors: { line: number; errors: { field: string; message: string }[] }[]
  errors_omitted: number
  batches: number
  peak_rss_mib: number
}

/** An import with --json that ran: exit 0, nothing on stderr (no progress bar outside a terminal). */
async function importOk(
  url: string,
  file: string,
  tenantId: string,
  extra: string[] = [],
  timeoutMs?: number,
): Promise<ImportReport> {
  const args = ['expenses', 'import', file, '--tenant', tenantId, '--json', ...extra]
  const r = await cli(url, args, timeoutMs)
  assert.equal(r.code, 0, describeRun(args, r))
  assert.equal(r.stderr, '', describeRun(args, r))
  const report = JSON.parse(r.stdout) as ImportReport
  assert.deepEqual(Object.keys(report), ['imported', 'rejected', 'errors', 'errors_omitted', 'batches', 'peak_rss_mib'])
  return report
}

/** A fatal import with --json: exit 1, nothing on stdout, one JSON error on stderr. */
async function importFails(
  url: string,
  args: string[],
): Promise<{ code: string; message: string; details?: { field: string; message: string }[] }> {
  const r = await cli(url, args)
  assert.equal(r.code, 1, describeRun(args, r))
  assert.equal(r.stdout, '', describeRun(args, r))
  return JSON.parse(r.stderr).error
}

/** Writes lines to a file as a stream, honouring backpressure: the file is never built in memory. */
async function writeLines(path: string, lines: Iterable<string>): Promise<void> {
  const out = createWriteStream(path)
  for (const line of lines) {
    if (!out.write(`${line}\n`)) await new Promise<void>((resolve) => out.once('drain', () => resolve()))
  }
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())))
}

/**
 * A generated file of `rows` expenses of the given employees. Every 100th row (1 %) is bad, in
 * turn: an impossible date, an unknown employee, a malformed amount, an unknown currency. The
 * header is line 1, so row i is on line i + 2.
 */
function generatedRows(rows: number, emails: readonly string[], badLines: number[]): Iterable<string> {
  return {
    *[Symbol.iterator]() {
      yield HEADER
      for (let i = 0; i < rows; i++) {
        const email = emails[i % emails.length]!.toUpperCase() // emails match case-insensitively
        let date = `2026-0${1 + (i % 9)}-${String(1 + (i % 28)).padStart(2, '0')}`
        let amount = `${(i % 5000) + 1}.${String(i % 100).padStart(2, '0')}`
        let currency = 'EUR'
        let user = email
        if (i % 100 === 42) {
          badLines.push(i + 2)
          const kind = ((i / 100) % 4) | 0
          if (kind === 0) date = '2026-02-30'
          else if (kind === 1) user = `nobody.${i}@example.com`
          else if (kind === 2) amount = '12.50 EUR'
          else currency = 'EUX'
        }
        yield `${user},Merchant ${i},${date},${amount},${currency},,travel,Travel,21:0.10,${i % 2 === 0 ? 'yes' : 'no'}`
      }
    },
  }
}

for (const engine of ENGINES) {
  const skip = engine.engine === 'postgres' && !PG_URL ? 'PostgreSQL half skipped: TEST_DATABASE_URL is not set' : false

  describe(`CLI expenses import [${engine.engine}]`, { skip, timeout: 10 * TEST_TIMEOUT_MS }, () => {
    let target: CliTarget
    let database: DatabaseHandle
    let app: FastifyInstance
    let dir: string
    const opts = { timeout: TEST_TIMEOUT_MS }

    before(async () => {
      target = await freshCliTarget(engine, 'jt_cliexp')
      database = await target.open()
      await migrateToLatest(database)
      app = await buildApp({ load: NO_SHEDDING, db: database.db, rateLimitPerMinute: 100_000 })
      dir = mkdtempSync(join(tmpdir(), 'jornada-expenses-'))
    })

    after(async () => {
      await app?.close()
      await database?.destroy()
      await target?.cleanup()
      if (dir) rmSync(dir, { recursive: true, force: true })
    })

    /** A tenant with an admin client and `count` employees. */
    async function tenantWith(count: number) {
      const created = await createTenant(
        { db: database.db, now: Date.now() },
        {
          name: `Expenses ${randomBytes(3).toString('hex')}`,
          admin_email: uniqueEmail('admin'),
          admin_name: 'Admin',
        },
      )
      const admin = new Client(app, created.api_key)
      const users: any[] = []
      for (let i = 0; i < count; i++) {
        const res = await admin.post('/api/v1/users', { email: uniqueEmail('employee'), full_name: `Employee ${i}` })
        assert.equal(res.status, 201, JSON.stringify(res.body))
        users.push(res.body.data)
      }
      return { id: created.tenant.id as string, admin, users }
    }

    async function countStored(tenantId: string): Promise<number> {
      const { n } = await database.db
        .selectFrom('expenses')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('tenant_id', '=', tenantId)
        .executeTakeFirstOrThrow()
      return Number(n)
    }

    it(
      'imports the good rows, reports every bad row with its line and fields, and the good rows are in the API',
      opts,
      async () => {
        const tenant = await tenantWith(2)
        const [ana, ben] = tenant.users
        const file = join(dir, 'small.csv')
        // A byte-order mark, CRLF line ends, a blank line and a quoted value over two lines: line
        // numbers are the file's own.
        const lines = [
          HEADER, // 1
          `${ana.email},Renfe,2026-03-02,45.60,EUR,,travel,Travel,21:7.91,yes`, // 2
          `${ana.email},Hotel,2026-02-30,100,EUR,,lodging,,,`, // 3: bad date
          `nobody@example.com,Taxi,2026-03-01,12.00,EUR,,travel,,,`, // 4: unknown user
          '', // 5
          `${ben.email.toUpperCase()},"Sushi\r\nBar",2026-03-03,1200,JPY,7.35,meals,Meals,10:109,no`, // 6-7
          `${ben.email},Kiosk,2026-03-04,12.5.0,EUR,,meals,,,`, // 8: bad amount
          `${ben.email},Souk,2026-03-05,1.234,KWD,3.70,meals,,,1`, // 9
          `${ben.email},Duty free,2026-03-06,10.00,EUX,9.00,shopping,,,`, // 10: bad currency
          `${ben.email},Ramen,2026-03-06,12.5,JPY,0.08,meals,,,`, // 11: JPY has no decimals
          `${ana.email},Parking,2026-03-07`, // 12: too few values
        ]
        writeFileSync(file, `\ufeff${lines.join('\r\n')}\r\n`)
        const report = await importOk(target.url, file, tenant.id)
        assert.equal(report.imported, 3)
        assert.equal(report.rejected, 6)
        assert.equal(report.batches, 1)
        assert.equal(report.errors_omitted, 0)
        assert.deepEqual(report.errors, [
          {
            line: 3,
            errors: [
              { field: 'expense_date', message: 'must be a real calendar date YYYY-MM-DD between 1900 and 9998' },
            ],
          },
          { line: 4, errors: [{ field: 'user_email', message: 'no user of the tenant has this email' }] },
          {
            line: 8,
            errors: [{ field: 'amount', message: 'must be a decimal number in major units with a point, e.g. 12.50' }],
          },
          { line: 10, errors: [{ field: 'currency', message: 'must be an ISO 4217 currency code, e.g. EUR' }] },
          { line: 11, errors: [{ field: 'amount', message: 'must be a whole number: the currency has no decimals' }] },
          { line: 12, errors: [{ field: 'row', message: 'has 3 values but the header has 10 columns' }] },
        ])
        assert.ok(report.peak_rss_mib > 0 && report.peak_rss_mib < 300, `peak_rss_mib ${report.peak_rss_mib}`)

        const listed = await tenant.admin.get('/api/v1/expenses')
        assert.equal(listed.status, 200, JSON.stringify(listed.body))
        assert.equal(listed.body.meta.total, 3)
        const byMerchant = new Map<string, any>(listed.body.data.map((e: any) => [e.merchant, e]))
        assert.deepEqual([...byMerchant.keys()], ['Souk', 'Sushi\r\nBar', 'Renfe'], 'most recent first')
        const { id: _1, created_at: _2, ...renfe } = byMerchant.get('Renfe')
        assert.deepEqual(renfe, {
          user_id: ana.id,
          status: 'imported',
          merchant: 'Renfe',
          expense_date: '2026-03-02',
          amount: 4560,
          currency: 'EUR',
          amount_eur: 4560,
          taxes: [{ rate_percent: 21, amount: 791 }],
          category: { key: 'travel', label: 'Travel' },
          reconciled: true,
        })
        const sushi = byMerchant.get('Sushi\r\nBar')
        assert.deepEqual(
          [
            sushi.user_id,
            sushi.amount,
            sushi.currency,
            sushi.amount_eur,
            sushi.taxes,
            sushi.category,
            sushi.reconciled,
          ],
          [ben.id, 1200, 'JPY', 735, [{ rate_percent: 10, amount: 109 }], { key: 'meals', label: 'Meals' }, false],
        )
        const souk = byMerchant.get('Souk')
        assert.deepEqual(
          [souk.amount, souk.currency, souk.amount_eur, souk.category.label, souk.reconciled],
          [1234, 'KWD', 370, 'meals', true],
        )
        const anas = await tenant.admin.get(`/api/v1/expenses?user_id=${ana.id}`)
        assert.deepEqual(
          anas.body.data.map((e: any) => e.merchant),
          ['Renfe'],
        )
      },
    )

    it('names employees by user_id too; without --json prints a summary and the first errors', opts, async () => {
      const tenant = await tenantWith(1)
      const [ana] = tenant.users
      const file = join(dir, 'by-id.csv')
      await writeLines(file, [
        'user_id,merchant,expense_date,amount,currency,category',
        `${ana.id},Renfe,2026-03-02,45.60,EUR,travel`,
        'usr_01ARZ3NDEKTSV4RRFFQ69G5FAV,Renfe,2026-03-02,45.60,EUR,travel',
        `${ana.id},Renfe,2026-03-02,45.60,USD,Travel Costs`,
      ])
      const args = ['expenses', 'import', file, '--tenant', tenant.id]
      const r = await cli(target.url, args)
      assert.equal(r.code, 0, describeRun(args, r))
      assert.equal(r.stderr, '')
      const out = r.stdout.split('\n')
      assert.match(out[0]!, /^Imported 1 expense in 1 batch; rejected 2 rows\. Peak memory [\d.]+ MiB\.$/)
      assert.equal(out[1], '  line 3: user_id: no user of the tenant has this id')
      assert.match(
        out[2]!,
        /^ {2}line 4: amount_eur: is required when the currency is not EUR; category: must match pattern/,
      )
      assert.equal(await countStored(tenant.id), 1)
    })

    it(
      'lists at most 1,000 row errors and counts the rest; --batch-size sets the rows per transaction',
      opts,
      async () => {
        const tenant = await tenantWith(1)
        const file = join(dir, 'many-bad.csv')
        const email = tenant.users[0].email
        await writeLines(file, {
          *[Symbol.iterator]() {
            yield HEADER
            for (let i = 0; i < 1_050; i++) yield `${email},Bad ${i},2026-13-01,1.00,EUR,,travel,,,`
            for (let i = 0; i < 25; i++) yield `${email},Good ${i},2026-03-01,1.00,EUR,,travel,,,`
          },
        })
        const report = await importOk(target.url, file, tenant.id, ['--batch-size', '10'])
        assert.deepEqual(
          [report.imported, report.rejected, report.errors.length, report.errors_omitted, report.batches],
          [25, 1_050, 1_000, 50, 3],
        )
        assert.deepEqual(
          report.errors.map((e) => e.line),
          Array.from({ length: 1_000 }, (_, i) => i + 2),
        )
        assert.equal(await countStored(tenant.id), 25)
      },
    )

    it(
      'fatal problems exit 1 and import nothing: missing columns (named), unknown tenant, unreadable or empty file, bad batch size',
      opts,
      async () => {
        const tenant = await tenantWith(1)
        const email = tenant.users[0].email
        const missing = join(dir, 'missing-columns.csv')
        await writeLines(missing, ['user_email,merchant,amount,notes', `${email},Renfe,45.60,x`])
        const error = await importFails(target.url, ['expenses', 'import', missing, '--tenant', tenant.id, '--json'])
        assert.equal(error.code, 'invalid_request')
        assert.match(error.message, /missing required columns: expense_date, currency, category/)
        assert.match(error.message, /unknown columns: notes/)
        assert.deepEqual(
          error.details?.map((d) => d.field),
          ['expense_date', 'currency', 'category', 'notes'],
        )
        const human = await cli(target.url, ['expenses', 'import', missing, '--tenant', tenant.id])
        assert.equal(human.code, 1)
        assert.match(
          human.stderr,
          /^jornada: The CSV header is not usable: missing required columns: expense_date, currency, category/,
        )

        const good = join(dir, 'good.csv')
        await writeLines(good, [HEADER, `${email},Renfe,2026-03-02,45.60,EUR,,travel,,,`])
        assert.equal(
          (
            await importFails(target.url, [
              'expenses',
              'import',
              good,
              '--tenant',
              'ten_01ARZ3NDEKTSV4RRFFQ69G5FAV',
              '--json',
            ])
          ).code,
          'not_found',
        )
        const absent = await importFails(target.url, [
          'expenses',
          'import',
          join(dir, 'absent.csv'),
          '--tenant',
          tenant.id,
          '--json',
        ])
        assert.equal(absent.code, 'invalid_request')
        assert.deepEqual(
          absent.details?.map((d) => d.field),
          ['file'],
        )
        assert.match(absent.message, /ENOENT/)
        assert.deepEqual(
          (await importFails(target.url, ['expenses', 'import', dir, '--tenant', tenant.id, '--json'])).details?.map(
            (d) => d.field,
          ),
          ['file'],
        )
        const empty = join(dir, 'empty.csv')
        writeFileSync(empty, '')
        assert.match(
          (await importFails(target.url, ['expenses', 'import', empty, '--tenant', tenant.id, '--json'])).message,
          /empty/,
        )
        const batch = await importFails(target.url, [
          'expenses',
          'import',
          good,
          '--tenant',
          tenant.id,
          '--batch-size',
          '0',
          '--json',
        ])
        assert.deepEqual(
          batch.details?.map((d) => d.field),
          ['batch_size'],
        )
        assert.equal(await countStored(tenant.id), 0)
      },
    )

    it(
      `${BIG_ROWS.toLocaleString('en')} rows: every good row imported, every bad line reported, memory flat (vs ${SMALL_ROWS.toLocaleString('en')} rows)`,
      opts,
      async () => {
        const small = await tenantWith(3)
        const big = await tenantWith(20)
        const smallFile = join(dir, 'small-generated.csv')
        const bigFile = join(dir, 'big-generated.csv')
        const smallBad: number[] = []
        const bigBad: number[] = []
        await writeLines(
          smallFile,
          generatedRows(
            SMALL_ROWS,
            small.users.map((u) => u.email),
            smallBad,
          ),
        )
        await writeLines(
          bigFile,
          generatedRows(
            BIG_ROWS,
            big.users.map((u) => u.email),
            bigBad,
          ),
        )
        assert.equal(bigBad.length, BIG_ROWS / 100)

        const smallReport = await importOk(target.url, smallFile, small.id, [], 100_000)
        const started = Date.now()
        const bigReport = await importOk(target.url, bigFile, big.id, [], 100_000)
        const seconds = (Date.now() - started) / 1000

        assert.equal(smallReport.imported, SMALL_ROWS - smallBad.length)
        assert.equal(await countStored(small.id), SMALL_ROWS - smallBad.length)
        assert.deepEqual(
          smallReport.errors.map((e) => e.line),
          smallBad,
        )

        assert.equal(bigReport.imported, BIG_ROWS - bigBad.length)
        assert.equal(bigReport.rejected, bigBad.length)
        assert.equal(bigReport.batches, Math.ceil((BIG_ROWS - bigBad.length) / 1000))
        assert.equal(await countStored(big.id), BIG_ROWS - bigBad.length, 'every good row is stored, in this tenant')
        assert.equal(bigReport.errors_omitted, 0)
        assert.deepEqual(
          bigReport.errors.map((e) => e.line),
          bigBad,
          'every bad line is reported, in order',
        )
        const fields = new Set(bigReport.errors.map((e) => e.errors.map((i) => i.field).join(',')))
        assert.deepEqual([...fields].sort(), ['amount', 'currency', 'expense_date', 'user_email'])

        // Streaming: memory does not grow with the file.
        const message = `peak RSS: ${SMALL_ROWS} rows ${smallReport.peak_rss_mib} MiB, ${BIG_ROWS} rows ${bigReport.peak_rss_mib} MiB (${seconds.toFixed(1)} s)`
        assert.ok(bigReport.peak_rss_mib <= smallReport.peak_rss_mib + MEMORY_SLACK_MIB, message)
        assert.ok(bigReport.peak_rss_mib < 300, message)
        console.log(`# ${engine.engine}: ${message}`)

        // Spot check through the API: amounts converted exactly, isolation kept.
        const page = await big.admin.get(
          `/api/v1/expenses?user_id=${big.users[3].id}&from=2026-01-01&to=2026-01-31&page_size=100`,
        )
        assert.equal(page.status, 200, JSON.stringify(page.body))
        assert.ok(page.body.meta.total > 0)
        for (const e of page.body.data) {
          const i = Number(e.merchant.slice('Merchant '.length))
          assert.equal(e.amount, ((i % 5000) + 1) * 100 + (i % 100))
          assert.equal(e.amount_eur, e.amount)
          assert.deepEqual(e.taxes, [{ rate_percent: 21, amount: 10 }])
        }
        assert.equal((await small.admin.get('/api/v1/expenses')).body.meta.total, SMALL_ROWS - smallBad.length)
      },
    )
  })
}
