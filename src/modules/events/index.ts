/**
 * Events: the outbox every change of state is recorded in, read by GET /events and the webhooks
 * (docs/decisions/0012-integrations.md). This front door is what other parts of the service may
 * use of the module.
 */
import { defineModule } from '../../http/module.js'
import { eventsApi } from './events.routes.js'
export { EVENT_TYPES } from './events.logic.js'
export type { EventType } from './events.logic.js'
export { eventsAfter } from './events.repository.js'
export { eventsApi } from './events.routes.js'
export { announced, eventJson, purgeEvents, recordEvent, recordEvents } from './events.service.js'

/** How the module plugs into the application (http/module.ts). */
export const eventsModule = defineModule({
  name: 'events',
  documentPosition: 210,
  api: [eventsApi],
})
