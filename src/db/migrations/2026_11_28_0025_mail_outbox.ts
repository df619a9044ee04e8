/**
 * The mail outbox (docs/decisions/0025-request-phases-and-module-ownership.md): each message the
 * service sends (an invitation, a password reset) is a row written in the transaction of the write
 * that makes it, and sent after that commits by a dispatcher. `next_attempt_at` is when a pending
 * message is due and doubles as the lease of the instance sending it; `attempts` counts the
 * attempts begun, each claim adding one, so an instance whose lease was taken over cannot write
 * its late outcome over another's. The bodies carry a one-time link, a secret: they are erased
 * when the message is sent or given up. Frozen: later changes go into new migrations.
 */
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('mail_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('user_id', 'text') // the person it is for
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('invitation', 'password_reset')`))
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body_text', 'text') // null once sent or given up
    .addColumn('body_html', 'text')
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'sent', 'failed')`))
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('next_attempt_at', 'text') // due time while pending; pushed ahead while an instance sends it
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull()) // not sent after this: given up
    .addColumn('sent_at', 'text')
    .addColumn('finished_at', 'text') // sent or given up
    .execute()
  await db.schema.createIndex('mail_messages_due').on('mail_messages').columns(['status', 'next_attempt_at']).execute()
  await db.schema.createIndex('mail_messages_list').on('mail_messages').columns(['tenant_id', 'created_at']).execute()
  await db.schema.createIndex('mail_messages_finished').on('mail_messages').column('finished_at').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('mail_messages').execute()
}
