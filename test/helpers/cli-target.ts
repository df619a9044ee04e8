/**
 * A brand-new database for tests that run the real CLI: a SQLite file, or on PostgreSQL a whole
 * database of its own (the CLI only takes DATABASE_URL, so a schema is not enough to isolate it).
 */
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { openDatabase, type DatabaseHandle } from '../../src/db/database.js'
import { type ENGINES, PG_URL } from './harness.js'

export interface CliTarget {
  /** DATABASE_URL for the CLI. */
  url: string
  /** Opens the same database in this process. */
  open(): Promise<DatabaseHandle>
  cleanup(): Promise<void>
}

export async function freshCliTarget(engine: (typeof ENGINES)[number], prefix: string): Promise<CliTarget> {
  if (engine.engine === 'sqlite') {
    const fresh = await engine.freshDatabase()
    return { url: fresh.url, open: () => openDatabase(fresh.url, fresh.options), cleanup: fresh.cleanup }
  }
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: PG_URL! })
  await admin.connect()
  try {
    await admin.query(`create database ${name}`)
  } finally {
    await admin.end()
  }
  const url = new URL(PG_URL!)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    open: () => openDatabase(url.toString()),
    cleanup: async () => {
      const client = new pg.Client({ connectionString: PG_URL! })
      await client.connect()
      try {
        await client.query(`drop database if exists ${name} with (force)`)
      } finally {
        await client.end()
      }
    },
  }
}
