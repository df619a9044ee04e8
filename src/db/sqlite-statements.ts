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

/**
 * A function that turns a row read as an array of values (better-sqlite3's raw mode) into an
 * object with the given column names, written as an object literal so that V8 builds every row
 * with one fixed shape. better-sqlite3's own objects are built one property at a time from C++,
 * each column name looked up in V8's string table: for a user's 48 columns that took twice as long
 * as the read itself. Undefined for names a literal cannot carry as plain properties (`__proto__`).
 * Later duplicates win, as in better-sqlite3's objects.
 */
function rowMaker(columns: readonly string[]): ((values: unknown[]) => Record<string, unknown>) | undefined {
  if (columns.length === 0 || columns.includes('__proto__')) return undefined
  // The names come from our own SQL (column names and aliases), and JSON quoting keeps each one a
  // single string key whatever it holds.
  const fields = columns.map((name, index) => `${JSON.stringify(name)}: values[${index}]`)
  return new Function('values', `return { ${fields.join(', ')} }`) as (values: unknown[]) => Record<string, unknown>
}

function* mapped<T, R>(rows: IterableIterator<T>, map: (row: T) => R): IterableIterator<R> {
  for (const row of rows) yield map(row)
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
      const toRow = prepared.reader ? rowMaker(prepared.columns().map((column) => column.name)) : undefined
      if (toRow) {
        const rows = prepared.raw(true)
        statement = {
          reader: true,
          all: (parameters) => (rows.all(bindable(parameters)) as unknown[][]).map(toRow),
          run: (parameters) => rows.run(bindable(parameters)),
          iterate: (parameters) => this.#counted(mapped(rows.iterate(bindable(parameters)) as IterableIterator<unknown[]>, toRow)),
        }
      } else {
        statement = {
          reader: prepared.reader,
          all: (parameters) => prepared.all(bindable(parameters)),
          run: (parameters) => prepared.run(bindable(parameters)),
          iterate: (parameters) => this.#counted(prepared.iterate(bindable(parameters))),
        }
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
