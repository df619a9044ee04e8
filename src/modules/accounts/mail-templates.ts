/**
 * The words of the mails the service sends, in Spanish and English
 * (docs/decisions/0016-accounts-and-sign-in.md), each as plain text and as HTML with every value
 * escaped: a person's or a company's name is data, never markup.
 */
import { DateTime } from 'luxon'
import type { CompanyLanguage } from '../../lib/company-language.js'
import type { MailMessage } from '../mail/index.js'

export type MailLanguage = CompanyLanguage

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`)
}

export interface AccountMail {
  kind: 'invitation' | 'password_reset'
  to: string
  fullName: string
  companyName: string
  link: string
  expiresAt: string
  timezone: string
  language: MailLanguage
}

const WORDS = {
  es: {
    invitation: {
      subject: (company: string) => `${company} te invita a Jornada`,
      lead: (company: string) => `${company} te ha dado acceso a Jornada, donde se registra tu jornada laboral.`,
      action: 'Elige tu contraseña',
      until: (when: string) => `El enlace sirve una sola vez, hasta el ${when}.`,
      ignore: 'Si no esperabas esta invitación, ignora este mensaje.',
    },
    password_reset: {
      subject: (_company: string) => 'Nueva contraseña para Jornada',
      lead: (company: string) => `Alguien ha pedido una nueva contraseña para tu cuenta de ${company}.`,
      action: 'Elige una nueva contraseña',
      until: (when: string) => `El enlace sirve una sola vez, hasta el ${when}.`,
      ignore: 'Si no lo has pedido tú, ignora este mensaje: tu contraseña no cambia.',
    },
    greeting: (name: string) => `Hola, ${name}:`,
  },
  en: {
    invitation: {
      subject: (company: string) => `${company} invites you to Jornada`,
      lead: (company: string) => `${company} has given you access to Jornada, where your working time is recorded.`,
      action: 'Choose your password',
      until: (when: string) => `The link works once, until ${when}.`,
      ignore: 'If you did not expect this invitation, ignore this message.',
    },
    password_reset: {
      subject: (_company: string) => 'A new password for Jornada',
      lead: (company: string) => `Someone asked for a new password for your account at ${company}.`,
      action: 'Choose a new password',
      until: (when: string) => `The link works once, until ${when}.`,
      ignore: 'If it was not you, ignore this message: your password does not change.',
    },
    greeting: (name: string) => `Hello ${name},`,
  },
} as const

/** The mail of an invitation or a reset, its expiry told in the company's time zone and language. */
export function accountMail(mail: AccountMail): MailMessage {
  const words = WORDS[mail.language]
  const kind = words[mail.kind]
  const when = DateTime.fromISO(mail.expiresAt, { zone: mail.timezone })
    .setLocale(mail.language)
    .toLocaleString(DateTime.DATETIME_FULL)
  const lines = [
    words.greeting(mail.fullName),
    '',
    kind.lead(mail.companyName),
    '',
    `${kind.action}: ${mail.link}`,
    '',
    kind.until(when),
    kind.ignore,
  ]
  const html = [
    `<!doctype html><html lang="${mail.language}"><body style="font-family: sans-serif; line-height: 1.5">`,
    `<p>${escapeHtml(words.greeting(mail.fullName))}</p>`,
    `<p>${escapeHtml(kind.lead(mail.companyName))}</p>`,
    `<p><a href="${escapeHtml(mail.link)}" style="display: inline-block; padding: 12px 20px; background: #1d4ed8; color: #fff; border-radius: 6px; text-decoration: none">${escapeHtml(kind.action)}</a></p>`,
    `<p style="font-size: 90%">${escapeHtml(kind.until(when))}<br>${escapeHtml(kind.ignore)}</p>`,
    `<p style="font-size: 80%; color: #555">${escapeHtml(mail.link)}</p>`,
    '</body></html>',
  ].join('\n')
  return { to: mail.to, subject: kind.subject(mail.companyName), text: lines.join('\n'), html }
}
