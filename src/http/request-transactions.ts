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
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import { type RequestTransaction, beginRequestTransaction } from '../db/request-transaction.js'

declare module 'fastify' {
  interface FastifyRequest {
    /** The write's transaction, open from preHandler until its answer is sent. */
    transaction: RequestTransaction | null
    /** Set once the write committed, or rolled back and its steps ran after it. */
    writeSettled: boolean
  }
}

export interface WriteStep {
  /** Resolves true when it answered the request itself (the write then does not run). */
  beforeBegin?(request: FastifyRequest, reply: FastifyReply): Promise<boolean>
  beforeCommit?(request: FastifyRequest, reply: FastifyReply, payload: string): Promise<void>
  afterRollback?(request: FastifyRequest, reply: FastifyReply, payload: string): Promise<void>
}

const WRITE_METHODS = new Set(['POST', 'PATCH', 'PUT', 'DELETE'])

/** A write made with a key: what runs in a request transaction (and is audited, and may be idempotent). */
export function isKeyWrite(request: FastifyRequest): boolean {
  return WRITE_METHODS.has(request.method) && request.auth !== null && request.routeOptions.config.scope !== undefined
}

export interface RequestTransactionOptions {
  steps: readonly WriteStep[]
  /** Test seam: runs right after the commit, before the answer leaves (a crash at the worst moment). */
  afterCommit?: (request: FastifyRequest) => void
}

export function registerRequestTransactions(app: FastifyInstance, db: Kysely<any>, options: RequestTransactionOptions): void {
  const { steps, afterCommit } = options
  app.decorateRequest('transaction', null)
  app.decorateRequest('writeSettled', false)

  app.addHook('preHandler', async (request, reply) => {
    if (!isKeyWrite(request)) return
    for (const step of steps) {
      if (await step.beforeBegin?.(request, reply)) return reply
    }
    request.transaction = await beginRequestTransaction(db)
  })
  // Callback style, so that the handler runs inside the transaction's async context.
  app.addHook('preHandler', (request, _reply, done) => {
    if (request.transaction) request.transaction.run(done)
    else done()
  })

  app.addHook('onSend', async (request, reply, payload) => {
    const transaction = request.transaction
    if (!transaction || request.writeSettled) return payload
    if (transaction.isOpen && reply.statusCode < 400) {
      try {
        await transaction.run(async () => {
          for (const step of steps) await step.beforeCommit?.(request, reply, typeof payload === 'string' ? payload : '')
        })
        await transaction.commit()
      } catch (error) {
        // The error answer that follows comes back through here and settles the write.
        await transaction.rollback()
        throw error
      }
      request.writeSettled = true
      afterCommit?.(request)
      return payload
    }
    await transaction.rollback()
    request.writeSettled = true
    for (const step of steps) await step.afterRollback?.(request, reply, typeof payload === 'string' ? payload : '')
    return payload
  })

  // A write whose answer never reached onSend (the connection dropped first) gives its connection back.
  app.addHook('onResponse', async (request) => {
    if (request.transaction?.isOpen) await request.transaction.rollback()
  })
}
