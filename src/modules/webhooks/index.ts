/**
 * Webhooks: subscriptions and the dispatcher (fan-out, leased attempts, retries with backoff)
 * (docs/decisions/0012-integrations.md). This front door is what other parts of the service may
 * use of the module.
 */
export { startWebhookDispatcher } from './webhooks.dispatcher.js'
export type { Dispatcher } from './webhooks.dispatcher.js'
export { webhooksApi } from './webhooks.routes.js'
export { purgeDeliveries, webhookBacklog } from './webhooks.service.js'
