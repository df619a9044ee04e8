/**
 * Compile-once queries for the few statements every request runs (the API-key lookup, reading a
 * user). Building and compiling a Kysely query costs more than SQLite takes to run it; here the
 * query is built once per dialect with marker values, and each call only swaps in the arguments.
 * On PostgreSQL these statements are also prepared once per connection (see preparedStatementName).
 */
import { type Compilable, CompiledQuery, type Kysely } from 'kysely'
import type { Database } from './schema.js'

const MARKER = '\u0000jornada-arg-'

/** SQL text of every reusable query -> the name it is prepared under on PostgreSQL. */
const statementNames = new Map<string, string>()

/**
 * The name to prepare this SQL under, if it is one of the reusable queries. Only these are named:
 * their number is small and fixed, whereas a PostgreSQL connection keeps every named statement
 * for its lifetime, and other queries come in many shapes (IN lists, optional filters).
 */
export function preparedStatementName(sqlText: string): string | undefined {
  return statementNames.get(sqlText)
}

export function reusableQuery<Args extends string[], Row>(
  build: (db: Kysely<Database>, ...args: Args) => Compilable<Row>,
): (db: Kysely<Database>, ...args: Args) => Promise<Row[]> {
  // The SQL depends only on the dialect, which the adapter's class identifies.
  const compiled = new Map<unknown, { sql: string; slots: number[] }>()
  return async (db, ...args) => {
    const dialect = db.getExecutor().adapter.constructor
    let shape = compiled.get(dialect)
    if (!shape) {
      const markers = args.map((_, i) => `${MARKER}${i}`) as Args
      const query = build(db, ...markers).compile()
      const slots = query.parameters.map((p) => (typeof p === 'string' && p.startsWith(MARKER) ? Number(p.slice(MARKER.length)) : -1))
      if (slots.some((s) => s < 0)) throw new Error('reusableQuery: every parameter must come from an argument')
      shape = { sql: query.sql, slots }
      compiled.set(dialect, shape)
      if (!statementNames.has(query.sql)) statementNames.set(query.sql, `jornada_${statementNames.size + 1}`)
    }
    const result = await db.executeQuery<Row>(CompiledQuery.raw(shape.sql, shape.slots.map((i) => args[i])))
    return result.rows
  }
}
