/**
 * Integrations, part one: the answers kept for Idempotency-Key retries, and the event outbox.
 *
 * Events are read in the order their transactions committed, which is not the order their rows
 * were inserted when writes run concurrently: `seq` numbers rows as they are inserted, and on
 * PostgreSQL `tx` holds the writing transaction's id so that readers can leave out events of
 * transactions that may still commit (see events.repository). SQLite runs one write at a time,
 * so there `tx` is 0 and `seq` alone is commit order. Frozen: later changes go into new migrations.
 */
import { type Kysely, SqliteAdapter, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter

  await db.schema
    .createTable('idempotency_keys')
    .ifNotExists()
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('api_key_id', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('fingerprint', 'text', (c) => c.notNull()) // SHA-256 of method, path and canonical body
    .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('running', 'done')`))
    .addColumn('claim', 'text', (c) => c.notNull()) // the token of the request that runs it
    .addColumn('claimed_at', 'text', (c) => c.notNull())
    .addColumn('status', 'integer')
    .addColumn('body', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['tenant_id', 'api_key_id', 'key'])
    .execute()
  await db.schema
    .createIndex('idempotency_keys_created_at')
    .ifNotExists()
    .on('idempotency_keys')
    .column('created_at')
    .execute()

  let events = db.schema.createTable('events').ifNotExists()
  events = sqlite
    ? events
        .addColumn('seq', 'integer', (c) => c.primaryKey().autoIncrement())
        .addColumn('tx', 'integer', (c) => c.notNull().defaultTo(0))
    : events
        .addColumn('seq', 'bigserial', (c) => c.primaryKey())
        .addColumn('tx', 'bigint', (c) => c.notNull().defaultTo(sql`(pg_current_xact_id()::text::bigint)`))
  await events
    .addColumn('id', 'text', (c) => c.notNull().unique())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('occurred_at', 'text', (c) => c.notNull())
    .addColumn('actor_user_id', 'text')
    .addColumn('actor_key_id', 'text')
    .addColumn('data', 'text', (c) => c.notNull()) // JSON: the resource as the API returned it
    .execute()
  await db.schema
    .createIndex('events_tenant_order')
    .ifNotExists()
    .on('events')
    .columns(['tenant_id', 'tx', 'seq'])
    .execute()
  await db.schema.createIndex('events_occurred_at').ifNotExists().on('events').column('occurred_at').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('events').ifExists().execute()
  await db.schema.dropTable('idempotency_keys').ifExists().execute()
}
