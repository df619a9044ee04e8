/**
 * Row locks that serialise the checks only one request may pass (last admin, email uniqueness,
 * punch sequences). In PostgreSQL a `SELECT ... FOR UPDATE` inside the caller's transaction. In
 * SQLite every transaction already runs alone: Kysely drives the single better-sqlite3 connection
 * behind a mutex, so a transaction holds the whole database until it commits.
 */
import { type Kysely, type Selectable, SqliteAdapter, type Transaction, sql } from 'kysely'
import type { Database } from './schema.js'

type Trx = Transaction<Database> | Kysely<Database>
/**
 * Any table whose rows have an id and belong to a company, the core's or a module's (declared in
 * its `<m>.tables.ts`): db/ names no module's table.
 */
type TenantOwnedTable = {
  [T in keyof Database]: Database[T] extends { id: string; tenant_id: string } ? T : never
}[keyof Database]

/**
 * Locks a row of a tenant-owned table. The tenant is part of the condition, so an id of another
 * company locks nothing (and is then a 404 to the caller's own read).
 */
export async function lockRow(trx: Trx, table: TenantOwnedTable, tenantId: string, id: string): Promise<void> {
  await lockRows(trx, table, tenantId, [id])
}

/**
 * Locks several rows of a tenant-owned table in one statement, in id order: every caller that
 * takes more than one lock takes them in that order, so two of them cannot deadlock.
 */
export async function lockRows(
  trx: Trx,
  table: TenantOwnedTable,
  tenantId: string,
  ids: readonly string[],
): Promise<void> {
  if (ids.length === 0 || trx.getExecutor().adapter instanceof SqliteAdapter) return
  // NO KEY UPDATE, not UPDATE: inserts referencing the row (a punch's user, a user's tenant) take
  // KEY SHARE for their foreign-key check, which UPDATE would block and could deadlock with.
  await sql`select id from ${sql.table(table)} where tenant_id = ${tenantId} and id in (${sql.join(ids)}) order by id for no key update`.execute(
    trx,
  )
}

/** Locks the company's row: serialises the checks that span its users (last admin, unique email). */
export async function lockTenant(trx: Trx, tenantId: string): Promise<void> {
  if (trx.getExecutor().adapter instanceof SqliteAdapter) return
  await sql`select id from tenants where id = ${tenantId} for no key update`.execute(trx)
}

/**
 * Reads a row of a tenant-owned table and locks it, in one statement: on PostgreSQL a
 * `SELECT * ... FOR NO KEY UPDATE` (see lockRows), on SQLite a plain read (the transaction holds
 * the database). Undefined when the company has no such row.
 */
export async function lockedRow<T extends TenantOwnedTable>(
  trx: Trx,
  table: T,
  tenantId: string,
  id: string,
): Promise<Selectable<Database[T]> | undefined> {
  const locking = !(trx.getExecutor().adapter instanceof SqliteAdapter)
  const { rows } = await sql<
    Selectable<Database[T]>
  >`select * from ${sql.table(table)} where tenant_id = ${tenantId} and id = ${id}${locking ? sql` for no key update` : sql``}`.execute(
    trx,
  )
  return rows[0]
}
