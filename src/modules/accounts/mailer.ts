/**
 * Mail out of the service: invitations and password resets
 * (docs/decisions/0016-accounts-and-sign-in.md). Sent over SMTP with Nodemailer, the mailer most
 * Node services use (no dependencies of its own, maintained since 2010, pooled connections,
 * STARTTLS, SMTP URLs with credentials).
 */
import nodemailer from 'nodemailer'

export interface MailMessage {
  to: string
  subject: string
  text: string
  html: string
}

export interface Mailer {
  send(message: MailMessage): Promise<void>
  close(): Promise<void>
}

/** A mailer for `SMTP_URL` (smtp:// or smtps://, credentials in the URL) sending from `MAIL_FROM`. */
export function smtpMailer(smtpUrl: string, from: string): Mailer {
  // Short timeouts: an invitation's mail is sent while its transaction is open, so a mail server
  // that does not answer must fail the request in seconds, not hold it for Nodemailer's minutes.
  const url = new URL(smtpUrl)
  const transport = nodemailer.createTransport({
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
    async send(message) {
      await transport.sendMail({ from, ...message })
    },
    async close() {
      transport.close()
    },
  }
}
