/**
 * The better-sqlite3 connection as Kysely's SQLite driver sees it, with two additions:
 * - prepared statements are cached by SQL text: preparing costs several times more than running
 *   a simple statement, and the same few queries run on every request;
 * - JavaScript booleans are bound as 0/1, which is how SQLite stores them (better-sqlite3 refuses
 *   booleans), so the rest of the code can use booleans on both engines.
 */
import type BetterSqlite3 from 'better-sqlite3'
import type { SqliteDatabase, SqliteStatement } from 'kysely'

function bindable(parameters: ReadonlyArray<unknown>): ReadonlyArray<unknown> {
  for (const value of parameters) {
    if (typeof value === 'boolean') return parameters.map((v) => (typeof v === 'boolean' ? (v ? 1 : 0) : v))
  }
  return parameters
}

export class CachedStatementsDatabase implements SqliteDatabase {
  readonly #statements = new Map<string, SqliteStatement>()
  /** Statements being iterated (rows streamed): until they finish, a read would join their snapshot. */
  #iterating = 0

  constructor(
    private readonly connection: BetterSqlite3.Database,
    private readonly capacity = 1000,
  ) {}

  prepare(sql: string): SqliteStatement {
    let statement = this.#statements.get(sql)
    if (!statement) {
      const prepared = this.connection.prepare(sql)
      statement = {
        reader: prepared.reader,
        all: (parameters) => prepared.all(bindable(parameters)),
        run: (parameters) => prepared.run(bindable(parameters)),
        iterate: (parameters) => this.#counted(prepared.iterate(bindable(parameters))),
      }
      // Statements with generated shapes (IN lists of varying length) must not grow this forever.
      if (this.#statements.size >= this.capacity) this.#statements.delete(this.#statements.keys().next().value!)
      this.#statements.set(sql, statement)
    }
    return statement
  }

  /**
   * Whether a statement run now could see something other than the latest committed state: a
   * transaction is open (its uncommitted changes), or rows are being streamed (an autocommit read
   * keeps its snapshot until the last row, and a read on the same connection would join it).
   */
  get busy(): boolean {
    return this.connection.inTransaction || this.#iterating > 0
  }

  *#counted<T>(rows: IterableIterator<T>): IterableIterator<T> {
    this.#iterating += 1
    try {
      yield* rows
    } finally {
      this.#iterating -= 1
    }
  }

  close(): void {
    this.#statements.clear()
    this.connection.close()
  }
}
