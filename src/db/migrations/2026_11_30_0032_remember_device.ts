/**
 * "Remember this device" (docs/decisions/0024-only-the-worker-acts-as-the-worker.md): how long a
 * sign-in that asks to be remembered lasts in the company, in hours (0, the default: the company
 * does not allow it), and whether a session was opened that way. Frozen: later changes go into
 * new migrations.
 */
import { type Kysely, SqliteAdapter, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  // As in 0019: earlier writes leave deferred triggers pending on PostgreSQL.
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) await sql`set constraints all immediate`.execute(db)
  await db.schema
    .alterTable('tenants')
    .addColumn('remember_device_hours', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema
    .alterTable('sessions')
    .addColumn('remembered', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) await sql`set constraints all immediate`.execute(db)
  await db.schema.alterTable('sessions').dropColumn('remembered').execute()
  await db.schema.alterTable('tenants').dropColumn('remember_device_hours').execute()
}
