/**
 * What a reminder says, by mail, in the person's language (es, en): what waits and a link to the
 * app, never more than the person's own data (a digest names people and counts, no absence type,
 * no reason). Every reminder carries a link that turns its kind off without signing in, and the
 * List-Unsubscribe headers (RFC 2369, RFC 8058) that let a mail program do it in one click.
 */
import { DateTime } from 'luxon'
import type { ReminderKind } from '../../lib/notification-settings.js'
import type { MailMessage } from '../mail/index.js'
import type { DigestLine } from './notifications.logic.js'

export type Language = 'es' | 'en'

/** What each kind's message is made of (the reminder's `facts`). */
export type ReminderFacts =
  | { kind: 'open_session'; started_at: string }
  | { kind: 'correction_consent'; proposed_at: string }
  | { kind: 'approvals_digest'; lines: DigestLine[] }
  | { kind: 'month_to_sign'; month: string }
  | { kind: 'rest_deadline'; worker: string | null; compensate_by: string; owed_minutes: number }

const hours = (minutes: number) => `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`

const WORDS = {
  es: {
    greeting: (name: string) => `Hola, ${name}:`,
    open: 'Abrir Jornada',
    unsubscribe: 'No quiero recibir más avisos de este tipo por correo:',
    settings: 'Puedes elegir qué avisos recibes en la aplicación (Perfil, Avisos).',
    subject: {
      open_session: 'Tu jornada sigue abierta',
      correction_consent: 'Una corrección de tu registro espera tu conformidad',
      approvals_digest: 'Solicitudes pendientes de tu decisión',
      month_to_sign: 'Tu registro del mes está listo para firmar',
      rest_deadline: 'Horas extra por descansar antes de su plazo',
    },
    open_session: (at: string) =>
      `La jornada que empezaste ${at} sigue abierta. Si ya has terminado, registra la salida en la aplicación.`,
    correction_consent: (at: string) =>
      `Se ha propuesto ${at} una corrección de tu registro horario. Revísala y acéptala o recházala en la aplicación (Solicitudes).`,
    digest_lead: 'Esperan tu decisión:',
    digest_line: (l: DigestLine) =>
      `${l.name}: ${[
        l.requests ? `${l.requests} ${l.requests === 1 ? 'solicitud' : 'solicitudes'}` : '',
        l.corrections ? `${l.corrections} ${l.corrections === 1 ? 'corrección' : 'correcciones'}` : '',
      ]
        .filter(Boolean)
        .join(' y ')}`,
    month_to_sign: (month: string) => `Tu registro horario de ${month} está listo para firmar en la aplicación.`,
    rest_own: (h: string, by: string) => `Tienes ${h} h de horas extra por descansar antes del ${by}.`,
    rest_hr: (who: string, h: string, by: string) =>
      `${who} tiene ${h} h de horas extra por descansar antes del ${by}.`,
  },
  en: {
    greeting: (name: string) => `Hello ${name},`,
    open: 'Open Jornada',
    unsubscribe: 'Stop these reminders by mail:',
    settings: 'You can choose which reminders you get in the app (Profile, Reminders).',
    subject: {
      open_session: 'Your working session is still open',
      correction_consent: 'A correction of your record waits for your consent',
      approvals_digest: 'Requests waiting for your decision',
      month_to_sign: 'Your month’s record is ready to sign',
      rest_deadline: 'Overtime to rest before its deadline',
    },
    open_session: (at: string) =>
      `The session you started ${at} is still open. If you have finished, clock out in the app.`,
    correction_consent: (at: string) =>
      `A correction of your time record was proposed ${at}. Review it and accept or reject it in the app (Requests).`,
    digest_lead: 'Waiting for your decision:',
    digest_line: (l: DigestLine) =>
      `${l.name}: ${[
        l.requests ? `${l.requests} ${l.requests === 1 ? 'request' : 'requests'}` : '',
        l.corrections ? `${l.corrections} ${l.corrections === 1 ? 'correction' : 'corrections'}` : '',
      ]
        .filter(Boolean)
        .join(' and ')}`,
    month_to_sign: (month: string) => `Your time record of ${month} is ready to sign in the app.`,
    rest_own: (h: string, by: string) => `You have ${h} h of overtime to rest before ${by}.`,
    rest_hr: (who: string, h: string, by: string) => `${who} has ${h} h of overtime to rest before ${by}.`,
  },
} as const

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`)
}

/** The app's screen a reminder opens (the push channel opens the same). */
export function screenOf(kind: ReminderKind): string {
  switch (kind) {
    case 'correction_consent':
      return '/app/requests'
    case 'approvals_digest':
      return '/app/inbox'
    case 'month_to_sign':
      return '/app/month'
    default:
      return '/app'
  }
}

/** The paragraphs (a string) and lists (an array) that say what waits. */
export function reminderLines(facts: ReminderFacts, language: Language, zone: string): (string | string[])[] {
  const words = WORDS[language]
  const when = (iso: string) =>
    DateTime.fromISO(iso, { zone })
      .setLocale(language)
      .toFormat(language === 'es' ? "d 'de' LLLL 'a las' HH:mm" : "d LLLL 'at' HH:mm")
  const date = (day: string) => DateTime.fromISO(day, { zone }).setLocale(language).toLocaleString(DateTime.DATE_FULL)
  const month = (m: string) => DateTime.fromISO(`${m}-01`, { zone }).setLocale(language).toFormat('LLLL yyyy')
  switch (facts.kind) {
    case 'open_session':
      return [words.open_session(language === 'es' ? `el ${when(facts.started_at)}` : `on ${when(facts.started_at)}`)]
    case 'correction_consent':
      return [
        words.correction_consent(language === 'es' ? `el ${when(facts.proposed_at)}` : `on ${when(facts.proposed_at)}`),
      ]
    case 'approvals_digest':
      return [words.digest_lead, facts.lines.map(words.digest_line)]
    case 'month_to_sign':
      return [words.month_to_sign(month(facts.month))]
    case 'rest_deadline':
      return [
        facts.worker === null
          ? words.rest_own(hours(facts.owed_minutes), date(facts.compensate_by))
          : words.rest_hr(facts.worker, hours(facts.owed_minutes), date(facts.compensate_by)),
      ]
  }
}

/** The short title of a reminder (a mail's subject, a push's title). */
export const reminderTitle = (kind: ReminderKind, language: Language): string => WORDS[language].subject[kind]

/** The mail of a reminder, with its one-use unsubscribe link in the body and the headers. */
export function reminderMail(input: {
  to: string
  name: string
  language: Language
  zone: string
  facts: ReminderFacts
  publicUrl: string
  unsubscribeUrl: string
}): MailMessage {
  const words = WORDS[input.language]
  const base = input.publicUrl.replace(/\/+$/, '')
  const link = `${base}${screenOf(input.facts.kind)}`
  const blocks = [words.greeting(input.name), ...reminderLines(input.facts, input.language, input.zone)]
  const html = [
    `<!doctype html><html lang="${input.language}"><body style="font-family: sans-serif; line-height: 1.5">`,
    ...blocks.map((b) =>
      typeof b === 'string'
        ? `<p>${escapeHtml(b)}</p>`
        : `<ul>${b.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>`,
    ),
    `<p><a href="${escapeHtml(link)}">${escapeHtml(words.open)}</a></p>`,
    `<p style="font-size: small">${escapeHtml(words.settings)} ${escapeHtml(words.unsubscribe)} <a href="${escapeHtml(input.unsubscribeUrl)}">${escapeHtml(input.unsubscribeUrl)}</a></p>`,
    '</body></html>',
  ].join('\n')
  const text = [
    ...blocks.map((b) => (typeof b === 'string' ? b : b.map((i) => `- ${i}`).join('\n'))),
    `${words.open}: ${link}`,
    `${words.settings}\n${words.unsubscribe} ${input.unsubscribeUrl}`,
  ].join('\n\n')
  return {
    to: input.to,
    subject: words.subject[input.facts.kind],
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${input.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  }
}
