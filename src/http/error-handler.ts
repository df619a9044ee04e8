/**
 * The single place where failures become HTTP responses in the contract's error format. Domain
 * errors carry their code; framework errors (validation, JSON, body size, media type) are mapped
 * here; anything else is a 500 `internal_error` whose details stay in the log.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { isCancelledToGoOn, isLostConnection } from '../db/errors.js'
import { databaseUnavailable } from '../db/failover-pool.js'
import { AppError, ERROR_CATALOGUE, type ErrorCode } from '../errors.js'
import { toFieldIssues } from '../lib/validation.js'
import { INVALID_PATH_MESSAGE } from './edge.js'
import { errorBody, quoted } from './responses.js'

const FRAMEWORK_CODES: Record<string, { code: ErrorCode; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'payload_too_large', message: 'Request body is larger than 1 MiB' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'unsupported_media_type', message: 'Send the body as application/json' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'invalid_request', message: 'Content-Length does not match the body' },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    code: 'invalid_json',
    message: 'The body is empty but Content-Type is application/json',
  },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'invalid_json', message: 'The body is not valid JSON' },
  // Fallbacks: rewriteInvalidPath and the router's long parameter limit normally catch these first.
  FST_ERR_BAD_URL: { code: 'invalid_request', message: INVALID_PATH_MESSAGE },
  FST_ERR_MAX_PARAM_LENGTH: { code: 'invalid_request', message: 'A path parameter is too long' },
  FST_ERR_ASYNC_CONSTRAINT: { code: 'invalid_request', message: 'The request could not be routed' },
}

/**
 * Fastify's `frameworkErrors`: router failures that happen before any route is chosen, in the
 * contract's format.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const known = FRAMEWORK_CODES[error.code] ?? {
    code: 'invalid_request' as const,
    message: 'The request could not be routed',
  }
  void reply.status(ERROR_CATALOGUE[known.code].status).send(errorBody(known.code, known.message))
}

/** `allowedMethods(path)`: the methods a path takes (http/edge methodsByPath), for 405 answers. */
export function registerErrorHandler(app: FastifyInstance, allowedMethods: (path: string) => string[]): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== undefined) reply.header('Retry-After', error.retryAfterSeconds)
      return reply.status(error.status).send(errorBody(error.code, error.message, error.details))
    }
    if (error.validation) {
      const details = toFieldIssues(error.validation as never, error.validationContext)
      const where =
        error.validationContext === 'querystring' ? 'query parameters' : (error.validationContext ?? 'request')
      return reply
        .status(400)
        .send(errorBody('invalid_request', `Invalid ${where}: ${details.map((d) => d.field).join(', ')}`, details))
    }
    const known = error.code ? FRAMEWORK_CODES[error.code] : undefined
    if (known) {
      return reply.status(ERROR_CATALOGUE[known.code].status).send(errorBody(known.code, known.message))
    }
    if (error instanceof SyntaxError || (error.statusCode === 400 && /JSON/i.test(error.name))) {
      return reply.status(400).send(errorBody('invalid_json', 'The body is not valid JSON'))
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send(errorBody('invalid_request', quoted(error.message)))
    }
    if (isLostConnection(error) || isCancelledToGoOn(error)) {
      // The database went away mid-request (docs/decisions/0021-failover-and-read-replicas.md): the
      // pool has dropped the connection. Or a read replica cancelled a long read to replay the
      // primary's changes.
      request.log.warn(
        { err: error },
        isCancelledToGoOn(error) ? 'query cancelled by the database' : 'database connection lost',
      )
      const unavailable = databaseUnavailable()
      reply.header('Retry-After', unavailable.retryAfterSeconds!)
      return reply.status(503).send(errorBody(unavailable.code, unavailable.message))
    }
    request.log.error({ err: error }, 'unhandled error')
    return reply
      .status(500)
      .send(errorBody('internal_error', `Unexpected error; quote request id ${request.id} when reporting it`))
  })

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!
    const allowed = allowedMethods(path)
    if (allowed.length > 0) {
      reply.header('Allow', allowed.join(', '))
      return reply
        .status(405)
        .send(
          errorBody(
            'method_not_allowed',
            `${quoted(path)} takes ${allowed.join(', ')}, not ${quoted(request.method, 10)}`,
          ),
        )
    }
    return reply
      .status(404)
      .send(errorBody('route_not_found', `No route ${quoted(request.method, 10)} ${quoted(path)}`))
  })
}
