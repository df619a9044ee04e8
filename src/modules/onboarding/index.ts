/** The onboarding module's front door: what other parts of the service may use of it. */
export { createDemoTenant } from './demo.js'
export type { CreatedDemo } from './demo.js'
export { createTenant } from './onboarding.service.js'
