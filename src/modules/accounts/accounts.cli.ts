/** `jornada users invite`: an invitation to set a password, from the command line. */
import { type JsonOption, defineCommands, output, withDatabase } from '../../command-line.js'
import { loadConfig } from '../../config.js'

export const accountsCommands = defineCommands({
  position: 50,
  register: (cli) =>
    cli
      .group('users', 'The people of a company')
      .command('invite')
      .description(
        'Invite a person to set their password: a one-time link valid 72 hours, mailed when SMTP_URL is set (queued, and retried by `jornada serve` when the mail server does not take it now), printed otherwise',
      )
      .argument('<userId>', 'user id (usr_...)')
      .requiredOption('--tenant <id>', 'tenant id')
      .option('--json', 'print JSON')
      .action(async (userId: string, options: JsonOption & { tenant: string }) => {
        const config = loadConfig()
        const { inviteUser } = await import('./index.js')
        const { sendQueuedMail, smtpMailer } = await import('../mail/index.js')
        const { scopeOf } = await import('../../auth/request-scope.js')
        const { inTransaction } = await import('../../db/unit-of-work.js')
        const mailer = config.accounts.smtpUrl ? smtpMailer(config.accounts.smtpUrl, config.accounts.mailFrom) : null
        try {
          const { invitation, sent } = await withDatabase(async (database) => {
            const auth = await cli.installationAdministrator(database.db, options.tenant)
            // The invitation, its mail and its audit entry commit together, or none of them does.
            const { invitation, mailId } = await inTransaction(scopeOf(database.db, auth, cli.now()), async (scope) => {
              const made = await inviteUser(scope, userId, {
                base: config.accounts.publicUrl ?? `http://localhost:${config.port}`,
                mail: mailer !== null,
              })
              await cli.audit(scope.db, options.tenant, 'users.invite', userId, [])
              return made
            })
            // Committed with its invitation: sent now if the mail server takes it, else by `jornada serve`.
            const outcomes =
              mailId && mailer && config.accounts.publicUrl
                ? await sendQueuedMail(database.db, [mailId], {
                    mailer,
                    domain: new URL(config.accounts.publicUrl).hostname,
                    clock: cli.now,
                  })
                : []
            return { invitation, sent: outcomes[0] ?? null }
          })
          output(invitation, options, () =>
            invitation.link
              ? `Invitation for ${userId}, valid until ${invitation.expires_at}; hand over this link (shown once):\n${invitation.link}`
              : sent?.outcome === 'sent'
                ? `Invitation mailed to ${userId}, valid until ${invitation.expires_at}`
                : sent?.outcome === 'failed'
                  ? `Invitation for ${userId} made, valid until ${invitation.expires_at}, but the mail server refused its mail: ${sent.error}`
                  : `Invitation for ${userId}, valid until ${invitation.expires_at}, queued for mail: the mail server did not take it now, and \`jornada serve\` sends it when it does`,
          )
        } finally {
          await mailer?.close()
        }
      }),
})
