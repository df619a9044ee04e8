import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { TSchema } from 'typebox'
import { scopeOfRequest } from '../../http/request-scope.js'
import { type ApiModule, operations } from '../../http/route.js'
import { DataOf, ListOf } from '../../lib/schemas.js'
import type { CatalogueTable } from './catalogues.repository.js'
import * as schemas from './catalogues.schemas.js'
import * as service from './catalogues.service.js'

type CataloguePrefix = 'departments' | 'work-centers' | 'schedules'

/**
 * How a catalogue appears in the API: its path, scopes (`<prefix>.list|create|update`) and
 * schemas. Requests are validated against `createBody` and `updateBody`, so bodies reach the
 * catalogue's rules as its `Create` and `Update` types.
 */
export interface CatalogueApi<
  T extends CatalogueTable,
  Create extends { name: string },
  Update extends { name?: string },
  Api,
> {
  catalogue: service.CatalogueDefinition<T, Create, Update, Api>
  path: string
  scopePrefix: CataloguePrefix
  tag: string
  item: TSchema
  createBody: TSchema
  updateBody: TSchema
}

/**
 * List, get, create and update routes of one catalogue. Getting one item needs the list's scope,
 * like the list it is an item of (operationId `<prefix>.get`), so every key that lists reads it.
 */
export function catalogueRoutes<
  T extends CatalogueTable,
  Create extends { name: string },
  Update extends { name?: string },
  Api,
>(api: CatalogueApi<T, Create, Update, Api>): FastifyPluginAsyncTypebox {
  const operation = operations(api.tag)
  const plural = api.tag.toLowerCase()
  return async (app) => {
    app.get(
      api.path,
      operation(`${api.scopePrefix}.list`, {
        summary: `List ${plural}, ordered by name then id`,
        querystring: schemas.CatalogueListQuery,
        response: { 200: ListOf(api.item) },
      }),
      async (request) => service.listCatalogueItems(scopeOfRequest(request), api.catalogue, request.query),
    )
    app.get(
      `${api.path}/:id`,
      operation(`${api.scopePrefix}.list`, {
        operationId: `${api.scopePrefix}.get`,
        summary: `Get an item of ${plural} (scope ${api.scopePrefix}.list)`,
        params: schemas.CatalogueIdParams,
        response: { 200: DataOf(api.item) },
        errors: [404],
      }),
      async (request) => ({
        data: await service.getCatalogueItem(scopeOfRequest(request), api.catalogue, request.params.id),
      }),
    )
    app.post(
      api.path,
      operation(`${api.scopePrefix}.create`, {
        summary: `Create an item of ${plural} (administrators)`,
        body: api.createBody,
        response: { 201: DataOf(api.item) },
        errors: [409],
      }),
      async (request, reply) =>
        reply.status(201).send({
          data: await service.createCatalogueItem(scopeOfRequest(request), api.catalogue, request.body as Create),
        }),
    )
    app.patch(
      `${api.path}/:id`,
      operation(`${api.scopePrefix}.update`, {
        summary: `Change an item of ${plural} (administrators)`,
        params: schemas.CatalogueIdParams,
        body: api.updateBody,
        response: { 200: DataOf(api.item) },
        errors: [404, 409],
      }),
      async (request) => ({
        data: await service.updateCatalogueItem(
          scopeOfRequest(request),
          api.catalogue,
          request.params.id,
          request.body as Update,
        ),
      }),
    )
  }
}

export const cataloguesApi: ApiModule = {
  schemas: [schemas.Department, schemas.WorkCenter],
  routes: () => async (app) => {
    await app.register(
      catalogueRoutes({
        catalogue: service.DEPARTMENTS,
        path: '/departments',
        scopePrefix: 'departments',
        tag: 'Departments',
        item: schemas.Department,
        createBody: schemas.CreateDepartmentBody,
        updateBody: schemas.UpdateDepartmentBody,
      }),
    )
    await app.register(
      catalogueRoutes({
        catalogue: service.WORK_CENTERS,
        path: '/work-centers',
        scopePrefix: 'work-centers',
        tag: 'Work centers',
        item: schemas.WorkCenter,
        createBody: schemas.CreateWorkCenterBody,
        updateBody: schemas.UpdateWorkCenterBody,
      }),
    )
  },
}
