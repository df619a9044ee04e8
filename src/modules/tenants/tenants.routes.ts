import type { FastifyRequest } from 'fastify'
import { canAdministerEmployees } from '../../auth/policies.js'
import { scopeOfRequest, unitOfRequest } from '../../http/request-scope.js'
import type { ProviderNetwork } from '../../lib/openid.js'
import { type ApiModule, operations } from '../../http/route.js'
import { DataOf } from '../../lib/schemas.js'
import { Tenant, UpdateTenantBody, type UpdateTenantBodyType } from './tenants.schemas.js'
import { assertNewIssuerAnswers } from './tenant-sso.service.js'
import * as service from './tenants.service.js'

const operation = operations('Company')

/**
 * An administrator setting up single sign-on learns at once whether the issuer is one. Asked
 * before the request's transaction begins (a provider may take seconds), and only for an
 * administrator (anyone else is refused by the service, and makes the service fetch nothing).
 */
function checkIssuerAnswers(network: ProviderNetwork) {
  return async (request: FastifyRequest): Promise<void> => {
    const sso = (request.body as UpdateTenantBodyType | undefined)?.sso
    const auth = request.auth
    if (!sso || !auth || !canAdministerEmployees(auth.actor)) return
    await assertNewIssuerAnswers(unitOfRequest(request), auth.tenantId, sso.oidc_issuer, network)
  }
}

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
      {
        ...operation('tenant.update', {
          summary: 'Change company settings (administrators)',
          description:
            'Partial update. `hr_department_id` names the HR department whose members decide absences and manage HR fields. A new `default_schedule_id` applies from `default_schedule_effective_from` (default today); earlier days keep the default they had. `sso` sets up single sign-on with an OpenID Connect provider whose discovery document must answer (400 naming `sso.oidc_issuer` otherwise); its `client_secret` is write-only.',
          body: UpdateTenantBody,
          response: { 200: DataOf(Tenant) },
          errors: [404, 409],
        }),
        preHandler: checkIssuerAnswers(deps.identityProviders),
      },
      async (request) => ({
        data: await service.updateTenantSettings(scopeOfRequest(request), request.body, deps.secrets),
      }),
    )
  },
}
