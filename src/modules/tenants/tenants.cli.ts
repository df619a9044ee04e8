/** `jornada tenants sso set|off`: single sign-on set up or turned off from the command line. */
import { invalidField } from '../../errors.js'
import { type JsonOption, defineCommands, output, secretBoxOfConfig, withDatabase } from '../../command-line.js'
import { loadConfig } from '../../config.js'

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

export const tenantsCommands = defineCommands({
  position: 21,
  register(cli) {
    const sso = cli
      .group('tenants', 'Manage tenants')
      .command('sso')
      .description('Single sign-on with the company’s OpenID Connect provider')
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
        const { setSsoFromCommandLine, ssoSettingsOf } = await import('./index.js')
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
            new Date(cli.now()).toISOString(),
          )
          await cli.audit(database.db, options.tenant as string, 'tenant.update', options.tenant as string, ['sso'])
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
        const { applySsoSettings, requireTenant } = await import('./index.js')
        await withDatabase(async (database) => {
          await requireTenant(database.db, options.tenant)
          await applySsoSettings(database.db, options.tenant, null, null, new Date(cli.now()).toISOString())
          await cli.audit(database.db, options.tenant, 'tenant.update', options.tenant, ['sso'])
        })
        output({ sso: null }, options, () => 'Single sign-on is off: people sign in with passwords and passkeys')
      })
  },
})
