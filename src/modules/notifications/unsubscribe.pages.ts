/**
 * The small pages of a reminder's unsubscribe link, opened without signing in: GET asks to confirm
 * (mail scanners open links, so a GET changes nothing) and POST turns the kind off, from the page's
 * button or from a mail program's one-click request (RFC 8058). No script and no inline style.
 */
import type { ReminderKind } from '../../lib/notification-settings.js'
import { reminderTitle } from './reminder-mail.js'

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

const WORDS = {
  es: {
    title: 'Avisos de Jornada',
    ask: 'Dejarás de recibir por correo los avisos de este tipo. Puedes volver a activarlos en la aplicación (Perfil).',
    button: 'Dejar de recibirlos',
    done: (kind: string) =>
      `Hecho: ya no recibirás por correo «${kind}». Puedes volver a activarlo en la aplicación (Perfil).`,
    used: 'Este enlace ya se ha usado o no es válido. Puedes elegir tus avisos en la aplicación (Perfil).',
  },
  en: {
    title: 'Jornada reminders',
    ask: 'You will no longer get reminders of this kind by mail. You can turn them on again in the app (Profile).',
    button: 'Stop them',
    done: (kind: string) =>
      `Done: you will no longer get “${kind}” by mail. You can turn it on again in the app (Profile).`,
    used: 'This link was used already or is not valid. You can choose your reminders in the app (Profile).',
  },
} as const

function page(language: 'es' | 'en', body: string): string {
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(WORDS[language].title)}</title></head><body><main><h1>${escapeHtml(WORDS[language].title)}</h1>${body}</main></body></html>`
}

/** The page that asks to confirm, with a button that posts back to the same link. */
export function confirmPage(language: 'es' | 'en', token: string): string {
  const words = WORDS[language]
  return page(
    language,
    `<p>${escapeHtml(words.ask)}</p><form method="post" action="?token=${escapeHtml(encodeURIComponent(token))}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${escapeHtml(words.button)}</button></form>`,
  )
}

export function donePage(language: 'es' | 'en', kind: ReminderKind): string {
  return page(language, `<p role="status">${escapeHtml(WORDS[language].done(reminderTitle(kind, language)))}</p>`)
}

export function usedPage(language: 'es' | 'en'): string {
  return page(language, `<p role="alert">${escapeHtml(WORDS[language].used)}</p>`)
}

/** The language of a page for someone not signed in: what their browser prefers, Spanish or English. */
export function languageOfBrowser(acceptLanguage: string | undefined): 'es' | 'en' {
  const first = (acceptLanguage ?? '').split(',')[0]?.trim().toLowerCase() ?? ''
  return first.startsWith('en') ? 'en' : 'es'
}
