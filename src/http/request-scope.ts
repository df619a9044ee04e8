/**
 * Where a request becomes a unit of work: the one place a reader follows to see who is calling,
 * on which transaction and at what moment. In order:
 *
 * 1. onRequest: the request's moment is read from the application's clock; then http/auth.ts
 *    checks the API key (or a kiosk device's token), rate limit and scope, before the body is read.
 * 2. preHandler, once the body is valid (this file):
 *    a. a write's steps that run before it begins: its Idempotency-Key is claimed, or the answer
 *       kept under it is replayed and nothing else runs;
 *    b. the caller, by credential: an API key's acting user, known since onRequest; or, for a
 *       kiosk write, the employee who signs in at the device with a kiosk session or identifier
 *       and PIN (a wrong PIN must be counted although the write is refused, so this happens
 *       outside the write's transaction);
 *    c. a write's transaction begins;
 *    d. the scope: `{ db, auth, now }`, where `db` is the write's transaction, or the database
 *       for a read (whose route may declare its reads: then http/read-pipeline.ts settles, moves
 *       it to the read replica and logs it).
 * 3. onSend, once the answer is serialised: a successful write commits together with what its
 *    steps add (its audit entry, the answer kept for its Idempotency-Key), and the read replica is
 *    told the company wrote (docs/decisions/0021-failover-and-read-replicas.md); an error answer
 *    rolls everything back, and the steps let go of what they took (an Idempotency-Key's claim).
 *
 * Route handlers get the scope from `scopeOfRequest` and nothing else: they are given no database
 * handle, so a query that bypasses the request's unit of work does not compile.
 *
 * A write whose operation `prepares` (http/route.ts) runs in three phases instead
 * (docs/decisions/0025-request-phases-and-module-ownership.md): its transaction does not begin in
 * 2c. The handler first prepares on a `PreparingScope` outside any transaction (hashing a password,
 * asking an identity provider, reading what it needs), then `beginWrite` opens the transaction for
 * the writes alone; what must happen once they are kept runs in `afterCommit` (waking the mail
 * outbox). The steps of 2a and 3 are the same as for any write.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify'
import type { ControlledTransaction } from 'kysely'
import type { AuthContext } from '../auth/context.js'
import { type PreparingScope, type RequestScope, preparing } from '../auth/request-scope.js'
import type { Database } from '../db/schema.js'
import type { ServiceDatabase } from '../db/service-database.js'
import type { Unit } from '../db/unit-of-work.js'
import type { ReplicaReads } from '../db/read-replica.js'
import { isLostConnection } from '../db/errors.js'
import { AppError } from '../errors.js'

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's moment in epoch ms, read from the application's clock when it arrived. */
    now: number
    /**
     * The request's unit outside any transaction: the database and the request's moment. What
     * runs before a write begins or after it ends (an Idempotency-Key's claim, the inspector
     * access log) and a kiosk device's read, which has no caller, run on it.
     */
    unit: Unit | null
    /** The request's scope, built in preHandler once its caller is known. */
    scope: RequestScope | null
    /** The write's transaction, open from preHandler until its answer is sent. */
    transaction: ControlledTransaction<Database> | null
    /** Set once the write committed, or rolled back and its steps ran after it. */
    writeSettled: boolean
    /** The steps that ran before one refused the write ahead of its transaction: they settle as after a rollback. */
    stepsBeforeRefusal: readonly WriteStep[] | null
    /** A write that prepares first, until `beginWrite` opens its transaction. */
    preparing: boolean
    /** What runs once the write has committed (never after a rollback). */
    afterCommitTasks: (() => void)[] | null
  }
  interface FastifyContextConfig {
    /**
     * A write that prepares outside its transaction before it writes (its operation's `prepares`):
     * the transaction begins when the handler calls `beginWrite`.
     */
    prepares?: true
  }
}

/** What a module adds to every write through the API (idempotency, the audit log). */
export interface WriteStep {
  /** Before the write begins, outside its transaction. Resolves true when it answered the request itself. */
  beforeBegin?(request: FastifyRequest, reply: FastifyReply, unit: Unit): Promise<boolean>
  /** Inside the write's transaction, once its successful answer is serialised. */
  beforeCommit?(request: FastifyRequest, reply: FastifyReply, payload: string, scope: RequestScope): Promise<void>
  /** After an error answer rolled the write back, outside any transaction. */
  afterRollback?(request: FastifyRequest, reply: FastifyReply, payload: string, unit: Unit): Promise<void>
}

/** The credentials whose caller is known only once the body is valid. */
export interface BodyCredentials {
  /**
   * The employee signing in at a kiosk device for a kiosk write (modules/kiosks): refuses the
   * request when the credentials in the body do not sign anyone in.
   */
  kioskEmployee(request: FastifyRequest, unit: Unit): Promise<AuthContext>
}

export interface RequestScopeOptions {
  db: ServiceDatabase
  clock: () => number
  credentials: BodyCredentials
  /** Run in the order given: the Idempotency-Key is claimed first, the audit entry written last. */
  steps: readonly WriteStep[]
  /**
   * `DATABASE_READ_URL`'s replica: given to reads, told of every committed write
   * (docs/decisions/0021-failover-and-read-replicas.md).
   */
  replica?: ReplicaReads | null
  /** Test seam: runs right after the commit, before the answer leaves (a crash at the worst moment). */
  afterCommit?: (request: FastifyRequest) => void
}

const WRITE_METHODS = new Set(['POST', 'PATCH', 'PUT', 'DELETE'])

/**
 * A write made with a key or a session (a scoped operation, or one of the caller's own such as
 * signing out), or by a kiosk device on a kiosk endpoint: what runs in a request transaction (and
 * is audited, and may be idempotent). One that `prepares` opens it only at `beginWrite`.
 */
export function isApiWrite(request: FastifyRequest): boolean {
  if (!WRITE_METHODS.has(request.method)) return false
  const config = request.routeOptions.config
  return (
    (request.auth !== null && (config.scope !== undefined || config.ownWrite === true)) ||
    (request.kiosk !== null && config.access === 'kiosk')
  )
}

/** A route that needs a caller: every API route but the public ones. */
function needsCaller(route: RouteOptions): boolean {
  return route.config?.access !== 'public' && typeof route.url === 'string' && route.url.startsWith('/api/')
}

type WriteRouteHooks = Pick<RouteOptions, 'preHandler' | 'preSerialization' | 'onSend'>

/** Adds `hooks` to `route` after the hooks it already has. */
function appendHooks(route: RouteOptions, hooks: Partial<WriteRouteHooks>): void {
  for (const [name, hook] of Object.entries(hooks) as [keyof WriteRouteHooks, unknown][]) {
    const existing = route[name]
    ;(route as unknown as Record<string, unknown>)[name] = existing === undefined ? [hook] : [existing, hook].flat()
  }
}

function isWriteRoute(route: RouteOptions): boolean {
  return [route.method].flat().some((method) => WRITE_METHODS.has(method))
}

/**
 * Adds hooks to the routes that can write (POST, PATCH, PUT, DELETE) as they are declared: the
 * reads, most requests, never pass through them. The hooks still check isApiWrite, which depends
 * on the caller.
 */
export function addWriteRouteHooks(app: FastifyInstance, hooks: Partial<WriteRouteHooks>): void {
  app.addHook('onRoute', (route) => {
    if (isWriteRoute(route)) appendHooks(route, hooks)
  })
}

export function registerRequestScope(app: FastifyInstance, options: RequestScopeOptions): void {
  const { db, clock, credentials, steps, afterCommit } = options
  const replica = options.replica ?? null
  app.decorateRequest('now', 0)
  app.decorateRequest('unit', null)
  app.decorateRequest('scope', null)
  app.decorateRequest('transaction', null)
  app.decorateRequest('writeSettled', false)
  app.decorateRequest('stepsBeforeRefusal', null)
  app.decorateRequest('preparing', false)
  app.decorateRequest('afterCommitTasks', null)
  app.addHook('onRequest', (request, reply, done) => {
    request.now = clock()
    request.unit = { db, now: request.now }
    // The Date header tells the moment the request is judged at: the app reads the service's clock
    // from it to stamp a punch it must keep while offline (docs/decisions/0017-web-app.md).
    reply.header('Date', new Date(request.now).toUTCString())
    done()
  })

  /** The caller of a request, by the credential it presented (see 2b above). */
  async function callerOf(request: FastifyRequest, unit: Unit): Promise<AuthContext | null> {
    if (request.auth) return request.auth
    if (request.kiosk && request.routeOptions.config.access === 'kiosk' && isApiWrite(request))
      return credentials.kioskEmployee(request, unit)
    return null
  }

  /** Steps 2a to 2d; true when a step answered the request itself. */
  async function open(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    const unit = unitOfRequest(request)
    const write = isApiWrite(request)
    let ran = 0
    try {
      if (write) {
        for (const step of steps) {
          if (await step.beforeBegin?.(request, reply, unit)) return true
          ran += 1
        }
      }
      const auth = await callerOf(request, unit)
      // A kiosk device's read (GET /kiosk) has no caller: its handler takes the unit instead.
      if (!auth) return false
      if (write && request.routeOptions.config.prepares) {
        // The steps that ran settle as after a rollback if the write is refused before it begins.
        request.stepsBeforeRefusal = steps
        request.preparing = true
        request.scope = preparing({ db, auth, now: request.now })
        return false
      }
      if (write) request.transaction = await db.startTransaction().execute()
      request.scope = request.transaction
        ? { db: request.transaction, auth, now: request.now }
        : { db, auth, now: request.now, ...(replica ? { replica } : {}) }
      return false
    } catch (error) {
      if (write) request.stepsBeforeRefusal = steps.slice(0, ran)
      throw error
    }
  }

  app.addHook('onRoute', (route) => {
    if (!needsCaller(route)) return
    appendHooks(route, {
      preHandler(request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) {
        open(request, reply).then(
          // A step that answered the request (a replay) ends it here: `done` is not called.
          (answered) => answered || done(),
          (error: Error) => done(error),
        )
      },
    })
    if (isWriteRoute(route)) appendHooks(route, { onSend: settleOnSend })
  })

  /** Commits a successful write with its steps' records, or rolls back an error answer and runs the steps after it. */
  async function settle(
    transaction: ControlledTransaction<Database>,
    request: FastifyRequest,
    reply: FastifyReply,
    payload: string,
  ): Promise<void> {
    if (reply.statusCode < 400 && request.scope) {
      try {
        for (const step of steps) await step.beforeCommit?.(request, reply, payload, request.scope)
        await transaction.commit().execute()
      } catch (error) {
        // A failed commit leaves nothing to keep; the error answer that follows comes back
        // through onSend and runs the steps after a rollback.
        await transaction
          .rollback()
          .execute()
          .catch(() => undefined)
        throw error
      }
      request.writeSettled = true
      // Before the answer leaves: the caller's next read of the company must see this write.
      await replica?.noteWrite(request.scope.auth.tenantId)
      afterCommit?.(request)
      for (const task of request.afterCommitTasks ?? []) task()
      return
    }
    await rollbackIfOpen(transaction)
    request.writeSettled = true
    await afterRefusal(steps, request, reply, payload)
  }

  /**
   * Rolls back a transaction not ended yet. One whose connection the database dropped (a failover,
   * docs/decisions/0021-failover-and-read-replicas.md) ended with it: the server rolled it back,
   * there is nothing left to undo.
   */
  async function rollbackIfOpen(transaction: ControlledTransaction<Database>): Promise<void> {
    if (transaction.isCommitted || transaction.isRolledBack) return
    await transaction
      .rollback()
      .execute()
      .catch((error: unknown) => {
        if (!isLostConnection(error)) throw error
      })
  }

  /** Runs the steps' `afterRollback`, in order: a refused write lets go of what they took. */
  async function afterRefusal(
    ran: readonly WriteStep[],
    request: FastifyRequest,
    reply: FastifyReply,
    payload: string,
  ): Promise<void> {
    const unit = unitOfRequest(request)
    for (const step of ran)
      await step.afterRollback?.(request, reply, payload, unit).catch((error: unknown) => {
        // The database went away (docs/decisions/0021-failover-and-read-replicas.md): what the step
        // would let go of went with its server, or is found abandoned by the next request that
        // needs it.
        if (!isLostConnection(error) && !(error instanceof AppError && error.code === 'database_unavailable'))
          throw error
      })
  }

  function settleOnSend(
    request: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
    done: (error: Error | null, payload?: unknown) => void,
  ): void {
    const text = typeof payload === 'string' ? payload : ''
    const transaction = request.transaction
    if (request.preparing && !transaction && !request.writeSettled && reply.statusCode < 400) {
      // Prepared, and answered without writing anything itself: its steps' records (the audit
      // entry, the kept answer) still commit together.
      beginWrite(request).then(
        () => settleOnSend(request, reply, payload, done),
        (error: Error) => done(error),
      )
      return
    }
    const refusedEarly = transaction ? null : request.stepsBeforeRefusal
    if (refusedEarly && !request.writeSettled) {
      // Refused before it began (a wrong kiosk PIN): the steps before the refusal let go of what
      // they took (an Idempotency-Key's claim).
      request.writeSettled = true
      afterRefusal(refusedEarly, request, reply, text).then(
        () => done(null, payload),
        (error: Error) => done(error),
      )
      return
    }
    if (!transaction || request.writeSettled) {
      done(null, payload)
      return
    }
    settle(transaction, request, reply, text).then(
      () => done(null, payload),
      (error: Error) => done(error),
    )
  }

  // A write whose answer never reached onSend (the connection dropped first) gives its connection
  // back, for every route: on SQLite the next write waits for it.
  app.addHook('onResponse', (request, _reply, done) => {
    const transaction = request.transaction
    if (!transaction || transaction.isCommitted || transaction.isRolledBack) return done()
    transaction
      .rollback()
      .execute()
      .then(() => done(), done)
  })
}

/** The scope of a request whose caller the edge has authenticated. */
export function scopeOfRequest(request: FastifyRequest): RequestScope {
  if (!request.scope) throw new AppError('unauthenticated', 'Missing API key')
  return request.scope
}

/**
 * The scope of a write that prepares (its operation's `prepares`), before `beginWrite`: the
 * database outside any transaction, and the only scope that may hash, ask an outside service or
 * read at length for a write.
 */
export function preparingScopeOf(request: FastifyRequest): PreparingScope {
  const scope = request.scope
  if (!request.preparing || request.transaction || !scope || !('preparing' in scope))
    throw new Error('preparingScopeOf: only a write that prepares, before beginWrite')
  return scope as PreparingScope
}

/**
 * Opens a preparing write's transaction and answers its write scope: from here on the handler only
 * writes (docs/decisions/0025-request-phases-and-module-ownership.md). It commits, with the steps'
 * records, once the answer is serialised, as every write does.
 */
export async function beginWrite(request: FastifyRequest): Promise<RequestScope> {
  if (!request.preparing) throw new Error('beginWrite: the operation does not prepare (`prepares: true`)')
  const scope = request.scope
  if (!scope) throw new AppError('unauthenticated', 'Missing API key')
  if (request.transaction) return scope
  const transaction = await unitOfRequest(request).db.startTransaction().execute()
  request.transaction = transaction
  request.scope = { db: transaction, auth: scope.auth, now: scope.now }
  return request.scope
}

/**
 * Runs `task` once the request's write has committed, before its answer leaves; never when it is
 * rolled back. What must not happen for a write that is not kept goes here: waking the mail
 * outbox's dispatcher, for one.
 */
export function afterCommit(request: FastifyRequest, task: () => void): void {
  if (request.afterCommitTasks) request.afterCommitTasks.push(task)
  else request.afterCommitTasks = [task]
}

/** The request's unit outside any transaction (see FastifyRequest.unit). */
export function unitOfRequest(request: FastifyRequest): Unit {
  if (!request.unit) throw new Error('the request scope is not registered')
  return request.unit
}
