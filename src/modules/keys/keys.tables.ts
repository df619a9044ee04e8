/**
 * The keys module's tables, added to the database's type (db/schema.ts) by declaration merging:
 * Kysely knows them wherever the database is typed, and no central list names them.
 */
import type { Generated, Selectable } from 'kysely'
import type { JsonText } from '../../db/codec.js'
import type { DbBoolean } from '../../db/schema.js'

export interface ApiKeysTable {
  id: string
  tenant_id: string
  name: string
  /** Hex SHA-256 of the secret part of the key; the secret itself is never stored. */
  secret_hash: string
  /** The scope names. */
  scopes: JsonText<string[]>
  acts_as_user_id: string
  created_at: string
  last_used_at: string | null
  expires_at: string | null
  revoked_at: string | null
  /**
   * 'inspector': read-only access to the time record, every request in the access log
   * (docs/decisions/0011-reports-sign-off-and-inspector-keys.md).
   */
  kind: Generated<'standard' | 'inspector'>
  /**
   * Who created the key: the person it acts as (a personal key,
   * docs/decisions/0016-accounts-and-sign-in.md), an administrator (an integration's key), or null
   * (the command line, or a key older than the column).
   */
  created_by_user_id: string | null
}

/**
 * A person signed in (docs/decisions/0016-accounts-and-sign-in.md): only hashes of the cookie's
 * secret and of the CSRF token are kept.
 */
export interface SessionsTable {
  id: string
  tenant_id: string
  user_id: string
  secret_hash: string
  csrf_hash: string
  created_at: string
  /** Moved at most once a minute by the requests made with the session; the idle timeout counts from it. */
  last_seen_at: string
  /** The absolute end, whatever the activity. */
  expires_at: string
  user_agent: string | null
  ip_address: string | null
  /** How the person signed in: 'password', 'reset', 'invitation' (later 'passkey', 'sso'). */
  method: string
  ended_at: string | null
  /** 'logout', 'ended' (by the person from another session), 'password_changed', 'password_reset', 'deactivated'. */
  end_reason: string | null
  /**
   * Opened with "remember this device" in a company that allows it (migration 0032): it lasts the
   * company's `remember_device_hours` and no idle timeout ends it.
   */
  remembered: DbBoolean
}

export type SessionRow = Selectable<SessionsTable>

/** One row (id 1): the authentication epoch, moved by triggers (migration 0013). */
export interface AuthEpochTable {
  id: number
  n: number
}

export type ApiKeyRow = Selectable<ApiKeysTable>

declare module '../../db/schema.js' {
  interface Database {
    api_keys: ApiKeysTable
    auth_epoch: AuthEpochTable
    sessions: SessionsTable
  }
}
