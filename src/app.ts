/**
 * Builds the HTTP application around an open database. `server.ts` only listens; tests call
 * `buildApp` and use `inject`, or listen on a real socket.
 */
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { Kysely } from 'kysely'
import { Type } from 'typebox'
import { randomBytes } from 'node:crypto'
import { databaseAnswers } from './db/database.js'
import type { Database } from './db/schema.js'
import { AppError, invalidField } from './errors.js'
import { registerAuth } from './http/auth.js'
import { registerErrorHandler } from './http/error-handler.js'
import { registerOpenApi } from './http/openapi.js'
import { MemoryRateLimitStore, type RateLimitStore } from './http/rate-limit.js'
import { ErrorBody } from './http/responses.js'
import { type ApiModule, publicOperation } from './http/route.js'
import { validatorCompiler } from './http/validation.js'
import { findNulCharacter } from './lib/validation.js'
import { absencesApi } from './modules/absences/absences.routes.js'
import { allocationsApi } from './modules/allocations/allocations.routes.js'
import { attendanceApi } from './modules/attendance/attendance.routes.js'
import { cataloguesApi } from './modules/catalogues/catalogues.routes.js'
import { expensesApi } from './modules/expenses/expenses.routes.js'
import { holidaysApi } from './modules/holidays/holidays.routes.js'
import { authenticate } from './modules/keys/keys.service.js'
import { meApi } from './modules/me/me.routes.js'
import { projectsApi } from './modules/projects/projects.routes.js'
import { schedulesApi } from './modules/schedules/schedules.routes.js'
import { tenantsApi } from './modules/tenants/tenants.routes.js'
import { usersApi } from './modules/users/users.routes.js'

/** Every module of the API, in the order of the OpenAPI document. */
const API_MODULES: readonly ApiModule[] = [
  meApi,
  usersApi,
  cataloguesApi,
  schedulesApi,
  tenantsApi,
  holidaysApi,
  attendanceApi,
  expensesApi,
  projectsApi,
  allocationsApi,
  absencesApi,
]

export const BODY_LIMIT_BYTES = 1024 * 1024

/**
 * Request ids unique across instances and cheap to make: a random prefix per process and a
 * counter (`req_k3x9a2_1f`). They only correlate logs; they need not be unguessable.
 */
function requestIds(): () => string {
  const prefix = `req_${randomBytes(4).toString('hex')}_`
  let counter = 0
  return () => prefix + (++counter).toString(36)
}

/** One log line per request, written when it completes, with nothing secret (no headers, no body). */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}
  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = {
      method: request.method,
      url: request.url,
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
      key: request.auth?.keyId,
      tenant: request.auth?.tenantId,
    }
    if (error) reply.log.error({ ...line, err: error }, 'request failed')
    else reply.log.info(line, 'request')
  }
}

/**
 * API routes that take no query parameters refuse any: `POST /schedules?dry_run=true` must not
 * quietly write. Routes with a query schema refuse unknown parameters in validation already.
 */
function unexpectedQueryParameters(request: FastifyRequest): AppError | null {
  const route = request.routeOptions
  if (route.schema?.querystring || route.config.access === 'public' || !route.url?.startsWith('/api/')) return null
  const names = Object.keys(request.query as Record<string, unknown>)
  if (names.length === 0) return null
  const details = names.map((field) => ({ field, message: 'is not a known query parameter' }))
  return new AppError('invalid_request', `Invalid query parameters: ${names.join(', ')}`, details)
}

/** Refused by the JSON parser although valid JSON: a key that could reach an object's prototype. */
function forbiddenKey(): AppError {
  return new AppError('invalid_request', 'The body contains a forbidden key (__proto__ or constructor.prototype)')
}

function isPlainJson(text: string): boolean {
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}

export interface AppOptions {
  db: Kysely<Database>
  rateLimitPerMinute?: number
  rateLimitStore?: RateLimitStore
  logger?: FastifyServerOptions['logger']
  /** The current time in epoch ms; tests replace it to place punches around past DST changes. */
  clock?: () => number
  /** Fastify's trustProxy: whose X-Forwarded-For to believe for the client address. */
  trustProxy?: boolean | string
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const rateLimitStore = options.rateLimitStore ?? new MemoryRateLimitStore()
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: BODY_LIMIT_BYTES,
    logController: new OneLinePerRequest(),
    trustProxy: options.trustProxy ?? false,
    genReqId: requestIds(),
    ajv: { customOptions: { removeAdditional: false } },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  }).withTypeProvider<TypeBoxTypeProvider>()

  app.setValidatorCompiler(validatorCompiler)
  app.addSchema(ErrorBody)
  for (const module of API_MODULES) for (const schema of module.schemas ?? []) app.addSchema(schema)
  registerErrorHandler(app)

  // Bodies are JSON only: any other media type, text/plain included, is a 415.
  app.removeContentTypeParser('text/plain')
  // JSON bodies; an empty body counts as no body, so POSTs without one (deactivate) need no `{}`.
  const parseJson = app.getDefaultJsonParser('error', 'error')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string
    if (text.trim() === '') return done(null, undefined)
    parseJson(request, text, (error, parsed) => {
      if (error) return done(isPlainJson(text) ? forbiddenKey() : error, undefined)
      const field = text.includes('\\u0000') || text.includes('\u0000') ? findNulCharacter(parsed) : null
      done(field ? invalidField(field, 'must not contain the NUL character') : null, parsed)
    })
  })

  // A callback-style hook: it runs on every request, and skips the promise an async hook costs.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('X-Request-Id', request.id)
    done()
  })
  // NUL characters are refused everywhere (see findNulCharacter); in a URL they arrive as %00.
  // Checked at validation time, so that authentication and rate limiting come first.
  app.addHook('preValidation', (request, _reply, done) => {
    const field = request.url.includes('%00') ? (findNulCharacter(request.query) ?? findNulCharacter(request.params) ?? 'url') : null
    done(field ? invalidField(field, 'must not contain the NUL character') : (unexpectedQueryParameters(request) ?? undefined))
  })
  app.addHook('onClose', async () => {
    if (!options.rateLimitStore) await rateLimitStore.close()
  })

  await registerOpenApi(app)
  const db = options.db
  registerAuth(app, { authenticate: (token) => authenticate(db, token), rateLimit: rateLimitStore, limitPerMinute: options.rateLimitPerMinute ?? 300 })

  const Ok = Type.Object({ status: Type.Literal('ok') })
  app.get('/health', publicOperation('Liveness: the process answers', { response: { 200: Ok } }), async () => ({ status: 'ok' as const }))
  app.get('/ready', publicOperation('Readiness: the database answers', { response: { 200: Ok, 503: Type.Ref('ErrorBody') } }), async (_request, reply) =>
    (await databaseAnswers(db))
      ? { status: 'ok' as const }
      : reply.status(503).send({ error: { code: 'internal_error', message: 'Database unavailable' } }),
  )

  const deps = { db, clock: options.clock ?? Date.now }
  await app.register(
    async (api) => {
      api.get('/openapi.json', publicOperation('This OpenAPI 3.1 document', { rateLimited: true }), async () => app.swagger())
      for (const module of API_MODULES) await api.register(module.routes(deps))
    },
    { prefix: '/api/v1' },
  )
  return app
}
