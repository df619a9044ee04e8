/**
 * What the SQLite connection does beyond better-sqlite3: rows built from raw values must be the
 * objects better-sqlite3 would have built, and the commit watch must see every commit, from this
 * connection or another process's, and nothing else.
 */
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, it } from 'node:test'
import SQLite from 'better-sqlite3'
import { sql } from 'kysely'
import { type DatabaseHandle, openDatabase } from '../../src/db/database.js'

describe('SQLite connection', () => {
  let dir: string
  let path: string
  let handle: DatabaseHandle
  /** Another process's connection to the same file, as the command line would have. */
  let other: SQLite.Database

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'jornada-sqlite-'))
    path = join(dir, 'jornada.db')
    handle = await openDatabase(`sqlite:${path}`)
    await sql`create table things (id integer primary key, name text, size real, data blob)`.execute(handle.db)
    other = new SQLite(path)
  })
  after(async () => {
    other?.close()
    await handle?.destroy()
    rmSync(dir, { recursive: true, force: true })
  })

  it('rows read through Kysely equal better-sqlite3 own objects: types, nulls, aliases, duplicate names', async () => {
    other
      .prepare('insert into things (id, name, size, data) values (?, ?, ?, ?), (?, ?, ?, ?)')
      .run(1, 'uno', 1.5, Buffer.from([1, 2]), 2, null, null, null)
    const queries = [
      'select * from things order by id',
      'select id as "the id", name as "constructor", size as "toString" from things order by id',
      'select id, name as id from things order by id',
      'select count(*) as n, max(size) as biggest from things',
      'select \'x\' as "a""quoted\\name" from things',
    ]
    for (const query of queries) {
      const expected = other.prepare(query).all()
      const { rows } = await sql.raw(query).execute(handle.db)
      assert.deepEqual(rows, expected, query)
      for (const row of rows as object[]) assert.equal(Object.getPrototypeOf(row), Object.prototype)
    }
    // Streamed rows too.
    const streamed: unknown[] = []
    for await (const row of handle.db
      .selectFrom('things' as any)
      .selectAll()
      .orderBy('id')
      .stream())
      streamed.push(row)
    assert.deepEqual(streamed, other.prepare('select * from things order by id').all())
  })

  it('a column named __proto__ is treated as better-sqlite3 treats it', async () => {
    const { rows } = await sql.raw('select 1 as "__proto__", 2 as b').execute(handle.db)
    const [row] = rows as Record<string, unknown>[]
    assert.deepEqual(
      Object.getOwnPropertyNames(row),
      Object.getOwnPropertyNames(other.prepare('select 1 as "__proto__", 2 as b').get()),
    )
    assert.equal(Object.getPrototypeOf(row), Object.prototype)
  })

  it('after a change of schema, by another process or this connection, rows keep the right names', async () => {
    await sql`create table shapes (id integer primary key, a text, b text)`.execute(handle.db)
    await sql`insert into shapes (id, a, b) values (1, 'A', 'B')`.execute(handle.db)
    const read = async () => (await sql.raw('select * from shapes').execute(handle.db)).rows
    // A statement that names its columns keeps its names whatever the schema does (its names are taken once).
    const readNamed = async () => (await sql.raw('select b, shapes.a, id as "key" from shapes').execute(handle.db)).rows
    // A rowid is named after the table's INTEGER PRIMARY KEY, whichever that is now.
    const readRowid = async () => (await sql.raw('select rowid, b from shapes').execute(handle.db)).rows
    assert.deepEqual(await read(), [{ id: 1, a: 'A', b: 'B' }])
    assert.deepEqual(await readNamed(), [{ b: 'B', a: 'A', key: 1 }])

    other.exec("alter table shapes add column c text default 'C'")
    assert.deepEqual(await read(), [{ id: 1, a: 'A', b: 'B', c: 'C' }])
    assert.deepEqual(await readNamed(), [{ b: 'B', a: 'A', key: 1 }])

    // A rebuild that keeps the number of columns and changes their order.
    other.exec(`
      create table shapes_new (c text, b text, id integer primary key, a text);
      insert into shapes_new select c, b, id, a from shapes;
      drop table shapes;
      alter table shapes_new rename to shapes;
    `)
    const [row] = (await read()) as Record<string, unknown>[]
    assert.deepEqual(Object.entries(row!), [
      ['c', 'C'],
      ['b', 'B'],
      ['id', 1],
      ['a', 'A'],
    ])
    assert.deepEqual(await readNamed(), [{ b: 'B', a: 'A', key: 1 }])
    assert.deepEqual(await readRowid(), [{ id: 1, b: 'B' }])
    other.exec(`
      create table shapes_new (n integer primary key, c text, b text, id integer, a text);
      insert into shapes_new select id, c, b, id, a from shapes;
      drop table shapes;
      alter table shapes_new rename to shapes;
    `)
    assert.deepEqual(await readRowid(), other.prepare('select rowid, b from shapes').all())
    assert.deepEqual(await readRowid(), [{ n: 1, b: 'B' }])

    // This connection's own migration, inside its transaction, before anything is committed.
    await handle.db.transaction().execute(async (trx) => {
      await sql.raw('select * from shapes').execute(trx)
      await sql`alter table shapes add column d text default 'D'`.execute(trx)
      assert.deepEqual((await sql.raw('select * from shapes').execute(trx)).rows, [
        { n: 1, c: 'C', b: 'B', id: 1, a: 'A', d: 'D' },
      ])
    })
  })

  it('the commit watch sees commits from this connection and from another process, and only commits', async () => {
    // The database's one question: has anything been committed since this mark?
    const watch = { markNow: (since?: Buffer) => handle.db.commitMark(since) }
    const start = watch.markNow()
    assert.ok(start, 'a file in WAL mode has commit marks')
    assert.equal(watch.markNow(start), start, 'nothing committed: the same mark')

    await sql`select count(*) from things`.execute(handle.db)
    other.prepare('select * from things').all()
    assert.equal(watch.markNow(start), start, 'reads are not commits')

    other.prepare('update things set size = size + 1 where id = 1').run()
    const afterOther = watch.markNow(start)
    assert.ok(afterOther && afterOther !== start, 'a commit by another process moves the mark')

    await sql`update things set size = size + 1 where id = 1`.execute(handle.db)
    const afterOwn = watch.markNow(afterOther)
    assert.ok(afterOwn && afterOwn !== afterOther, 'a commit on this connection moves the mark')

    // A transaction rolled back changed nothing.
    await handle.db
      .transaction()
      .execute(async (trx) => {
        await sql`update things set size = 0`.execute(trx)
        throw new Error('rolled back')
      })
      .catch(() => {})
    assert.equal(watch.markNow(afterOwn), afterOwn)

    // A checkpoint copies the WAL into the file without changing what it holds.
    other.pragma('wal_checkpoint(PASSIVE)')
    assert.equal(watch.markNow(afterOwn), afterOwn)
  })

  it('an in-memory database has no commit watch: the epoch is read on each request, rows come from better-sqlite3', async () => {
    const memory = await openDatabase('sqlite::memory:')
    try {
      assert.equal(memory.db.commitMark(), undefined)
    } finally {
      await memory.destroy()
    }
  })
})
