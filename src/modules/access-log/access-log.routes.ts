import { scopeOfRequest } from '../../http/request-scope.js'
import { type ApiModule, operations } from '../../http/route.js'
import { ListOf } from '../../lib/schemas.js'
import { AccessEntry, ListAccessQuery } from './access-log.schemas.js'
import * as service from './access-log.service.js'

const operation = operations('Audit log')

export const accessLogApi: ApiModule = {
  schemas: [AccessEntry],
  routes: () => async (app) => {
    app.get(
      '/access-log',
      operation('access-log.list', {
        summary:
          'Every request made with an inspector key or by a representative reading the company’s reports, newest first (administrators)',
        description: 'When, key, acting user, method, route, status, and the employees whose records the request read.',
        querystring: ListAccessQuery,
        response: { 200: ListOf(AccessEntry) },
      }),
      async (request) => service.listAccessLog(scopeOfRequest(request), request.query),
    )
  },
}
