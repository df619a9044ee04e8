import { Type } from 'typebox'
import { scopeOfRequest } from '../../http/request-scope.js'
import { type ApiModule, operations } from '../../http/route.js'
import { DataOf, ListOf } from '../../lib/schemas.js'
import { Allocation, AllocationIdParams, CreateAllocationBody, ListAllocationsQuery } from './allocations.schemas.js'
import * as service from './allocations.service.js'

const operation = operations('Allocations')

export const allocationsApi: ApiModule = {
  schemas: [Allocation],
  routes: () => async (app) => {
    app.post(
      '/allocations',
      operation('allocations.create', {
        summary: 'Allocate a span of an employee’s time to a project or to other tasks',
        description:
          'Exactly one of `project_id` and `note`. `end` is later than `start` and at most 24 h after it. `date` is the local day of `start` in `tz` (default the company’s). Spans of one employee never overlap (409). Allowed for administrators and for the employee themselves. Punches are not touched.',
        body: CreateAllocationBody,
        response: { 201: DataOf(Allocation) },
        errors: [404, 409],
      }),
      async (request, reply) =>
        reply.status(201).send({ data: await service.createAllocation(scopeOfRequest(request), request.body) }),
    )
    app.get(
      '/allocations',
      operation('allocations.list', {
        summary: 'List allocations, ordered by start then id',
        querystring: ListAllocationsQuery,
        response: { 200: ListOf(Allocation) },
      }),
      async (request) => service.listAllocations(scopeOfRequest(request), request.query),
    )
    app.get(
      '/allocations/:allocation_id',
      operation('allocations.get', {
        summary: 'Get an allocation',
        params: AllocationIdParams,
        response: { 200: DataOf(Allocation) },
        errors: [404],
      }),
      async (request) => ({ data: await service.getAllocation(scopeOfRequest(request), request.params.allocation_id) }),
    )
    app.delete(
      '/allocations/:allocation_id',
      operation('allocations.delete', {
        summary: 'Remove an allocation (administrators, or the employee)',
        params: AllocationIdParams,
        response: { 204: Type.Null({ description: 'Removed' }) },
        errors: [404],
      }),
      async (request, reply) => {
        await service.deleteAllocation(scopeOfRequest(request), request.params.allocation_id)
        return reply.status(204).send(null)
      },
    )
  },
}
