/**
 * Idempotency: the Idempotency-Key of a write, claimed, replayed and kept, as a step of the
 * write's transaction (docs/decisions/0003-http-conventions.md). This front door is what other
 * parts of the service may use of the module.
 */
import { defineModule } from '../../http/module.js'
import { idempotentWrites } from './idempotency.routes.js'
export { purgeIdempotencyKeys } from './idempotency.service.js'

/** How the module plugs into the application (http/module.ts). */
export const idempotencyModule = defineModule({
  name: 'idempotency',
  // The first step of a write: a replay is answered before anything else runs, and a refused
  // write lets go of the claim after the others settled.
  writeStep: { order: 10, create: idempotentWrites },
})
