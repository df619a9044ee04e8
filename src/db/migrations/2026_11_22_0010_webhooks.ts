/**
 * Integrations, part two: webhook subscriptions and their deliveries.
 *
 * The dispatcher reads the event outbox in commit order across all tenants (the `events_order`
 * index) from the position in `webhook_dispatch`, a single row, and turns each event into one
 * delivery per matching subscription. A delivery is attempted until it succeeds or three days have
 * passed; `next_attempt_at` doubles as the lease of the instance attempting it.
 * Frozen: later changes go into new migrations.
 */
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('webhooks')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('events', 'text', (c) => c.notNull()) // JSON array of event types, or ["*"]
    .addColumn('active', 'integer', (c) => c.notNull())
    .addColumn('secret', 'text', (c) => c.notNull()) // whsec_...: the signing key, needed to sign, so kept as it is
    .addColumn('failing_since', 'text') // the first failed attempt since the last success
    .addColumn('disabled_reason', 'text', (c) => c.check(sql`disabled_reason in ('manual', 'failing')`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('webhooks_tenant')
    .ifNotExists()
    .on('webhooks')
    .columns(['tenant_id', 'created_at'])
    .execute()

  await db.schema
    .createTable('webhook_deliveries')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('webhook_id', 'text', (c) => c.notNull().references('webhooks.id').onDelete('cascade'))
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull()) // the body sent, the same on every attempt
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('pending', 'delivered', 'failed', 'cancelled')`),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('next_attempt_at', 'text') // due time while pending; pushed ahead while an instance attempts it
    .addColumn('last_attempt_at', 'text')
    .addColumn('response_status', 'integer')
    .addColumn('duration_ms', 'integer')
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .addUniqueConstraint('webhook_deliveries_once', ['webhook_id', 'event_id'])
    .execute()
  await db.schema
    .createIndex('webhook_deliveries_due')
    .ifNotExists()
    .on('webhook_deliveries')
    .columns(['status', 'next_attempt_at'])
    .execute()
  await db.schema
    .createIndex('webhook_deliveries_list')
    .ifNotExists()
    .on('webhook_deliveries')
    .columns(['webhook_id', 'created_at'])
    .execute()
  await db.schema
    .createIndex('webhook_deliveries_finished')
    .ifNotExists()
    .on('webhook_deliveries')
    .column('finished_at')
    .execute()

  await db.schema
    .createTable('webhook_dispatch')
    .ifNotExists()
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('after_tx', 'bigint', (c) => c.notNull())
    .addColumn('after_seq', 'bigint', (c) => c.notNull())
    .execute()
  await db.insertInto('webhook_dispatch').values({ id: 1, after_tx: 0, after_seq: 0 }).execute()
  await db.schema.createIndex('events_order').ifNotExists().on('events').columns(['tx', 'seq']).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('events_order').ifExists().execute()
  await db.schema.dropTable('webhook_dispatch').ifExists().execute()
  await db.schema.dropTable('webhook_deliveries').ifExists().execute()
  await db.schema.dropTable('webhooks').ifExists().execute()
}
