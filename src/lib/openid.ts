/**
 * A company's OpenID Connect provider as a client sees it, through openid-client (OpenID
 * Certified): discovery, the authorization code flow with PKCE, and the ID token's checks
 * (signature against the provider's published keys, issuer, audience, expiry, nonce) are the
 * library's, not ours.
 *
 * Discovery answers are kept a few minutes per issuer and client, so a sign-in costs the provider
 * two requests (the token and, when the ID token lacks the email, the user info), not four.
 */
import http from 'node:http'
import https from 'node:https'
import { isIP } from 'node:net'
import type * as client from 'openid-client'
import { isLocalName, isPublicAddress, publicOnlyLookup } from './public-network.js'
import { onFirstUse } from './first-use.js'

/**
 * openid-client, with the OAuth and JOSE libraries under it, is loaded with the first use of a
 * company's provider, not by every process that starts the service (a CLI command, each test file),
 * most of which meet none.
 */
const loadOpenIdClient = onFirstUse(() => import('openid-client'))

/** How long a provider may take to answer any one request. */
const PROVIDER_TIMEOUT_SECONDS = 5
/** How long a discovered configuration is reused: a provider's keys and endpoints change rarely. */
const CONFIGURATION_TTL_MS = 10 * 60_000
const CONFIGURATION_CACHE_LIMIT = 1000

/**
 * Where a company's provider may be. By default only on the public internet over https, checked
 * on every connection (lib/public-network.ts): a company administrator must not make the service
 * call its own network. An operator whose companies use a provider inside the network (a
 * Keycloak on 10.x) says so with `SSO_ALLOW_PRIVATE_NETWORKS`; plain http is then accepted on a
 * loopback host only (tests, development), where nobody sits between.
 */
export interface ProviderNetwork {
  allowPrivateNetworks: boolean
}

function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '')
  return isLocalName(host) || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host)
}

/** What is wrong with an issuer address, or null. */
export function issuerProblem(issuer: string, network: ProviderNetwork): string | null {
  let url: URL
  try {
    url = new URL(issuer)
  } catch {
    return 'must be a URL such as https://login.example.com/realms/acme'
  }
  if (url.search || url.hash || url.username || url.password)
    return 'must have no query, fragment or credentials: the issuer exactly as the provider names itself'
  const host = url.hostname.replace(/^\[|\]$/g, '')
  if (!network.allowPrivateNetworks && (isLocalName(host) || (isIP(host) !== 0 && !isPublicAddress(host))))
    return 'must be on the public internet (the operator allows providers on private networks with SSO_ALLOW_PRIVATE_NETWORKS)'
  if (url.protocol === 'https:') return null
  if (url.protocol === 'http:' && network.allowPrivateNetworks && isLoopbackHost(url.hostname)) return null
  return 'must start with https:// (plain http only on a loopback host, for tests and development)'
}

/** The most a provider's answer may weigh: discovery documents and key sets are a few kilobytes. */
const MAX_ANSWER_BYTES = 1024 * 1024

/**
 * fetch for the provider's endpoints over node:http(s) with `publicOnlyLookup`: the addresses the
 * discovery document names (token, keys, user info) are held to the same rule as the issuer.
 * Redirects are not followed (openid-client asks for none), and an answer is read to 1 MiB at most.
 */
function guardedFetch(url: string, init: RequestInit = {}): Promise<Response> {
  const target = new URL(url)
  const transport = target.protocol === 'https:' ? https : http
  const headers = Object.fromEntries(new Headers(init.headers).entries())
  return new Promise((resolve, reject) => {
    const request = transport.request(
      target,
      {
        method: init.method ?? 'GET',
        headers,
        lookup: publicOnlyLookup,
        ...(init.signal ? { signal: init.signal } : {}),
      },
      (response) => {
        const chunks: Buffer[] = []
        let size = 0
        response.on('data', (chunk: Buffer) => {
          size += chunk.length
          if (size > MAX_ANSWER_BYTES) request.destroy(new Error('the provider’s answer is too large'))
          else chunks.push(chunk)
        })
        response.on('error', reject)
        response.on('end', () => {
          const status = response.statusCode ?? 502
          const answerHeaders = new Headers()
          for (const [name, value] of Object.entries(response.headers))
            for (const one of ([] as (string | undefined)[]).concat(value))
              if (one !== undefined) answerHeaders.append(name, one)
          const body = status === 204 || status === 304 ? null : Buffer.concat(chunks)
          resolve(new Response(body, { status, headers: answerHeaders }))
        })
      },
    )
    request.on('error', reject)
    request.end(init.body === undefined || init.body === null ? undefined : String(init.body))
  })
}

/**
 * The ID token's signature is checked against the provider's published keys. OpenID Connect lets a
 * client skip that for a token it fetched itself over TLS; we do not: a provider's answer is
 * believed for what it signed, not for the connection it came over.
 */
function requestOptions(oidc: typeof client, issuer: URL, network: ProviderNetwork): client.DiscoveryRequestOptions {
  return {
    timeout: PROVIDER_TIMEOUT_SECONDS,
    execute: [oidc.enableNonRepudiationChecks, ...(issuer.protocol === 'http:' ? [oidc.allowInsecureRequests] : [])],
    ...(network.allowPrivateNetworks ? {} : { [oidc.customFetch]: guardedFetch as client.CustomFetch }),
  }
}

/** The client of one company at its provider. */
export interface ProviderClient {
  issuer: string
  clientId: string
  clientSecret: string
}

/** Reads the provider's discovery document: refuses an issuer that does not answer as one. */
export async function discoverProvider(
  settings: ProviderClient,
  network: ProviderNetwork,
): Promise<client.Configuration> {
  const problem = issuerProblem(settings.issuer, network)
  if (problem) throw new Error(`the issuer ${problem}`)
  const issuer = new URL(settings.issuer)
  const oidc = await loadOpenIdClient()
  const configuration = await oidc.discovery(
    issuer,
    settings.clientId,
    settings.clientSecret, // client_secret_basic, what every provider takes
    undefined,
    requestOptions(oidc, issuer, network),
  )
  // The fetch given to discovery() serves its own request only: the later ones (token, keys, user info) too.
  if (!network.allowPrivateNetworks) configuration[oidc.customFetch] = guardedFetch as client.CustomFetch
  return configuration
}

/**
 * Why discovery failed, in words that tell an administrator what to fix without echoing what the
 * network said (which would let anyone holding the setting map hosts and ports).
 */
export function discoveryFailure(error: unknown): string {
  const message = error instanceof Error ? error.message : ''
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
    return 'it did not answer within 5 seconds'
  if (/not a public address|must be on the public internet/.test(message)) return 'it is not on the public internet'
  if (/"issuer"/.test(message))
    return 'its discovery document names another issuer: copy it exactly as the provider gives it'
  return 'no OpenID discovery document could be read there'
}

/** Discovery answers, reused for a few minutes; a failed discovery is not kept. */
export class ProviderConfigurations {
  readonly #entries = new Map<string, { at: number; configuration: Promise<client.Configuration> }>()

  constructor(
    private readonly network: ProviderNetwork,
    private readonly now: () => number = Date.now,
  ) {}

  get(settings: ProviderClient): Promise<client.Configuration> {
    const key = JSON.stringify([settings.issuer, settings.clientId, settings.clientSecret])
    const kept = this.#entries.get(key)
    if (kept && this.now() - kept.at < CONFIGURATION_TTL_MS) return kept.configuration
    if (this.#entries.size >= CONFIGURATION_CACHE_LIMIT) this.#entries.clear()
    const configuration = discoverProvider(settings, this.network)
    this.#entries.set(key, { at: this.now(), configuration })
    configuration.catch(() => this.#entries.delete(key))
    return configuration
  }
}

export interface AuthorizationRequest {
  url: URL
  state: string
  nonce: string
  codeVerifier: string
}

/** Where to send the person: the provider's authorization endpoint with PKCE (S256), state and nonce. */
export async function authorizationRequest(
  configuration: client.Configuration,
  redirectUri: string,
): Promise<AuthorizationRequest> {
  const oidc = await loadOpenIdClient()
  const codeVerifier = oidc.randomPKCECodeVerifier()
  const state = oidc.randomState()
  const nonce = oidc.randomNonce()
  const url = oidc.buildAuthorizationUrl(configuration, {
    redirect_uri: redirectUri,
    scope: 'openid email profile',
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  })
  return { url, state, nonce, codeVerifier }
}

/** Who the provider says signed in: the subject, and the email with whether the provider vouches for it. */
export interface ProvenIdentity {
  subject: string
  email: string | null
  emailVerified: boolean
}

/** Why the provider's answer was not accepted. */
export class ProviderAnswerRefused extends Error {
  constructor(
    readonly reason: 'provider_error' | 'invalid_answer' | 'unreachable',
    message: string,
    readonly providerError?: string,
  ) {
    super(message)
  }
}

/**
 * Whether the provider vouches for the email. OpenID Connect says so with `email_verified`;
 * Microsoft Entra does not send it, and says instead with `xms_edov` (the email's domain is one
 * the directory has verified) when the application asks for that optional claim.
 */
function vouchedFor(claims: Record<string, unknown>): boolean {
  return claims.email_verified === true || claims.xms_edov === true || claims.xms_edov === '1'
}

/**
 * Exchanges the code the provider sent back (`callbackUrl`, as it arrived) for tokens and reads
 * who signed in. The library checks the state, the PKCE verifier, and the ID token's signature,
 * issuer, audience, expiry and nonce; any failure is `invalid_answer`.
 */
export async function identityFromCallback(
  configuration: client.Configuration,
  callbackUrl: URL,
  expected: { state: string; nonce: string; codeVerifier: string },
): Promise<ProvenIdentity> {
  const error = callbackUrl.searchParams.get('error')
  if (error)
    throw new ProviderAnswerRefused(
      'provider_error',
      callbackUrl.searchParams.get('error_description') ?? error,
      error.slice(0, 100),
    )
  const oidc = await loadOpenIdClient()
  let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>
  try {
    tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
      expectedState: expected.state,
      expectedNonce: expected.nonce,
      pkceCodeVerifier: expected.codeVerifier,
      idTokenExpected: true,
    })
  } catch (cause) {
    throw refusalOf(cause)
  }
  const claims = tokens.claims() as Record<string, unknown> & { sub: string }
  let email = typeof claims.email === 'string' ? claims.email : null
  let verified = vouchedFor(claims)
  if (email === null && tokens.access_token) {
    // Providers that answer the code flow with a minimal ID token keep the email in the user info.
    try {
      const info = (await oidc.fetchUserInfo(configuration, tokens.access_token, claims.sub)) as Record<string, unknown>
      email = typeof info.email === 'string' ? info.email : null
      verified = vouchedFor(info)
    } catch (cause) {
      throw refusalOf(cause)
    }
  }
  return { subject: claims.sub, email, emailVerified: verified }
}

function refusalOf(cause: unknown): ProviderAnswerRefused {
  const message = cause instanceof Error ? cause.message : String(cause)
  const unreachable =
    cause instanceof Error &&
    (cause.name === 'TimeoutError' || cause.name === 'AbortError' || /fetch failed/i.test(cause.message))
  return new ProviderAnswerRefused(unreachable ? 'unreachable' : 'invalid_answer', message)
}
