/**
 * What the service logs about requests: one line per request once it is answered, with nothing
 * secret or personal in it, and the request's own logger (for errors and whatever a route logs)
 * made only when something is logged through it.
 */
import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify'

/**
 * Query parameters whose values may be logged: paging, dates, enums and ids. Any other value
 * (`email`, `q`, a key sent as `?api_key=`, anything unknown) is logged as `[redacted]`.
 */
const LOGGABLE_QUERY_VALUES = new Set([
  'page',
  'page_size',
  'from',
  'to',
  'tz',
  'year',
  'month',
  'status',
  'role',
  'type',
  'detail',
  'format',
  'include_folders',
  'user_id',
  'department_id',
  'work_center_id',
  'manager_id',
  'project_id',
  'key_id',
  'operation',
  'resource_id',
])

/** The route of calendar feeds' addresses, which hold their secret. */
const CALENDAR_ROUTE = '/calendar/:file'

/** The request as a log line sees it: the path, the route, and the query without personal values. */
export function loggableRequest(request: FastifyRequest): {
  path: string
  route: string | undefined
  query?: Record<string, string>
} {
  const url = request.url
  const queryAt = url.indexOf('?')
  const route = request.routeOptions.url
  // A calendar feed's address is its credential: whatever form it came in, only the route is logged.
  const path = route === CALENDAR_ROUTE ? CALENDAR_ROUTE : (queryAt === -1 ? url : url.slice(0, queryAt)).slice(0, 256)
  if (queryAt === -1) return { path, route }
  const query: Record<string, string> = {}
  let count = 0
  for (const [name, value] of new URLSearchParams(url.slice(queryAt + 1))) {
    if (++count > 20) break
    const shownName = name.length > 40 ? `${name.slice(0, 40)}…` : name
    query[shownName] = LOGGABLE_QUERY_VALUES.has(name) ? value.slice(0, 64) : '[redacted]'
  }
  return { path, route, query }
}

/**
 * One log line per request, written when it completes, with nothing secret or personal: no
 * headers, no body, and query values only of parameters that hold none (see loggableRequest).
 */
export class OneLinePerRequest extends LogController {
  /**
   * The logger of successful requests' lines, without redaction: the line holds only the fields
   * below, none personal, and walking it for the redacted paths cost several percent of a simple
   * request. Errors go through the request's logger, redacted.
   */
  #lines: FastifyBaseLogger | undefined

  override incomingRequest(): void {}
  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const { path, route, query } = loggableRequest(request)
    const line = {
      method: request.method,
      path,
      route,
      query,
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
      key: request.auth?.keyId,
      tenant: request.auth?.tenantId,
    }
    if (error) {
      reply.log.error({ ...line, err: error }, 'request failed')
      return
    }
    // The request's own logger carries its id; this one is the application's.
    this.#lines ??= request.server.log.child({}, { redact: [] })
    this.#lines.info({ reqId: request.id, ...line }, 'request')
  }
}

/**
 * A request's logger, made from the application's when first used. Fastify makes one per request
 * (`request.log`, bound to the request id), which costs more than the rest of a cached read's
 * logging; most requests never log through it, since their line is written by OneLinePerRequest.
 */
class RequestLogger {
  #made: FastifyBaseLogger | undefined

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Record<string, unknown>,
    private readonly options: object,
  ) {}

  get #logger(): FastifyBaseLogger {
    this.#made ??= this.parent.child(this.bindings, this.options)
    return this.#made
  }

  get level(): string {
    return this.#made?.level ?? this.parent.level
  }

  set level(level: string) {
    this.#logger.level = level
  }

  isLevelEnabled(level: string): boolean {
    return (this.#logger as unknown as { isLevelEnabled(level: string): boolean }).isLevelEnabled(level)
  }

  child(bindings: Record<string, unknown>, options?: object): FastifyBaseLogger {
    return this.#logger.child(bindings, options)
  }

  fatal(...args: unknown[]): void {
    this.#log('fatal', args)
  }
  error(...args: unknown[]): void {
    this.#log('error', args)
  }
  warn(...args: unknown[]): void {
    this.#log('warn', args)
  }
  info(...args: unknown[]): void {
    this.#log('info', args)
  }
  debug(...args: unknown[]): void {
    this.#log('debug', args)
  }
  trace(...args: unknown[]): void {
    this.#log('trace', args)
  }
  silent(): void {}

  #log(level: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace', args: unknown[]): void {
    ;(this.#logger as unknown as Record<typeof level, (...args: unknown[]) => void>)[level](...args)
  }
}

/** Fastify's `childLoggerFactory`: the request's logger, made lazily. */
export function lazyRequestLogger(
  logger: FastifyBaseLogger,
  bindings: Record<string, unknown>,
  options: object,
): FastifyBaseLogger {
  return new RequestLogger(logger, bindings, options) as unknown as FastifyBaseLogger
}
