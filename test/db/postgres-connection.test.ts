/**
 * A PostgreSQL connection the server ends while it sits idle in the pool (a restart, a failover,
 * an administrator's pg_terminate_backend) must neither end the process nor poison the pool: the
 * pool drops it and the next query opens another.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { sql } from 'kysely'
import pg from 'pg'
import { type DatabaseHandle, openDatabase } from '../../src/db/database.js'
import { PG_URL } from '../helpers/harness.js'

describe('idle connections ended by the server [postgres]', {
  skip: !PG_URL && 'PostgreSQL SKIPPED: set TEST_DATABASE_URL to run it',
}, () => {
  let database: DatabaseHandle
  before(async () => {
    database = await openDatabase(PG_URL!)
  })
  after(async () => {
    await database?.destroy()
  })

  it('an idle connection terminated by the server is replaced, and nothing is thrown', async () => {
    const crashes: unknown[] = []
    const record = (error: unknown) => crashes.push(error)
    process.on('uncaughtException', record)
    try {
      const pid = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(database.db)).rows[0]!.pid
      const admin = new pg.Client({ connectionString: PG_URL! })
      await admin.connect()
      try {
        await admin.query('select pg_terminate_backend($1)', [pid])
      } finally {
        await admin.end()
      }
      // The pool learns of it when the server's message arrives.
      await new Promise((resolve) => setTimeout(resolve, 200))
      const again = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(database.db)).rows[0]!.pid
      assert.notEqual(again, pid)
      assert.deepEqual(crashes, [])
    } finally {
      process.off('uncaughtException', record)
    }
  })
})
