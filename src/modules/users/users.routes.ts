import { Type } from 'typebox'
import { beginWrite, preparingScopeOf, scopeOfRequest } from '../../http/request-scope.js'
import { type ApiModule, operations } from '../../http/route.js'
import { DataOf, PageMeta } from '../../lib/schemas.js'
import * as schemas from './users.schemas.js'
import * as service from './users.service.js'

const UserData = DataOf(Type.Ref('UserFull'))
const operation = operations('Users')

export const usersApi: ApiModule = {
  schemas: [schemas.UserFull, schemas.UserReduced],
  routes: () => async (app) => {
    app.get(
      '/users',
      operation('users.list', {
        summary: 'List users',
        description:
          'Ordered by full name (case-insensitive), then id. `detail=full` returns the full form. `email` matches exactly, ignoring case; `q` is a case-insensitive substring of full name or email.',
        querystring: schemas.ListUsersQuery,
        response: {
          200: Type.Object({
            data: Type.Array(Type.Union([Type.Ref('UserFull'), Type.Ref('UserReduced')])),
            meta: PageMeta,
          }),
        },
      }),
      async (request) => service.listUsers(scopeOfRequest(request), request.query),
    )

    app.get(
      '/users/:user_id',
      operation('users.get', {
        summary: 'Get a user (full form)',
        params: schemas.UserIdParams,
        querystring: schemas.GetUserQuery,
        response: { 200: UserData },
        errors: [404],
      }),
      async (request) => ({
        data: await service.getUser(
          scopeOfRequest(request),
          request.params.user_id,
          request.query.include_folders ?? false,
        ),
      }),
    )

    app.post(
      '/users',
      operation('users.create', {
        summary: 'Create a user (administrators)',
        description:
          'The new user is active and receives the company’s default document folders. `phone` is stored as profile.phone_personal; the digits of `dni` are the kiosk identifier. No kiosk PIN is derived from anything given here: the employee chooses theirs in the app (`PUT /me/kiosk-pin`), or an administrator’s PIN reset mails them a one-time PIN (`POST /users/{user_id}/kiosk-pin/reset`).',
        body: schemas.CreateUserBody,
        response: { 201: UserData },
        errors: [404, 409],
        prepares: true,
      }),
      async (request, reply) => {
        const prepared = await service.prepareNewUser(preparingScopeOf(request), request.body)
        const user = await service.createUser(await beginWrite(request), prepared)
        return reply.status(201).send({ data: user })
      },
    )

    app.patch(
      '/users/:user_id',
      operation('users.update', {
        summary: 'Update a user (partial)',
        description:
          'Omitted fields keep their value; null clears. Email and status cannot change here. Employment fields (full_name, role, department_id, work_center_id, manager_id, hire_date, vacation_days, works_holidays, remote_work_allowed) need an administrator; personal profile fields the user themselves or an administrator; HR fields (country, company_name, company_cif, ssn, qualifications) and the terms of overtime and complementary hours (overtime_compensation, overtime_comp_expiry, night_worker, complementary_pact_percent, complementary_voluntary_percent) an administrator or an HR member.',
        params: schemas.UserIdParams,
        body: schemas.UpdateUserBody,
        response: { 200: UserData },
        errors: [404, 409],
      }),
      async (request) => ({
        data: await service.updateUser(scopeOfRequest(request), request.params.user_id, request.body),
      }),
    )

    app.post(
      '/users/:user_id/deactivate',
      operation('users.deactivate', {
        summary: 'Deactivate a user (administrators; idempotent)',
        description:
          'Keys acting as the user stop working at once. The employment period ends today (in the company’s time zone): nothing is expected of the employee after today. The last active administrator cannot be deactivated (409).',
        params: schemas.UserIdParams,
        response: { 200: UserData },
        errors: [404, 409],
      }),
      async (request) => ({
        data: await service.deactivateUser(scopeOfRequest(request), request.params.user_id),
      }),
    )

    app.post(
      '/users/:user_id/reactivate',
      operation('users.reactivate', {
        summary: 'Reactivate a disabled user (administrators; idempotent)',
        description: 'A new employment period begins today (in the company’s time zone).',
        params: schemas.UserIdParams,
        response: { 200: UserData },
        errors: [404],
      }),
      async (request) => ({
        data: await service.reactivateUser(scopeOfRequest(request), request.params.user_id),
      }),
    )
  },
}
