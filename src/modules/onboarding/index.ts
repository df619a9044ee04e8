/**
 * Onboarding: new companies with their first administrator, and the demo company. This front door
 * is what other parts of the service may use of the module.
 */
export { createDemoTenant } from './demo.js'
export type { CreatedDemo } from './demo.js'
export { createTenant } from './onboarding.service.js'
