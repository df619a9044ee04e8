/**
 * The tenants module's table, added to the database's type (db/schema.ts) by declaration merging:
 * Kysely knows it wherever the database is typed, and no central list names it.
 */
import type { Selectable } from 'kysely'
import type { JsonText } from '../../db/codec.js'
import type { DbBoolean } from '../../db/schema.js'

/**
 * A company's single sign-on (docs/decisions/0016-accounts-and-sign-in.md): its OpenID Connect
 * client.
 */
export interface TenantSsoTable {
  tenant_id: string
  oidc_issuer: string
  client_id: string
  /** lib/secret-box.ts: opens only with `SECRETS_KEY`, never stored in clear. */
  client_secret_sealed: string
  /** Lowercase domains, or null for any. */
  allowed_domains: JsonText<string[]> | null
  sso_only: DbBoolean
  updated_at: string
}

export type TenantSsoRow = Selectable<TenantSsoTable>

declare module '../../db/schema.js' {
  interface Database {
    tenant_sso: TenantSsoTable
  }
}
