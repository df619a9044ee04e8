import { type Kysely, SqliteAdapter, sql } from 'kysely'
import { hasDueRows, leaseDueRows } from '../../db/outbox-lease.js'
import { paginate } from '../../db/paginate.js'
import type { Database } from '../../db/schema.js'
import type {
  DeliveryStatus,
  WebhookDeliveriesTable,
  WebhookDeliveryRow,
  WebhookRow,
  WebhooksTable,
} from './webhooks.tables.js'
import type { Page } from '../../lib/pagination.js'

type Db = Kysely<Database>

const isSqlite = (db: Db) => db.getExecutor().adapter instanceof SqliteAdapter

// ---- Subscriptions ----

export async function insertWebhook(db: Db, row: WebhookRow): Promise<void> {
  await db.insertInto('webhooks').values(row).execute()
}

export async function findWebhook(db: Db, tenantId: string, id: string): Promise<WebhookRow | undefined> {
  return db.selectFrom('webhooks').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst()
}

export async function countWebhooks(db: Db, tenantId: string): Promise<number> {
  const { n } = await db
    .selectFrom('webhooks')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant_id', '=', tenantId)
    .executeTakeFirstOrThrow()
  return Number(n)
}

export async function listWebhooks(
  db: Db,
  tenantId: string,
  filter: { active?: boolean | undefined },
  window: { limit: number; offset: number },
): Promise<Page<WebhookRow>> {
  let q = db.selectFrom('webhooks').where('tenant_id', '=', tenantId)
  if (filter.active !== undefined) q = q.where('active', '=', filter.active ? 1 : 0)
  return paginate(q, window, (f) => f.selectAll().orderBy('created_at').orderBy('id'))
}

export async function updateWebhook(
  db: Db,
  tenantId: string,
  id: string,
  changes: Partial<Omit<WebhooksTable, 'id' | 'tenant_id'>>,
): Promise<void> {
  await db.updateTable('webhooks').set(changes).where('tenant_id', '=', tenantId).where('id', '=', id).execute()
}

export async function deleteWebhook(db: Db, tenantId: string, id: string): Promise<void> {
  await db.deleteFrom('webhook_deliveries').where('tenant_id', '=', tenantId).where('webhook_id', '=', id).execute()
  await db.deleteFrom('webhooks').where('tenant_id', '=', tenantId).where('id', '=', id).execute()
}

/** Pending deliveries of a subscription that stopped are not attempted any more. */
export async function cancelPendingDeliveries(db: Db, webhookId: string, reason: string, now: string): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({ status: 'cancelled', next_attempt_at: null, finished_at: now, error: reason })
    .where('webhook_id', '=', webhookId)
    .where('status', '=', 'pending')
    .execute()
}

export async function listDeliveries(
  db: Db,
  tenantId: string,
  webhookId: string,
  filter: { status?: DeliveryStatus | undefined; event_id?: string | undefined },
  window: { limit: number; offset: number },
): Promise<Page<WebhookDeliveryRow>> {
  let q = db.selectFrom('webhook_deliveries').where('tenant_id', '=', tenantId).where('webhook_id', '=', webhookId)
  if (filter.status) q = q.where('status', '=', filter.status)
  if (filter.event_id) q = q.where('event_id', '=', filter.event_id)
  return paginate(q, window, (f) => f.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'))
}

// ---- Fan-out: the event outbox into deliveries ----

export interface DispatchPosition {
  tx: number
  seq: number
}

export async function dispatchPosition(db: Db): Promise<DispatchPosition> {
  const row = await db
    .selectFrom('webhook_dispatch')
    .select(['after_tx', 'after_seq'])
    .where('id', '=', 1)
    .executeTakeFirstOrThrow()
  return { tx: Number(row.after_tx), seq: Number(row.after_seq) }
}

/**
 * Takes the dispatch position for this transaction, or undefined when another instance holds
 * it (PostgreSQL: SKIP LOCKED; SQLite runs one write transaction at a time anyway).
 */
export async function claimDispatchPosition(db: Db): Promise<DispatchPosition | undefined> {
  if (isSqlite(db)) return dispatchPosition(db)
  const { rows } = await sql<{
    after_tx: number
    after_seq: number
  }>`select after_tx, after_seq from webhook_dispatch where id = 1 for update skip locked`.execute(db)
  return rows[0] ? { tx: Number(rows[0].after_tx), seq: Number(rows[0].after_seq) } : undefined
}

export async function moveDispatchPosition(db: Db, to: DispatchPosition): Promise<void> {
  await db.updateTable('webhook_dispatch').set({ after_tx: to.tx, after_seq: to.seq }).where('id', '=', 1).execute()
}

export async function activeWebhooksOf(
  db: Db,
  tenantIds: readonly string[],
): Promise<Pick<WebhookRow, 'id' | 'tenant_id' | 'events' | 'created_at'>[]> {
  if (tenantIds.length === 0) return []
  return db
    .selectFrom('webhooks')
    .select(['id', 'tenant_id', 'events', 'created_at'])
    .where('tenant_id', 'in', tenantIds)
    .where('active', '=', 1)
    .execute()
}

export async function insertDeliveries(db: Db, rows: readonly WebhookDeliveriesTable[]): Promise<void> {
  // 15 columns a row: 60 rows stay well under SQLite's 999 bound parameters.
  for (let i = 0; i < rows.length; i += 60) {
    await db
      .insertInto('webhook_deliveries')
      .values(rows.slice(i, i + 60))
      .onConflict((oc) => oc.columns(['webhook_id', 'event_id']).doNothing())
      .execute()
  }
}

// ---- Attempts ----

export interface ClaimedDelivery {
  id: string
  webhook_id: string
  event_id: string
  payload: string
  attempts: number
  created_at: string
  url: string
  secret: string
}

/**
 * Takes up to `limit` deliveries that are due and leases them until `leaseUntil`: no other
 * instance attempts them before then. An instance that dies mid-attempt leaves the lease to
 * expire, and the delivery is attempted again (at-least-once).
 */
export async function claimDueDeliveries(
  db: Db,
  now: string,
  leaseUntil: string,
  limit: number,
): Promise<ClaimedDelivery[]> {
  return db.transaction().execute(async (trx) => {
    const ids = await leaseDueRows(trx, 'webhook_deliveries', { now, until: leaseUntil, limit })
    if (ids.length === 0) return []
    return trx
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhooks as w', 'w.id', 'd.webhook_id')
      .select(['d.id', 'd.webhook_id', 'd.event_id', 'd.payload', 'd.attempts', 'd.created_at', 'w.url', 'w.secret'])
      .where('d.id', 'in', ids)
      .execute()
  })
}

/** Whether anything is due: a cheap look before taking locks. */
export const hasDueDeliveries = (db: Db, now: string): Promise<boolean> => hasDueRows(db, 'webhook_deliveries', now)

export async function hasEventsAfter(db: Db, after: DispatchPosition): Promise<boolean> {
  const row = await db
    .selectFrom('events')
    .select('seq')
    .where((eb) => eb(eb.refTuple('tx', 'seq'), '>', eb.tuple(after.tx, after.seq)))
    .limit(1)
    .executeTakeFirst()
  return row !== undefined
}

export async function recordAttempt(
  db: Db,
  id: string,
  changes: Pick<
    WebhookDeliveriesTable,
    | 'status'
    | 'attempts'
    | 'next_attempt_at'
    | 'last_attempt_at'
    | 'response_status'
    | 'duration_ms'
    | 'error'
    | 'finished_at'
  >,
): Promise<void> {
  // A delivery cancelled while it was being attempted (its subscription deactivated) stays cancelled.
  await db.updateTable('webhook_deliveries').set(changes).where('id', '=', id).where('status', '=', 'pending').execute()
}

export async function markWebhookHealthy(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length > 0)
    await db
      .updateTable('webhooks')
      .set({ failing_since: null })
      .where('id', 'in', ids)
      .where('failing_since', 'is not', null)
      .execute()
}

/**
 * Notes when each subscription began failing, unless it already was: the creation of the oldest
 * delivery it failed (`since`). Returns the failing subscriptions as they are now.
 */
export async function markWebhooksFailing(
  db: Db,
  since: ReadonlyMap<string, string>,
): Promise<Pick<WebhookRow, 'id' | 'tenant_id' | 'failing_since' | 'active'>[]> {
  if (since.size === 0) return []
  for (const [id, at] of since)
    await db
      .updateTable('webhooks')
      .set({ failing_since: at })
      .where('id', '=', id)
      .where('failing_since', 'is', null)
      .execute()
  return db
    .selectFrom('webhooks')
    .select(['id', 'tenant_id', 'failing_since', 'active'])
    .where('id', 'in', [...since.keys()])
    .execute()
}

export async function purgeFinishedDeliveries(db: Db, before: string): Promise<number> {
  const result = await db.deleteFrom('webhook_deliveries').where('finished_at', '<', before).executeTakeFirst()
  return Number(result.numDeletedRows)
}

/** The deliveries waiting to be made (due or retrying later) and when the oldest was created: the backlog the metrics show. */
export async function deliveryBacklog(db: Db): Promise<{ pending: number; oldestCreatedAt: string | null }> {
  const row = await db
    .selectFrom('webhook_deliveries')
    .select((eb) => [eb.fn.countAll<number>().as('pending'), eb.fn.min('created_at').as('oldest')])
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow()
  return { pending: Number(row.pending), oldestCreatedAt: (row.oldest as string | null) ?? null }
}
