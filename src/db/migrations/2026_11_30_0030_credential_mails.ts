/**
 * Only the worker acts as the worker (docs/decisions/0024-only-the-worker-acts-as-the-worker.md):
 * the outbox also carries a kiosk PIN mailed once after a reset (`kiosk_pin`) and the notice of a
 * change to a person's credentials (`credential_changed`). Down removes messages of those kinds.
 * Frozen: later changes go into new migrations.
 */
import { type Kysely, SqliteAdapter, sql } from 'kysely'

const KINDS_BEFORE = ['invitation', 'password_reset']
const KINDS_NOW = [...KINDS_BEFORE, 'kiosk_pin', 'credential_changed']

/** SQLite cannot change a column's check: the table is rebuilt with the new one (no foreign key points at it). */
async function rebuildMailMessages(db: Kysely<any>, kinds: readonly string[]): Promise<void> {
  const check = kinds.map((kind) => `'${kind}'`).join(', ')
  await sql.raw('alter table mail_messages rename to mail_messages_old').execute(db)
  for (const index of ['mail_messages_due', 'mail_messages_list', 'mail_messages_finished'])
    await sql.raw(`drop index if exists ${index}`).execute(db)
  await db.schema
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
    .execute()
  await sql.raw(`insert into mail_messages select * from mail_messages_old where kind in (${check})`).execute(db)
  await sql.raw('drop table mail_messages_old').execute(db)
  await db.schema.createIndex('mail_messages_due').on('mail_messages').columns(['status', 'next_attempt_at']).execute()
  await db.schema.createIndex('mail_messages_list').on('mail_messages').columns(['tenant_id', 'created_at']).execute()
  await db.schema.createIndex('mail_messages_finished').on('mail_messages').column('finished_at').execute()
}

async function allowKinds(db: Kysely<any>, kinds: readonly string[]): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) return rebuildMailMessages(db, kinds)
  const check = kinds.map((kind) => `'${kind}'`).join(', ')
  await sql.raw(`delete from mail_messages where kind not in (${check})`).execute(db)
  await sql.raw('alter table mail_messages drop constraint if exists mail_messages_kind_check').execute(db)
  await sql
    .raw(`alter table mail_messages add constraint mail_messages_kind_check check (kind in (${check}))`)
    .execute(db)
}

export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) await sql`set constraints all immediate`.execute(db)
  await allowKinds(db, KINDS_NOW)
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) await sql`set constraints all immediate`.execute(db)
  await allowKinds(db, KINDS_BEFORE)
}
