/** The housekeeping module's front door: what other parts of the service may use of it. */
export { startHousekeeping } from './housekeeping.service.js'
export { NEVER_DELETED, NEVER_UPDATED } from './retention.js'
