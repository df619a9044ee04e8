/**
 * Signing in with the company's identity provider (docs/decisions/0016-accounts-and-sign-in.md):
 * OpenID Connect's authorization code flow with PKCE, state and nonce (lib/openid.ts does the
 * protocol). The provider proves who the person is; Jornada decides who may come in: an active user
 * of that company whose email the provider vouches for, in an allowed domain when the company names
 * some.
 *
 * What the callback is checked against (state, nonce, PKCE verifier) waits in the database for ten
 * minutes, so any instance can finish a sign-in another started, and is deleted as it is read, so
 * a callback replayed signs nobody in. The browser that started also carries the state in a
 * cookie: a callback link sent to someone else (to sign them into the sender's account) fails.
 */
import { lockRow } from '../../db/locks.js'
import { type Unit, inTransaction, nowIsoOf } from '../../db/unit-of-work.js'
import { AppError } from '../../errors.js'
import {
  ProviderAnswerRefused,
  type ProviderConfigurations,
  authorizationRequest,
  identityFromCallback,
} from '../../lib/openid.js'
import type { SecretBox } from '../../lib/secret-box.js'
import { sha256Hex } from '../../lib/secrets.js'
import type { SessionPolicy } from '../keys/index.js'
import { type SingleSignOn, requireTenant, singleSignOnOf } from '../tenants/index.js'
import { accountsByEmail, passwordHashOf } from './accounts.repository.js'
import * as repo from './single-sign-on.repository.js'
import { type ClientInfo, type SignedIn, normalizedEmail, openSession } from './sign-in.service.js'

/** How long a person may spend at the provider before the sign-in must start again. */
export const SIGN_IN_WINDOW_MS = 10 * 60_000

/** Why a sign-in with the provider was refused: each has its own page. */
export type RefusalReason =
  | 'not_configured'
  | 'expired'
  | 'provider_error'
  | 'invalid_answer'
  | 'unreachable'
  | 'misconfigured'
  | 'no_email'
  | 'unverified_email'
  | 'domain_not_allowed'
  | 'no_account'

export class SingleSignOnRefused extends Error {
  constructor(
    readonly reason: RefusalReason,
    /** The company, when known: its language and a link to start again. */
    readonly tenantId: string | null,
    /** What the page may show: the provider's own words, or the email it proved. */
    readonly detail: string | null = null,
  ) {
    super(`single sign-on refused: ${reason}${detail ? ` (${detail})` : ''}`)
  }
}

/** What finishing and starting a sign-in need from the application. */
export interface SingleSignOnContext {
  secrets: SecretBox | null
  providers: ProviderConfigurations
  /** `PUBLIC_URL` + `/auth/oidc/callback`: where the provider sends people back. */
  redirectUri: string
}

async function companySso(unit: Unit, tenantId: string, context: SingleSignOnContext): Promise<SingleSignOn> {
  let sso: SingleSignOn | null
  try {
    sso = await singleSignOnOf(unit.db, tenantId, context.secrets)
  } catch (error) {
    if (error instanceof AppError && error.code === 'secrets_key_missing')
      throw new SingleSignOnRefused('misconfigured', tenantId)
    throw error
  }
  if (!sso) throw new SingleSignOnRefused('not_configured', null)
  return sso
}

async function configurationOf(sso: SingleSignOn, tenantId: string, context: SingleSignOnContext) {
  try {
    return await context.providers.get(sso.provider)
  } catch {
    throw new SingleSignOnRefused('unreachable', tenantId)
  }
}

/** What the person is asked to confirm when a sign-in was started from another site: the company and where they go. */
export async function singleSignOnTarget(
  unit: Unit,
  tenantId: string,
  context: SingleSignOnContext,
): Promise<{ company: string; providerHost: string; language: 'es' | 'en' }> {
  const sso = await companySso(unit, tenantId, context)
  const tenant = await requireTenant(unit.db, tenantId)
  return { company: tenant.name, providerHost: new URL(sso.provider.issuer).host, language: tenant.language }
}

/** Starts a sign-in: where to send the person, and the state their browser keeps until they are back. */
export async function startSingleSignOn(
  unit: Unit,
  tenantId: string,
  context: SingleSignOnContext,
): Promise<{ url: URL; state: string }> {
  const sso = await companySso(unit, tenantId, context)
  const configuration = await configurationOf(sso, tenantId, context)
  let request: Awaited<ReturnType<typeof authorizationRequest>>
  try {
    request = await authorizationRequest(configuration, context.redirectUri)
  } catch {
    // A discovery document without a usable authorization endpoint: the provider is not set up for this.
    throw new SingleSignOnRefused('unreachable', tenantId)
  }
  await repo.insertPendingSignIn(unit.db, {
    state_hash: sha256Hex(request.state),
    tenant_id: tenantId,
    nonce: request.nonce,
    code_verifier: request.codeVerifier,
    expires_at: new Date(unit.now + SIGN_IN_WINDOW_MS).toISOString(),
  })
  return { url: request.url, state: request.state }
}

function domainOf(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1)
}

/**
 * Finishes a sign-in: `callbackUrl` is the address the provider sent the person back to, and
 * `browserState` the state their browser kept. Opens a session for the one active user of the
 * company with the email the provider vouches for; anything else is SingleSignOnRefused.
 */
export async function finishSingleSignOn(
  unit: Unit,
  callbackUrl: URL,
  browserState: string | null,
  client: ClientInfo,
  policy: SessionPolicy,
  context: SingleSignOnContext,
): Promise<SignedIn> {
  const state = callbackUrl.searchParams.get('state')
  if (!state || state.length > 200 || state !== browserState) throw new SingleSignOnRefused('expired', null)
  const pending = await repo.takePendingSignIn(unit.db, sha256Hex(state), nowIsoOf(unit))
  if (!pending) throw new SingleSignOnRefused('expired', null)
  const tenantId = pending.tenant_id
  const sso = await companySso(unit, tenantId, context)
  let identity: Awaited<ReturnType<typeof identityFromCallback>>
  try {
    identity = await identityFromCallback(await configurationOf(sso, tenantId, context), callbackUrl, {
      state,
      nonce: pending.nonce,
      codeVerifier: pending.code_verifier,
    })
  } catch (error) {
    if (!(error instanceof ProviderAnswerRefused)) throw error
    throw new SingleSignOnRefused(error.reason, tenantId, error.reason === 'provider_error' ? error.message : null)
  }
  if (!identity.email) throw new SingleSignOnRefused('no_email', tenantId)
  const email = normalizedEmail(identity.email)
  if (!identity.emailVerified) throw new SingleSignOnRefused('unverified_email', tenantId, email)
  if (sso.allowedDomains && !sso.allowedDomains.includes(domainOf(email)))
    throw new SingleSignOnRefused('domain_not_allowed', tenantId, email)
  const account = (await accountsByEmail(unit.db, email, tenantId)).find((a) => a.status === 'active')
  if (!account) throw new SingleSignOnRefused('no_account', tenantId, email)
  const session = await inTransaction(unit, async (tx) => {
    // A deactivation committed since the lookup must not be outlived by a new session.
    await lockRow(tx.db, 'users', tenantId, account.user_id)
    if ((await passwordHashOf(tx.db, tenantId, account.user_id))?.status !== 'active')
      throw new SingleSignOnRefused('no_account', tenantId, email)
    return openSession(tx, account, 'sso', client, policy, 'auth.sso.login')
  })
  return { session, tenantId, userId: account.user_id }
}

/** The company's language for a refusal page when the browser prefers neither Spanish nor English. */
export async function companyLanguage(unit: Unit, tenantId: string | null): Promise<'es' | 'en' | null> {
  if (!tenantId) return null
  try {
    return (await requireTenant(unit.db, tenantId)).language
  } catch {
    return null
  }
}

/** Sign-ins nobody came back from; the housekeeping sweep removes them. */
export async function purgeSingleSignOns(unit: Unit): Promise<number> {
  return repo.deleteExpiredSignIns(unit.db, nowIsoOf(unit))
}
