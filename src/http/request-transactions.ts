/**
 * Every write through the API (POST, PATCH, PUT, DELETE of a key route) runs in one database
 * transaction, opened once the request passed authentication, rate limiting, scope and
 * validation, and committed once its answer is ready: the change itself, its audit entry, its
 * events and the answer kept for its Idempotency-Key commit together (see db/request-transaction).
 * An error answer rolls everything back, so a refused write leaves nothing behind.
 *
 * What else a write does is contributed by modules as steps, in the order given:
 * `beforeBegin` may answer the request itself (an idempotent replay), `beforeCommit` writes inside
 * the transaction once a successful answer is serialised, `afterRollback` runs after an error
 * answer, outside any transaction.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify'
import type { Kysely } from 'kysely'
import { type RequestTransaction, beginRequestTransaction } from '../db/request-transaction.js'

declare module 'fastify' {
  interface FastifyRequest {
    /** The write's transaction, open from preHandler until its answer is sent. */
    transaction: RequestTransaction | null
    /** Set once the write committed, or rolled back and its steps ran after it. */
    writeSettled: boolean
    /** The steps that ran before one refused the write ahead of its transaction: they settle as after a rollback. */
    stepsBeforeRefusal: readonly WriteStep[] | null
  }
}

export interface WriteStep {
  /** Resolves true when it answered the request itself (the write then does not run). */
  beforeBegin?(request: FastifyRequest, reply: FastifyReply): Promise<boolean>
  beforeCommit?(request: FastifyRequest, reply: FastifyReply, payload: string): Promise<void>
  afterRollback?(request: FastifyRequest, reply: FastifyReply, payload: string): Promise<void>
}

const WRITE_METHODS = new Set(['POST', 'PATCH', 'PUT', 'DELETE'])

/**
 * A write made with a key, or by a kiosk device on a kiosk endpoint: what runs in a request
 * transaction (and is audited, and may be idempotent).
 */
export function isApiWrite(request: FastifyRequest): boolean {
  if (!WRITE_METHODS.has(request.method)) return false
  const config = request.routeOptions.config
  return (request.auth !== null && config.scope !== undefined) || (request.kiosk !== null && config.access === 'kiosk')
}

type WriteRouteHooks = Pick<RouteOptions, 'preHandler' | 'preSerialization' | 'onSend'>

/**
 * Adds hooks to the routes that can write (POST, PATCH, PUT, DELETE) as they are declared: the
 * reads, most requests, never pass through them. The hooks still check isApiWrite, which depends
 * on the caller. Route hooks run after the application's, in the order they were added here.
 */
export function addWriteRouteHooks(app: FastifyInstance, hooks: WriteRouteHooks): void {
  app.addHook('onRoute', (route) => {
    if (![route.method].flat().some((method) => WRITE_METHODS.has(method))) return
    for (const [name, hook] of Object.entries(hooks) as [keyof WriteRouteHooks, unknown][]) {
      const existing = route[name]
      ;(route as unknown as Record<string, unknown>)[name] = existing === undefined ? [hook] : [existing, hook].flat()
    }
  })
}

export interface RequestTransactionOptions {
  steps: readonly WriteStep[]
  /** Test seam: runs right after the commit, before the answer leaves (a crash at the worst moment). */
  afterCommit?: (request: FastifyRequest) => void
}

/** Runs the steps' `afterRollback`, in order: a refused write lets go of what they took. */
async function afterRefusal(
  steps: readonly WriteStep[],
  request: FastifyRequest,
  reply: FastifyReply,
  payload: string,
): Promise<void> {
  for (const step of steps) await step.afterRollback?.(request, reply, payload)
}

export function registerRequestTransactions(
  app: FastifyInstance,
  db: Kysely<any>,
  options: RequestTransactionOptions,
): void {
  const { steps, afterCommit } = options
  app.decorateRequest('transaction', null)
  app.decorateRequest('writeSettled', false)
  app.decorateRequest('stepsBeforeRefusal', null)

  /** Runs the steps before the write; true when one answered the request, else the transaction is open. */
  async function begin(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    for (const [index, step] of steps.entries()) {
      try {
        if (await step.beforeBegin?.(request, reply)) return true
      } catch (error) {
        request.stepsBeforeRefusal = steps.slice(0, index)
        throw error
      }
    }
    request.transaction = await beginRequestTransaction(db)
    return false
  }

  /** Commits a successful write with its steps' records, or rolls back an error answer and runs the steps after it. */
  async function settle(
    transaction: RequestTransaction,
    request: FastifyRequest,
    reply: FastifyReply,
    payload: string,
  ): Promise<void> {
    if (transaction.isOpen && reply.statusCode < 400) {
      try {
        await transaction.run(async () => {
          for (const step of steps) await step.beforeCommit?.(request, reply, payload)
        })
        await transaction.commit()
      } catch (error) {
        // The error answer that follows comes back through onSend and settles the write.
        await transaction.rollback()
        throw error
      }
      request.writeSettled = true
      afterCommit?.(request)
      return
    }
    await transaction.rollback()
    request.writeSettled = true
    await afterRefusal(steps, request, reply, payload)
  }

  addWriteRouteHooks(app, {
    preHandler(request, reply, done) {
      if (!isApiWrite(request)) return done()
      begin(request, reply).then(
        // The handler is called from `done`, so it runs inside the transaction's async context. A
        // step that answered the request (a replay) ends it here: `done` is not called.
        (answered) => answered || request.transaction!.run(done),
        (error: Error) => done(error),
      )
    },
    onSend: settleOnSend,
  })

  // A write whose answer never reached onSend (the connection dropped first) gives its connection
  // back. For every route, and before the other answered-request hooks: one that queries (the
  // inspector access log) must not wait for a connection this transaction still holds.
  app.addHook('onResponse', (request, _reply, done) => {
    if (!request.transaction?.isOpen) return done()
    request.transaction.rollback().then(() => done(), done)
  })

  function settleOnSend(
    request: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
    done: (error: Error | null, payload?: unknown) => void,
  ): void {
    const transaction = request.transaction
    const refusedEarly = request.stepsBeforeRefusal
    if (refusedEarly && !request.writeSettled) {
      // A step refused the write before it began (a kiosk sign-in): the steps before it let go of
      // what they took (an Idempotency-Key's claim).
      request.writeSettled = true
      afterRefusal(refusedEarly, request, reply, typeof payload === 'string' ? payload : '').then(
        () => done(null, payload),
        (error: Error) => done(error),
      )
      return
    }
    if (!transaction || request.writeSettled) return done(null, payload)
    settle(transaction, request, reply, typeof payload === 'string' ? payload : '').then(
      () => done(null, payload),
      (error: Error) => done(error),
    )
  }
}
