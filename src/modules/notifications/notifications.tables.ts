/**
 * The notifications module's tables (migrations 0037 and 0038), added to the database's type
 * (db/schema.ts) by declaration merging.
 */
import type { Selectable } from 'kysely'
import type { ReminderKind } from '../../lib/notification-settings.js'

/** A person's choices over the company's defaults, and the language of their reminders. */
export interface NotificationPreferencesTable {
  tenant_id: string
  user_id: string
  /** JSON `{ kind: { mail?: boolean, push?: boolean } }`: only what the person changed. */
  choices: string
  /** null: the company's language. */
  language: 'es' | 'en' | null
  updated_at: string
}

/**
 * One reminder to one person about one subject (a session, a correction, a day's digest, a month,
 * a lot): the unique key (tenant, person, kind, subject) makes it at most once, whoever finds it
 * and however often. `pending` until its moment (`due_at`, held to the morning when it falls at
 * night), then `delivered`: its mail queued in the outbox in the same transaction, or suppressed.
 */
export interface RemindersTable {
  id: string
  tenant_id: string
  user_id: string
  kind: ReminderKind
  subject_id: string
  /** JSON, what the message says: the recipient's own facts, or names and counts of a digest. */
  facts: string
  created_at: string
  due_at: string
  status: 'pending' | 'delivered'
  delivered_at: string | null
  /** 'queued' (in the mail outbox), 'suppressed' (turned off, or no mail set up). */
  mail_outcome: 'queued' | 'suppressed' | null
  mail_message_id: string | null
  /** 'sent', 'failed' or 'suppressed' (turned off, or no push channel plugged in). */
  push_outcome: 'sent' | 'failed' | 'suppressed' | null
  /** SHA-256 of the token of the mail's unsubscribe link (single purpose, works once). */
  unsubscribe_token_hash: string | null
  unsubscribed_at: string | null
}

/**
 * A company's local day whose digest was made (migration 0038): the first round from the digest's
 * hour makes it, however late that day, and no later round makes it again.
 */
export interface ReminderDigestDaysTable {
  tenant_id: string
  /** YYYY-MM-DD in the company's zone. */
  date: string
  made_at: string
}

/** A periodic round's lease (claimRound in notifications.repository.ts): which instance runs it, and until when. */
export interface RoundLeasesTable {
  /** The round: `reminders`. */
  name: string
  /** The instance holding the round (a random id each process makes). */
  holder: string
  /** ISO instant: the lease ends then, whether or not its holder came back. */
  until: string
}

export type ReminderRow = Selectable<RemindersTable>
export type NotificationPreferencesRow = Selectable<NotificationPreferencesTable>

declare module '../../db/schema.js' {
  interface Database {
    notification_preferences: NotificationPreferencesTable
    reminders: RemindersTable
    reminder_digest_days: ReminderDigestDaysTable
    round_leases: RoundLeasesTable
  }
}
