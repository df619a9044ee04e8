/**
 * A real OpenID provider on loopback for the single sign-on tests: `oidc-provider` (the certified
 * provider implementation), configured here with one client, a few people, and its dev login
 * form, which `signInAt` fills in as a browser would (cookies, redirects). `tamper` rewrites the
 * next ID tokens the token endpoint answers, re-signed with the provider's own key (a wrong
 * audience, an expired token, a wrong nonce) or with a key it never published.
 */
import { createSign, generateKeyPairSync, type JsonWebKey } from 'node:crypto'
import { type Server, createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import assert from 'node:assert/strict'
import type { FastifyInstance } from 'fastify'
import Provider from 'oidc-provider'
import { sessionCookieSet } from './accounts.js'

export interface Person {
  email?: string
  email_verified?: boolean
  name?: string
}

export type Tampering = 'audience' | 'expired' | 'nonce' | 'foreign-key' | null

export interface OpenIdProvider {
  issuer: string
  clientId: string
  clientSecret: string
  /** Who can sign in at the provider, by subject. */
  people: Map<string, Person>
  tamper(mode: Tampering): void
  close(): Promise<void>
}

function rsaKey(kid: string) {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const jwk = privateKey.export({ format: 'jwk' }) as JsonWebKey
  return { privateKey, jwk: { ...jwk, kid, alg: 'RS256', use: 'sig' } }
}

function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url')
}

/** A JWT with `claims`, signed RS256 by `key` under `kid`. */
function signJwt(claims: Record<string, unknown>, key: ReturnType<typeof rsaKey>['privateKey'], kid: string): string {
  const input = `${base64url({ alg: 'RS256', typ: 'JWT', kid })}.${base64url(claims)}`
  const signature = createSign('RSA-SHA256').update(input).sign(key).toString('base64url')
  return `${input}.${signature}`
}

export async function startOpenIdProvider(redirectUri: string): Promise<OpenIdProvider> {
  const signing = rsaKey('provider-key')
  const foreign = rsaKey('provider-key') // same kid, a key the provider never published
  const people = new Map<string, Person>()
  let tampering: Tampering = null
  const clientId = 'jornada-test'
  const clientSecret = 'a-client-secret-only-the-provider-and-jornada-know'

  const server: Server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [signing.jwk as never] },
    cookies: { keys: ['cookie-key-for-the-test-provider'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    async findAccount(_ctx, sub) {
      if (!people.has(sub)) return undefined
      return { accountId: sub, claims: async () => ({ sub, ...people.get(sub) }) }
    },
    // Consent is taken as given: the person only signs in.
    async loadExistingGrant(ctx) {
      const grant = new ctx.oidc.provider.Grant({ clientId, accountId: ctx.oidc.session!.accountId! })
      grant.addOIDCScope('openid email profile')
      await grant.save()
      return grant
    },
  })
  provider.use(async (ctx, next) => {
    await next()
    const body = ctx.body as { id_token?: string } | undefined
    if (ctx.path !== '/token' || !tampering || !body?.id_token) return
    const claims = JSON.parse(Buffer.from(body.id_token.split('.')[1]!, 'base64url').toString()) as Record<
      string,
      unknown
    >
    const now = Math.floor(Date.now() / 1000)
    if (tampering === 'audience') claims.aud = 'some-other-application'
    if (tampering === 'expired') Object.assign(claims, { iat: now - 7200, exp: now - 3600 })
    if (tampering === 'nonce') claims.nonce = 'a-nonce-from-another-sign-in'
    const key = tampering === 'foreign-key' ? foreign.privateKey : signing.privateKey
    body.id_token = signJwt(claims, key, 'provider-key')
  })
  server.on('request', provider.callback())
  return {
    issuer,
    clientId,
    clientSecret,
    people,
    tamper(mode) {
      tampering = mode
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** Cookies of one host, as a browser keeps them (names and values only: enough for the provider). */
class CookieJar {
  readonly #cookies = new Map<string, string>()

  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';')
      const eq = pair.indexOf('=')
      if (eq > 0) this.#cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim())
    }
  }

  header(): string {
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  }
}

/**
 * Follows the provider from its authorization URL to the redirect back, signing in as `subject`
 * at its login form: answers the URL the provider sends the browser back to.
 */
export async function signInAt(authorizationUrl: string, subject: string, redirectUri: string): Promise<URL> {
  const jar = new CookieJar()
  let url = new URL(authorizationUrl)
  let body: URLSearchParams | undefined
  for (let hop = 0; hop < 15; hop++) {
    if (url.href.startsWith(redirectUri)) return url
    const response = await fetch(url, {
      method: body ? 'POST' : 'GET',
      redirect: 'manual',
      headers: { cookie: jar.header(), ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      ...(body ? { body } : {}),
    })
    jar.take(response)
    body = undefined
    const location = response.headers.get('location')
    if (location) {
      url = new URL(location, url)
      continue
    }
    const page = await response.text()
    if (response.status !== 200 || !/name="prompt" value="login"/.test(page))
      throw new Error(`unexpected provider page ${response.status} at ${url.pathname}: ${page.slice(0, 300)}`)
    // The dev login form: any password, the login is the subject.
    const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1] ?? url.pathname
    url = new URL(action, url)
    body = new URLSearchParams({ prompt: 'login', login: subject, password: 'any' })
  }
  throw new Error('too many redirects at the provider')
}

/** What a browser gets back from the service at the end of a sign-in with the provider. */
export interface Landing {
  status: number
  location: string | undefined
  page: string
  sessionCookie: string | null
  csrfCookie: string | null
}

/** Starts at /auth/oidc/start as a browser, signs in at the provider as `subject`, and comes back. */
export async function signInWithProvider(
  app: FastifyInstance,
  redirectUri: string,
  tenantId: string,
  subject: string,
  options: { acceptLanguage?: string; dropStateCookie?: boolean } = {},
): Promise<Landing> {
  // The app's own button: a navigation from this origin.
  const start = await app.inject({
    method: 'GET',
    url: `/auth/oidc/start?tenant_id=${tenantId}`,
    headers: { 'sec-fetch-site': 'same-origin' },
  })
  assert.equal(start.statusCode, 303, start.body)
  const stateCookie = /jornada_oidc=([^;]+)/.exec(String(start.headers['set-cookie']))?.[1]
  assert.ok(stateCookie)
  assert.match(String(start.headers['set-cookie']), /HttpOnly; SameSite=Lax; Secure/)
  const back = await signInAt(String(start.headers.location), subject, redirectUri)
  return callback(app, back, options.dropStateCookie ? null : stateCookie, options.acceptLanguage)
}

export async function callback(
  app: FastifyInstance,
  back: URL,
  stateCookie: string | null,
  acceptLanguage = 'en',
): Promise<Landing> {
  const res = await app.inject({
    method: 'GET',
    url: back.pathname + back.search,
    headers: {
      'accept-language': acceptLanguage,
      'user-agent': 'Mozilla/5.0 (test)',
      ...(stateCookie ? { cookie: `jornada_oidc=${stateCookie}` } : {}),
    },
  })
  return {
    status: res.statusCode,
    location: res.headers.location as string | undefined,
    page: res.body,
    sessionCookie: sessionCookieSet(res),
    csrfCookie: /jornada_csrf=([^;]+)/.exec(String(res.headers['set-cookie']))?.[1] ?? null,
  }
}
