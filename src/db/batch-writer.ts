/**
 * Bulk imports: rows are written in batches, one transaction each, as they arrive, so that a
 * large file never sits in memory and a failure loses at most the open batch.
 */
import { type ControlledTransaction, type Kysely, SqliteAdapter, sql } from 'kysely'
import type { Database } from './schema.js'

type Db = Kysely<Database>

/**
 * Rows held in memory before they are written into the open batch transaction. Small on purpose:
 * objects that wait for a whole batch (or a large statement in flight) outlive V8's young
 * generation, and the heap then grows with the file until a full collection; with a few dozen
 * rows in flight it stays flat.
 */
const ROWS_PER_WRITE = 20
/**
 * SQLite page cache of the importing connection, KiB. A bulk import writes pages it does not read
 * back, and the connection's usual 64 MiB cache would only fill up with them, so it is lowered
 * for the import (the server's own connection is a different one and keeps its cache).
 */
const BULK_PAGE_CACHE_KIB = 4096

/**
 * Writes rows of a bulk import in batches of `batchSize`, one transaction per batch: all of a batch's
 * rows or none. The batch's transaction is opened with its first row and rows are written into
 * it as they arrive, so the process never holds a whole batch.
 */
export class BatchWriter<Row> {
  #trx: ControlledTransaction<Database> | null = null
  #pending: Row[] = []
  #inBatch = 0
  #cacheSetting: number | null = null
  batches = 0
  /** Rows in committed batches. */
  written = 0

  private constructor(
    private readonly db: Db,
    private readonly batchSize: number,
    private readonly insert: (trx: Db, rows: Row[]) => Promise<void>,
  ) {}

  /** A writer of batches of `batchSize` rows, each written with `insert` inside the batch's transaction. */
  static async open<Row>(
    db: Db,
    batchSize: number,
    insert: (trx: Db, rows: Row[]) => Promise<void>,
  ): Promise<BatchWriter<Row>> {
    const batches = new BatchWriter<Row>(db, batchSize, insert)
    batches.#cacheSetting = await setSqlitePageCache(db, BULK_PAGE_CACHE_KIB)
    return batches
  }

  /** Where reads made during the import go: the open transaction (SQLite has a single connection). */
  get reader(): Db {
    return this.#trx ?? this.db
  }

  async add(row: Row): Promise<void> {
    this.#trx ??= await this.db.startTransaction().execute()
    this.#pending.push(row)
    this.#inBatch += 1
    if (this.#inBatch >= this.batchSize) await this.#commit()
    else if (this.#pending.length >= ROWS_PER_WRITE) await this.#write()
  }

  /** Commits the last, partial batch. */
  async finish(): Promise<void> {
    if (this.#trx) await this.#commit()
    await restoreSqlitePageCache(this.db, this.#cacheSetting)
  }

  /** Rolls the open batch back after a failure; committed batches stay. */
  async abort(): Promise<void> {
    const trx = this.#trx
    this.#trx = null
    this.#pending = []
    this.#inBatch = 0
    if (trx) await trx.rollback().execute()
    await restoreSqlitePageCache(this.db, this.#cacheSetting)
  }

  async #write(): Promise<void> {
    const rows = this.#pending
    this.#pending = []
    await this.insert(this.#trx!, rows)
  }

  async #commit(): Promise<void> {
    await this.#write()
    await this.#trx!.commit().execute()
    this.#trx = null
    this.batches += 1
    this.written += this.#inBatch
    this.#inBatch = 0
  }
}

/**
 * SQLite only: sets this connection's page cache to `kib` KiB and returns the previous setting
 * (in `pragma cache_size` form) to restore later; null on PostgreSQL, whose cache is the server's.
 */
async function setSqlitePageCache(db: Db, kib: number): Promise<number | null> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return null
  const { rows } = await sql<{ cache_size: number }>`pragma cache_size`.execute(db)
  await sql.raw(`pragma cache_size = ${-Math.trunc(Math.abs(kib))}`).execute(db)
  return rows[0]?.cache_size ?? null
}

async function restoreSqlitePageCache(db: Db, setting: number | null): Promise<void> {
  if (setting !== null) await sql.raw(`pragma cache_size = ${Math.trunc(setting)}`).execute(db)
}
