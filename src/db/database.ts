/**
 * Opens the configured database: the embedded SQLite file by default, PostgreSQL when the URL says
 * so. Both are driven through the same Kysely query layer and the same migrations.
 */
import { closeSync, mkdirSync, openSync } from 'node:fs'
import { dirname } from 'node:path'
import SQLite from 'better-sqlite3'
import pg from 'pg'
import {
  CompiledQuery,
  type DatabaseIntrospector,
  type Driver,
  type Kysely,
  type MigrationResultSet,
  Migrator,
  PostgresDialect,
  PostgresIntrospector,
  type PostgresPool,
  type PostgresPoolClient,
  PostgresQueryCompiler,
  type QueryCompiler,
  SqliteAdapter,
  SqliteDialect,
  SqliteQueryCompiler,
  type TableMetadata,
  sql,
} from 'kysely'
import { migrations } from './migrations/index.js'
import type { Database } from './schema.js'
import { preparedStatementName } from './reusable-query.js'
import { CommitWatch } from './commit-watch.js'
import { ServiceDatabase } from './service-database.js'
import { AuthEpochWatch, ConnectionWrites } from './auth-epoch-watch.js'
import { FailoverPool, type PooledConnection } from './failover-pool.js'
import { parsePostgresUrl } from './postgres-hosts.js'
import { CachedStatementsDatabase } from './sqlite-statements.js'
import { writingLimits } from './inline-limits.js'
import { keepEmptyRowsPerColumnList } from './postgres-rows.js'

export type Engine = 'sqlite' | 'postgres'

export interface DatabaseHandle {
  db: ServiceDatabase
  engine: Engine
  /** Human-readable location, without credentials, for start-up logs. */
  location: string
  /** PostgreSQL schema the tables live in, when not the default. */
  schema?: string
  /** The connections of this process, for the metrics: PostgreSQL's pool, or SQLite's one connection. */
  poolStats(): { max: number; open: number; idle: number; waiting: number }
  destroy(): Promise<void>
}

export interface DatabaseOptions {
  /** PostgreSQL only: run in this schema (created if missing). Tests use one schema per process. */
  pgSchema?: string
  pgPoolSize?: number
  /** PostgreSQL only: how long a connection attempt may take when the URL sets no `connect_timeout`. */
  connectTimeoutMs?: number
}

/**
 * SQLite whose transactions begin with BEGIN IMMEDIATE, taking the write lock when they begin.
 * Within one process every transaction already runs alone on the single connection; another
 * process writing the same file (`jornada webhooks work`, a CLI import) is then waited for
 * (busy_timeout) instead of failing with SQLITE_BUSY when a deferred transaction that has read
 * tries to write.
 */
const SqliteCompiler = writingLimits(SqliteQueryCompiler)
const PostgresCompiler = writingLimits(PostgresQueryCompiler)

class ImmediateSqliteDialect extends SqliteDialect {
  override createQueryCompiler(): QueryCompiler {
    return new SqliteCompiler()
  }

  override createDriver(): Driver {
    const driver = super.createDriver()
    driver.beginTransaction = async (connection) => {
      await connection.executeQuery(CompiledQuery.raw('begin immediate'))
    }
    return driver
  }
}

function openSqlite(path: string): DatabaseHandle {
  if (path !== ':memory:') {
    // The file holds personal data: readable by the service's user alone. SQLite gives the WAL and
    // shared-memory files the mode of the database file, so creating it 0600 covers all three.
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 })
    closeSync(openSync(path, 'a', 0o600))
  }
  const connection = new SQLite(path)
  const journalMode = connection.pragma('journal_mode = WAL', { simple: true })
  // FULL: a commit that returned is on disk, even after a power loss. This is the legal record.
  connection.pragma('synchronous = FULL')
  connection.pragma('foreign_keys = ON')
  connection.pragma('busy_timeout = 5000')
  // 64 MiB of page cache instead of SQLite's 2 MiB default: a year of one company's punches is
  // read often, and the indexes that find them should stay in memory.
  connection.pragma('cache_size = -65536')
  // As SQLite advises for long-lived connections: statistics for the query planner where tables
  // have none yet or they are stale (0x10002: look at every table, with limited effort); then
  // again every hour from housekeeping (optimizeQueryPlans). Without the samples (see forgetIndexSamples).
  connection.pragma('optimize = 0x10002')
  forgetIndexSamples(connection)
  // The pragmas above have read the file, so its `-shm` file exists while this connection lives.
  const commits = journalMode === 'wal' ? CommitWatch.open(path) : undefined
  const statements = new CachedStatementsDatabase(connection, commits ? { commits } : {})
  const dialect = new ImmediateSqliteDialect({ database: statements })
  const db = new ServiceDatabase({ dialect }, { statements, ...(commits ? { commits } : {}) })
  // One connection, which Kysely lends to one query or transaction at a time.
  const poolStats = () => ({ max: 1, open: 1, idle: 1, waiting: 0 })
  const destroy = async () => {
    await db.destroy()
    commits?.close()
  }
  return { db, engine: 'sqlite', location: `sqlite:${path}`, poolStats, destroy }
}

// pg returns int8 (count(*), sums) as strings by default; every such value here fits a double.
const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === 20) return (value: string) => Number.parseInt(value, 10)
    return pg.types.getTypeParser(oid, format as 'text')
  },
}

/**
 * The pool as Kysely sees it, running the hot reusable queries as named prepared statements:
 * PostgreSQL then parses and plans each once per connection instead of on every request (about
 * a tenth of a millisecond each, and every request runs two or three of them).
 */
function preparingPool(pool: FailoverPool): PostgresPool {
  const wrap = (client: PooledConnection): PostgresPoolClient => {
    // Set when a table changed under a statement prepared on this connection (a migration run by
    // another instance during a rolling deploy): the connection is then closed on release, and
    // its replacement prepares the statement afresh.
    let outdated = false
    // This process's changes to what authenticates a request, seen as they commit.
    const writes = new ConnectionWrites()
    const run = async (text: string, parameters: ReadonlyArray<unknown>) => {
      const values = parameters as unknown[]
      const name = preparedStatementName(text)
      if (!name) return client.query({ text, values })
      try {
        return await client.query({ name, text, values })
      } catch (error) {
        // 0A000 "cached plan must not change result type": run it unprepared this once.
        if ((error as { code?: string }).code !== '0A000') throw error
        outdated = true
        return client.query({ text, values })
      }
    }
    const query = async (text: string, parameters: ReadonlyArray<unknown>) => {
      writes.sending(text)
      try {
        return await run(text, parameters)
      } finally {
        writes.answered()
      }
    }
    return {
      query: ((sqlOrCursor: string | object, parameters?: ReadonlyArray<unknown>) =>
        typeof sqlOrCursor === 'string'
          ? query(sqlOrCursor, parameters ?? [])
          : client.query(sqlOrCursor as never)) as unknown as PostgresPoolClient['query'],
      release: () => {
        writes.released()
        client.release(outdated)
      },
    }
  }
  return { connect: async () => wrap(await pool.connect()), end: () => pool.end() }
}

/**
 * Kysely's PostgreSQL introspector reads the tables of every schema in the database and resolves
 * each schema by name, so a schema another process drops meanwhile makes a migration fail with
 * 3F000 (seen with test schemas dropped in parallel). Jornada only ever asks about its own tables,
 * so this one reads the connection's schema alone.
 */
class OwnSchemaIntrospector extends PostgresIntrospector {
  // biome-ignore lint/suspicious/noExplicitAny: introspects whatever schema the database holds, as Kysely's own introspector does.
  constructor(private readonly database: Kysely<any>) {
    super(database)
  }

  override async getTables(): Promise<TableMetadata[]> {
    const { rows } = await sql<{
      table: string
      schema: string
      kind: string
      column: string
      type: string
      type_schema: string
      not_null: boolean
      has_default: boolean
      serial: string | null
    }>`
      select c.relname as table, n.nspname as schema, c.relkind as kind, a.attname as column,
             t.typname as type, tn.nspname as type_schema, a.attnotnull as not_null, a.atthasdef as has_default,
             pg_get_serial_sequence(quote_ident(n.nspname) || '.' || quote_ident(c.relname), a.attname) as serial
      from pg_catalog.pg_attribute a
      join pg_catalog.pg_class c on c.oid = a.attrelid
      join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      join pg_catalog.pg_type t on t.oid = a.atttypid
      join pg_catalog.pg_namespace tn on tn.oid = t.typnamespace
      where n.nspname = current_schema() and c.relkind in ('r', 'v', 'p') and a.attnum >= 0 and not a.attisdropped
      order by c.relname, a.attnum`.execute(this.database)
    const tables = new Map<string, TableMetadata>()
    for (const row of rows) {
      let table = tables.get(row.table)
      if (!table) {
        table = { name: row.table, schema: row.schema, isView: row.kind === 'v', columns: [] }
        tables.set(row.table, table)
      }
      ;(table.columns as TableMetadata['columns'][number][]).push({
        name: row.column,
        dataType: row.type,
        dataTypeSchema: row.type_schema,
        isNullable: !row.not_null,
        hasDefaultValue: row.has_default,
        isAutoIncrementing: row.serial !== null,
      })
    }
    return [...tables.values()]
  }
}

class OwnSchemaPostgresDialect extends PostgresDialect {
  override createQueryCompiler(): QueryCompiler {
    return new PostgresCompiler()
  }

  // biome-ignore lint/suspicious/noExplicitAny: overrides Dialect.createIntrospector, which Kysely declares for any schema.
  override createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new OwnSchemaIntrospector(db)
  }
}

async function openPostgres(url: string, options: DatabaseOptions): Promise<DatabaseHandle> {
  const schema = options.pgSchema
  if (schema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`invalid schema name ${schema}`)
  keepEmptyRowsPerColumnList()
  // One host or several (docs/decisions/0021-failover-and-read-replicas.md): the pool follows the
  // one that takes writes.
  const parsed = parsePostgresUrl(url)
  const target = { ...parsed, connectTimeoutMs: parsed.connectTimeoutMs ?? options.connectTimeoutMs ?? null }
  if (schema) {
    const setup = new FailoverPool(target, { max: 1 })
    try {
      const connection = await setup.connect()
      try {
        await connection.query(`create schema if not exists ${schema}`)
      } finally {
        connection.release()
      }
    } finally {
      await setup.end()
    }
  }
  const max = options.pgPoolSize ?? 10
  const pool = new FailoverPool(target, {
    max,
    types: pgTypes,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  })
  // The authentication epoch's notifications (modules/keys/key-lookups): one connection of its
  // own, opened when the first request authenticates, so commands that never do open none.
  const listenPool = new FailoverPool(target, {
    max: 1,
    keepAlive: true,
    application_name: 'jornada auth-epoch listener',
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  })
  const watch = new AuthEpochWatch({
    async connect() {
      const connection = await listenPool.connect()
      return { client: connection.client, release: (destroy) => connection.release(destroy) }
    },
  })
  const db = new ServiceDatabase(
    { dialect: new OwnSchemaPostgresDialect({ pool: preparingPool(pool) }) },
    undefined,
    watch,
  )
  const database = /\/([^?#]*)/.exec(new URL(target.hostUrls[0]!).pathname)?.[1] ?? ''
  return {
    db,
    engine: 'postgres',
    location: `postgres://${target.hosts.join(',')}/${database}${schema ? ` (schema ${schema})` : ''}`,
    ...(schema ? { schema } : {}),
    poolStats: () => pool.stats(),
    destroy: async () => {
      await db.destroy()
      await listenPool.end()
    },
  }
}

export async function openDatabase(url: string, options: DatabaseOptions = {}): Promise<DatabaseHandle> {
  if (url.startsWith('sqlite:')) return openSqlite(url.slice('sqlite:'.length) || ':memory:')
  return openPostgres(url, options)
}

/** Applies every pending migration; safe to run from several processes at once (Kysely locks). */
export async function migrateToLatest(database: DatabaseHandle): Promise<string[]> {
  return appliedNames(await (await migratorOf(database)).migrateToLatest())
}

/** Applies the pending migrations up to and including `name` (tests of a migration's data changes). */
export async function migrateUpTo(database: DatabaseHandle, name: string): Promise<string[]> {
  return appliedNames(await (await migratorOf(database)).migrateTo(name))
}

async function migratorOf(database: DatabaseHandle): Promise<Migrator> {
  // Kysely looks for its bookkeeping tables across all schemas unless told which one is ours, so
  // on PostgreSQL name the schema the connection works in (set by pgSchema or by the URL).
  let schema = database.schema
  if (database.engine === 'postgres' && !schema) {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(database.db)
    schema = rows[0]?.schema
  }
  return new Migrator({
    db: database.db,
    provider: { getMigrations: async () => migrations },
    ...(schema ? { migrationTableSchema: schema } : {}),
  })
}

function appliedNames({ error, results }: MigrationResultSet): string[] {
  if (error) throw error
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName)
}

/**
 * Keeps the query planner's statistics fresh, as SQLite advises for long-lived connections
 * (`PRAGMA optimize`, hourly from housekeeping): it analyses only tables whose statistics are
 * missing or stale, usually in milliseconds. PostgreSQL's autovacuum does this itself.
 */
export async function optimizeQueryPlans(db: Kysely<Database>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return
  await sql`pragma optimize`.execute(db)
  await forgetIndexSamplesOf(db)
}

/**
 * Keeps ANALYZE's summary of each index (`sqlite_stat1`, which the planner needs) and drops its
 * samples of index keys (`sqlite_stat4`). better-sqlite3 builds SQLite with STAT4, and while
 * samples exist SQLite prepares a statement again whenever a new value is bound to a parameter
 * compared with an indexed column, in case that value calls for another plan (sqlite3_prepare_v2's
 * documentation): that is nearly every run of every statement here, since they look rows up by
 * company, person and id. Measured on a company of 65 people: the clock-in's read of a chain's last
 * punch took 22 µs with samples and 6 µs without, the four reads a punch follows 160 µs and 27 µs.
 * The keys here are ids, evenly spread, about which samples tell the planner nothing.
 * Reloading the statistics (`analyze sqlite_schema`) is what makes the planner let go of them.
 */
const SAMPLES_TABLE = "select 1 from sqlite_schema where name = 'sqlite_stat4'"
// Only when there are samples to forget: the delete takes the write lock and the reload reads
// the statistics again, which an hourly optimisation that analysed nothing need not cost.
const ANY_SAMPLE = 'select 1 from sqlite_stat4 limit 1'
const FORGET_INDEX_SAMPLES = ['delete from sqlite_stat4', 'analyze sqlite_schema']

function forgetIndexSamples(connection: SQLite.Database): void {
  if (!connection.prepare(SAMPLES_TABLE).get() || !connection.prepare(ANY_SAMPLE).get()) return
  for (const text of FORGET_INDEX_SAMPLES) connection.exec(text)
}

async function forgetIndexSamplesOf(db: Kysely<Database>): Promise<void> {
  if ((await sql.raw(SAMPLES_TABLE).execute(db)).rows.length === 0) return
  if ((await sql.raw(ANY_SAMPLE).execute(db)).rows.length === 0) return
  for (const text of FORGET_INDEX_SAMPLES) await sql.raw(text).execute(db)
}

/** Whether the database answers a trivial query: the readiness probe's question. */
export async function databaseAnswers(db: Kysely<Database>): Promise<boolean> {
  try {
    await sql`select 1`.execute(db)
    return true
  } catch {
    return false
  }
}
