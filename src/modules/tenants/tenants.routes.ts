import { beginWrite, preparingScopeOf, scopeOfRequest } from '../../http/request-scope.js'
import { type ApiModule, operations } from '../../http/route.js'
import { DataOf } from '../../lib/schemas.js'
import { Tenant, UpdateTenantBody } from './tenants.schemas.js'
import { askNewIssuer } from './tenant-sso.service.js'
import * as service from './tenants.service.js'

const operation = operations('Company')

export const tenantsApi: ApiModule = {
  schemas: [Tenant],
  routes: (deps) => async (app) => {
    app.get(
      '/tenant',
      operation('tenant.get', { summary: 'Company settings of the key’s tenant', response: { 200: DataOf(Tenant) } }),
      async (request) => ({ data: await service.getTenantSettings(scopeOfRequest(request)) }),
    )
    app.patch(
      '/tenant',
      operation('tenant.update', {
        summary: 'Change company settings (administrators)',
        description:
          'Partial update. `hr_department_id` names the HR department whose members decide absences and manage HR fields. A new `default_schedule_id` applies from `default_schedule_effective_from` (default today); earlier days keep the default they had. `sso` sets up single sign-on with an OpenID Connect provider whose discovery document must answer (400 naming `sso.oidc_issuer` otherwise); its `client_secret` is write-only.',
        body: UpdateTenantBody,
        response: { 200: DataOf(Tenant) },
        errors: [404, 409],
        prepares: true,
      }),
      async (request) => {
        // A new identity provider is asked before the transaction: it may take seconds.
        await askNewIssuer(preparingScopeOf(request), request.body.sso, deps.identityProviders)
        return { data: await service.updateTenantSettings(await beginWrite(request), request.body, deps.secrets) }
      },
    )
  },
}
