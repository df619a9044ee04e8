/**
 * Webhook subscriptions (decisions 12): a company's administrators choose where its events go.
 * Delivery itself is the dispatcher's (webhooks.dispatcher).
 */
import type { Kysely } from 'kysely'
import type { AuthContext } from '../../auth/context.js'
import { canAdministerEmployees } from '../../auth/policies.js'
import { lockTenant } from '../../db/locks.js'
import type { Database, WebhookDeliveryRow, WebhookRow } from '../../db/schema.js'
import { AppError, invalidField, notFound, permissionDenied } from '../../errors.js'
import { newId } from '../../lib/ids.js'
import { listBody, pageOf } from '../../lib/pagination.js'
import {
  MAX_WEBHOOKS_PER_TENANT,
  eventSelectionProblem,
  newWebhookSecret,
  webhookUrlProblem,
} from './webhooks.logic.js'
import * as repo from './webhooks.repository.js'
import type {
  CreateWebhookBodyType,
  ListDeliveriesQueryType,
  ListWebhooksQueryType,
  UpdateWebhookBodyType,
} from './webhooks.schemas.js'

type Db = Kysely<Database>

/** What the operator allows subscriptions to point at. */
export interface WebhookPolicy {
  allowPrivateNetworks: boolean
}

export function webhookToApi(row: WebhookRow) {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: JSON.parse(row.events) as string[],
    active: row.active === 1,
    disabled_reason: row.disabled_reason,
    failing_since: row.failing_since,
    created_at: row.created_at,
    updated_at: row.updated_at,
  }
}

export function deliveryToApi(row: WebhookDeliveryRow) {
  return {
    id: row.id,
    event_id: row.event_id,
    event_type: row.event_type,
    status: row.status,
    attempts: row.attempts,
    last_attempt_at: row.last_attempt_at,
    response_status: row.response_status,
    duration_ms: row.duration_ms,
    error: row.error,
    next_attempt_at: row.status === 'pending' ? row.next_attempt_at : null,
    created_at: row.created_at,
    finished_at: row.finished_at,
  }
}

function mustAdminister(auth: AuthContext): void {
  if (!canAdministerEmployees(auth.actor)) throw permissionDenied('Only an administrator may manage webhooks')
}

function checkUrl(url: string, policy: WebhookPolicy): void {
  const problem = webhookUrlProblem(url, policy.allowPrivateNetworks)
  if (problem) throw invalidField('url', problem)
}

function checkEvents(events: readonly string[]): void {
  const problem = eventSelectionProblem(events)
  if (problem) throw invalidField('events', problem)
}

async function webhookOf(db: Db, auth: AuthContext, id: string): Promise<WebhookRow> {
  mustAdminister(auth)
  const row = await repo.findWebhook(db, auth.tenantId, id)
  if (!row) throw notFound('Webhook')
  return row
}

export async function listWebhooks(db: Db, auth: AuthContext, query: ListWebhooksQueryType) {
  mustAdminister(auth)
  const window = pageOf(query)
  return listBody(window, await repo.listWebhooks(db, auth.tenantId, { active: query.active }, window), webhookToApi)
}

export async function getWebhook(db: Db, auth: AuthContext, id: string) {
  return webhookToApi(await webhookOf(db, auth, id))
}

export async function createWebhook(
  db: Db,
  auth: AuthContext,
  body: CreateWebhookBodyType,
  policy: WebhookPolicy,
  now: number,
) {
  mustAdminister(auth)
  checkUrl(body.url, policy)
  checkEvents(body.events)
  return db.transaction().execute(async (trx) => {
    // Two creations at once must not both pass the count.
    await lockTenant(trx, auth.tenantId)
    if ((await repo.countWebhooks(trx, auth.tenantId)) >= MAX_WEBHOOKS_PER_TENANT) {
      throw new AppError(
        'webhook_limit_reached',
        `A company may have at most ${MAX_WEBHOOKS_PER_TENANT} webhooks; delete one first`,
      )
    }
    const at = new Date(now).toISOString()
    const active = body.active ?? true
    const row: WebhookRow = {
      id: newId('webhook'),
      tenant_id: auth.tenantId,
      url: body.url,
      description: body.description ?? null,
      events: JSON.stringify(body.events),
      active: active ? 1 : 0,
      secret: newWebhookSecret(),
      failing_since: null,
      disabled_reason: active ? null : 'manual',
      created_at: at,
      updated_at: at,
    }
    await repo.insertWebhook(trx, row)
    return { ...webhookToApi(row), secret: row.secret }
  })
}

export async function updateWebhook(
  db: Db,
  auth: AuthContext,
  id: string,
  body: UpdateWebhookBodyType,
  policy: WebhookPolicy,
  now: number,
) {
  if (body.url !== undefined) checkUrl(body.url, policy)
  if (body.events !== undefined) checkEvents(body.events)
  return db.transaction().execute(async (trx) => {
    const row = await webhookOf(trx, auth, id)
    const at = new Date(now).toISOString()
    const changes: Partial<WebhookRow> = { updated_at: at }
    if (body.url !== undefined) changes.url = body.url
    if (body.events !== undefined) changes.events = JSON.stringify(body.events)
    if (body.description !== undefined) changes.description = body.description
    if (body.active === true && row.active === 0)
      Object.assign(changes, { active: 1, disabled_reason: null, failing_since: null })
    if (body.active === false && row.active === 1) {
      Object.assign(changes, { active: 0, disabled_reason: 'manual' })
      await repo.cancelPendingDeliveries(trx, id, 'the subscription was deactivated', at)
    }
    await repo.updateWebhook(trx, auth.tenantId, id, changes)
    return webhookToApi({ ...row, ...changes })
  })
}

/** Deletes the subscription and its deliveries; attempts under way may still arrive. */
export async function deleteWebhook(db: Db, auth: AuthContext, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await webhookOf(trx, auth, id)
    await repo.deleteWebhook(trx, auth.tenantId, id)
  })
}

export async function listDeliveries(db: Db, auth: AuthContext, id: string, query: ListDeliveriesQueryType) {
  await webhookOf(db, auth, id)
  const window = pageOf(query)
  return listBody(
    window,
    await repo.listDeliveries(db, auth.tenantId, id, { status: query.status, event_id: query.event_id }, window),
    deliveryToApi,
  )
}

/** Deliveries that finished more than 30 days ago are removed; pending ones stay until they finish. */
export const KEEP_DELIVERIES_MS = 30 * 86_400_000

export async function purgeDeliveries(db: Db, now: number): Promise<number> {
  return repo.purgeFinishedDeliveries(db, new Date(now - KEEP_DELIVERIES_MS).toISOString())
}

/** What the metrics show of webhooks: how many deliveries wait, and for how long the oldest has (seconds). */
export async function webhookBacklog(db: Db, now = Date.now()): Promise<{ pending: number; oldestAgeSeconds: number }> {
  const { pending, oldestCreatedAt } = await repo.deliveryBacklog(db)
  return { pending, oldestAgeSeconds: oldestCreatedAt ? Math.max(0, (now - Date.parse(oldestCreatedAt)) / 1000) : 0 }
}
