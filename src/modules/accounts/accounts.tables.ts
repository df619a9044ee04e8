/**
 * The accounts module's tables, added to the database's type (db/schema.ts) by declaration merging:
 * Kysely knows them wherever the database is typed, and no central list names them.
 */
import type { Selectable } from 'kysely'
import type { DbBoolean } from '../../db/schema.js'

/** A single-use link sent by mail: an invitation (72 h) or a password reset (1 h); only its hash is kept. */
export interface AccountTokensTable {
  id: string
  tenant_id: string
  user_id: string
  purpose: 'invitation' | 'password_reset'
  token_hash: string
  created_at: string
  expires_at: string
  used_at: string | null
  created_by_user_id: string | null
}

export type AccountTokenRow = Selectable<AccountTokensTable>

/** A person's passkey (WebAuthn credential): its public key and signature counter (migration 0017). */
export interface PasskeysTable {
  id: string
  tenant_id: string
  user_id: string
  /** base64url, as the authenticator names it. */
  credential_id: string
  /** The COSE public key, base64url. */
  public_key: string
  /** bigint: a counter runs to 2^32 - 1; read it with Number(). */
  counter: number | string
  /** JSON array of transports ("internal", "hybrid", "usb", ...). */
  transports: string
  device_type: 'singleDevice' | 'multiDevice'
  backed_up: DbBoolean
  name: string
  created_at: string
  last_used_at: string | null
}

export type PasskeyRow = Selectable<PasskeysTable>

/** A WebAuthn ceremony under way: its challenge, used once, within minutes. */
export interface WebauthnChallengesTable {
  challenge: string
  purpose: 'registration' | 'login'
  tenant_id: string | null
  user_id: string | null
  expires_at: string
}

/** A sign-in sent to the provider and not back yet: what its answer is checked against, used once. */
export interface OidcSignInsTable {
  state_hash: string
  tenant_id: string
  nonce: string
  code_verifier: string
  expires_at: string
}

declare module '../../db/schema.js' {
  interface Database {
    account_tokens: AccountTokensTable
    passkeys: PasskeysTable
    webauthn_challenges: WebauthnChallengesTable
    oidc_sign_ins: OidcSignInsTable
  }
}
