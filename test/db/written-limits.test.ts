/**
 * A query's LIMIT is written into its SQL as a number on both engines (db/inline-limits.ts): SQLite
 * plans `ORDER BY … LIMIT ?` without knowing how few rows are wanted. OFFSET stays a parameter.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { sql } from 'kysely'
import { migrateToLatest, openDatabase } from '../../src/db/database.js'
import { ENGINES, PG_URL } from '../helpers/harness.js'

for (const engine of ENGINES) {
  const skip = engine.engine === 'postgres' && !PG_URL ? 'PostgreSQL SKIPPED: set TEST_DATABASE_URL to run it' : false
  describe(`written limits [${engine.engine}]`, { skip }, () => {
    it('a whole-number limit is in the SQL, an offset is bound, and the rows are the ones asked for', async () => {
      const fresh = await engine.freshDatabase()
      const handle = await openDatabase(fresh.url, fresh.options)
      try {
        await migrateToLatest(handle)
        const query = handle.db.selectFrom('tenants').select('id').orderBy('id').limit(2).offset(1)
        const compiled = query.compile()
        assert.match(compiled.sql, /limit 2 offset (\?|\$1)$/)
        assert.deepEqual(compiled.parameters, [1])
        assert.deepEqual(await query.execute(), [])
        // In a subquery too, and a limit that is no number stays a parameter.
        const nested = handle.db
          .selectFrom(handle.db.selectFrom('tenants').select('id').limit(1).as('t'))
          .select('t.id')
          .limit(sql<number>`${3}`)
          .compile()
        assert.match(nested.sql, /limit 1\) as "t" limit (\?|\$1)$/)
        assert.deepEqual(nested.parameters, [3])
      } finally {
        await handle.destroy()
        await fresh.cleanup()
      }
    })
  })
}
