/**
 * The webhooks module's tables, added to the database's type (db/schema.ts) by declaration merging:
 * Kysely knows them wherever the database is typed, and no central list names them.
 */
import type { Selectable } from 'kysely'
import type { JsonText } from '../../db/codec.js'

/** A company's subscription to its events. `events`: the event types, or ["*"]. */
export interface WebhooksTable {
  id: string
  tenant_id: string
  url: string
  description: string | null
  events: JsonText<string[]>
  active: number
  secret: string
  failing_since: string | null
  disabled_reason: 'manual' | 'failing' | null
  created_at: string
  updated_at: string
}

export type WebhookRow = Selectable<WebhooksTable>

export type DeliveryStatus = 'pending' | 'delivered' | 'failed' | 'cancelled'

/** One event on its way to one subscription, with the outcome of its latest attempt. */
export interface WebhookDeliveriesTable {
  id: string
  tenant_id: string
  webhook_id: string
  event_id: string
  event_type: string
  payload: string
  status: DeliveryStatus
  attempts: number
  next_attempt_at: string | null
  last_attempt_at: string | null
  response_status: number | null
  duration_ms: number | null
  error: string | null
  created_at: string
  finished_at: string | null
}

export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable>

/** Where the dispatcher stands in the event outbox: the (tx, seq) of the last event it fanned out. */
export interface WebhookDispatchTable {
  id: number
  after_tx: number
  after_seq: number
}

declare module '../../db/schema.js' {
  interface Database {
    webhooks: WebhooksTable
    webhook_deliveries: WebhookDeliveriesTable
    webhook_dispatch: WebhookDispatchTable
  }
}
