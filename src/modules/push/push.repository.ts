/** What the push module reads and writes: the service's VAPID key and people's subscriptions. */
import type { Db } from '../../db/unit-of-work.js'
import type { PushSubscriptionRow, PushVapidKeyRow } from './push.tables.js'

export const VAPID_KEY_ID = 'vapid'

export async function findVapidKey(db: Db): Promise<PushVapidKeyRow | undefined> {
  return db.selectFrom('push_vapid_keys').selectAll().where('id', '=', VAPID_KEY_ID).executeTakeFirst()
}

/** Inserts the key unless another instance made one first: whichever row is there is the service's. */
export async function insertVapidKeyUnlessPresent(db: Db, row: PushVapidKeyRow): Promise<void> {
  await db
    .insertInto('push_vapid_keys')
    .values(row)
    .onConflict((oc) => oc.column('id').doNothing())
    .execute()
}

export async function subscriptionByEndpoint(
  db: Db,
  tenantId: string,
  endpointHash: string,
): Promise<PushSubscriptionRow | undefined> {
  return db
    .selectFrom('push_subscriptions')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('endpoint_hash', '=', endpointHash)
    .executeTakeFirst()
}

export async function insertSubscription(db: Db, row: PushSubscriptionRow): Promise<void> {
  await db.insertInto('push_subscriptions').values(row).execute()
}

/** The installation subscribed again (new keys, or another person signed in on it). */
export async function replaceSubscription(
  db: Db,
  tenantId: string,
  id: string,
  fields: Pick<PushSubscriptionRow, 'user_id' | 'p256dh' | 'auth' | 'created_at' | 'last_sent_at'>,
): Promise<void> {
  await db
    .updateTable('push_subscriptions')
    .set(fields)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute()
}

/** A person's subscriptions, newest first. */
export async function subscriptionsOf(db: Db, tenantId: string, userId: string): Promise<PushSubscriptionRow[]> {
  return db
    .selectFrom('push_subscriptions')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute()
}

export async function deleteSubscription(db: Db, tenantId: string, id: string): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('tenant_id', '=', tenantId).where('id', '=', id).execute()
}

/** Removed after its push service said it is gone, unless it was replaced meanwhile (same keys only). */
export async function deleteGoneSubscription(db: Db, row: PushSubscriptionRow): Promise<void> {
  await db
    .deleteFrom('push_subscriptions')
    .where('tenant_id', '=', row.tenant_id)
    .where('id', '=', row.id)
    .where('p256dh', '=', row.p256dh)
    .execute()
}

export async function markSent(db: Db, tenantId: string, id: string, nowIso: string): Promise<void> {
  await db
    .updateTable('push_subscriptions')
    .set({ last_sent_at: nowIso })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute()
}
