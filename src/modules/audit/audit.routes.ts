import type { FastifyInstance } from 'fastify'
import { type WriteStep, addWriteRouteHooks, isApiWrite, scopeOfRequest } from '../../http/request-scope.js'
import { type ApiModule, operations } from '../../http/route.js'
import { ListOf } from '../../lib/schemas.js'
import { AuditEntry, ListAuditQuery } from './audit.schemas.js'
import * as service from './audit.service.js'

const operation = operations('Audit log')

export const auditApi: ApiModule = {
  schemas: [AuditEntry],
  routes: () => async (app) => {
    app.get(
      '/audit-log',
      operation('audit-log.list', {
        summary: 'Every write through the API and the command line, newest first (administrators)',
        description:
          'When, source (api or cli), key, acting user, operation, resource id and the names of the fields sent. Values are never kept, so sensitive data never reaches the log. Append-only.',
        querystring: ListAuditQuery,
        response: { 200: ListOf(AuditEntry) },
      }),
      async (request) => service.listAuditLog(scopeOfRequest(request), request.query),
    )
  },
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The id of the resource a write answered with, noted for the audit log. */
    writtenResourceId?: string
  }
}

/**
 * Records every successful write through the API in the audit log, inside the write's own
 * transaction: a write and its audit entry commit together.
 */
export function auditWrites(app: FastifyInstance): WriteStep {
  addWriteRouteHooks(app, {
    preSerialization(request, _reply, payload, done) {
      if (isApiWrite(request)) {
        const id = (payload as { data?: { id?: unknown } } | null)?.data?.id
        if (typeof id === 'string') request.writtenResourceId = id
      }
      done(null, payload)
    },
  })
  return {
    async beforeCommit(request, _reply, _payload, scope) {
      const auth = scope.auth
      const body = request.body
      // The path names the resource written (`/users/:user_id/deactivate`), else the answer does.
      const pathIds = Object.values((request.params ?? {}) as Record<string, string>)
      await service.recordWrite(scope, {
        tenantId: auth.tenantId,
        source: 'api',
        keyId: auth.keyId,
        userId: auth.actor.id,
        // The operation's id: its scope, or its own name where it shares one (attendance.batch).
        operation:
          (request.routeOptions.schema as { operationId?: string } | undefined)?.operationId ??
          request.routeOptions.config.scope!,
        resourceId: pathIds[0] ?? request.writtenResourceId ?? null,
        fields: body !== null && typeof body === 'object' && !Array.isArray(body) ? Object.keys(body) : [],
      })
    },
  }
}
