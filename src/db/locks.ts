/**
 * Row locks that serialise the checks only one request may pass (last admin, email uniqueness,
 * punch sequences). In PostgreSQL a `SELECT ... FOR UPDATE` inside the caller's transaction. In
 * SQLite every transaction already runs alone: Kysely drives the single better-sqlite3 connection
 * behind a mutex, so a transaction holds the whole database until it commits.
 */
import { type Kysely, SqliteAdapter, type Transaction, sql } from 'kysely'
import type { Database } from './schema.js'

type LockableTable = 'tenants' | 'users' | 'absences'

export async function lockRow(
  trx: Transaction<Database> | Kysely<Database>,
  table: LockableTable,
  id: string,
): Promise<void> {
  if (trx.getExecutor().adapter instanceof SqliteAdapter) return
  // NO KEY UPDATE, not UPDATE: inserts referencing the row (a punch's user, a user's tenant) take
  // KEY SHARE for their foreign-key check, which UPDATE would block and could deadlock with.
  await sql`select id from ${sql.table(table)} where id = ${id} for no key update`.execute(trx)
}
