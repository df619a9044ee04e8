/**
 * Allocations: the time each person gives to projects
 * (docs/decisions/0007-expenses-and-allocations.md). This front door is what other parts of the
 * service may use of the module.
 */
import { defineModule } from '../../http/module.js'
import { allocationsApi } from './allocations.routes.js'
export { allocationsApi } from './allocations.routes.js'

/** How the module plugs into the application (http/module.ts). */
export const allocationsModule = defineModule({
  name: 'allocations',
  dependsOn: ['events', 'projects', 'tenants', 'users'],
  documentPosition: 130,
  api: [allocationsApi],
})
