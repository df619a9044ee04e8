/** How the CLI shows things on a terminal: progress bars and human summaries of reports. */
import { SingleBar } from 'cli-progress'
// Types only: the command line starts without loading the modules a command does not run.
import type { ImportProgress, ImportReport } from '../modules/expenses/index.js'

/** "1 employee", "2 employees"; `grouped` writes thousands with commas ("1,204 rows"). */
export function plural(count: number, one: string, many: string, grouped = false): string {
  return `${grouped ? count.toLocaleString('en') : count} ${count === 1 ? one : many}`
}

/** A progress bar on stderr, only when stderr is a terminal (never in pipes, logs or tests). */
export function terminalProgress(stream: NodeJS.WriteStream = process.stderr): ImportProgress | null {
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
export function describeImport(report: ImportReport, shown = 20): string {
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

/** A progress bar of employees done, on stderr when it is a terminal; null otherwise. */
export function terminalEmployeeProgress(
  label: string,
  stream: NodeJS.WriteStream = process.stderr,
): (((done: number, total: number) => void) & { stop(): void }) | null {
  if (!stream.isTTY) return null
  const bar = new SingleBar({
    stream,
    format: `${label} |{bar}| {percentage}% | {value} of {total} employees | ETA {eta_formatted}`,
    barCompleteChar: '\u2588',
    barIncompleteChar: '\u2591',
    hideCursor: true,
  })
  let started = false
  const update = (done: number, total: number) => {
    if (!started) {
      bar.start(Math.max(total, 1), 0)
      started = true
    }
    bar.setTotal(Math.max(total, 1))
    bar.update(done)
  }
  return Object.assign(update, { stop: () => started && bar.stop() })
}
