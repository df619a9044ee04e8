/**
 * Rows read from PostgreSQL are what node-postgres gives, with the empty row it copies for each
 * one kept per list of column names (db/postgres-rows.ts): the same names, order, values, nulls,
 * type parsers and last-wins for a name given twice, and no row shares state with the next.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { sql } from 'kysely'
import { openDatabase } from '../../src/db/database.js'
import { PG_URL } from '../helpers/harness.js'

const skip = PG_URL ? false : 'PostgreSQL SKIPPED: set TEST_DATABASE_URL to run it'

describe('rows read from PostgreSQL [postgres]', { skip }, () => {
  it('keep their columns, values and order, query after query', async () => {
    const handle = await openDatabase(PG_URL!, {})
    try {
      const read = async () =>
        (await sql<Record<string, unknown>>`select 1 as a, 'x' as b, null as c, 2::int8 as d`.execute(handle.db)).rows
      const first = await read()
      assert.deepEqual(first, [{ a: 1, b: 'x', c: null, d: 2 }])
      assert.deepEqual(Object.keys(first[0]!), ['a', 'b', 'c', 'd'])
      // A row changed by its reader does not change the next query's rows.
      const changed: Record<string, unknown> = first[0]!
      changed.a = 99
      changed.extra = true
      assert.deepEqual(await read(), [{ a: 1, b: 'x', c: null, d: 2 }])

      const many = await sql<Record<string, unknown>>`
        select n as a, null::text as b from generate_series(1, 3) as n`.execute(handle.db)
      assert.deepEqual(many.rows, [
        { a: 1, b: null },
        { a: 2, b: null },
        { a: 3, b: null },
      ])
      // The same names in another order are another row shape.
      const swapped = await sql<Record<string, unknown>>`select 'y' as b, 7 as a`.execute(handle.db)
      assert.deepEqual(Object.keys(swapped.rows[0]!), ['b', 'a'])
      // A name given twice keeps its last value, as node-postgres always did.
      const twice = await sql<Record<string, unknown>>`select 5 as a, 6 as a`.execute(handle.db)
      assert.deepEqual(twice.rows, [{ a: 6 }])
      // A query without rows still says which columns it had.
      const none = await sql<Record<string, unknown>>`select 1 as a where false`.execute(handle.db)
      assert.deepEqual(none.rows, [])
    } finally {
      await handle.destroy()
    }
  })
})
