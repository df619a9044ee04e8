/**
 * The page a person sees when single sign-on does not let them in: what happened and what to do
 * next, in Spanish or English (their browser's preference, else the company's language). One
 * small HTML document with its style inline, allowed by hash in its policy: no script at all.
 */
import { createHash } from 'node:crypto'
import type { RefusalReason } from './single-sign-on.service.js'

export type PageLanguage = 'es' | 'en'

interface Words {
  title: string
  /** `{detail}` is replaced by the email proved or the provider's own words. */
  reasons: Record<RefusalReason, string>
  again: string
  otherWay: string
  confirmTitle: string
  /** `{company}` and `{provider}` are replaced. */
  confirm: string
  continue: string
}

const WORDS: Record<PageLanguage, Words> = {
  en: {
    title: 'We could not sign you in',
    reasons: {
      not_configured:
        'This company does not sign in with an identity provider. Sign in with your email and password, or a passkey.',
      expired:
        'This sign-in expired or was already used, or it was started in another browser. Start again from the sign-in page.',
      provider_error: 'Your identity provider did not sign you in ({detail}). Try again, or ask your IT team.',
      invalid_answer:
        'The answer from your identity provider could not be verified, so nobody was signed in. Start again; if it happens again, tell your IT team.',
      unreachable: 'Your company’s identity provider did not answer. Try again in a few minutes.',
      misconfigured:
        'Single sign-on is not set up correctly on this service. Tell your administrator: the service’s secrets key does not open the company’s settings.',
      no_email:
        'Your identity provider did not tell us your email, so we cannot find your account. Ask your IT team to include the email in the sign-in.',
      unverified_email:
        'Your identity provider has not verified your email ({detail}). Verify it there, or ask your IT team.',
      domain_not_allowed:
        'This company only lets in emails of its own domains, and {detail} is not one of them. Sign in with your work account.',
      no_account:
        'There is no active account with the email {detail} in this company. Ask HR or your administrator to add you, or sign in with your work account.',
    },
    again: 'Start again',
    otherWay: 'Sign in another way',
    confirmTitle: 'Sign in with your company',
    confirm:
      'You are about to sign in to {company} with the identity provider at {provider}. Continue only if you meant to.',
    continue: 'Continue',
  },
  es: {
    title: 'No hemos podido iniciar tu sesión',
    reasons: {
      not_configured:
        'Esta empresa no inicia sesión con un proveedor de identidad. Entra con tu email y contraseña, o con una llave de acceso.',
      expired:
        'Este inicio de sesión ha caducado o ya se usó, o se empezó en otro navegador. Empieza de nuevo desde la página de acceso.',
      provider_error:
        'Tu proveedor de identidad no ha iniciado tu sesión ({detail}). Inténtalo de nuevo o consulta a tu equipo de informática.',
      invalid_answer:
        'No se ha podido verificar la respuesta de tu proveedor de identidad, así que no se ha iniciado ninguna sesión. Empieza de nuevo; si vuelve a ocurrir, avisa a tu equipo de informática.',
      unreachable: 'El proveedor de identidad de tu empresa no responde. Inténtalo de nuevo en unos minutos.',
      misconfigured:
        'El inicio de sesión único no está bien configurado en este servicio. Avisa a tu administrador: la clave de secretos del servicio no abre la configuración de la empresa.',
      no_email:
        'Tu proveedor de identidad no nos ha dado tu email, así que no podemos encontrar tu cuenta. Pide a tu equipo de informática que lo incluya.',
      unverified_email:
        'Tu proveedor de identidad no ha verificado tu email ({detail}). Verifícalo allí o consulta a tu equipo de informática.',
      domain_not_allowed:
        'Esta empresa solo admite emails de sus propios dominios, y {detail} no es uno de ellos. Entra con tu cuenta del trabajo.',
      no_account:
        'No hay ninguna cuenta activa con el email {detail} en esta empresa. Pide a RR. HH. o a tu administrador que te den de alta, o entra con tu cuenta del trabajo.',
    },
    again: 'Empezar de nuevo',
    otherWay: 'Entrar de otra forma',
    confirmTitle: 'Entrar con tu empresa',
    confirm:
      'Vas a entrar en {company} con el proveedor de identidad de {provider}. Continúa solo si es lo que querías hacer.',
    continue: 'Continuar',
  },
}

/** Spanish or English, as the browser ranks them (`Accept-Language`), else `fallback`. */
export function pageLanguage(acceptLanguage: string | undefined, fallback: PageLanguage | null): PageLanguage {
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';')
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean)
      return { language: tag.trim().slice(0, 2).toLowerCase(), q: q === undefined ? 1 : Number(q), index }
    })
    .filter((entry) => (entry.language === 'es' || entry.language === 'en') && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
  return (ranked[0]?.language as PageLanguage | undefined) ?? fallback ?? 'en'
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

const STYLE =
  'body{font:1rem/1.5 system-ui,sans-serif;margin:0;padding:1.5rem;color:#1b1b1b;background:#f6f6f4}' +
  'main{max-width:32rem;margin:10vh auto 0;background:#fff;border-radius:.75rem;padding:1.5rem;box-shadow:0 1px 4px #0002}' +
  'h1{font-size:1.35rem;margin:0 0 .75rem}p{margin:0 0 1.25rem}' +
  'a{display:inline-block;margin:0 .75rem .5rem 0;padding:.7rem 1rem;border-radius:.5rem;color:#fff;background:#1f5f8b;text-decoration:none}' +
  'a.secondary{color:#1f5f8b;background:none;border:1px solid #1f5f8b}a:focus-visible{outline:3px solid #e0a100;outline-offset:2px}'

/** The page's Content-Security-Policy: nothing but its own inline style, found by hash. */
export const PAGE_POLICY = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ')

/** The refusal page; `startAgain` is the link that starts a new sign-in, when the company is known. */
export function refusalPage(
  language: PageLanguage,
  reason: RefusalReason,
  detail: string | null,
  startAgain: string | null,
): string {
  const words = WORDS[language]
  // A function, not a string: `$&` and the like in the detail are not replacement patterns.
  const message = words.reasons[reason].replace('{detail}', () => escapeHtml(detail ?? '—'))
  const links = [
    startAgain ? `<a href="${escapeHtml(startAgain)}">${words.again}</a>` : '',
    `<a class="secondary" href="/app">${words.otherWay}</a>`,
  ].join('')
  return page(language, words.title, `<p role="alert">${message}</p>`, links)
}

/** Asks before going to the provider when the sign-in was started from another site. */
export function confirmationPage(language: PageLanguage, company: string, providerHost: string, next: string): string {
  const words = WORDS[language]
  const message = words.confirm
    .replace('{company}', () => `<strong>${escapeHtml(company)}</strong>`)
    .replace('{provider}', () => `<strong>${escapeHtml(providerHost)}</strong>`)
  const links = `<a href="${escapeHtml(next)}">${words.continue}</a><a class="secondary" href="/app">${words.otherWay}</a>`
  return page(language, words.confirmTitle, `<p>${message}</p>`, links)
}

function page(language: PageLanguage, title: string, body: string, links: string): string {
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · Jornada</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${title}</h1>
${body}
<nav>${links}</nav>
</main>
</body>
</html>
`
}
