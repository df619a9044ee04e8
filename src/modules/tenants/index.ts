/**
 * Tenants: a company's settings (zone, country, language, the HR department). This front door is
 * what other parts of the service may use of the module.
 */
import { defineModule } from '../../http/module.js'
import { tenantsApi } from './tenants.routes.js'
export {
  allTenants,
  countTenants,
  findTenant,
  insertTenant,
  requireTenant,
  updateTenant,
} from './tenants.repository.js'
export { tenantsApi } from './tenants.routes.js'
export { CreateTenantInput } from './tenants.schemas.js'
export type { CreateTenantInputType, TenantType } from './tenants.schemas.js'
export { tenantToApi, updateTenantSettings } from './tenants.service.js'
export {
  isSsoOnly,
  setSsoFromCommandLine,
  singleSignOnOf,
  applySsoSettings,
  ssoSettingsOf,
} from './tenant-sso.service.js'
export type { SingleSignOn } from './tenant-sso.service.js'
export type { UpdateSsoSettingsType } from './tenants.schemas.js'

/** How the module plugs into the application (http/module.ts). */
export const tenantsModule = defineModule({
  name: 'tenants',
  dependsOn: ['catalogues', 'schedules', 'sign-off'],
  documentPosition: 60,
  api: [tenantsApi],
})
