/**
 * Calendar feeds (docs/decisions/0020-calendars-and-presence.md): a person's subscription address
 * for their own, their team's or the company's absences and holidays, with only the hash of its
 * secret. Frozen: later changes go into new migrations.
 */
import type { Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('calendar_feeds')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('show_types', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('secret_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute()
  await db.schema.createIndex('calendar_feeds_owner').on('calendar_feeds').columns(['tenant_id', 'user_id']).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('calendar_feeds').execute()
}
