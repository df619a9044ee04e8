/**
 * Workers' representatives (docs/decisions/0019-representatives-and-record-export.md): a user flag
 * administrators set. With it a person reads the company-wide overtime report and monthly totals
 * the Workers' Statute and RD 1561/1995 give representatives. Frozen: later changes go into new
 * migrations.
 */
import { type Kysely, SqliteAdapter, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  // As in 0019: earlier writes to users leave deferred triggers pending on PostgreSQL.
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) await sql`set constraints all immediate`.execute(db)
  await db.schema
    .alterTable('users')
    .addColumn('representative', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) await sql`set constraints all immediate`.execute(db)
  await db.schema.alterTable('users').dropColumn('representative').execute()
}
