/**
 * The embedded database file: it and its WAL hold personal data and are private to the service's
 * user; its query planner's statistics are kept in the form that lets statements stay prepared.
 */
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { it } from 'node:test'
import { type Kysely, sql } from 'kysely'
import { migrateToLatest, openDatabase, optimizeQueryPlans } from '../../src/db/database.js'
import type { Database } from '../../src/db/schema.js'

it('a new SQLite database, its WAL and shared-memory files are created 0600 in a 0700 directory', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'jornada-mode-'))
  const previous = process.umask(0o022) // the usual umask, which would otherwise leave files world-readable
  try {
    const path = join(dir, 'data', 'jornada.db')
    const database = await openDatabase(`sqlite:${path}`)
    try {
      await migrateToLatest(database) // writes, so the WAL exists
      for (const file of [path, `${path}-wal`, `${path}-shm`]) {
        assert.equal(statSync(file).mode & 0o777, 0o600, `${file} is 0600`)
      }
      assert.equal(statSync(join(dir, 'data')).mode & 0o777, 0o700)
    } finally {
      await database.destroy()
    }
  } finally {
    process.umask(previous)
    rmSync(dir, { recursive: true, force: true })
  }
})

it('the planner keeps its summary of each index but no samples of index keys, whose presence re-prepares statements on every run', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'jornada-stat4-'))
  const path = join(dir, 'jornada.db')
  const count = async (db: Kysely<Database>, text: string) =>
    Number((await sql.raw<{ n: number }>(text).execute(db)).rows[0]!.n)
  try {
    let database = await openDatabase(`sqlite:${path}`)
    await migrateToLatest(database)
    await sql`create table readings (id integer primary key, person text not null)`.execute(database.db)
    await sql`create index readings_person on readings (person)`.execute(database.db)
    for (let i = 0; i < 200; i++) await sql`insert into readings (person) values (${`p${i % 7}`})`.execute(database.db)
    // ANALYZE as SQLite runs it: summaries and samples.
    await sql`analyze`.execute(database.db)
    assert.ok((await count(database.db, 'select count(*) as n from sqlite_stat4')) > 0, 'ANALYZE took samples')
    // The hourly housekeeping's optimisation leaves the summaries and drops the samples...
    await optimizeQueryPlans(database.db)
    assert.equal(await count(database.db, 'select count(*) as n from sqlite_stat4'), 0)
    assert.ok((await count(database.db, "select count(*) as n from sqlite_stat1 where tbl = 'readings'")) > 0)
    await sql`analyze`.execute(database.db)
    await database.destroy()
    // ... and so does opening the file.
    database = await openDatabase(`sqlite:${path}`)
    try {
      assert.equal(await count(database.db, 'select count(*) as n from sqlite_stat4'), 0)
      assert.ok((await count(database.db, "select count(*) as n from sqlite_stat1 where tbl = 'readings'")) > 0)
    } finally {
      await database.destroy()
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})
