/**
 * The mail module's table, added to the database's type (db/schema.ts) by declaration merging:
 * Kysely knows it wherever the database is typed, and no central list names it.
 */
import type { Selectable } from 'kysely'

/**
 * `kiosk_pin`: a one-time kiosk PIN; `credential_changed`: the notice of a change to one's credentials
 * (migration 0030); `reminder`: a reminder (docs/decisions/0026-reminders.md, migration 0037).
 */
export type MailKind = 'invitation' | 'password_reset' | 'kiosk_pin' | 'credential_changed' | 'reminder'

export type MailStatus = 'pending' | 'sent' | 'failed'

/**
 * A message of the mail outbox (docs/decisions/0025-request-phases-and-module-ownership.md, migration
 * 0025): written with the write that makes it, sent after it commits. The bodies carry a one-time
 * link and are erased (null) once the message is sent or given up.
 */
export interface MailMessagesTable {
  id: string
  tenant_id: string
  user_id: string | null
  kind: MailKind
  recipient: string
  subject: string
  body_text: string | null
  body_html: string | null
  status: MailStatus
  /** Attempts begun: each claim by a dispatcher adds one. */
  attempts: number
  /** When a pending message is due; pushed ahead by the lease of the instance sending it. */
  next_attempt_at: string | null
  last_error: string | null
  created_at: string
  /** Not sent after this: the link in it has expired, or a day has passed. */
  expires_at: string
  sent_at: string | null
  finished_at: string | null
  /** JSON, headers beyond the body's (List-Unsubscribe of a reminder); null: none (migration 0037). */
  headers: string | null
}

export type MailMessageRow = Selectable<MailMessagesTable>

declare module '../../db/schema.js' {
  interface Database {
    mail_messages: MailMessagesTable
  }
}
