/** `jornada keys create|list|revoke`: API keys from the command line. */
import type { KeyKind } from '../../auth/context.js'
import { invalidField } from '../../errors.js'
import { type JsonOption, defineCommands, output, withDatabase } from '../../command-line.js'

function keyKindOption(kind: string | undefined): KeyKind | undefined {
  if (kind === undefined || kind === 'standard' || kind === 'inspector') return kind
  throw invalidField('kind', 'must be standard or inspector')
}

export const keysCommands = defineCommands({
  position: 40,
  register(cli) {
    const keys = cli.group('keys', 'Manage API keys')
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
      .option(
        '--expires-at <iso>',
        'expiry: a future instant, ISO 8601 with Z or an offset (e.g. 2027-01-01T00:00:00Z)',
      )
      .option('--json', 'print JSON')
      .action(async (options: JsonOption & Record<string, string | undefined>) => {
        const { createKey } = await import('./index.js')
        const created = await withDatabase(async (database) => {
          const result = await createKey(
            { db: database.db, now: cli.now() },
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
          const given = {
            scopes: options.scopes,
            kind: options.kind,
            name: options.name,
            expires_at: options.expiresAt,
          }
          const fields = [
            'acts_as_user_id',
            ...Object.entries(given)
              .filter(([, v]) => v !== undefined)
              .map(([k]) => k),
          ]
          await cli.audit(database.db, options.tenant!, 'keys.create', result.key.id, fields)
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
        const { listKeys } = await import('./index.js')
        const list = await withDatabase((database) => listKeys({ db: database.db, now: cli.now() }, options.tenant))
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
        const { revokeKey, tenantOfKey } = await import('./index.js')
        const key = await withDatabase(async (database) => {
          const revoked = await revokeKey({ db: database.db, now: cli.now() }, keyId)
          const tenantId = (await tenantOfKey({ db: database.db, now: cli.now() }, keyId))!
          await cli.audit(database.db, tenantId, 'keys.revoke', revoked.id, [])
          return revoked
        })
        output({ key }, options, () => `Revoked ${key.id}`)
      })
  },
})
