import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.js'
import { authOf } from '../../http/auth.js'
import { DataOf, ListOf, errorResponses } from '../../http/schemas.js'
import { CreateProjectBody, ListProjectsQuery, Project, ProjectIdParams, UpdateProjectBody } from './projects.schemas.js'
import * as service from './projects.service.js'

export function projectRoutes(db: Kysely<Database>): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/projects',
      {
        config: { scope: 'projects.list' },
        schema: {
          operationId: 'projects.list',
          tags: ['Projects'],
          summary: 'List projects, ordered by code then id',
          querystring: ListProjectsQuery,
          response: { 200: ListOf(Project), ...errorResponses(400) },
        },
      },
      async (request) => service.listProjects(db, authOf(request), request.query),
    )
    app.post(
      '/projects',
      {
        config: { scope: 'projects.create' },
        schema: {
          operationId: 'projects.create',
          tags: ['Projects'],
          summary: 'Create a project (administrators)',
          body: CreateProjectBody,
          response: { 201: DataOf(Project), ...errorResponses(400, 409) },
        },
      },
      async (request, reply) => reply.status(201).send({ data: await service.createProject(db, authOf(request), request.body) }),
    )
    app.patch(
      '/projects/:id',
      {
        config: { scope: 'projects.update' },
        schema: {
          operationId: 'projects.update',
          tags: ['Projects'],
          summary: 'Change a project (administrators); `active: false` closes it to new allocations',
          params: ProjectIdParams,
          body: UpdateProjectBody,
          response: { 200: DataOf(Project), ...errorResponses(400, 404, 409) },
        },
      },
      async (request) => ({ data: await service.updateProject(db, authOf(request), request.params.id, request.body) }),
    )
  }
}
