/**
 * The push module's tables, added to the database's type (db/schema.ts) by declaration merging:
 * Kysely knows them wherever the database is typed, and no central list names them.
 */
import type { Selectable } from 'kysely'

/**
 * The service's VAPID key pair (RFC 8292), one for the whole service: push services bind each
 * subscription to the public key the app subscribed with, so it changes only if every
 * installation subscribes again. The private half is sealed with SECRETS_KEY.
 */
export interface PushVapidKeysTable {
  /** Always `vapid`: one row, so that two instances starting at once make one key. */
  id: string
  /** The uncompressed P-256 point, base64url (65 bytes): the app's `applicationServerKey`. */
  public_key: string
  /** The 32-byte private scalar, base64url, sealed (lib/secret-box) and bound to this row. */
  private_key_sealed: string
  created_at: string
}

/** One installation of the app that receives a person's reminders (docs/decisions/0026-reminders.md). */
export interface PushSubscriptionsTable {
  id: string
  tenant_id: string
  user_id: string
  /** The push service's address for this installation: a capability, given to its owner only. */
  endpoint: string
  /** SHA-256 of the endpoint, hex: one row per installation within a company. */
  endpoint_hash: string
  /** The installation's P-256 public key, base64url (65 bytes): messages are encrypted to it (RFC 8291). */
  p256dh: string
  /** The installation's 16-byte authentication secret, base64url. */
  auth: string
  created_at: string
  /** The last time its push service accepted a message. */
  last_sent_at: string | null
}

export type PushVapidKeyRow = Selectable<PushVapidKeysTable>
export type PushSubscriptionRow = Selectable<PushSubscriptionsTable>

declare module '../../db/schema.js' {
  interface Database {
    push_vapid_keys: PushVapidKeysTable
    push_subscriptions: PushSubscriptionsTable
  }
}
