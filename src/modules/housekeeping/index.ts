/**
 * Housekeeping: the hourly purge of idempotency answers, events, deliveries, mail, reminders and
 * kiosk sessions, and the overtime round; never the record. This front door is what other parts of the
 * service may use of the module.
 */
import { defineModule } from '../../http/module.js'
export { startHousekeeping } from './housekeeping.service.js'
export { NEVER_DELETED, NEVER_UPDATED } from './retention.js'

/** How the module plugs into the application (http/module.ts). */
export const housekeepingModule = defineModule({
  name: 'housekeeping',
  dependsOn: [
    'accounts',
    'attendance',
    'events',
    'idempotency',
    'keys',
    'kiosks',
    'mail',
    'notifications',
    'overtime',
    'tenants',
    'webhooks',
  ],
})
