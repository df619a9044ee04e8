/**
 * The record-export module's table, added to the database's type (db/schema.ts) by declaration merging:
 * Kysely knows it wherever the database is typed, and no central list names it.
 */
import type { Selectable } from 'kysely'

/**
 * A company's Ed25519 key signing its record exports
 * (docs/decisions/0019-representatives-and-record-export.md). The private half is sealed with
 * SECRETS_KEY; a rotated key keeps its row, with the end of its validity.
 */
export interface RecordKeysTable {
  /** `rk_` and the first 16 hex digits of the SHA-256 of the public key: anyone can recompute it. */
  id: string
  tenant_id: string
  algorithm: 'Ed25519'
  /** The raw 32-byte public key, base64. */
  public_key: string
  /** The PKCS #8 private key, sealed (lib/secret-box) and bound to the company and this key. */
  private_key_sealed: string
  valid_from: string
  /** null while it is the company's current key. */
  valid_until: string | null
}

export type RecordKeyRow = Selectable<RecordKeysTable>

declare module '../../db/schema.js' {
  interface Database {
    record_keys: RecordKeysTable
  }
}
