/**
 * The better-sqlite3 connection as Kysely's SQLite driver sees it, with three additions:
 * - prepared statements are cached by SQL text: preparing costs several times more than running
 *   a simple statement, and the same few queries run on every request;
 * - JavaScript booleans are bound as 0/1, which is how SQLite stores them (better-sqlite3 refuses
 *   booleans), so the rest of the code can use booleans on both engines;
 * - on a file with a commit watch, rows are read as arrays of values and made into objects by a
 *   function written for the statement's columns (see rowMaker);
 * - columns declared `boolean` come back as booleans, as PostgreSQL returns them, instead of
 *   SQLite's 0 and 1: the one place where SQLite's rows become the values the rest of the code
 *   reads (see BOOLEAN_TYPE).
 */
import type BetterSqlite3 from 'better-sqlite3'
import type { SqliteDatabase, SqliteStatement } from 'kysely'
import type { CommitMark, CommitWatch } from './commit-watch.js'

function bindable(parameters: ReadonlyArray<unknown>): ReadonlyArray<unknown> {
  for (const value of parameters) {
    if (typeof value === 'boolean') return parameters.map((v) => (typeof v === 'boolean' ? (v ? 1 : 0) : v))
  }
  return parameters
}

type RowMaker = (values: unknown[]) => Record<string, unknown>

/**
 * A result column as SQLite describes it: its name, and the declared type of the table column it
 * comes from (null for an expression).
 */
interface ResultColumn {
  name: string
  type: string | null
}

/** The declared type of the columns whose 0 and 1 are read as false and true. */
const BOOLEAN_TYPE = /^boolean$/i

const isBoolean = (column: ResultColumn) => column.type !== null && BOOLEAN_TYPE.test(column.type)

/** SQLite's stored 0/1 as the boolean it stands for; NULL stays null. */
function booleanOf(value: unknown): boolean | null {
  return value === null ? null : value !== 0 && value !== 0n
}

/**
 * A function that turns a row read as an array of values (better-sqlite3's raw mode) into an
 * object with the given column names, written as an object literal so that V8 builds every row
 * with one fixed shape. better-sqlite3's own objects are built one property at a time from C++,
 * each column name looked up in V8's string table: for a user's 48 columns that took twice as long
 * as the read itself. Later duplicates win, as in better-sqlite3's objects.
 */
function rowMaker(columns: readonly ResultColumn[]): RowMaker {
  const names = columns.map((column) => column.name)
  // In a literal `__proto__` sets the prototype: such rows are built by assignment, as better-sqlite3 builds them.
  if (names.includes('__proto__')) {
    return (values) => {
      const row: Record<string, unknown> = {}
      for (const [i, column] of columns.entries())
        row[column.name] = isBoolean(column) ? booleanOf(values[i]) : values[i]
      return row
    }
  }
  // The names come from our own SQL (column names and aliases), and JSON quoting keeps each one a
  // single string key whatever it holds.
  const fields = columns.map((column, index) => {
    const value = `values[${index}]`
    return `${JSON.stringify(column.name)}: ${isBoolean(column) ? `(${value} === null ? null : ${value} !== 0)` : value}`
  })
  return new Function('values', `return { ${fields.join(', ')} }`) as RowMaker
}

/**
 * Turns the boolean columns of rows better-sqlite3 built as objects into booleans, in place; the
 * identity when the statement has none.
 */
function booleanFixer(columns: readonly ResultColumn[]): ((row: Record<string, unknown>) => void) | undefined {
  const names = columns.filter(isBoolean).map((column) => column.name)
  if (names.length === 0) return undefined
  return (row) => {
    for (const name of names) row[name] = booleanOf(row[name])
  }
}

const resultColumns = (statement: BetterSqlite3.Statement): ResultColumn[] =>
  statement.columns().map((column) => ({ name: column.name, type: column.type }))

/** Streamed rows made into objects, by a maker made once the first row is out. */
function* madeRows(
  rows: IterableIterator<unknown[]>,
  makeMaker: () => RowMaker,
): IterableIterator<Record<string, unknown>> {
  let toRow: RowMaker | undefined
  for (const values of rows) {
    toRow ??= makeMaker()
    yield toRow(values)
  }
}

/**
 * Reads whose result columns another process's migration can change: a `*` (it expands to the
 * table's columns as they are), or a rowid (named after the table's INTEGER PRIMARY KEY, if any).
 * Conservative: `count(*)` and a multiplication count too.
 */
const NAMES_MAY_CHANGE = /\*|\b(rowid|oid|_rowid_)\b/i

/** Statements that change the schema: once one has run on this connection, row makers are made again. */
const SCHEMA_CHANGE = /^\s*(create|alter|drop)\b/i

export interface CachedStatementsOptions {
  /**
   * The file's commit watch. Rows are made from raw values only with one: it tells cheaply when
   * another process may have changed the schema (see #rawRows).
   */
  commits?: CommitWatch
  /** Statements kept at most. */
  capacity?: number
}

export class CachedStatementsDatabase implements SqliteDatabase {
  readonly #statements = new Map<string, SqliteStatement>()
  /** Statements being iterated (rows streamed): until they finish, a read would join their snapshot. */
  #iterating = 0
  readonly #commits: CommitWatch | undefined
  readonly #capacity: number
  /** The schema's version, and the commit mark taken just before it was read. */
  #schemaVersion: unknown
  #markOfSchema: CommitMark | undefined
  /** Moves whenever the schema may have changed: row makers of an older generation are made again. */
  #schemaGeneration = 0
  readonly #readSchemaVersion: BetterSqlite3.Statement

  constructor(
    private readonly connection: BetterSqlite3.Database,
    options: CachedStatementsOptions = {},
  ) {
    this.#commits = options.commits
    this.#capacity = options.capacity ?? 1000
    this.#readSchemaVersion = connection.prepare('pragma schema_version').pluck()
  }

  prepare(sql: string): SqliteStatement {
    let statement = this.#statements.get(sql)
    if (!statement) {
      const prepared = this.connection.prepare(sql)
      if (!this.#commits || !prepared.reader) statement = this.#plain(prepared, SCHEMA_CHANGE.test(sql))
      else
        statement = NAMES_MAY_CHANGE.test(sql)
          ? this.#rawRows(prepared, this.#commits)
          : this.#namedColumnRows(prepared)
      // Statements with generated shapes (IN lists of varying length) must not grow this forever.
      if (this.#statements.size >= this.#capacity) this.#statements.delete(this.#statements.keys().next().value!)
      this.#statements.set(sql, statement)
    }
    return statement
  }

  /**
   * A statement whose rows better-sqlite3 builds: a write, or any statement on a database without
   * a commit watch (in memory). A read's boolean columns are looked up on each run, as a `*` may
   * stand for other columns after a migration on this connection.
   */
  #plain(prepared: BetterSqlite3.Statement, changesSchema: boolean): SqliteStatement {
    const withBooleans = <Row>(rows: Row[]): Row[] => {
      const fix = prepared.reader ? booleanFixer(resultColumns(prepared)) : undefined
      if (fix) for (const row of rows) fix(row as Record<string, unknown>)
      return rows
    }
    const streamed = function* (rows: IterableIterator<unknown>): IterableIterator<unknown> {
      const fix = booleanFixer(resultColumns(prepared))
      for (const row of rows) {
        fix?.(row as Record<string, unknown>)
        yield row
      }
    }
    return {
      reader: prepared.reader,
      all: (parameters) => withBooleans(prepared.all(bindable(parameters))),
      run: (parameters) => {
        const result = prepared.run(bindable(parameters))
        // A migration on this connection: seen here before it commits, so not by the commit watch.
        if (changesSchema) this.#schemaGeneration += 1
        return result
      },
      iterate: (parameters) => this.#counted(streamed(prepared.iterate(bindable(parameters)))),
    }
  }

  /**
   * A read whose rows are made by rowMaker, of a statement that names each column it returns (no
   * `*` and no rowid in it). SQLite prepares it again after a migration, with the same columns in
   * the same order, or fails if one is gone. So the names are taken once, as the statement asked
   * for them, and no run needs to look at the schema's version. (A column renamed to another case
   * would be reported by SQLite in its new case; the row keeps the name the code asked for.)
   */
  #namedColumnRows(prepared: BetterSqlite3.Statement): SqliteStatement {
    const rows = prepared.raw(true)
    const toRow = rowMaker(resultColumns(prepared))
    return {
      reader: true,
      all: (parameters) => (rows.all(bindable(parameters)) as unknown[][]).map(toRow),
      run: (parameters) => rows.run(bindable(parameters)),
      iterate: (parameters) =>
        this.#counted(madeRows(rows.iterate(bindable(parameters)) as IterableIterator<unknown[]>, () => toRow)),
    }
  }

  /**
   * A read with a `*` or a rowid in it, whose rows are made by rowMaker. The names come from the
   * statement as it last ran: after a change of schema (a migration by another process) SQLite
   * prepares a statement again by itself when it next runs, and a `*` then stands for other columns
   * (a rowid for another primary key). So after each run, if the
   * schema may have changed since the names were taken, they are taken again from the statement,
   * which then describes the run that just happened.
   */
  #rawRows(prepared: BetterSqlite3.Statement, commits: CommitWatch): SqliteStatement {
    const rows = prepared.raw(true)
    let maker: { generation: number; toRow: RowMaker } | undefined
    const makerOf = (generation: number): RowMaker => {
      if (maker?.generation !== generation) maker = { generation, toRow: rowMaker(resultColumns(prepared)) }
      return maker.toRow
    }
    return {
      reader: true,
      all: (parameters) => {
        const values = rows.all(bindable(parameters)) as unknown[][]
        return values.map(makerOf(this.#currentSchemaGeneration(commits)))
      },
      run: (parameters) => rows.run(bindable(parameters)),
      // While rows stream nothing else can run on the connection, the schema's version included:
      // the names are taken from the statement once its first row is out, on every iteration.
      iterate: (parameters) =>
        this.#counted(
          madeRows(rows.iterate(bindable(parameters)) as IterableIterator<unknown[]>, () =>
            rowMaker(resultColumns(prepared)),
          ),
        ),
    }
  }

  /**
   * The schema's generation now. Its version is read only when something has been committed since
   * the last look; otherwise this costs one read of the commit watch.
   */
  #currentSchemaGeneration(commits: CommitWatch): number {
    const mark = commits.markNow(this.#markOfSchema)
    if (mark === undefined || mark !== this.#markOfSchema) {
      const version = this.#readSchemaVersion.get()
      this.#markOfSchema = mark
      if (version !== this.#schemaVersion) {
        this.#schemaVersion = version
        this.#schemaGeneration += 1
      }
    }
    return this.#schemaGeneration
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
