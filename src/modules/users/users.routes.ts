import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.js'
import { authOf } from '../../http/auth.js'
import { DataOf, PageMeta, errorResponses } from '../../http/schemas.js'
import * as schemas from './users.schemas.js'
import * as service from './users.service.js'

const UserData = DataOf(Type.Ref('UserFull'))

export function userRoutes(db: Kysely<Database>): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/users',
      {
        config: { scope: 'users.list' },
        schema: {
          operationId: 'users.list',
          tags: ['Users'],
          summary: 'List users',
          description:
            'Ordered by full name (case-insensitive), then id. `detail=full` returns the full form. `email` matches exactly, ignoring case; `q` is a case-insensitive substring of full name or email.',
          querystring: schemas.ListUsersQuery,
          response: {
            200: Type.Object({
              data: Type.Array(Type.Union([Type.Ref('UserFull'), Type.Ref('UserReduced')])),
              meta: PageMeta,
            }),
            ...errorResponses(400),
          },
        },
      },
      async (request) => service.listUsers(db, authOf(request), request.query),
    )

    app.get(
      '/users/:user_id',
      {
        config: { scope: 'users.get' },
        schema: {
          operationId: 'users.get',
          tags: ['Users'],
          summary: 'Get a user (full form)',
          params: schemas.UserIdParams,
          querystring: schemas.GetUserQuery,
          response: { 200: UserData, ...errorResponses(400, 404) },
        },
      },
      async (request) => ({
        data: await service.getUser(db, authOf(request), request.params.user_id, request.query.include_folders ?? false),
      }),
    )

    app.post(
      '/users',
      {
        config: { scope: 'users.create' },
        schema: {
          operationId: 'users.create',
          tags: ['Users'],
          summary: 'Create a user (administrators)',
          description:
            'The new user is active and receives the company’s default document folders. `phone` is stored as profile.phone_personal and its last 4 digits are the initial kiosk PIN; the digits of `dni` are the kiosk identifier.',
          body: schemas.CreateUserBody,
          response: { 201: UserData, ...errorResponses(400, 404, 409) },
        },
      },
      async (request, reply) => {
        const data = await service.createUser(db, authOf(request), request.body)
        return reply.status(201).send({ data })
      },
    )

    app.patch(
      '/users/:user_id',
      {
        config: { scope: 'users.update' },
        schema: {
          operationId: 'users.update',
          tags: ['Users'],
          summary: 'Update a user (partial)',
          description:
            'Omitted fields keep their value; null clears. Email and status cannot change here. Employment fields (full_name, role, department_id, work_center_id, manager_id, hire_date, vacation_days, works_holidays, remote_work_allowed) need an administrator; personal profile fields the user themselves or an administrator; HR fields (country, company_name, company_cif, ssn, qualifications) an administrator or an HR member.',
          params: schemas.UserIdParams,
          body: schemas.UpdateUserBody,
          response: { 200: UserData, ...errorResponses(400, 404, 409) },
        },
      },
      async (request) => ({
        data: await service.updateUser(db, authOf(request), request.params.user_id, request.body as schemas.UpdateUserBodyType),
      }),
    )

    app.post(
      '/users/:user_id/deactivate',
      {
        config: { scope: 'users.deactivate' },
        schema: {
          operationId: 'users.deactivate',
          tags: ['Users'],
          summary: 'Deactivate a user (administrators; idempotent)',
          description: 'Keys acting as the user stop working at once. The last active administrator cannot be deactivated (409).',
          params: schemas.UserIdParams,
          response: { 200: UserData, ...errorResponses(404, 409) },
        },
      },
      async (request) => ({ data: await service.deactivateUser(db, authOf(request), request.params.user_id) }),
    )

    app.post(
      '/users/:user_id/reactivate',
      {
        config: { scope: 'users.reactivate' },
        schema: {
          operationId: 'users.reactivate',
          tags: ['Users'],
          summary: 'Reactivate a disabled user (administrators; idempotent)',
          params: schemas.UserIdParams,
          response: { 200: UserData, ...errorResponses(404) },
        },
      },
      async (request) => ({ data: await service.reactivateUser(db, authOf(request), request.params.user_id) }),
    )
  }
}
