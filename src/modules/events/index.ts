/** The events module's front door: what other parts of the service may use of it. */
export { EVENT_TYPES } from './events.logic.js'
export type { EventType } from './events.logic.js'
export { eventsAfter } from './events.repository.js'
export { eventsApi } from './events.routes.js'
export { announced, eventJson, purgeEvents, recordEvent, recordEvents } from './events.service.js'
