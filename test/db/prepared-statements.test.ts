/**
 * On PostgreSQL the hot reusable queries (API-key lookup, user and punch reads) run as named
 * prepared statements: parsed and planned once per connection. Other queries stay unnamed, because
 * a connection keeps every named statement for as long as it lives.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { sql } from 'kysely'
import pg from 'pg'
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../../src/db/database.js'
import { preparedStatementName } from '../../src/db/reusable-query.js'
import { authenticate } from '../../src/modules/keys/keys.service.js'
import { createTenant } from '../../src/modules/onboarding/onboarding.service.js'
import { findUser } from '../../src/modules/users/users.repository.js'
import { ENGINES, PG_URL } from '../helpers/harness.js'

describe('prepared statements [postgres]', {
  skip: PG_URL ? false : 'PostgreSQL SKIPPED: set TEST_DATABASE_URL to run it',
}, () => {
  let handle: DatabaseHandle
  let cleanup: () => Promise<void>

  before(async () => {
    const fresh = await ENGINES.find((e) => e.engine === 'postgres')!.freshDatabase()
    cleanup = fresh.cleanup
    // One connection, so that the statements prepared by one call are visible to the next.
    handle = await openDatabase(fresh.url, { ...fresh.options, pgPoolSize: 1 })
    await migrateToLatest(handle)
  })
  after(async () => {
    await handle?.destroy()
    await cleanup?.()
  })

  it('the key lookup is prepared once on the connection and keeps answering correctly', async () => {
    const created = await createTenant(
      { db: handle.db, now: Date.now() },
      {
        name: 'Prepared',
        admin_email: 'admin@prepared.example',
        admin_name: 'Admin',
        timezone: 'Europe/Madrid',
      },
    )
    for (let i = 0; i < 3; i++) {
      const auth = await authenticate(handle.db, created.api_key, Date.now())
      assert.equal(auth?.tenantId, created.tenant.id)
      assert.equal(auth?.tenant.timezone, 'Europe/Madrid')
    }
    const { rows } = await sql<{
      name: string
      statement: string
    }>`select name, statement from pg_prepared_statements`.execute(handle.db)
    const keyLookups = rows.filter((r) => r.statement.includes('"api_keys"'))
    assert.equal(keyLookups.length, 1, 'prepared exactly once however often it runs')
    assert.equal(preparedStatementName(keyLookups[0]!.statement), keyLookups[0]!.name)
    assert.ok(
      rows.every((r) => r.name.startsWith('jornada_')),
      'only the reusable queries are named',
    )

    // A wrong secret is still refused by the prepared lookup.
    assert.equal(await authenticate(handle.db, `${created.api_key.slice(0, -4)}AAAA`, Date.now()), null)
  })

  it('a column added under a prepared statement (a migration by another instance) does not break it', async () => {
    const created = await createTenant(
      { db: handle.db, now: Date.now() },
      {
        name: 'Altered',
        admin_email: 'admin@altered.example',
        admin_name: 'Admin',
      },
    )
    const adminId = created.admin_user.id
    assert.equal((await findUser(handle.db, created.tenant.id, adminId))?.id, adminId) // prepared now
    const other = new pg.Client({ connectionString: PG_URL!, options: `-c search_path=${handle.schema}` })
    await other.connect()
    try {
      await other.query('alter table users add column added_later text')
      // The statement's result type changed: answered unprepared, then on a fresh connection.
      for (let i = 0; i < 3; i++) assert.equal((await findUser(handle.db, created.tenant.id, adminId))?.id, adminId)
    } finally {
      await other.query('alter table users drop column added_later')
      await other.end()
    }
    assert.equal((await findUser(handle.db, created.tenant.id, adminId))?.id, adminId)
  })

  it('any other SQL is not named', () => {
    assert.equal(preparedStatementName('select 1'), undefined)
  })
})
