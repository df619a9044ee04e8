/**
 * A company's OpenID Connect provider as a client sees it, through openid-client (OpenID
 * Certified): discovery, the authorization code flow with PKCE, and the ID token's checks
 * (signature against the provider's published keys, issuer, audience, expiry, nonce) are the
 * library's, not ours.
 *
 * Discovery answers are kept a few minutes per issuer and client, so a sign-in costs the provider
 * two requests (the token and, when the ID token lacks the email, the user info), not four.
 */
import * as client from 'openid-client'

/** How long a provider may take to answer any one request. */
const PROVIDER_TIMEOUT_SECONDS = 5
/** How long a discovered configuration is reused: a provider's keys and endpoints change rarely. */
const CONFIGURATION_TTL_MS = 10 * 60_000
const CONFIGURATION_CACHE_LIMIT = 1000

export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '')
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host)
}

/**
 * What is wrong with an issuer address, or null. Production issuers are https; plain http only on
 * a loopback host (a provider in a test or on a developer's machine), where nobody sits between.
 */
export function issuerProblem(issuer: string): string | null {
  let url: URL
  try {
    url = new URL(issuer)
  } catch {
    return 'must be a URL such as https://login.example.com/realms/acme'
  }
  if (url.search || url.hash || url.username || url.password)
    return 'must have no query, fragment or credentials: the issuer exactly as the provider names itself'
  if (url.protocol === 'https:') return null
  if (url.protocol === 'http:' && isLoopbackHost(url.hostname)) return null
  return 'must start with https:// (plain http only on a loopback host, for tests and development)'
}

/**
 * The ID token's signature is checked against the provider's published keys. OpenID Connect lets a
 * client skip that for a token it fetched itself over TLS; we do not: a provider's answer is
 * believed for what it signed, not for the connection it came over.
 */
function requestOptions(issuer: URL): client.DiscoveryRequestOptions {
  return {
    timeout: PROVIDER_TIMEOUT_SECONDS,
    execute: [
      client.enableNonRepudiationChecks,
      ...(issuer.protocol === 'http:' ? [client.allowInsecureRequests] : []),
    ],
  }
}

/** The client of one company at its provider. */
export interface ProviderClient {
  issuer: string
  clientId: string
  clientSecret: string
}

/** Reads the provider's discovery document: refuses an issuer that does not answer as one. */
export async function discoverProvider(settings: ProviderClient): Promise<client.Configuration> {
  const issuer = new URL(settings.issuer)
  return client.discovery(
    issuer,
    settings.clientId,
    settings.clientSecret, // client_secret_basic, what every provider takes
    undefined,
    requestOptions(issuer),
  )
}

/** Discovery answers, reused for a few minutes; a failed discovery is not kept. */
export class ProviderConfigurations {
  readonly #entries = new Map<string, { at: number; configuration: Promise<client.Configuration> }>()

  constructor(private readonly now: () => number = Date.now) {}

  get(settings: ProviderClient): Promise<client.Configuration> {
    const key = JSON.stringify([settings.issuer, settings.clientId, settings.clientSecret])
    const kept = this.#entries.get(key)
    if (kept && this.now() - kept.at < CONFIGURATION_TTL_MS) return kept.configuration
    if (this.#entries.size >= CONFIGURATION_CACHE_LIMIT) this.#entries.clear()
    const configuration = discoverProvider(settings)
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
  const codeVerifier = client.randomPKCECodeVerifier()
  const state = client.randomState()
  const nonce = client.randomNonce()
  const url = client.buildAuthorizationUrl(configuration, {
    redirect_uri: redirectUri,
    scope: 'openid email profile',
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
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
  let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>
  try {
    tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
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
      const info = (await client.fetchUserInfo(configuration, tokens.access_token, claims.sub)) as Record<
        string,
        unknown
      >
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
