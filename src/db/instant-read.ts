/**
 * Reads that need not wait for a promise. SQLite runs in this process: a read of a row it has in
 * its page cache takes about a microsecond, less than one turn of the promise machinery around it.
 * The compile-once reads made on most requests (db/reusable-query: the epoch, the key, the user)
 * run synchronously when the connection is free; PostgreSQL, and a busy SQLite connection, take
 * the ordinary path.
 */
import type { Kysely } from 'kysely'
import type { CachedStatementsDatabase } from './sqlite-statements.js'

const sqliteConnections = new WeakMap<Kysely<any>, CachedStatementsDatabase>()

/** Called by openDatabase: `db` runs on this SQLite connection. */
export function registerSqliteConnection(db: Kysely<any>, connection: CachedStatementsDatabase): void {
  sqliteConnections.set(db, connection)
}

/**
 * The rows of a read-only `sql`, read now, or undefined when that cannot be done: the database is
 * not SQLite, or its one connection is inside a transaction (whose uncommitted changes the read
 * would see) or streaming rows (whose older snapshot the read would share). Use only for a handful
 * of fixed statements: each is prepared once and kept.
 */
export function readNow<Row>(db: Kysely<any>, sql: string, parameters: readonly unknown[] = []): Row[] | undefined {
  const sqlite = sqliteConnections.get(db)
  if (!sqlite || sqlite.busy) return undefined
  const statement = sqlite.prepare(sql)
  if (!statement.reader) throw new Error('readNow runs reads only')
  return statement.all(parameters) as Row[]
}
