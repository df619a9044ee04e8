/**
 * One read pipeline for reads of people's records
 * (docs/decisions/0025-request-phases-and-module-ownership.md). A route says what it reads where it
 * is declared (`reads` in its operation, http/route.ts), and the steps every such read owes run
 * here, in order, not in each service:
 *
 * 1. preHandler, once the request's scope is built (http/request-scope.ts):
 *    a. the lazy settlement the route declares (`settles`): overtime lots of ended months are
 *       proposed on the primary before anything reads them (docs/decisions/0018-overtime.md);
 *    b. the read replica (`replica`): the handler's scope is already the replica's when it is
 *       current enough for the company (docs/decisions/0021-failover-and-read-replicas.md), with
 *       the primary beside it (`scope.primary`) for what must be judged or written there;
 *    c. a ledger of whose records the request reads (`records`), which the service fills with
 *       `noteRecordsRead`: only it knows whom it read, after its visibility rules.
 * 2. onSend, once the answer is serialised and before it leaves: the access-log entry of an
 *    inspector key's request (any route, refusals too) or of a representative's company-wide read
 *    (`companyWide`), docs/decisions/0011-reports-sign-off-and-inspector-keys.md and
 *    docs/decisions/0019-representatives-and-record-export.md. When it cannot be written the
 *    answer becomes a 503 instead: no record is given out unlogged, and a client that has its
 *    answer finds its entry in the log. A streamed answer (an export) has read its records only
 *    once it ends, so its last chunk is held until the entry is written; if it cannot be, the
 *    answer is cut off before its end (an incomplete file, its status already sent).
 *
 * A successful read on a `records` route whose service noted no one, not even "no one", is a
 * service that forgot to say whom it read: the answer is a 500 and the error names the route, so
 * the tests that call the route catch it. And a route an inspector key's scopes reach that does not
 * declare `reads` keeps the application from starting (`undeclaredInspectorRead`).
 */
import { Readable } from 'node:stream'
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify'
import { type AccessLogEntry, type AuthContext, isAccessLogged } from '../auth/context.js'
import { INSPECTOR_SCOPES } from '../auth/policies.js'
import { RecordsRead, type RequestScope, replicaScopeOf } from '../auth/request-scope.js'
import type { Unit } from '../db/unit-of-work.js'
import { AppError } from '../errors.js'
import { unitOfRequest } from './request-scope.js'

/** The lazy settlements a read may need first, by name; app.ts gives the module's function for each. */
export type Settlement = 'overtime'

/** What a read route reads, declared with its operation (http/route.ts). */
export interface ReadsSpec {
  /**
   * true: it gives out people's records (figures, punches, corrections); its service notes whose
   * with `noteRecordsRead`, and they are named in the access log. false: it reads no one's (the
   * company's public record keys); a logged caller's entry names no one.
   */
  records: boolean
  /**
   * A company-wide report for workers' representatives
   * (docs/decisions/0019-representatives-and-record-export.md): a representative's read is logged
   * like an inspector key's.
   */
  companyWide?: true
  /** A heavy read that runs on the read replica when it is current enough (`DATABASE_READ_URL`). */
  replica?: true
  /** Brought up to date on the primary before the read (overtime: the lots of ended months). */
  settles?: Settlement
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What the route reads: its steps run in http/read-pipeline.ts. */
    reads?: ReadsSpec
  }
  interface FastifyRequest {
    /** Set once the request's access-log entry was written, or could not be and the answer became an error. */
    accessLogSettled: boolean
  }
}

export interface ReadPipelineOptions {
  /** Each settlement a route may declare: it runs on the primary and notes what it wrote (`notedWrite`). */
  settlements: Record<Settlement, (scope: RequestScope) => Promise<void>>
  /** Appends an entry to the access log (modules/access-log). */
  appendAccessEntry(unit: Unit, entry: AccessLogEntry): Promise<void>
}

const WRITE_METHODS = new Set(['POST', 'PATCH', 'PUT', 'DELETE'])

/** The answer when the entry cannot be written: nothing was given out, the client may retry. */
function accessLogUnavailable(): AppError {
  const error = new AppError(
    'database_unavailable',
    'The access log could not record this read, so its records are not given out; retry shortly',
  )
  error.retryAfterSeconds = 1
  return error
}

/** A service that gave out records without saying whose: a programming error. */
function notNoted(route: string): Error {
  return new Error(
    `${route} declares reads.records but its service noted no one: call noteRecordsRead with the employees it read (or none)`,
  )
}

const INSPECTED: ReadonlySet<string> = new Set(INSPECTOR_SCOPES)

/**
 * Why a route may not be declared as it is, or null: one an inspector key's scopes reach must say
 * what it reads, since every request of such a key is logged with whose records it read.
 */
export function undeclaredInspectorRead(route: Pick<RouteOptions, 'method' | 'url' | 'config'>): string | null {
  const scope = route.config?.scope
  if (scope === undefined || !INSPECTED.has(scope) || route.config?.reads) return null
  return `${[route.method].flat().join(',')} ${route.url} is reached by an inspector key's scope ${scope} but declares no reads (http/read-pipeline.ts)`
}

function isStream(payload: unknown): payload is Readable {
  return payload instanceof Readable
}

/**
 * Adds the pipeline's steps to the routes declared after it, and writes the access log before each
 * answer leaves. Register it before any hook that turns an answer into a stream (compression), so
 * that a JSON answer that cannot be logged can still become a 503.
 */
export function registerReadPipeline(app: FastifyInstance, options: ReadPipelineOptions): void {
  const { settlements, appendAccessEntry } = options
  app.decorateRequest('accessLogSettled', false)

  app.addHook('onRoute', (route: RouteOptions) => {
    const undeclared = undeclaredInspectorRead(route)
    if (undeclared) throw new Error(undeclared)
    const reads = route.config?.reads
    if (!reads) return
    if ([route.method].flat().some((method) => WRITE_METHODS.has(method)))
      throw new Error(`${route.url} declares reads, but it writes: the read pipeline is for reads`)
    const preHandler = async (request: FastifyRequest) => {
      const scope = request.scope
      // A request refused before its scope was built never reaches the handler.
      if (!scope) return
      if (reads.settles) await settlements[reads.settles](scope)
      const placed = reads.replica ? await replicaScopeOf(scope) : scope
      request.scope = reads.records ? { ...placed, recordsRead: new RecordsRead() } : placed
    }
    const existing = route.preHandler
    route.preHandler = existing === undefined ? [preHandler] : [existing, preHandler].flat()
  })

  /** The entry of the answer as it stands; a refused request read no one's records. */
  function entryOf(request: FastifyRequest, reply: FastifyReply, auth: AuthContext): AccessLogEntry {
    const unit = unitOfRequest(request)
    return {
      auth,
      method: request.method,
      route: request.routeOptions.url ?? request.url.split('?')[0]!,
      status: reply.statusCode,
      at: new Date(unit.now).toISOString(),
      userIds: reply.statusCode < 400 ? (request.scope?.recordsRead?.userIds() ?? []) : [],
    }
  }

  /**
   * A streamed answer whose last chunk waits for `beforeEnd`: the records it names are known only
   * once it has read them all. If `beforeEnd` fails, the stream fails and the answer is cut off.
   */
  function heldToTheEnd(source: Readable, beforeEnd: () => Promise<void>): Readable {
    async function* held() {
      let last: unknown
      let started = false
      for await (const chunk of source) {
        if (started) yield last
        last = chunk
        started = true
      }
      await beforeEnd()
      if (started) yield last
    }
    return Readable.from(held(), { objectMode: false })
  }

  app.addHook('onSend', (request, reply, payload, done) => {
    // The error answer that replaced one the pipeline refused passes through again: let it go.
    if (request.accessLogSettled) return done(null, payload)
    const reads = request.routeOptions.config?.reads
    const ledger = request.scope?.recordsRead
    const auth = request.auth ?? null
    const logged = auth !== null && isAccessLogged(auth, reads?.companyWide === true)
    const mustHaveNoted = ledger !== undefined && reply.statusCode < 400
    const route = request.routeOptions.url ?? request.url
    if (!logged && !mustHaveNoted) return done(null, payload)

    const write = async () => {
      if (mustHaveNoted && !ledger.wasNoted) throw notNoted(route)
      if (!logged) return
      await appendAccessEntry(unitOfRequest(request), entryOf(request, reply, auth)).catch((error: unknown) => {
        request.log.error({ err: error }, 'access log entry could not be written')
        throw accessLogUnavailable()
      })
    }

    if (isStream(payload)) {
      request.accessLogSettled = true
      const stream = heldToTheEnd(payload, write)
      stream.once('error', (error) => request.log.error({ err: error }, 'streamed answer cut off'))
      return done(null, stream)
    }
    write().then(
      () => {
        request.accessLogSettled = true
        done(null, payload)
      },
      (error: Error) => {
        // The error answer that follows is logged as refused (when the log can be written): the
        // records read for the refused answer were not given out.
        request.accessLogSettled = error instanceof AppError
        done(error)
      },
    )
  })
}
