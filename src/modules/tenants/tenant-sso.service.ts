/**
 * A company's single sign-on settings (docs/decisions/0016-accounts-and-sign-in.md). The client
 * secret is write-only: sealed with the service's secrets key (lib/secret-box.ts) before it is
 * stored, bound to the company, and opened only to sign someone in.
 */
import type { PreparingScope } from '../../auth/request-scope.js'
import { canAdministerEmployees } from '../../auth/policies.js'
import type { TenantSsoRow } from './tenants.tables.js'
import type { Db } from '../../db/unit-of-work.js'
import { AppError, invalidField } from '../../errors.js'
import {
  type ProviderClient,
  type ProviderNetwork,
  discoverProvider,
  discoveryFailure,
  issuerProblem,
} from '../../lib/openid.js'
import { checkAgainst } from '../../lib/validation.js'
import type { SecretBox } from '../../lib/secret-box.js'
import { jsonText, parseJsonText } from '../../db/codec.js'
import * as repo from './tenant-sso.repository.js'
import { requireTenant } from './tenants.repository.js'
import { UpdateSsoSettings, type UpdateSsoSettingsType } from './tenants.schemas.js'

/** What the sealed secret is bound to: it opens in this company's row and nowhere else. */
function secretPlace(tenantId: string): string {
  return `tenant_sso.client_secret:${tenantId}`
}

export function ssoToApi(row: TenantSsoRow) {
  return {
    oidc_issuer: row.oidc_issuer,
    client_id: row.client_id,
    allowed_domains: row.allowed_domains === null ? null : parseJsonText(row.allowed_domains),
    sso_only: Boolean(row.sso_only),
    updated_at: row.updated_at,
  }
}

export async function ssoSettingsOf(db: Db, tenantId: string) {
  const row = await repo.findSsoSettings(db, tenantId)
  return row ? ssoToApi(row) : null
}

/**
 * Sets up single sign-on, or turns it off (`null`). The secret may be left out to keep the stored
 * one while the provider and client stay the same; a new provider or client needs its own.
 */
export async function applySsoSettings(
  db: Db,
  tenantId: string,
  input: UpdateSsoSettingsType | null,
  secrets: SecretBox | null,
  at: string,
): Promise<void> {
  if (input === null) {
    await repo.deleteSsoSettings(db, tenantId)
    return
  }
  const current = await repo.findSsoSettings(db, tenantId)
  const sameClient = current?.oidc_issuer === input.oidc_issuer && current.client_id === input.client_id
  let sealed: string
  if (input.client_secret !== undefined) {
    if (!secrets)
      throw new AppError(
        'secrets_key_missing',
        'The client secret can only be stored encrypted: the operator sets SECRETS_KEY (see docs/signing-in.md) and you try again',
      )
    sealed = secrets.seal(input.client_secret, secretPlace(tenantId))
  } else if (current && sameClient) {
    sealed = current.client_secret_sealed
  } else {
    throw invalidField('sso.client_secret', 'is required to set up single sign-on or to change its issuer or client id')
  }
  await repo.saveSsoSettings(db, {
    tenant_id: tenantId,
    oidc_issuer: input.oidc_issuer,
    client_id: input.client_id,
    client_secret_sealed: sealed,
    // Left out, the rules stay as they were: a new client must not quietly let more people in.
    allowed_domains:
      input.allowed_domains === undefined
        ? (current?.allowed_domains ?? null)
        : input.allowed_domains === null
          ? null
          : jsonText(input.allowed_domains),
    sso_only: input.sso_only ?? (current ? Boolean(current.sso_only) : false),
    updated_at: at,
  })
}

/**
 * Whether an issuer is one: its address has the right form and its discovery document answers.
 * Asked before anything is stored, while the administrator is there to correct a typo.
 */
export async function assertIssuerAnswers(issuer: string, network: ProviderNetwork): Promise<void> {
  const problem = issuerProblem(issuer, network)
  if (problem) throw invalidField('sso.oidc_issuer', problem)
  try {
    await discoverProvider({ issuer, clientId: 'discovery', clientSecret: 'discovery' }, network)
  } catch (error) {
    throw invalidField(
      'sso.oidc_issuer',
      `no OpenID provider answers there: ${discoveryFailure(error)} (${issuer.replace(/\/$/, '')}/.well-known/openid-configuration)`,
    )
  }
}

/**
 * Whether a change of the settings must ask the issuer: a new one must answer; the one stored
 * already answered when it was set, and an administrator turning `sso_only` off while the provider
 * is down must not be refused for it.
 */
async function issuerIsNew(db: Db, tenantId: string, issuer: string): Promise<boolean> {
  return (await repo.findSsoSettings(db, tenantId))?.oidc_issuer !== issuer
}

/**
 * The first phase of a change of the company settings that sets up single sign-on
 * (docs/decisions/0025-request-phases-and-module-ownership.md): a new issuer is asked whether it is
 * one before the write's transaction begins, since a provider may take seconds. Only for an
 * administrator: anyone else is refused by the write, and makes the service fetch nothing.
 */
export async function askNewIssuer(
  scope: PreparingScope,
  sso: UpdateSsoSettingsType | null | undefined,
  network: ProviderNetwork,
): Promise<void> {
  const { db, auth } = scope
  if (!sso || !canAdministerEmployees(auth.actor)) return
  if (await issuerIsNew(db, auth.tenantId, sso.oidc_issuer)) await assertIssuerAnswers(sso.oidc_issuer, network)
}

/** `jornada tenants sso set`: the settings checked as the API checks them, the issuer asked, then stored. */
export async function setSsoFromCommandLine(
  db: Db,
  tenantId: string,
  input: UpdateSsoSettingsType,
  secrets: SecretBox | null,
  network: ProviderNetwork,
  at: string,
): Promise<void> {
  const issues = checkAgainst(UpdateSsoSettings, input).map((issue) => ({ ...issue, field: `sso.${issue.field}` }))
  if (issues.length > 0)
    throw new AppError('invalid_request', `Invalid ${issues.map((i) => i.field).join(', ')}`, issues)
  await requireTenant(db, tenantId)
  if (await issuerIsNew(db, tenantId, input.oidc_issuer)) await assertIssuerAnswers(input.oidc_issuer, network)
  await applySsoSettings(db, tenantId, input, secrets, at)
}

/** What signing someone in needs: the provider client with its secret opened, and the company's rules. */
export interface SingleSignOn {
  provider: ProviderClient
  allowedDomains: string[] | null
  ssoOnly: boolean
}

/**
 * The company's single sign-on, or null when it has none. A secret that does not open (the
 * service started without the key that sealed it) is an operator's error, said as such.
 */
export async function singleSignOnOf(
  db: Db,
  tenantId: string,
  secrets: SecretBox | null,
): Promise<SingleSignOn | null> {
  const row = await repo.findSsoSettings(db, tenantId)
  if (!row) return null
  const clientSecret = secrets?.open(row.client_secret_sealed, secretPlace(tenantId)) ?? null
  if (clientSecret === null)
    throw new AppError(
      'secrets_key_missing',
      'The company’s client secret does not open with this service’s SECRETS_KEY: the operator sets the key it was stored with (or SECRETS_KEY_PREVIOUS), or an administrator enters the secret again',
    )
  const settings = ssoToApi(row)
  return {
    provider: { issuer: row.oidc_issuer, clientId: row.client_id, clientSecret },
    allowedDomains: settings.allowed_domains,
    ssoOnly: settings.sso_only,
  }
}

/** Whether only the identity provider signs this company's people in (administrators excepted). */
export async function isSsoOnly(db: Db, tenantId: string): Promise<boolean> {
  const row = await repo.findSsoSettings(db, tenantId)
  return row !== undefined && Boolean(row.sso_only)
}
