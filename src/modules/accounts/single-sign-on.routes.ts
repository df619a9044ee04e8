/**
 * Single sign-on's two browser addresses (docs/decisions/0016-accounts-and-sign-in.md), outside the
 * JSON API because a browser navigates to them: `/auth/oidc/start?tenant_id=` sends the person to
 * the company's provider, and `/auth/oidc/callback` is where the provider sends them back (the
 * redirect URI registered there: `PUBLIC_URL` + `/auth/oidc/callback`). Success sets the session
 * cookies and goes to `/app`; a refusal is a page that says why, in the person's language.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { unitOfRequest } from '../../http/request-scope.js'
import { type CookieOptions, cookieOf, signedInCookies } from '../../http/session-cookie.js'
import { ProviderConfigurations, type ProviderNetwork } from '../../lib/openid.js'
import type { SecretBox } from '../../lib/secret-box.js'
import type { SessionPolicy } from '../keys/index.js'
import { PAGE_POLICY, confirmationPage, pageLanguage, refusalPage } from './single-sign-on.pages.js'
import {
  type RefusalReason,
  SIGN_IN_WINDOW_MS,
  type SingleSignOnContext,
  SingleSignOnRefused,
  companyLanguage,
  finishSingleSignOn,
  singleSignOnTarget,
  startSingleSignOn,
} from './single-sign-on.service.js'

export const START_PATH = '/auth/oidc/start'
export const CALLBACK_PATH = '/auth/oidc/callback'
/** Carries the state from the start to the callback in the browser that started: a link sent elsewhere fails. */
const STATE_COOKIE = 'jornada_oidc'

const STATUS: Record<RefusalReason, number> = {
  not_configured: 404,
  expired: 400,
  provider_error: 403,
  invalid_answer: 403,
  unreachable: 502,
  misconfigured: 503,
  no_email: 403,
  unverified_email: 403,
  domain_not_allowed: 403,
  no_account: 403,
}

const TENANT_ID = /^ten_[0-9A-HJKMNP-TV-Z]{26}$/

export interface SingleSignOnPageSettings {
  publicUrl: string | null
  secrets: SecretBox | null
  session: SessionPolicy
  cookies: CookieOptions
  network: ProviderNetwork
}

/**
 * Whether the browser came here from this service's own pages (or a typed address, a bookmark).
 * A sign-in started by another site's link is confirmed first: otherwise any page could sign a
 * visitor into an account of the page's choosing (login CSRF), or send them on to any provider
 * an administrator of some company named. Browsers without Fetch Metadata confirm with `continue=1`.
 */
function startedHere(request: FastifyRequest, query: Record<string, unknown>): boolean {
  const site = request.headers['sec-fetch-site']
  if (site === undefined) return query.continue === '1'
  return site === 'same-origin' || site === 'none'
}

/**
 * Where the provider sends people back. From `PUBLIC_URL`; without it only a service reached on
 * localhost (a developer's) uses the request's own address: elsewhere the Host header, which
 * anyone can set, would choose where codes are sent.
 */
function redirectUriOf(settings: SingleSignOnPageSettings, request: FastifyRequest): string | null {
  if (settings.publicUrl) return settings.publicUrl + CALLBACK_PATH
  const host = request.hostname
  if (host !== 'localhost' && !host.endsWith('.localhost') && host !== '127.0.0.1') return null
  return `${request.protocol}://${request.host}${CALLBACK_PATH}`
}

function stateCookie(value: string, maxAgeSeconds: number, cookies: CookieOptions): string {
  // Lax, not Strict: the provider's redirect back is a navigation from another site.
  return `${STATE_COOKIE}=${value}; Max-Age=${maxAgeSeconds}; Path=/auth/oidc; HttpOnly; SameSite=Lax${cookies.secure ? '; Secure' : ''}`
}

function noStore(reply: FastifyReply): FastifyReply {
  return reply.header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer')
}

async function refuse(request: FastifyRequest, reply: FastifyReply, refusal: SingleSignOnRefused) {
  const language = pageLanguage(
    request.headers['accept-language'],
    await companyLanguage(unitOfRequest(request), refusal.tenantId),
  )
  request.log.warn({ reason: refusal.reason, tenant_id: refusal.tenantId }, 'single sign-on refused')
  const again = refusal.tenantId ? `${START_PATH}?tenant_id=${encodeURIComponent(refusal.tenantId)}` : null
  return noStore(reply)
    .status(STATUS[refusal.reason])
    .header('Content-Type', 'text/html; charset=utf-8')
    .header('Content-Security-Policy', PAGE_POLICY)
    .send(refusalPage(language, refusal.reason, refusal.detail, again))
}

export function registerSingleSignOnPages(app: FastifyInstance, settings: SingleSignOnPageSettings): void {
  const providers = new ProviderConfigurations(settings.network)
  const contextFor = (request: FastifyRequest): SingleSignOnContext | null => {
    const redirectUri = redirectUriOf(settings, request)
    return redirectUri ? { secrets: settings.secrets, providers, redirectUri } : null
  }
  const page = { config: { access: 'public' as const }, schema: { hide: true } }

  app.get(START_PATH, page, async (request, reply) => {
    const query = request.query as Record<string, unknown>
    const tenantId = query.tenant_id
    try {
      if (typeof tenantId !== 'string' || !TENANT_ID.test(tenantId))
        throw new SingleSignOnRefused('not_configured', null)
      const context = contextFor(request)
      if (!context) throw new SingleSignOnRefused('misconfigured', tenantId)
      if (!startedHere(request, query)) {
        const target = await singleSignOnTarget(unitOfRequest(request), tenantId, context)
        const language = pageLanguage(request.headers['accept-language'], target.language)
        const next = `${START_PATH}?tenant_id=${encodeURIComponent(tenantId)}&continue=1`
        return noStore(reply)
          .header('Content-Type', 'text/html; charset=utf-8')
          .header('Content-Security-Policy', PAGE_POLICY)
          .send(confirmationPage(language, target.company, target.providerHost, next))
      }
      const started = await startSingleSignOn(unitOfRequest(request), tenantId, context)
      return noStore(reply)
        .header('Set-Cookie', stateCookie(started.state, SIGN_IN_WINDOW_MS / 1000, settings.cookies))
        .redirect(started.url.href, 303)
    } catch (error) {
      if (error instanceof SingleSignOnRefused) return refuse(request, reply, error)
      throw error
    }
  })

  app.get(CALLBACK_PATH, page, async (request, reply) => {
    const cleared = stateCookie('', 0, settings.cookies)
    try {
      const context = contextFor(request)
      if (!context) throw new SingleSignOnRefused('misconfigured', null)
      const query = request.url.indexOf('?')
      const callbackUrl = new URL(context.redirectUri + (query < 0 ? '' : request.url.slice(query)))
      const unit = unitOfRequest(request)
      const signedIn = await finishSingleSignOn(
        unit,
        callbackUrl,
        cookieOf(request.headers.cookie, STATE_COOKIE),
        { address: request.ip, userAgent: request.headers['user-agent'] ?? null },
        settings.session,
        context,
      )
      return noStore(reply)
        .header('Set-Cookie', [cleared, ...signedInCookies(signedIn.session, unit.now, settings.cookies)])
        .redirect('/app', 303)
    } catch (error) {
      if (error instanceof SingleSignOnRefused) return refuse(request, reply.header('Set-Cookie', cleared), error)
      throw error
    }
  })
}
