/** `jornada punches verify`: checking the hash chains of the punch record from the command line. */
import { readFileSync } from 'node:fs'
import { invalidField } from '../../errors.js'
import { type JsonOption, defineCommands, output, plural, withDatabase } from '../../command-line.js'

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

export const attendanceCommands = defineCommands({
  position: 60,
  register: (cli) =>
    cli
      .group('punches', 'The punch record')
      .command('verify')
      .description('Check the hash chains of the punch record; exits 1 when any link is broken')
      .requiredOption('--tenant <id>', 'tenant id')
      .option('--user <id>', 'only this employee')
      .option('--against <file>', 'an earlier --json report: its anchored punches must be there unchanged')
      .option('--json', 'print JSON')
      .action(async (options: JsonOption & { tenant: string; user?: string; against?: string }) => {
        const { anchorsOfReport, verifyPunchChains } = await import('./index.js')
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
      }),
})
