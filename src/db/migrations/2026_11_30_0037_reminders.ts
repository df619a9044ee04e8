/**
 * Reminders (docs/decisions/0026-reminders.md): the company's notification defaults, each
 * person's choices, and the reminders themselves, one row per recipient, kind and subject (the
 * unique key that makes each one at most once). The mail outbox carries reminders (`reminder`)
 * and the headers a mail needs beyond its body (List-Unsubscribe). Down removes all of it, and the
 * outbox's reminder messages. Frozen: later changes go into new migrations.
 */
import { type Kysely, SqliteAdapter, sql } from 'kysely'

const KINDS_BEFORE = ['invitation', 'password_reset', 'kiosk_pin', 'credential_changed']
const KINDS_NOW = [...KINDS_BEFORE, 'reminder']

/** SQLite cannot change a column's check: the table is rebuilt with the new one (no foreign key points at it). */
async function rebuildMailMessages(db: Kysely<any>, kinds: readonly string[], withHeaders: boolean): Promise<void> {
  const check = kinds.map((kind) => `'${kind}'`).join(', ')
  await sql.raw('alter table mail_messages rename to mail_messages_old').execute(db)
  for (const index of ['mail_messages_due', 'mail_messages_list', 'mail_messages_finished'])
    await sql.raw(`drop index if exists ${index}`).execute(db)
  let table = db.schema
    .createTable('mail_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('user_id', 'text')
    .addColumn('kind', 'text', (c) => c.notNull().check(sql.raw(`kind in (${check})`)))
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body_text', 'text')
    .addColumn('body_html', 'text')
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'sent', 'failed')`))
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('next_attempt_at', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .addColumn('finished_at', 'text')
  if (withHeaders) table = table.addColumn('headers', 'text')
  await table.execute()
  const columns =
    'id, tenant_id, user_id, kind, recipient, subject, body_text, body_html, status, attempts, next_attempt_at, last_error, created_at, expires_at, sent_at, finished_at'
  await sql
    .raw(`insert into mail_messages (${columns}) select ${columns} from mail_messages_old where kind in (${check})`)
    .execute(db)
  await sql.raw('drop table mail_messages_old').execute(db)
  await db.schema.createIndex('mail_messages_due').on('mail_messages').columns(['status', 'next_attempt_at']).execute()
  await db.schema.createIndex('mail_messages_list').on('mail_messages').columns(['tenant_id', 'created_at']).execute()
  await db.schema.createIndex('mail_messages_finished').on('mail_messages').column('finished_at').execute()
}

async function allowKinds(db: Kysely<any>, kinds: readonly string[], withHeaders: boolean): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) return rebuildMailMessages(db, kinds, withHeaders)
  const check = kinds.map((kind) => `'${kind}'`).join(', ')
  await sql.raw(`delete from mail_messages where kind not in (${check})`).execute(db)
  await sql.raw('alter table mail_messages drop constraint if exists mail_messages_kind_check').execute(db)
  await sql
    .raw(`alter table mail_messages add constraint mail_messages_kind_check check (kind in (${check}))`)
    .execute(db)
  if (withHeaders) await db.schema.alterTable('mail_messages').addColumn('headers', 'text').execute()
  else await db.schema.alterTable('mail_messages').dropColumn('headers').execute()
}

export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) await sql`set constraints all immediate`.execute(db)
  await allowKinds(db, KINDS_NOW, true)
  // JSON, the company's defaults (lib/notification-settings.ts); null: the service's.
  await db.schema.alterTable('tenants').addColumn('notification_defaults', 'text').execute()
  await db.schema
    .createTable('notification_preferences')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    // JSON: { kind: { mail?: boolean, push?: boolean } }, what the person chose over the defaults.
    .addColumn('choices', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.check(sql`language in ('es', 'en')`))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_preferences_pk', ['tenant_id', 'user_id'])
    .execute()
  await db.schema
    .createTable('reminders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'text', (c) => c.notNull())
    // JSON: what the message says (counts, names of the recipient's own people, dates).
    .addColumn('facts', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('due_at', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'delivered')`))
    .addColumn('delivered_at', 'text')
    .addColumn('mail_outcome', 'text')
    .addColumn('mail_message_id', 'text')
    .addColumn('push_outcome', 'text')
    .addColumn('unsubscribe_token_hash', 'text', (c) => c.unique())
    .addColumn('unsubscribed_at', 'text')
    .addUniqueConstraint('reminders_once', ['tenant_id', 'user_id', 'kind', 'subject_id'])
    .execute()
  await db.schema.createIndex('reminders_due').on('reminders').columns(['status', 'due_at']).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) await sql`set constraints all immediate`.execute(db)
  await db.schema.dropTable('reminders').execute()
  await db.schema.dropTable('notification_preferences').execute()
  await db.schema.alterTable('tenants').dropColumn('notification_defaults').execute()
  await allowKinds(db, KINDS_BEFORE, false)
}
