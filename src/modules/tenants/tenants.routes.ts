import type { FastifyRequest } from 'fastify'
import { canAdministerEmployees } from '../../auth/policies.js'
import { invalidField } from '../../errors.js'
import { scopeOfRequest } from '../../http/request-scope.js'
import { type ApiModule, operations } from '../../http/route.js'
import { discoverProvider, issuerProblem } from '../../lib/openid.js'
import { DataOf } from '../../lib/schemas.js'
import { Tenant, UpdateTenantBody, type UpdateTenantBodyType } from './tenants.schemas.js'
import * as service from './tenants.service.js'

const operation = operations('Company')

/**
 * An administrator setting up single sign-on learns at once whether the issuer is one: its
 * discovery document must answer. Asked before the request's transaction begins (a provider may
 * take seconds), and only for an administrator (anyone else is refused by the service).
 */
async function checkIssuerAnswers(request: FastifyRequest): Promise<void> {
  const sso = (request.body as UpdateTenantBodyType | undefined)?.sso
  if (!sso || typeof sso.oidc_issuer !== 'string' || !request.auth || !canAdministerEmployees(request.auth.actor))
    return
  const problem = issuerProblem(sso.oidc_issuer)
  if (problem) throw invalidField('sso.oidc_issuer', problem)
  try {
    await discoverProvider({ issuer: sso.oidc_issuer, clientId: String(sso.client_id), clientSecret: 'unused' })
  } catch (error) {
    throw invalidField(
      'sso.oidc_issuer',
      `no OpenID provider answers there (${sso.oidc_issuer.replace(/\/$/, '')}/.well-known/openid-configuration: ${(error as Error).message})`,
    )
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
        preHandler: checkIssuerAnswers,
      },
      async (request) => ({
        data: await service.updateTenantSettings(scopeOfRequest(request), request.body, deps.secrets),
      }),
    )
  },
}
