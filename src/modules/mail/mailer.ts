/**
 * The relay the mail outbox sends through (docs/decisions/0016-accounts-and-sign-in.md): SMTP with
 * Nodemailer, the mailer most Node services use (no dependencies of its own, maintained since 2010,
 * STARTTLS, SMTP URLs with credentials).
 */
import type { Transporter } from 'nodemailer'
import { onFirstUse } from '../../lib/first-use.js'

export interface MailMessage {
  to: string
  subject: string
  text: string
  html: string
  /** Headers beyond the usual ones: a reminder's List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>
}

/** A message as the dispatcher hands it to the relay: with the Message-ID it keeps on every attempt. */
export interface OutgoingMail extends MailMessage {
  messageId: string
}

export interface Mailer {
  /** Resolves once the relay has accepted the message; rejects with the relay's refusal or a connection error. */
  send(message: OutgoingMail): Promise<void>
  close(): Promise<void>
}

/**
 * Nodemailer is loaded with the first message sent, not by every process that starts the service
 * (a CLI command, each test file), most of which send none.
 */
const loadNodemailer = onFirstUse(() => import('nodemailer'))

/** A mailer for `SMTP_URL` (smtp:// or smtps://, credentials in the URL) sending from `MAIL_FROM`. */
export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const url = new URL(smtpUrl)
  let transport: Promise<Transporter> | undefined
  // Short timeouts: a relay that does not answer fails the attempt in seconds (it is retried later)
  // rather than holding the message's lease for Nodemailer's minutes.
  const openTransport = async () =>
    (await loadNodemailer()).default.createTransport({
      host: url.hostname,
      port: url.port ? Number(url.port) : url.protocol === 'smtps:' ? 465 : 587,
      secure: url.protocol === 'smtps:',
      ...(url.username
        ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } }
        : {}),
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    })
  return {
    async send({ messageId, ...message }) {
      transport ??= openTransport()
      await (await transport).sendMail({ from, messageId, ...message })
    },
    async close() {
      // Nothing sent: no transport was made, nothing to close.
      if (transport) (await transport).close()
    },
  }
}
