/**
 * Web Push (docs/decisions/0026-reminders.md): the service's VAPID key pair, made once on first
 * start, its private half sealed with SECRETS_KEY (lib/secret-box) so that a copy of the database
 * alone cannot push in the service's name; and each person's push subscriptions, one per
 * installation of the app (its push service's endpoint and the keys its messages are encrypted
 * to). Frozen: later changes go into new migrations.
 */
import type { Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('push_vapid_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('private_key_sealed', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('endpoint', 'text', (c) => c.notNull())
    .addColumn('endpoint_hash', 'text', (c) => c.notNull())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_sent_at', 'text')
    .execute()
  // One row per installation within a company: the same phone subscribing again replaces its row.
  await db.schema
    .createIndex('push_subscriptions_endpoint')
    .on('push_subscriptions')
    .columns(['tenant_id', 'endpoint_hash'])
    .unique()
    .execute()
  await db.schema
    .createIndex('push_subscriptions_user')
    .on('push_subscriptions')
    .columns(['tenant_id', 'user_id', 'created_at'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('push_subscriptions').execute()
  await db.schema.dropTable('push_vapid_keys').execute()
}
