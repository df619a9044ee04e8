/**
 * Telling a person that their credentials changed, and handing them a kiosk PIN once
 * (docs/decisions/0024-only-the-worker-acts-as-the-worker.md): every change of a password,
 * passkey, personal key or kiosk PIN mails the person when mail is set up, so that a change they
 * did not make does not go unnoticed. Queued in the write's transaction like every mail here: sent
 * once it commits, never when it rolls back. Spanish and English, values escaped in the HTML.
 *
 * A password change or reset leaves the person's personal API keys working: its mail lists them
 * (name, the key's beginning, when made and last used; never a secret) with where to revoke them,
 * so that a key made by whoever held the account does not outlive the new password unnoticed.
 */
import { DateTime } from 'luxon'
import type { AuthContext } from '../../auth/context.js'
import type { TenantRow } from '../../db/schema.js'
import type { Unit } from '../../db/unit-of-work.js'
import { queueMail } from './mail.service.js'
import type { MailMessage } from './mailer.js'

/** What changed. */
export type CredentialChange =
  | 'password_changed'
  | 'password_reset'
  | 'passkey_added'
  | 'personal_key_created'
  | 'kiosk_pin_changed'
  | 'kiosk_pin_reset'

/** A personal key a notice lists: what the person recognises it by, never its secret. */
export interface NoticeKey {
  name: string
  /** The key's beginning (`jnd_<id>_`), not secret. */
  beginning: string
  created_at: string
  last_used_at: string | null
}

/** What a password change's or reset's notice adds: the keys that stay, and where the app's profile is. */
export interface NoticeDetails {
  keys?: readonly NoticeKey[]
  /** The service's public address (`PUBLIC_URL`), for the link to the profile where keys are revoked. */
  publicUrl?: string | null
}

/** Who the mail is for, and the company it speaks for. */
export interface NoticeRecipient {
  tenant: Pick<TenantRow, 'id' | 'name' | 'timezone' | 'language'>
  user: { id: string; email: string; full_name: string }
}

/** The caller, as the recipient of a notice about their own credentials. */
export function callerAsRecipient(auth: AuthContext): NoticeRecipient {
  return { tenant: auth.tenant, user: { id: auth.actor.id, email: auth.actor.email, full_name: auth.actor.fullName } }
}

const WORDS = {
  es: {
    greeting: (name: string) => `Hola, ${name}:`,
    subject: 'Cambio en tu acceso a Jornada',
    change: {
      password_changed: 'Se ha cambiado tu contraseña',
      password_reset: 'Se ha elegido una nueva contraseña con un enlace de restablecimiento',
      passkey_added: 'Se ha añadido una llave de acceso (passkey)',
      personal_key_created: 'Se ha creado una clave personal de la API a tu nombre',
      kiosk_pin_changed: 'Se ha cambiado tu PIN del quiosco',
      kiosk_pin_reset: 'Un administrador ha restablecido tu PIN del quiosco',
    },
    at: (company: string, when: string) => `en tu cuenta de ${company}, el ${when}.`,
    notYou:
      'Si no has sido tú, cambia tu contraseña en la aplicación (Perfil) y avisa a tu empresa: alguien podría estar usando tu cuenta.',
    pinSubject: 'Tu PIN provisional del quiosco',
    pinLead: (company: string) =>
      `Tu PIN del quiosco de ${company} se ha restablecido. Tu PIN provisional, de un solo uso, es:`,
    pinChange:
      'El quiosco te pedirá que elijas uno nuevo la primera vez que lo uses. También puedes elegirlo en la aplicación (Perfil).',
    pinNotYou: 'Si no lo has pedido, avisa a tu empresa.',
    keysStay: (n: number) =>
      n === 1
        ? 'Tu clave personal de la API sigue funcionando (cambiar la contraseña no la revoca):'
        : `Tus ${n} claves personales de la API siguen funcionando (cambiar la contraseña no las revoca):`,
    key: (name: string, beginning: string, created: string, lastUsed: string | null) =>
      `${name} (${beginning}…), creada el ${created}, ${lastUsed ? `usada por última vez el ${lastUsed}` : 'sin usar todavía'}`,
    revokeWhere: (link: string | null) =>
      `Si no creaste alguna, revócala en la aplicación: Perfil, Claves personales${link ? ` (${link})` : ''}.`,
  },
  en: {
    greeting: (name: string) => `Hello ${name},`,
    subject: 'A change to your Jornada access',
    change: {
      password_changed: 'Your password was changed',
      password_reset: 'A new password was chosen with a reset link',
      passkey_added: 'A passkey was added',
      personal_key_created: 'A personal API key was created in your name',
      kiosk_pin_changed: 'Your kiosk PIN was changed',
      kiosk_pin_reset: 'An administrator reset your kiosk PIN',
    },
    at: (company: string, when: string) => `in your account at ${company}, on ${when}.`,
    notYou:
      'If it was not you, change your password in the app (Profile) and tell your company: someone may be using your account.',
    pinSubject: 'Your temporary kiosk PIN',
    pinLead: (company: string) => `Your kiosk PIN at ${company} was reset. Your temporary, one-time PIN is:`,
    pinChange:
      'The kiosk asks you to choose a new one the first time you use it. You may also choose it in the app (Profile).',
    pinNotYou: 'If you did not ask for it, tell your company.',
    keysStay: (n: number) =>
      n === 1
        ? 'Your personal API key still works (a password change does not revoke it):'
        : `Your ${n} personal API keys still work (a password change does not revoke them):`,
    key: (name: string, beginning: string, created: string, lastUsed: string | null) =>
      `${name} (${beginning}…), created on ${created}, ${lastUsed ? `last used on ${lastUsed}` : 'not used yet'}`,
    revokeWhere: (link: string | null) =>
      `If you did not create one of them, revoke it in the app: Profile, Personal keys${link ? ` (${link})` : ''}.`,
  },
} as const

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`)
}

/** A paragraph, or a list (an array of items). */
type Block = string | readonly string[]

function message(to: string, language: 'es' | 'en', subject: string, blocks: readonly Block[]): MailMessage {
  const html = [
    `<!doctype html><html lang="${language}"><body style="font-family: sans-serif; line-height: 1.5">`,
    ...blocks.map((b) =>
      typeof b === 'string'
        ? `<p>${escapeHtml(b)}</p>`
        : `<ul>${b.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>`,
    ),
    '</body></html>',
  ].join('\n')
  const text = blocks.map((b) => (typeof b === 'string' ? b : b.map((i) => `- ${i}`).join('\n'))).join('\n\n')
  return { to, subject, text, html }
}

function localDate(at: string, tenant: NoticeRecipient['tenant']): string {
  return DateTime.fromISO(at, { zone: tenant.timezone }).setLocale(tenant.language).toLocaleString(DateTime.DATE_MED)
}

/** The paragraphs listing the personal keys that stay, or none when there are none. */
function keysThatStay(tenant: NoticeRecipient['tenant'], details: NoticeDetails): Block[] {
  const keys = details.keys ?? []
  if (keys.length === 0) return []
  const words = WORDS[tenant.language]
  const profile = details.publicUrl ? `${details.publicUrl.replace(/\/+$/, '')}/app/profile` : null
  return [
    words.keysStay(keys.length),
    keys.map((k) =>
      words.key(
        k.name,
        k.beginning,
        localDate(k.created_at, tenant),
        k.last_used_at ? localDate(k.last_used_at, tenant) : null,
      ),
    ),
    words.revokeWhere(profile),
  ]
}

/**
 * The notice of a credential change, its moment in the company's time zone and language; with
 * `details.keys`, the personal keys that stay working.
 */
export function credentialNoticeMail(
  recipient: NoticeRecipient,
  change: CredentialChange,
  at: string,
  details: NoticeDetails = {},
): MailMessage {
  const { tenant, user } = recipient
  const words = WORDS[tenant.language]
  const when = DateTime.fromISO(at, { zone: tenant.timezone })
    .setLocale(tenant.language)
    .toLocaleString(DateTime.DATETIME_FULL)
  return message(user.email, tenant.language, words.subject, [
    words.greeting(user.full_name),
    `${words.change[change]} ${words.at(tenant.name, when)}`,
    words.notYou,
    ...keysThatStay(tenant, details),
  ])
}

/** The mail that hands a person a one-time kiosk PIN. */
export function kioskPinMail(recipient: NoticeRecipient, pin: string): MailMessage {
  const { tenant, user } = recipient
  const words = WORDS[tenant.language]
  return message(user.email, tenant.language, words.pinSubject, [
    words.greeting(user.full_name),
    words.pinLead(tenant.name),
    pin,
    words.pinChange,
    words.pinNotYou,
  ])
}

/** Queues the notice of a credential change in the unit's (a write's) transaction; answers its id. */
export function queueCredentialNotice(
  unit: Unit,
  recipient: NoticeRecipient,
  change: CredentialChange,
  details: NoticeDetails = {},
): Promise<string> {
  return queueMail(unit, {
    tenantId: recipient.tenant.id,
    userId: recipient.user.id,
    kind: 'credential_changed',
    message: credentialNoticeMail(recipient, change, new Date(unit.now).toISOString(), details),
    linkExpiresAt: null,
  })
}

/**
 * Queues the mail of a one-time kiosk PIN in the unit's transaction. Its body, the PIN, is erased
 * once sent; one unsent within a day is given up, and the person asks for another reset.
 */
export function queueKioskPinMail(unit: Unit, recipient: NoticeRecipient, pin: string): Promise<string> {
  return queueMail(unit, {
    tenantId: recipient.tenant.id,
    userId: recipient.user.id,
    kind: 'kiosk_pin',
    message: kioskPinMail(recipient, pin),
    linkExpiresAt: null,
  })
}
