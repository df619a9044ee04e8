/**
 * Signing in at a kiosk (docs/decisions/0013-kiosks.md): short-lived sessions, the per-identifier
 * lockout after wrong PINs (kept for unknown identifiers too, so that they cannot be told apart),
 * the device's own count of failures (a device trying many identifiers is slowed down), and whether
 * a user's PIN is still the initial one derived from the phone (which must be changed on first
 * use). Frozen: later changes go into new migrations.
 */
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('kiosk_sessions')
    .ifNotExists()
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('kiosk_id', 'text', (c) => c.notNull().references('kiosks.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('kiosk_sessions_expiry').ifNotExists().on('kiosk_sessions').column('expires_at').execute()

  await db.schema
    .createTable('kiosk_lockouts')
    .ifNotExists()
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('identifier', 'text', (c) => c.notNull())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('locked_until', 'text')
    .addColumn('last_attempt_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('kiosk_lockouts_pk', ['tenant_id', 'identifier'])
    .execute()
  await db.schema
    .createIndex('kiosk_lockouts_last_attempt')
    .ifNotExists()
    .on('kiosk_lockouts')
    .column('last_attempt_at')
    .execute()

  await db.schema.alterTable('kiosks').addColumn('failure_window_start', 'text').execute()
  await db.schema
    .alterTable('kiosks')
    .addColumn('failures_in_window', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema.alterTable('kiosks').addColumn('last_failure_at', 'text').execute()

  await db.schema
    .alterTable('users')
    .addColumn('kiosk_pin_initial', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute()
  // Every PIN set so far is the initial one: there was no way to change it.
  await sql`update users set kiosk_pin_initial = ${true} where kiosk_pin_hash is not null`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('kiosk_pin_initial').execute()
  for (const column of ['last_failure_at', 'failures_in_window', 'failure_window_start'])
    await db.schema.alterTable('kiosks').dropColumn(column).execute()
  await db.schema.dropTable('kiosk_lockouts').ifExists().execute()
  await db.schema.dropTable('kiosk_sessions').ifExists().execute()
}
