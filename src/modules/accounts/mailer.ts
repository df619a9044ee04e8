/**
 * Mail out of the service: invitations and password resets (decisions 16). Sent over SMTP with
 * Nodemailer, the mailer most Node services use (no dependencies of its own, maintained since
 * 2010, pooled connections, STARTTLS, SMTP URLs with credentials).
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
  const transport = nodemailer.createTransport(smtpUrl)
  return {
    async send(message) {
      await transport.sendMail({ from, ...message })
    },
    async close() {
      transport.close()
    },
  }
}
