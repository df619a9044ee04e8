import { Type } from 'typebox'
import { scopeOfRequest } from '../../http/request-scope.js'
import { type ApiModule, operations } from '../../http/route.js'
import { DataOf, ListOf } from '../../lib/schemas.js'
import {
  CreateWebhookBody,
  CreatedWebhook,
  ListDeliveriesQuery,
  ListWebhooksQuery,
  UpdateWebhookBody,
  Webhook,
  WebhookDelivery,
  WebhookIdParams,
} from './webhooks.schemas.js'
import * as service from './webhooks.service.js'

const operation = operations('Webhooks')

export const webhooksApi: ApiModule = {
  schemas: [Webhook, CreatedWebhook, WebhookDelivery],
  routes:
    ({ webhooks: policy }) =>
    async (app) => {
      app.get(
        '/webhooks',
        operation('webhooks.list', {
          summary: 'The company’s webhook subscriptions, oldest first (administrators); never their secrets',
          querystring: ListWebhooksQuery,
          response: { 200: ListOf(Webhook) },
        }),
        async (request) => service.listWebhooks(scopeOfRequest(request), request.query),
      )
      app.post(
        '/webhooks',
        operation('webhooks.create', {
          summary: 'Subscribe a URL to events (administrators); the signing secret is in this answer only',
          description:
            'Deliveries are signed as Standard Webhooks describes (`webhook-id`, `webhook-timestamp`, `webhook-signature`). A 2xx within 5 s is a success; anything else is retried with backoff for three days. At most 25 subscriptions per company (409 `webhook_limit_reached`).',
          body: CreateWebhookBody,
          response: { 201: DataOf(CreatedWebhook) },
          errors: [409],
        }),
        async (request, reply) =>
          reply.status(201).send({ data: await service.createWebhook(scopeOfRequest(request), request.body, policy) }),
      )
      app.get(
        '/webhooks/:webhook_id',
        operation('webhooks.list', {
          operationId: 'webhooks.get',
          summary: 'Get a webhook subscription (administrators; scope webhooks.list)',
          params: WebhookIdParams,
          response: { 200: DataOf(Webhook) },
          errors: [404],
        }),
        async (request) => ({ data: await service.getWebhook(scopeOfRequest(request), request.params.webhook_id) }),
      )
      app.patch(
        '/webhooks/:webhook_id',
        operation('webhooks.update', {
          summary: 'Change a subscription (administrators); `active: true` resumes one deactivated after failing',
          params: WebhookIdParams,
          body: UpdateWebhookBody,
          response: { 200: DataOf(Webhook) },
          errors: [404],
        }),
        async (request) => ({
          data: await service.updateWebhook(scopeOfRequest(request), request.params.webhook_id, request.body, policy),
        }),
      )
      app.delete(
        '/webhooks/:webhook_id',
        operation('webhooks.delete', {
          summary: 'Delete a subscription and its deliveries (administrators)',
          params: WebhookIdParams,
          response: { 204: Type.Null({ description: 'Deleted' }) },
          errors: [404],
        }),
        async (request, reply) => {
          await service.deleteWebhook(scopeOfRequest(request), request.params.webhook_id)
          return reply.status(204).send(null)
        },
      )
      app.get(
        '/webhooks/:webhook_id/deliveries',
        operation('webhooks.list', {
          operationId: 'webhooks.deliveries',
          summary:
            'The deliveries of a subscription, newest first: attempts, last status and duration, next attempt (administrators; scope webhooks.list)',
          params: WebhookIdParams,
          querystring: ListDeliveriesQuery,
          response: { 200: ListOf(WebhookDelivery) },
          errors: [404],
        }),
        async (request) => service.listDeliveries(scopeOfRequest(request), request.params.webhook_id, request.query),
      )
    },
}
