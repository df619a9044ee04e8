/**
 * Leases on the rows of an outbox: rows written in a write's transaction and sent after it commits
 * by every instance's outbox loop (lib/outbox-loop.ts). A row is `pending` and due at
 * `next_attempt_at`; a claim moves `next_attempt_at` to the end of its lease, so that no other
 * instance takes the row before then, and an instance that dies mid-attempt leaves the lease to
 * expire and the row to whichever instance claims it next.
 */
import { type Kysely, SqliteAdapter } from 'kysely'
import type { Database } from './schema.js'

/**
 * The tables sent this way (the mail outbox and the webhook deliveries): any table with the
 * columns of a lease, whichever module declares it, so that db/ names no module's table.
 */
export type OutboxTable = {
  [T in keyof Database]: Database[T] extends OutboxColumns ? T : never
}[keyof Database]

interface OutboxColumns {
  id: string
  status: string
  next_attempt_at: string | null
  attempts: number
}

type Db = Kysely<Database>

/** Whether any row is due: a cheap look before taking the write lock a claim needs. */
export async function hasDueRows(db: Db, table: OutboxTable, now: string): Promise<boolean> {
  const row = await db
    .selectFrom(table)
    .select('id')
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .limit(1)
    .executeTakeFirst()
  return row !== undefined
}

/**
 * Inside the transaction `trx`: leases up to `limit` due rows (only those of `ids` when given),
 * the longest due first, until `leaseUntil`, and answers their ids. On PostgreSQL the rows are
 * taken FOR UPDATE SKIP LOCKED, so that instances claiming at once take different rows; SQLite
 * runs one write transaction at a time. `countAttempt` counts an attempt begun on each row (the
 * mail outbox writes an outcome against that count).
 */
export async function leaseDueRows(
  trx: Db,
  table: OutboxTable,
  lease: { now: string; until: string; limit: number; ids?: readonly string[] | undefined; countAttempt?: boolean },
): Promise<string[]> {
  if (lease.ids?.length === 0) return []
  let due = trx
    .selectFrom(table)
    .select('id')
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', lease.now)
    .orderBy('next_attempt_at')
    .limit(lease.limit)
  if (lease.ids) due = due.where('id', 'in', lease.ids)
  if (!(trx.getExecutor().adapter instanceof SqliteAdapter)) due = due.forUpdate().skipLocked()
  const ids = (await due.execute()).map((row) => row.id)
  if (ids.length === 0) return []
  await trx
    .updateTable(table)
    .set((eb) =>
      lease.countAttempt
        ? { next_attempt_at: lease.until, attempts: eb('attempts', '+', 1) }
        : { next_attempt_at: lease.until },
    )
    .where('id', 'in', ids)
    .execute()
  return ids
}
