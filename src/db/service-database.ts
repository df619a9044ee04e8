/**
 * The database as this process holds it: Kysely, plus what belongs to one open database and lives
 * as long as it does. On a SQLite file that is the two answers the file gives without a statement
 * through Kysely's queue: a read made at once on the free connection (readNow), and whether
 * anything has been committed since a moment (commitMark). It also keeps the process-wide state
 * other parts attach to one database (the key lookups), so no part needs a registry of its own.
 *
 * Only the database itself is one: a transaction on it is a plain Kysely transaction, which has
 * neither answer (its reads must see its own uncommitted changes).
 */
import { Kysely, type KyselyConfig } from 'kysely'
import type { AuthEpochWatch } from './auth-epoch-watch.js'
import type { CommitMark, CommitWatch } from './commit-watch.js'
import type { Database } from './schema.js'
import type { CachedStatementsDatabase } from './sqlite-statements.js'

export type { CommitMark } from './commit-watch.js'

/** The parts of a SQLite file opened in this process that answer without Kysely. */
export interface LocalSqlite {
  statements: CachedStatementsDatabase
  /** Present for a file in WAL mode (not for `:memory:`). */
  commits?: CommitWatch
}

export class ServiceDatabase extends Kysely<Database> {
  readonly #local: LocalSqlite | undefined
  readonly #kept = new Map<object, unknown>()
  /**
   * PostgreSQL: what this process knows of the authentication epoch without a query (its own
   * writes, and the `LISTEN` of this database). Undefined on SQLite, whose commit mark does that.
   */
  readonly authEpochWatch: AuthEpochWatch | undefined

  constructor(config: KyselyConfig, local?: LocalSqlite, authEpochWatch?: AuthEpochWatch) {
    super(config)
    this.#local = local
    this.authEpochWatch = authEpochWatch
  }

  /** Closes the listening connection too, whoever destroys the database. */
  override async destroy(): Promise<void> {
    await this.authEpochWatch?.stop()
    await super.destroy()
  }

  /**
   * The mark of what has been committed to the database now, by this process or any other:
   * `since` itself when nothing has been committed since that mark was taken, else a new mark.
   * Undefined when the database cannot tell without a query (PostgreSQL, SQLite in memory): the
   * caller must then read what it wants to know.
   */
  commitMark(since?: CommitMark): CommitMark | undefined {
    return this.#local?.commits?.markNow(since)
  }

  /**
   * The rows of a read-only `sql`, read now, or undefined when that cannot be done: the database
   * is not SQLite, or its one connection is inside a transaction (whose uncommitted changes the
   * read would see) or streaming rows (whose older snapshot the read would share). For a handful
   * of fixed statements only: each is prepared once and kept.
   */
  readNow<Row>(sql: string, parameters: readonly unknown[] = []): Row[] | undefined {
    const sqlite = this.#local?.statements
    if (!sqlite || sqlite.busy) return undefined
    const statement = sqlite.prepare(sql)
    if (!statement.reader) throw new Error('readNow runs reads only')
    return statement.all(parameters) as Row[]
  }

  /** The one `T` this database keeps under `key`, made by `make` on first use. */
  kept<T>(key: object, make: () => T): T {
    let value = this.#kept.get(key) as T | undefined
    if (value === undefined) {
      value = make()
      this.#kept.set(key, value)
    }
    return value
  }
}

/** `db.readNow(...)` when `db` is the service's database itself, else undefined (a transaction). */
export function readNow<Row>(db: Kysely<Database>, sql: string, parameters: readonly unknown[]): Row[] | undefined {
  return db instanceof ServiceDatabase ? db.readNow<Row>(sql, parameters) : undefined
}
