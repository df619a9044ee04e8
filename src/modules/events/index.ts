/**
 * Events: the outbox every change of state is recorded in, read by GET /events and the webhooks
 * (docs/decisions/0012-integrations.md). This front door is what other parts of the service may
 * use of the module.
 */
export { EVENT_TYPES } from './events.logic.js'
export type { EventType } from './events.logic.js'
export { eventsAfter } from './events.repository.js'
export { eventsApi } from './events.routes.js'
export { announced, eventJson, purgeEvents, recordEvent, recordEvents } from './events.service.js'
