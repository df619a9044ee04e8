/**
 * Web Push: the service's VAPID key, people's app installations, and pushing reminders to them
 * (docs/decisions/0026-reminders.md). This front door is what other parts of the service may use
 * of the module.
 */
import { defineModule } from '../../http/module.js'
import { pushApi } from './push.routes.js'
import type { PushSettings } from './push.sender.js'
export type { PushMessage } from './push.logic.js'
export { type PushOutcome, type PushSettings, pushSenderWith, sendPushToUser } from './push.sender.js'
export { ensureVapidKey } from './push.service.js'
export type { PushSubscriptionRow } from './push.tables.js'

declare module '../../http/module.js' {
  interface PlugContext {
    /** How the service pushes (`VAPID_SUBJECT`, `PUSH_ALLOW_PRIVATE_NETWORKS`, SECRETS_KEY). */
    push: PushSettings
  }
}

/** How the module plugs into the application (http/module.ts). */
export const pushModule = defineModule({
  name: 'push',
  documentPosition: 260,
  api: (context) => [pushApi(context.push)],
})
