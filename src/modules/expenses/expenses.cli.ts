/** `jornada expenses import`: a CSV of expenses, imported in batches, with a progress bar on a terminal. */
import { SingleBar } from 'cli-progress'
import { type JsonOption, defineCommands, output, plural, withDatabase } from '../../command-line.js'
// Types only: the command line starts without loading the module.
import type { ImportProgress, ImportReport } from './index.js'

/** A progress bar on stderr, only when stderr is a terminal (never in pipes, logs or tests). */
function terminalProgress(stream: NodeJS.WriteStream = process.stderr): ImportProgress | null {
  if (!stream.isTTY) return null
  const bar = new SingleBar({
    stream,
    format: 'Importing |{bar}| {percentage}% | {done} of {size} MiB | {rows} rows | ETA {eta_formatted}',
    barCompleteChar: '\u2588',
    barIncompleteChar: '\u2591',
    hideCursor: true,
  })
  const mib = (bytes: number) => (bytes / 1_048_576).toFixed(1)
  let total = 0
  return {
    start(totalBytes) {
      total = totalBytes
      bar.start(Math.max(totalBytes, 1), 0, { done: mib(0), size: mib(totalBytes), rows: 0 })
    },
    update(bytesRead, rows) {
      bar.update(Math.min(bytesRead, Math.max(total, 1)), { done: mib(bytesRead), rows })
    },
    stop() {
      bar.stop()
    },
  }
}

/** The human form of a report: a summary line, then the first row errors. */
function describeImport(report: ImportReport, shown = 20): string {
  const lines = [
    `Imported ${plural(report.imported, 'expense', 'expenses', true)} in ${plural(report.batches, 'batch', 'batches', true)}; ` +
      `rejected ${plural(report.rejected, 'row', 'rows', true)}. Peak memory ${report.peak_rss_mib} MiB.`,
  ]
  for (const error of report.errors.slice(0, shown)) {
    lines.push(`  line ${error.line}: ${error.errors.map((e) => `${e.field}: ${e.message}`).join('; ')}`)
  }
  const more = report.rejected - Math.min(shown, report.errors.length)
  if (more > 0)
    lines.push(
      `  ... and ${plural(more, 'more rejected row', 'more rejected rows', true)} (--json lists ${report.errors.length} of them)`,
    )
  return lines.join('\n')
}

export const expensesCommands = defineCommands({
  position: 80,
  register: (cli) =>
    cli
      .group('expenses', 'Expenses')
      .command('import')
      .description(
        'Import expenses from a CSV file (status imported); bad rows are reported with their line and skipped',
      )
      .argument('<file>', 'CSV file: a header line, then one expense per line')
      .requiredOption('--tenant <id>', 'tenant id')
      // The figures are the module's DEFAULT_BATCH_SIZE and MAX_BATCH_SIZE, written out so that the
      // help shows without loading the import.
      .option('--batch-size <n>', 'rows per transaction, 1 to 10000 (default 1000)')
      .option('--json', 'print JSON')
      .action(async (file: string, options: JsonOption & { tenant: string; batchSize?: string }) => {
        const { importExpensesCsv } = await import('./index.js')
        const report = await withDatabase(async (database) => {
          const result = await importExpensesCsv({ db: database.db, now: cli.now() }, options.tenant, file, {
            batchSize: options.batchSize,
            progress: terminalProgress(),
          })
          if (result.imported > 0) await cli.audit(database.db, options.tenant, 'expenses.import', null, [])
          return result
        })
        output(report, options, () => describeImport(report))
      }),
})
