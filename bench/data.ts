/** Shared pieces of the in-process data benchmarks: a fresh database of each engine. */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../src/db/database.js'

export const BENCH_PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'

/** A migrated, empty database; null (with a message) when PostgreSQL cannot be reached. */
export interface BenchDatabase {
  handle: DatabaseHandle
  cleanup: () => Promise<void>
  /** How another process opens the same database: its URL, and the PostgreSQL schema (or null). */
  url: string
  schema: string | null
}

export async function openBenchDatabase(engine: 'sqlite' | 'postgres', name: string): Promise<BenchDatabase | null> {
  if (engine === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), `jornada-${name}-`))
    const url = `sqlite:${join(dir, 'bench.db')}`
    const handle = await openDatabase(url)
    await migrateToLatest(handle)
    return { handle, url, schema: null, cleanup: async () => rmSync(dir, { recursive: true, force: true }) }
  }
  const schema = `${name}_${process.pid}`
  let handle: DatabaseHandle
  try {
    handle = await openDatabase(BENCH_PG_URL, { pgSchema: schema })
  } catch (error) {
    console.log(
      `PostgreSQL skipped: cannot connect to ${BENCH_PG_URL.replace(/\/\/[^@]*@/, '//')} (${(error as Error).message})`,
    )
    return null
  }
  await migrateToLatest(handle)
  return {
    handle,
    url: BENCH_PG_URL,
    schema,
    cleanup: async () => {
      const client = new pg.Client({ connectionString: BENCH_PG_URL })
      await client.connect()
      await client.query(`drop schema if exists ${schema} cascade`)
      await client.end()
    },
  }
}
