import { Type, type Static } from 'typebox'
import { EVENT_TYPES } from '../events/index.js'
import { Id, Nullable, PaginationQuery } from '../../lib/schemas.js'
import { MAX_URL_LENGTH } from './webhooks.logic.js'

const EventSelection = Type.Array(Type.String({ minLength: 1, maxLength: 64 }), {
  minItems: 1,
  maxItems: EVENT_TYPES.length,
  description: `Event types to receive (${EVENT_TYPES.join(', ')}), or ["*"] for all, including types added later`,
})

const webhookFields = {
  id: Type.String(),
  url: Type.String({ description: 'Where events are POSTed' }),
  description: Nullable(Type.String()),
  events: Type.Array(Type.String()),
  active: Type.Boolean({
    description: 'Inactive subscriptions receive nothing; events that happen meanwhile are not sent later',
  }),
  disabled_reason: Type.Union([Type.Literal('manual'), Type.Literal('failing'), Type.Null()], {
    description:
      "Why it is inactive: 'manual' (set `active: false`), or 'failing' (deactivated after three days of failed deliveries; set `active: true` to resume)",
  }),
  failing_since: Nullable(
    Type.String({ format: 'date-time', description: 'The first failed attempt since the last delivered one' }),
  ),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
}

export const Webhook = Type.Object(webhookFields, {
  $id: 'Webhook',
  description: 'A subscription to the company’s events; its secret is shown only when it is created',
})

export const CreatedWebhook = Type.Object(
  {
    ...webhookFields,
    secret: Type.String({ description: 'The signing secret (whsec_…) to verify deliveries with; shown this once' }),
  },
  { $id: 'CreatedWebhook' },
)

const WebhookUrl = Type.String({
  minLength: 1,
  maxLength: MAX_URL_LENGTH,
  description: 'An https URL on the public internet (see WEBHOOKS_ALLOW_PRIVATE_NETWORKS)',
})
const Description = Type.String({ minLength: 1, maxLength: 200 })

export const CreateWebhookBody = Type.Object(
  {
    url: WebhookUrl,
    events: EventSelection,
    description: Type.Optional(Description),
    active: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
)
export type CreateWebhookBodyType = Static<typeof CreateWebhookBody>

export const UpdateWebhookBody = Type.Object(
  {
    url: Type.Optional(WebhookUrl),
    events: Type.Optional(EventSelection),
    description: Type.Optional(Nullable(Description)),
    active: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false, minProperties: 1 },
)
export type UpdateWebhookBodyType = Static<typeof UpdateWebhookBody>

export const WebhookIdParams = Type.Object({ webhook_id: Id() })

export const ListWebhooksQuery = Type.Object(
  {
    active: Type.Optional(Type.Boolean()),
    page: Type.Optional(PaginationQuery.page),
    page_size: Type.Optional(PaginationQuery.page_size),
  },
  { additionalProperties: false },
)
export type ListWebhooksQueryType = Static<typeof ListWebhooksQuery>

const DeliveryStatus = Type.Union(
  [Type.Literal('pending'), Type.Literal('delivered'), Type.Literal('failed'), Type.Literal('cancelled')],
  {
    description:
      "'pending': waiting for its next attempt; 'delivered': a 2xx came back; 'failed': given up after three days; 'cancelled': the subscription was deactivated",
  },
)

export const WebhookDelivery = Type.Object(
  {
    id: Type.String(),
    event_id: Type.String({ description: 'Also the `webhook-id` header of every attempt' }),
    event_type: Type.String(),
    status: DeliveryStatus,
    attempts: Type.Integer({ description: 'Attempts made so far' }),
    last_attempt_at: Nullable(Type.String({ format: 'date-time' })),
    response_status: Nullable(
      Type.Integer({ description: 'The HTTP status of the last attempt; null when none came' }),
    ),
    duration_ms: Nullable(Type.Integer({ description: 'How long the last attempt took' })),
    error: Nullable(Type.String({ description: 'Why the last attempt failed' })),
    next_attempt_at: Nullable(
      Type.String({ format: 'date-time', description: 'When it is attempted next, while pending' }),
    ),
    created_at: Type.String({ format: 'date-time' }),
    finished_at: Nullable(Type.String({ format: 'date-time' })),
  },
  { $id: 'WebhookDelivery', description: 'One event on its way to one subscription' },
)

export const ListDeliveriesQuery = Type.Object(
  {
    status: Type.Optional(DeliveryStatus),
    event_id: Type.Optional(Id('Only the delivery of this event')),
    page: Type.Optional(PaginationQuery.page),
    page_size: Type.Optional(PaginationQuery.page_size),
  },
  { additionalProperties: false },
)
export type ListDeliveriesQueryType = Static<typeof ListDeliveriesQuery>
