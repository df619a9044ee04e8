/**
 * Allocations: the time each person gives to projects
 * (docs/decisions/0007-expenses-and-allocations.md). This front door is what other parts of the
 * service may use of the module.
 */
export { allocationsApi } from './allocations.routes.js'
