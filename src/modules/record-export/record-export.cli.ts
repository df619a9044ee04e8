/**
 * `jornada tenants record-key` and `jornada record verify`: the keys that sign a company's record
 * exports, and checking an export with no database and no network.
 */
import { type JsonOption, defineCommands, output, plural, secretBoxOfConfig, withDatabase } from '../../command-line.js'

export const recordExportCommands = defineCommands(
  {
    position: 22,
    register: (cli) =>
      cli
        .group('tenants')
        .command('record-key')
        .description(
          'The public keys that sign the company’s record exports, the current one first (made on first use; the private half is sealed with SECRETS_KEY)',
        )
        .requiredOption('--tenant <id>', 'tenant id')
        .option(
          '--rotate',
          'replace the current key: exports are signed by a new one from now on, the old one stays listed',
        )
        .option('--json', 'print JSON')
        .action(async (options: JsonOption & { tenant: string; rotate?: boolean }) => {
          const { listRecordKeys, rotateKeyOf } = await import('./index.js')
          const secrets = await secretBoxOfConfig()
          const recordKeys = await withDatabase(async (database) => {
            await cli.requireTenant(database.db, options.tenant)
            const unit = { db: database.db, now: cli.now() }
            if (!options.rotate) return listRecordKeys(unit, options.tenant, secrets)
            const rotated = await rotateKeyOf(unit, options.tenant, secrets)
            await cli.audit(database.db, options.tenant, 'tenant.update', options.tenant, ['record_key'])
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
        }),
  },
  {
    position: 30,
    register: (cli) =>
      cli
        .group('record', 'The record export for the Labour Inspectorate')
        .command('verify')
        .description(
          'Check a record export (GET /api/v1/attendance/reports/record-export) with no database and no network; exits 1 with what broke',
        )
        .argument('<file>', 'the ZIP')
        .option(
          '--public-key <key>',
          'the company’s record key (base64 or PEM), as GET /api/v1/tenant/record-key gives it',
        )
        .option('--json', 'print JSON')
        .action(async (file: string, options: JsonOption & { publicKey?: string }) => {
          const { verifyRecordExport } = await import('./index.js')
          const result = await verifyRecordExport(
            file,
            options.publicKey === undefined ? {} : { publicKey: options.publicKey },
          )
          output(result, options, () => {
            const punches = plural(result.checked.punches, 'punch', 'punches')
            const { checked } = result
            const what = [
              plural(checked.employees, 'employee', 'employees'),
              punches,
              plural(checked.corrections, 'correction', 'corrections'),
              plural(checked.absences, 'absence', 'absences'),
              plural(checked.schedules, 'schedule', 'schedules'),
              plural(checked.overtime_lots, 'overtime lot', 'overtime lots'),
            ].join(', ')
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
        }),
  },
)
