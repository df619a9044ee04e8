import type { FastifyInstance } from 'fastify'
import { scopeOfRequest, unitOfRequest } from '../../http/request-scope.js'
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

/**
 * Appends every request made with an inspector key, and every read of the company's reports by a
 * workers' representative, to the access log once its answer is complete (a streamed export has
 * then read every employee it names). An inspector key's refusals are logged too: a key that tries
 * to write is something its company wants to see.
 */
export function logInspectorAccess(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    const auth = request.auth
    if (!auth?.recordsRead) return done()
    const unit = unitOfRequest(request)
    service
      .recordAccess(unit, {
        auth,
        method: request.method,
        route: request.routeOptions.url ?? request.url.split('?')[0]!,
        status: reply.statusCode,
        at: new Date(unit.now).toISOString(),
      })
      .catch((error: unknown) => request.log.error({ err: error }, 'access log entry could not be written'))
      .finally(() => done())
  })
}
