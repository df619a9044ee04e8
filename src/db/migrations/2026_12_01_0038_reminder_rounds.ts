/**
 * The reminders' round with several instances (docs/notifications.md): `round_leases`, one row per
 * periodic round, names the instance that runs the current one and until when (a lease a dead
 * instance leaves to expire); `reminder_digest_days`, one row per company and local day whose
 * digest was made, so that a digest missed at its hour is made once later that day. Frozen: later
 * changes go into new migrations.
 */
import type { Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('round_leases')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('until', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createTable('reminder_digest_days')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    // YYYY-MM-DD, the company's local day.
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('made_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('reminder_digest_days_pk', ['tenant_id', 'date'])
    .execute()
  await db.schema.createIndex('reminder_digest_days_made').on('reminder_digest_days').column('made_at').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('reminder_digest_days').execute()
  await db.schema.dropTable('round_leases').execute()
}
