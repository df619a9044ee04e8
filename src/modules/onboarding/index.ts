/**
 * Onboarding: new companies with their first administrator, and the demo company. This front door
 * is what other parts of the service may use of the module.
 */
import { defineModule } from '../../http/module.js'
export { createDemoTenant } from './demo.js'
export type { CreatedDemo } from './demo.js'
export { createTenant } from './onboarding.service.js'

/** How the module plugs into the application (http/module.ts). */
export const onboardingModule = defineModule({
  name: 'onboarding',
  dependsOn: ['absences', 'accounts', 'attendance', 'catalogues', 'keys', 'schedules', 'tenants', 'users'],
})
