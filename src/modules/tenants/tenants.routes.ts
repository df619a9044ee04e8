import { scopeOfRequest } from '../../http/request-scope.js'
import { type ApiModule, operations } from '../../http/route.js'
import { DataOf } from '../../lib/schemas.js'
import { Tenant, UpdateTenantBody } from './tenants.schemas.js'
import * as service from './tenants.service.js'

const operation = operations('Company')

export const tenantsApi: ApiModule = {
  schemas: [Tenant],
  routes: () => async (app) => {
    app.get(
      '/tenant',
      operation('tenant.get', { summary: 'Company settings of the key’s tenant', response: { 200: DataOf(Tenant) } }),
      async (request) => ({ data: service.getTenantSettings(scopeOfRequest(request)) }),
    )
    app.patch(
      '/tenant',
      operation('tenant.update', {
        summary: 'Change company settings (administrators)',
        description:
          'Partial update. `hr_department_id` names the HR department whose members decide absences and manage HR fields. A new `default_schedule_id` applies from `default_schedule_effective_from` (default today); earlier days keep the default they had.',
        body: UpdateTenantBody,
        response: { 200: DataOf(Tenant) },
        errors: [404],
      }),
      async (request) => ({ data: await service.updateTenantSettings(scopeOfRequest(request), request.body) }),
    )
  },
}
