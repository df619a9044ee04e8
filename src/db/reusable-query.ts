/**
 * Compile-once queries for the few statements every request runs (the API-key lookup, reading a
 * user). Building and compiling a Kysely query costs more than SQLite takes to run it; here the
 * query is built once per dialect with marker values, and each call only swaps in the arguments.
 * On PostgreSQL these statements are also prepared once per connection (see preparedStatementName).
 */
import { type Compilable, CompiledQuery, type Kysely } from 'kysely'
import { readNow } from './service-database.js'
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

/**
 * A read built once per dialect. Its rows come back at once (no promise) when SQLite's connection
 * is free (see ServiceDatabase.readNow), else through Kysely, joining the request's transaction if any.
 */
export function reusableQuery<Args extends string[], Row>(
  build: (db: Kysely<Database>, ...args: Args) => Compilable<Row>,
): (db: Kysely<Database>, ...args: Args) => Row[] | Promise<Row[]> {
  // The SQL depends only on the dialect, which the adapter's class identifies.
  const compiled = new Map<unknown, { sql: string; parameters: (args: Args) => unknown[] }>()
  return (db, ...args) => {
    const dialect = db.getExecutor().adapter.constructor
    let shape = compiled.get(dialect)
    if (!shape) {
      shape = compile(build(db, ...(args.map((_, i) => `${MARKER}${i}`) as Args)))
      compiled.set(dialect, shape)
      if (!statementNames.has(shape.sql)) statementNames.set(shape.sql, `jornada_${statementNames.size + 1}`)
    }
    const parameters = shape.parameters(args)
    return (
      readNow<Row>(db, shape.sql, parameters) ??
      db.executeQuery<Row>(CompiledQuery.raw(shape.sql, parameters)).then((result) => result.rows)
    )
  }
}

/** The SQL of a query built with marker arguments, and how to fill its parameters: from the arguments, or constants of the query. */
function compile<Args extends string[]>(
  query: Compilable<unknown>,
): { sql: string; parameters: (args: Args) => unknown[] } {
  const { sql, parameters } = query.compile()
  // For each parameter: the index of the argument it takes, or -1 for a constant of the query.
  const slots = parameters.map((p) => {
    if (typeof p !== 'string' || !p.includes(MARKER)) return -1
    // A parameter made from an argument (a pattern around it, say) would be frozen with the marker in it.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the NUL is MARKER's first character, chosen because no real argument holds it.
    if (!/^\u0000jornada-arg-\d+$/.test(p))
      throw new Error('reusableQuery: a parameter must be an argument as it is, or a constant')
    return Number(p.slice(MARKER.length))
  })
  return { sql, parameters: (args) => slots.map((slot, i) => (slot < 0 ? parameters[i] : args[slot])) }
}
