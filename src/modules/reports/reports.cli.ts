/** `jornada reports monthly|export`: the working-time record from the command line. */
import { createWriteStream, writeFileSync } from 'node:fs'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { invalidField } from '../../errors.js'
import { isValidTimeZone } from '../../lib/time.js'
import {
  type JsonOption,
  defineCommands,
  output,
  plural,
  terminalEmployeeProgress,
  withDatabase,
} from '../../command-line.js'

function validZone(zone: string): string {
  if (!isValidTimeZone(zone)) throw invalidField('tz', 'must be an IANA time zone, e.g. Europe/Madrid')
  return zone
}

async function monthOption(month: string): Promise<string> {
  const { MONTH_PATTERN } = await import('./index.js')
  if (!new RegExp(MONTH_PATTERN).test(month))
    throw invalidField('month', 'must be YYYY-MM with a year from 1900 to 9998, e.g. 2026-10')
  return month
}

export const reportsCommands = defineCommands({
  position: 70,
  register(cli) {
    const reports = cli.group('reports', 'The working-time record: monthly reports and the company export')
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
        async (options: {
          tenant: string
          user: string
          month: string
          format?: string
          tz?: string
          out?: string
        }) => {
          const format = options.format ?? 'json'
          if (format !== 'json' && format !== 'csv' && format !== 'pdf')
            throw invalidField('format', 'must be json, csv or pdf')
          const { monthlyReport, renderMonthlyReport } = await import('./index.js')
          const { scopeOf } = await import('../../auth/request-scope.js')
          const rendered = await withDatabase(async (database) => {
            const auth = await cli.installationAdministrator(database.db, options.tenant)
            const query = {
              user_id: options.user,
              month: await monthOption(options.month),
              ...(options.tz ? { tz: validZone(options.tz) } : {}),
            }
            const scope = scopeOf(database.db, auth, cli.now())
            // What the route's read pipeline does first (http/read-pipeline.ts): no report misses an ended month's lots.
            await (await import('../overtime/index.js')).bringOvertimeUpToDate(scope)
            return renderMonthlyReport(await monthlyReport(scope, query), format)
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
        const { CSV_HEADER, exportMonthRecords } = await import('./index.js')
        const { csvStream } = await import('../../lib/csv.js')
        const { scopeOf } = await import('../../auth/request-scope.js')
        const summary = await withDatabase(async (database) => {
          const auth = await cli.installationAdministrator(database.db, options.tenant)
          const query = {
            month: await monthOption(options.month),
            ...(options.tz ? { tz: validZone(options.tz) } : {}),
          }
          const scope = scopeOf(database.db, auth, cli.now())
          // What the route's read pipeline does first (http/read-pipeline.ts): no export misses an ended month's lots.
          await (await import('../overtime/index.js')).bringOvertimeUpToDate(scope)
          const progress = terminalEmployeeProgress('Exporting')
          let employees = 0
          let rows = 0
          async function* counted() {
            for await (const page of exportMonthRecords(scope, query, (done, total) => {
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
  },
})
