/**
 * Webhooks: subscriptions and the dispatcher (fan-out, leased attempts, retries with backoff)
 * (docs/decisions/0012-integrations.md). This front door is what other parts of the service may
 * use of the module.
 */
import { defineModule } from '../../http/module.js'
import { webhooksApi } from './webhooks.routes.js'
export { startWebhookDispatcher } from './webhooks.dispatcher.js'
export type { Dispatcher } from './webhooks.dispatcher.js'
export { webhooksApi } from './webhooks.routes.js'
export { purgeDeliveries, webhookBacklog } from './webhooks.service.js'

/** How the module plugs into the application (http/module.ts). */
export const webhooksModule = defineModule({
  name: 'webhooks',
  dependsOn: ['events'],
  documentPosition: 220,
  api: [webhooksApi],
})
