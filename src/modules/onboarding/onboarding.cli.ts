/** `jornada tenants create` and `jornada demo`: a new company, or the demo one, from the command line. */
import { type JsonOption, defineCommands, output, withDatabase } from '../../command-line.js'

export const onboardingCommands = defineCommands(
  {
    position: 20,
    register: (cli) =>
      cli
        .group('tenants')
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
          const { createTenant } = await import('./index.js')
          const created = await withDatabase(async (database) => {
            const fields = { name: options.name!, admin_email: options.adminEmail!, admin_name: options.adminName! }
            const places = {
              ...(options.timezone ? { timezone: options.timezone } : {}),
              ...(options.country ? { country: options.country } : {}),
              ...(options.region ? { region: options.region } : {}),
            }
            const result = await createTenant({ db: database.db, now: cli.now() }, { ...fields, ...places })
            await cli.audit(database.db, result.tenant.id, 'tenants.create', result.tenant.id, [
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
        }),
  },
  {
    position: 90,
    register: (cli) =>
      cli.program
        .command('demo')
        .description('Create a demo tenant with sample data and print its admin key')
        .option('--json', 'print JSON')
        .action(async (options: JsonOption) => {
          const { createDemoTenant } = await import('./index.js')
          const created = await withDatabase(async (database) => {
            const result = await createDemoTenant({ db: database.db, now: cli.now() })
            await cli.audit(database.db, result.tenant.id, 'demo.create', result.tenant.id, [])
            return result
          })
          output(
            created,
            options,
            () =>
              `Demo tenant ${created.tenant.id}\nAdmin API key (shown once): ${created.api_key}\nSign in as the demo worker: ${created.sign_in.worker_email} / ${created.sign_in.password} (the same password opens every demo person)`,
          )
        }),
  },
)
