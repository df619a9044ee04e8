import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.js'
import { authOf } from '../../http/auth.js'
import { DataOf, ListOf, errorResponses } from '../../http/schemas.js'
import { CreateHolidayBody, HolidayEntry, HolidayIdParams, ListHolidaysQuery } from './holidays.schemas.js'
import * as service from './holidays.service.js'

export function holidayRoutes(db: Kysely<Database>): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/holidays',
      {
        config: { scope: 'holidays.list' },
        schema: {
          operationId: 'holidays.list',
          tags: ['Holidays'],
          summary: 'Effective holidays in a date range',
          description:
            'Public holidays of the work center’s country and region (else the company’s), plus company holidays for the whole company or that work center. A company holiday replaces a public one on the same date. Ordered by date.',
          querystring: ListHolidaysQuery,
          response: { 200: ListOf(HolidayEntry), ...errorResponses(400, 404) },
        },
      },
      async (request) => service.listHolidays(db, authOf(request), request.query),
    )
    app.post(
      '/holidays',
      {
        config: { scope: 'holidays.create' },
        schema: {
          operationId: 'holidays.create',
          tags: ['Holidays'],
          summary: 'Add a company holiday (administrators)',
          body: CreateHolidayBody,
          response: { 201: DataOf(HolidayEntry), ...errorResponses(400, 404, 409) },
        },
      },
      async (request, reply) => reply.status(201).send({ data: await service.createCompanyHoliday(db, authOf(request), request.body) }),
    )
    app.delete(
      '/holidays/:id',
      {
        config: { scope: 'holidays.delete' },
        schema: {
          operationId: 'holidays.delete',
          tags: ['Holidays'],
          summary: 'Remove a company holiday (administrators)',
          params: HolidayIdParams,
          response: { 204: Type.Null({ description: 'Removed' }), ...errorResponses(404) },
        },
      },
      async (request, reply) => {
        await service.deleteCompanyHoliday(db, authOf(request), request.params.id)
        return reply.status(204).send(null)
      },
    )
  }
}
