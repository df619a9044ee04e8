import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.js'
import { authOf } from '../../http/auth.js'
import { type ApiModule, operations } from '../../http/route.js'
import { ListOf } from '../../lib/schemas.js'
import { AuditEntry, ListAuditQuery } from './audit.schemas.js'
import * as service from './audit.service.js'

const operation = operations('Audit log')

export const auditApi: ApiModule = {
  schemas: [AuditEntry],
  routes: ({ db }) =>
    async (app) => {
      app.get(
        '/audit-log',
        operation('audit-log.list', {
          summary: 'Every write through the API and the command line, newest first (administrators)',
          description:
            'When, source (api or cli), key, acting user, operation, resource id and the names of the fields sent. Values are never kept, so sensitive data never reaches the log. Append-only.',
          querystring: ListAuditQuery,
          response: { 200: ListOf(AuditEntry) },
        }),
        async (request) => service.listAuditLog(db, authOf(request), request.query),
      )
    },
}

const WRITE_METHODS = new Set(['POST', 'PATCH', 'PUT', 'DELETE'])

declare module 'fastify' {
  interface FastifyRequest {
    /** The id of the resource a write answered with, noted for the audit log. */
    writtenResourceId?: string
  }
}

function isAuditedWrite(request: FastifyRequest): boolean {
  return WRITE_METHODS.has(request.method) && request.auth !== null && request.routeOptions.config.scope !== undefined
}

/**
 * Records every successful write of the API in the audit log, after the write has committed and
 * before the answer leaves: the operation is the route's scope, the resource the path's id or the
 * id it answered with, the fields the names of the body's top-level fields.
 */
export function auditWrites(app: FastifyInstance, db: Kysely<Database>): void {
  app.addHook('preSerialization', (request, _reply, payload, done) => {
    if (isAuditedWrite(request)) {
      const id = (payload as { data?: { id?: unknown } } | null)?.data?.id
      if (typeof id === 'string') request.writtenResourceId = id
    }
    done(null, payload)
  })
  // Callback style: reads pass straight through without the cost of a promise.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (reply.statusCode >= 400 || !isAuditedWrite(request)) return done(null, payload)
    const auth = request.auth!
    const body = request.body
    // The path names the resource written (`/users/:user_id/deactivate`), else the answer does.
    const pathIds = Object.values((request.params ?? {}) as Record<string, string>)
    service
      .recordWrite(db, {
        tenantId: auth.tenantId,
        source: 'api',
        keyId: auth.keyId,
        userId: auth.actor.id,
        operation: request.routeOptions.config.scope!,
        resourceId: pathIds[0] ?? request.writtenResourceId ?? null,
        fields: body !== null && typeof body === 'object' && !Array.isArray(body) ? Object.keys(body) : [],
      })
      // The write itself has committed; a missing audit entry must be loud in the logs.
      .catch((error: unknown) => request.log.error({ err: error }, 'audit log entry could not be written'))
      .finally(() => done(null, payload))
  })
}
