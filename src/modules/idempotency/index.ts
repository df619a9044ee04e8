/** The idempotency module's front door: what other parts of the service may use of it. */
export { idempotentWrites } from './idempotency.routes.js'
export { purgeIdempotencyKeys } from './idempotency.service.js'
