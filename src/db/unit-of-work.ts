/**
 * The one way to make several writes commit together. Given a handle that is already a
 * transaction (a write request's, or an outer unit of work's) it opens a savepoint inside it, so
 * that an error undoes this unit's work alone and the caller can still answer (a 409) and commit
 * the rest; given the database itself it opens a transaction. Callers never need to know which.
 */
import { type Kysely, type Transaction, sql } from 'kysely'
import type { Database } from './schema.js'

/** The database, or a transaction on it: where a query runs. */
export type Db = Kysely<Database>

/**
 * A unit of work without a caller: where its queries run and the moment it stands for. Work done
 * for no one in particular (creating a tenant from the command line, delivering webhooks) takes
 * one; a request's scope is one too.
 */
export interface Unit {
  readonly db: Db
  /** Epoch milliseconds: every "now" of the unit is this one. */
  readonly now: number
}

/** The unit's moment as an ISO 8601 UTC instant with milliseconds, as instants are stored. */
export function nowIsoOf(unit: { readonly now: number }): string {
  return new Date(unit.now).toISOString()
}

/** Savepoint names need only be unique among those open on one connection; a counter does. */
let savepoints = 0

/**
 * Runs `fn` with `unit.db` replaced by a transaction: a new one when `unit.db` is the database, a
 * savepoint when it is a transaction already. Anything carrying a `db` is a unit: a request's
 * scope, or `{ db }` for work outside a request.
 */
export async function inTransaction<U extends { readonly db: Db }, T>(
  unit: U,
  fn: (unit: U) => Promise<T>,
): Promise<T> {
  if (!unit.db.isTransaction) return unit.db.transaction().execute((trx) => fn({ ...unit, db: trx }))
  const name = sql.id(`unit_${++savepoints}`)
  const trx = unit.db as Transaction<Database>
  await sql`savepoint ${name}`.execute(trx)
  try {
    const result = await fn(unit)
    await sql`release savepoint ${name}`.execute(trx)
    return result
  } catch (error) {
    await sql`rollback to savepoint ${name}`.execute(trx)
    await sql`release savepoint ${name}`.execute(trx)
    throw error
  }
}
