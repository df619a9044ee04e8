import { scopeOfRequest } from '../../http/request-scope.js'
import { type ApiModule, operations } from '../../http/route.js'
import { DataOf, ListOf } from '../../lib/schemas.js'
import {
  CreateProjectBody,
  ListProjectsQuery,
  Project,
  ProjectIdParams,
  UpdateProjectBody,
} from './projects.schemas.js'
import * as service from './projects.service.js'

const operation = operations('Projects')

export const projectsApi: ApiModule = {
  schemas: [Project],
  routes: () => async (app) => {
    app.get(
      '/projects',
      operation('projects.list', {
        summary: 'List projects, ordered by code then id',
        querystring: ListProjectsQuery,
        response: { 200: ListOf(Project) },
      }),
      async (request) => service.listProjects(scopeOfRequest(request), request.query),
    )
    app.post(
      '/projects',
      operation('projects.create', {
        summary: 'Create a project (administrators)',
        body: CreateProjectBody,
        response: { 201: DataOf(Project) },
        errors: [409],
      }),
      async (request, reply) =>
        reply.status(201).send({ data: await service.createProject(scopeOfRequest(request), request.body) }),
    )
    app.get(
      '/projects/:id',
      operation('projects.list', {
        operationId: 'projects.get',
        summary: 'Get a project (scope projects.list)',
        params: ProjectIdParams,
        response: { 200: DataOf(Project) },
        errors: [404],
      }),
      async (request) => ({ data: await service.getProject(scopeOfRequest(request), request.params.id) }),
    )
    app.patch(
      '/projects/:id',
      operation('projects.update', {
        summary: 'Change a project (administrators); `active: false` closes it to new allocations',
        params: ProjectIdParams,
        body: UpdateProjectBody,
        response: { 200: DataOf(Project) },
        errors: [404, 409],
      }),
      async (request) => ({
        data: await service.updateProject(scopeOfRequest(request), request.params.id, request.body),
      }),
    )
  },
}
