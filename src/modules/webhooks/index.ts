/** The webhooks module's front door: what other parts of the service may use of it. */
export { startWebhookDispatcher } from './webhooks.dispatcher.js'
export type { Dispatcher } from './webhooks.dispatcher.js'
export { webhooksApi } from './webhooks.routes.js'
export { purgeDeliveries, webhookBacklog } from './webhooks.service.js'
