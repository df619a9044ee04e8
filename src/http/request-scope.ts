/**
 * Where a request's scope (auth/request-scope.ts) is built: its moment is read once when the
 * request arrives, its caller is the credential's, and for a write its database handle is the
 * request's transaction. Route handlers get the scope here and nothing else: they are given no
 * database handle, so a query that bypasses the request's unit of work does not compile.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { RequestScope } from '../auth/request-scope.js'
import type { Db } from '../db/unit-of-work.js'
import { authOf } from './auth.js'

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's moment in epoch ms, read from the application's clock when it arrived. */
    now: number
    /** The request's scope, built once its caller is known. */
    scope: RequestScope | null
  }
  interface FastifyInstance {
    /** The database the scopes of this application's requests run on. */
    scopeDatabase: Db
  }
}

export function registerRequestScope(app: FastifyInstance, db: Db, clock: () => number): void {
  app.decorate('scopeDatabase', db)
  app.decorateRequest('now', 0)
  app.decorateRequest('scope', null)
  app.addHook('onRequest', (request, _reply, done) => {
    request.now = clock()
    done()
  })
}

/** The scope of a request whose caller the edge has authenticated. */
export function scopeOfRequest(request: FastifyRequest): RequestScope {
  if (request.scope === null) request.scope = { db: request.server.scopeDatabase, auth: authOf(request), now: request.now }
  return request.scope
}
