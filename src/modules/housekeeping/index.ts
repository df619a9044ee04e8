/**
 * Housekeeping: the hourly purge of idempotency answers, events, deliveries, mail and kiosk
 * sessions, and the overtime round; never the record. This front door is what other parts of the
 * service may use of the module.
 */
export { startHousekeeping } from './housekeeping.service.js'
export { NEVER_DELETED, NEVER_UPDATED } from './retention.js'
