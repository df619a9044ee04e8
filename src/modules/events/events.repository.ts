import { type Kysely, SqliteAdapter, sql } from 'kysely'
import type { Database } from '../../db/schema.js'
import type { EventRow } from './events.tables.js'

type Db = Kysely<Database>

export type NewEvent = Omit<EventRow, 'seq' | 'tx'>

/** The only write to the outbox besides the purge: events are never changed. */
export async function insertEvents(db: Db, rows: readonly NewEvent[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('events').values(rows).execute()
}

/** Where an event stands in its tenant's stream: (tx, seq), the order of `eventsAfter`. */
export interface StreamPosition {
  tx: number
  seq: number
}

export async function positionOf(db: Db, tenantId: string, eventId: string): Promise<StreamPosition | undefined> {
  const row = await db
    .selectFrom('events')
    .select(['tx', 'seq'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', eventId)
    .executeTakeFirst()
  return row ? { tx: Number(row.tx), seq: Number(row.seq) } : undefined
}

/**
 * The tenant's events (every tenant's, for null: the webhook dispatcher) after `after`, in commit
 * order, as far as it is settled. On PostgreSQL a
 * transaction that began earlier may still commit events with a smaller `seq`; events are ordered
 * by their transaction id first and only those of transactions older than every running one are
 * returned, so a reader that moved past an event never finds an older one appear behind it.
 * SQLite writes one transaction at a time: `tx` is 0 and `seq` is commit order.
 */
export async function eventsAfter(
  db: Db,
  tenantId: string | null,
  after: StreamPosition | null,
  types: readonly string[] | null,
  limit: number,
): Promise<EventRow[]> {
  let q = db.selectFrom('events').selectAll()
  if (tenantId !== null) q = q.where('tenant_id', '=', tenantId)
  if (after) q = q.where((eb) => eb(eb.refTuple('tx', 'seq'), '>', eb.tuple(after.tx, after.seq)))
  if (types) q = q.where('type', 'in', types)
  if (!(db.getExecutor().adapter instanceof SqliteAdapter))
    q = q.where(sql<boolean>`tx < pg_snapshot_xmin(pg_current_snapshot())::text::bigint`)
  return q.orderBy('tx').orderBy('seq').limit(limit).execute()
}

export async function purgeEventsBefore(db: Db, before: string): Promise<number> {
  const result = await db.deleteFrom('events').where('occurred_at', '<', before).executeTakeFirst()
  return Number(result.numDeletedRows)
}
