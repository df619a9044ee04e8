/** The allocations module's front door: what other parts of the service may use of it. */
export { allocationsApi } from './allocations.routes.js'
