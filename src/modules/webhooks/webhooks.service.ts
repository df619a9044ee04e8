/**
 * Webhook subscriptions (docs/decisions/0012-integrations.md): a company's administrators choose
 * where its events go. Delivery itself is the dispatcher's (webhooks.dispatcher).
 */
import type { AuthContext } from '../../auth/context.js'
import type { RequestScope } from '../../auth/request-scope.js'
import { canAdministerEmployees } from '../../auth/policies.js'
import { lockTenant } from '../../db/locks.js'
import type { WebhookDeliveryRow, WebhookRow } from './webhooks.tables.js'
import { type Unit, inTransaction, nowIsoOf } from '../../db/unit-of-work.js'
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
import { jsonText, parseJsonText } from '../../db/codec.js'

/** What the operator allows subscriptions to point at. */
export interface WebhookPolicy {
  allowPrivateNetworks: boolean
}

export function webhookToApi(row: WebhookRow) {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: parseJsonText(row.events),
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

/** The company's subscription `id`, read in the scope's unit of work; administrators only. */
async function webhookOf(scope: RequestScope, id: string): Promise<WebhookRow> {
  const { db, auth } = scope
  mustAdminister(auth)
  const row = await repo.findWebhook(db, auth.tenantId, id)
  if (!row) throw notFound('Webhook')
  return row
}

export async function listWebhooks(scope: RequestScope, query: ListWebhooksQueryType) {
  const { db, auth } = scope
  mustAdminister(auth)
  const window = pageOf(query)
  return listBody(window, await repo.listWebhooks(db, auth.tenantId, { active: query.active }, window), webhookToApi)
}

export async function getWebhook(scope: RequestScope, id: string) {
  return webhookToApi(await webhookOf(scope, id))
}

export async function createWebhook(scope: RequestScope, body: CreateWebhookBodyType, policy: WebhookPolicy) {
  const { auth } = scope
  mustAdminister(auth)
  checkUrl(body.url, policy)
  checkEvents(body.events)
  return inTransaction(scope, async (tx) => {
    const trx = tx.db
    // Two creations at once must not both pass the count.
    await lockTenant(trx, auth.tenantId)
    if ((await repo.countWebhooks(trx, auth.tenantId)) >= MAX_WEBHOOKS_PER_TENANT) {
      throw new AppError(
        'webhook_limit_reached',
        `A company may have at most ${MAX_WEBHOOKS_PER_TENANT} webhooks; delete one first`,
      )
    }
    const at = nowIsoOf(tx)
    const active = body.active ?? true
    const row: WebhookRow = {
      id: newId('webhook'),
      tenant_id: auth.tenantId,
      url: body.url,
      description: body.description ?? null,
      events: jsonText(body.events),
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
  scope: RequestScope,
  id: string,
  body: UpdateWebhookBodyType,
  policy: WebhookPolicy,
) {
  const { auth } = scope
  if (body.url !== undefined) checkUrl(body.url, policy)
  if (body.events !== undefined) checkEvents(body.events)
  return inTransaction(scope, async (tx) => {
    const trx = tx.db
    const row = await webhookOf(tx, id)
    const at = nowIsoOf(tx)
    const changes: Partial<WebhookRow> = { updated_at: at }
    if (body.url !== undefined) changes.url = body.url
    if (body.events !== undefined) changes.events = jsonText(body.events)
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
export async function deleteWebhook(scope: RequestScope, id: string): Promise<void> {
  await inTransaction(scope, async (tx) => {
    await webhookOf(tx, id)
    await repo.deleteWebhook(tx.db, tx.auth.tenantId, id)
  })
}

export async function listDeliveries(scope: RequestScope, id: string, query: ListDeliveriesQueryType) {
  const { db, auth } = scope
  await webhookOf(scope, id)
  const window = pageOf(query)
  return listBody(
    window,
    await repo.listDeliveries(db, auth.tenantId, id, { status: query.status, event_id: query.event_id }, window),
    deliveryToApi,
  )
}

/** Deliveries that finished more than 30 days ago are removed; pending ones stay until they finish. */
export const KEEP_DELIVERIES_MS = 30 * 86_400_000

/** Removes the deliveries finished more than 30 days before the unit's moment. */
export async function purgeDeliveries(unit: Unit): Promise<number> {
  return repo.purgeFinishedDeliveries(unit.db, new Date(unit.now - KEEP_DELIVERIES_MS).toISOString())
}

/**
 * What the metrics show of webhooks: how many deliveries wait, and for how long the oldest has
 * (seconds) at the unit's moment.
 */
export async function webhookBacklog(unit: Unit): Promise<{ pending: number; oldestAgeSeconds: number }> {
  const { pending, oldestCreatedAt } = await repo.deliveryBacklog(unit.db)
  return {
    pending,
    oldestAgeSeconds: oldestCreatedAt ? Math.max(0, (unit.now - Date.parse(oldestCreatedAt)) / 1000) : 0,
  }
}
