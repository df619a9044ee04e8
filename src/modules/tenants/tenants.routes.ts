import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.js'
import { authOf } from '../../http/auth.js'
import { DataOf, errorResponses } from '../../http/schemas.js'
import { Tenant, UpdateTenantBody } from './tenants.schemas.js'
import * as service from './tenants.service.js'

export function tenantRoutes(db: Kysely<Database>): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/tenant',
      {
        config: { scope: 'tenant.get' },
        schema: {
          operationId: 'tenant.get',
          tags: ['Company'],
          summary: 'Company settings of the key’s tenant',
          response: { 200: DataOf(Tenant), ...errorResponses() },
        },
      },
      async (request) => ({ data: service.getTenantSettings(authOf(request)) }),
    )
    app.patch(
      '/tenant',
      {
        config: { scope: 'tenant.update' },
        schema: {
          operationId: 'tenant.update',
          tags: ['Company'],
          summary: 'Change company settings (administrators)',
          description: 'Partial update. `hr_department_id` names the HR department whose members decide absences and manage HR fields.',
          body: UpdateTenantBody,
          response: { 200: DataOf(Tenant), ...errorResponses(400, 404) },
        },
      },
      async (request) => ({ data: await service.updateTenantSettings(db, authOf(request), request.body) }),
    )
  }
}
