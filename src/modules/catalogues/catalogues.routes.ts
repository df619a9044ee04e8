import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { TSchema } from 'typebox'
import type { Kysely } from 'kysely'
import type { Scope } from '../../auth/scopes.js'
import type { Database } from '../../db/schema.js'
import { authOf } from '../../http/auth.js'
import { DataOf, ListOf, errorResponses } from '../../http/schemas.js'
import { CreateScheduleBody, Schedule, UpdateScheduleBody } from '../schedules/schedules.schemas.js'
import * as schemas from './catalogues.schemas.js'
import * as service from './catalogues.service.js'
import type { CatalogueTable } from './catalogues.repository.js'

interface CatalogueRoutes {
  table: CatalogueTable
  path: string
  scopePrefix: 'departments' | 'work-centers' | 'schedules'
  tag: string
  item: TSchema
  createBody: TSchema
  updateBody: TSchema
}

const CATALOGUE_ROUTES: CatalogueRoutes[] = [
  {
    table: 'departments',
    path: '/departments',
    scopePrefix: 'departments',
    tag: 'Departments',
    item: schemas.Department,
    createBody: schemas.CreateDepartmentBody,
    updateBody: schemas.UpdateDepartmentBody,
  },
  {
    table: 'work_centers',
    path: '/work-centers',
    scopePrefix: 'work-centers',
    tag: 'Work centers',
    item: schemas.WorkCenter,
    createBody: schemas.CreateWorkCenterBody,
    updateBody: schemas.UpdateWorkCenterBody,
  },
  {
    table: 'schedules',
    path: '/schedules',
    scopePrefix: 'schedules',
    tag: 'Schedules',
    item: Schedule,
    createBody: CreateScheduleBody,
    updateBody: UpdateScheduleBody,
  },
]

export function catalogueRoutes(db: Kysely<Database>): FastifyPluginAsyncTypebox {
  return async (app) => {
    for (const c of CATALOGUE_ROUTES) {
      const scope = (action: string) => `${c.scopePrefix}.${action}` as Scope
      app.get(
        c.path,
        {
          config: { scope: scope('list') },
          schema: {
            operationId: scope('list'),
            tags: [c.tag],
            summary: `List ${c.tag.toLowerCase()}, ordered by name then id`,
            querystring: schemas.CatalogueListQuery,
            response: { 200: ListOf(c.item), ...errorResponses(400) },
          },
        },
        async (request) => service.listCatalogue(db, authOf(request), c.table, request.query) as never,
      )
      app.post(
        c.path,
        {
          config: { scope: scope('create') },
          schema: {
            operationId: scope('create'),
            tags: [c.tag],
            summary: `Create an item of ${c.tag.toLowerCase()} (administrators)`,
            body: c.createBody,
            response: { 201: DataOf(c.item), ...errorResponses(400, 409) },
          },
        },
        async (request, reply) => {
          const data = await service.createCatalogueItem(db, authOf(request), c.table, request.body as service.AnyCatalogueBody)
          return reply.status(201).send({ data } as never)
        },
      )
      app.patch(
        `${c.path}/:id`,
        {
          config: { scope: scope('update') },
          schema: {
            operationId: scope('update'),
            tags: [c.tag],
            summary: `Change an item of ${c.tag.toLowerCase()} (administrators)`,
            params: schemas.CatalogueIdParams,
            body: c.updateBody,
            response: { 200: DataOf(c.item), ...errorResponses(400, 404, 409) },
          },
        },
        async (request) =>
          ({ data: await service.updateCatalogueItem(db, authOf(request), c.table, request.params.id, request.body as service.AnyCatalogueBody) }) as never,
      )
    }
  }
}
