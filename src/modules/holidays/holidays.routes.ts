import { Type } from 'typebox'
import { scopeOfRequest } from '../../http/request-scope.js'
import { type ApiModule, operations } from '../../http/route.js'
import { DataOf, ListOf } from '../../lib/schemas.js'
import { CreateHolidayBody, HolidayEntry, HolidayIdParams, ListHolidaysQuery } from './holidays.schemas.js'
import * as service from './holidays.service.js'

const operation = operations('Holidays')

export const holidaysApi: ApiModule = {
  schemas: [HolidayEntry],
  routes: () => async (app) => {
    app.get(
      '/holidays',
      operation('holidays.list', {
        summary: 'Effective holidays in a date range',
        description:
          'Public holidays of the work center’s country and region (else the company’s), plus company holidays for the whole company or that work center. A company holiday replaces a public one on the same date. Ordered by date.',
        querystring: ListHolidaysQuery,
        response: { 200: ListOf(HolidayEntry) },
        errors: [404],
      }),
      async (request) => service.listHolidays(scopeOfRequest(request), request.query),
    )
    app.post(
      '/holidays',
      operation('holidays.create', {
        summary: 'Add a company holiday (administrators)',
        body: CreateHolidayBody,
        response: { 201: DataOf(HolidayEntry) },
        errors: [404, 409],
      }),
      async (request, reply) =>
        reply.status(201).send({ data: await service.createCompanyHoliday(scopeOfRequest(request), request.body) }),
    )
    app.get(
      '/holidays/:id',
      operation('holidays.list', {
        operationId: 'holidays.get',
        summary: 'Get a company holiday (scope holidays.list); public holidays have no id',
        params: HolidayIdParams,
        response: { 200: DataOf(HolidayEntry) },
        errors: [404],
      }),
      async (request) => ({ data: await service.getCompanyHoliday(scopeOfRequest(request), request.params.id) }),
    )
    app.delete(
      '/holidays/:id',
      operation('holidays.delete', {
        summary: 'Remove a company holiday (administrators)',
        params: HolidayIdParams,
        response: { 204: Type.Null({ description: 'Removed' }) },
        errors: [404],
      }),
      async (request, reply) => {
        await service.deleteCompanyHoliday(scopeOfRequest(request), request.params.id)
        return reply.status(204).send(null)
      },
    )
  },
}
