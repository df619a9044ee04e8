/**
 * Row locks that serialise the checks only one request may pass (last admin, email uniqueness,
 * punch sequences). In PostgreSQL a `SELECT ... FOR UPDATE` inside the caller's transaction. In
 * SQLite every transaction already runs alone: Kysely drives the single better-sqlite3 connection
 * behind a mutex, so a transaction holds the whole database until it commits.
 */
import { type Kysely, SqliteAdapter, type Transaction, sql } from 'kysely'
import type { Database } from './schema.js'

type LockableTable = 'tenants' | 'users'

export async function lockRow(
  trx: Transaction<Database> | Kysely<Database>,
  table: LockableTable,
  id: string,
): Promise<void> {
  if (trx.getExecutor().adapter instanceof SqliteAdapter) return
  await sql`select id from ${sql.table(table)} where id = ${id} for update`.execute(trx)
}
