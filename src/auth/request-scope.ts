/**
 * The unit of work of one request, as a value: where its queries run, who is calling and at what
 * moment. The edge builds it once per request (http/request-scope.ts) from whichever credential
 * the caller presented; services take it as their first argument instead of a database handle,
 * an AuthContext and a clock reading. For a write, `db` is the request's transaction: the change,
 * its audit entry, its events and its kept Idempotency-Key answer commit together.
 *
 * Outside a request (the command line, background work, tests) a scope is built with `scopeOf`.
 */
import type { ReplicaReads } from '../db/read-replica.js'
import type { Db, Unit } from '../db/unit-of-work.js'
import type { AuthContext } from './context.js'

export interface RequestScope extends Unit {
  /** Who is calling: the key's, the session's or the kiosk employee's caller. */
  readonly auth: AuthContext
  /**
   * A read request's way to the read replica (docs/decisions/0021-failover-and-read-replicas.md,
   * `DATABASE_READ_URL`); absent without one, and in a write's transaction, whose reads are the
   * primary's.
   */
  readonly replica?: ReplicaReads
  /**
   * On a read the read pipeline moved to the replica (http/read-pipeline.ts): the primary, for
   * what must be judged or written there first (who may be read, a record key made on first use).
   */
  readonly primary?: Db
  /**
   * On a route that declares it reads people's records (http/read-pipeline.ts): whose records the
   * request read, as its service notes them with `noteRecordsRead`.
   */
  readonly recordsRead?: RecordsRead
}

/**
 * Whose records one request read (docs/decisions/0025-request-phases-and-module-ownership.md):
 * only the service knows, so it notes them here; the read pipeline writes them to the access log
 * before the answer leaves, and treats a successful read that noted nothing, not even "no one",
 * as a service that forgot.
 */
export class RecordsRead {
  private readonly ids = new Set<string>()
  private noted = false

  note(userIds: Iterable<string>): void {
    this.noted = true
    for (const id of userIds) this.ids.add(id)
  }

  /** Whether the service said whose records it read (possibly no one's). */
  get wasNoted(): boolean {
    return this.noted
  }

  /** The employees read, sorted: the access log entry's `user_ids`. */
  userIds(): string[] {
    return [...this.ids].sort()
  }
}

/**
 * Notes whose records the request read: the employees whose figures, punches or corrections the
 * answer gives out, an empty list when it gives out no one's. Outside a request (the command line)
 * and on routes that are not access-logged reads there is nothing to note into.
 */
export function noteRecordsRead(scope: RequestScope, userIds: Iterable<string>): void {
  scope.recordsRead?.note(userIds)
}

/**
 * The scope of a write's first phase, before its transaction begins
 * (docs/decisions/0025-request-phases-and-module-ownership.md): the database outside any
 * transaction. What is too slow or too far away to run while a write holds its locks (hashing a
 * password or PIN, asking a company's identity provider) takes this scope, so it cannot be called
 * with a write's scope: the compiler refuses. An architecture test keeps the rest out
 * (test/architecture/phases.test.ts).
 */
export interface PreparingScope extends RequestScope {
  readonly preparing: true
}

/** `unit` as a preparing scope: its `db` must not be a transaction. */
export function preparing(scope: RequestScope): PreparingScope {
  if (scope.db.isTransaction) throw new Error('a preparing scope is outside any transaction')
  return { ...scope, preparing: true }
}

/**
 * The scope a heavy read (a summary, a report, an export) runs in: on the read replica when it
 * has every write of the company this service made and lags less than allowed, else as given.
 * Only the read pipeline (http/read-pipeline.ts) calls it, for the routes that declare
 * `reads.replica`, after any settlement it declared wrote (`notedWrite`): the read then reads
 * what was written from the primary.
 */
export async function replicaScopeOf(scope: RequestScope): Promise<RequestScope> {
  const db = await scope.replica?.databaseFor(scope.auth.tenantId)
  return db ? { ...scope, db, primary: scope.db } : scope
}

/** The scope on the primary: as given, unless the read pipeline moved it to the replica. */
export function primaryScopeOf(scope: RequestScope): RequestScope {
  const { primary, ...onReplica } = scope
  return primary ? { ...onReplica, db: primary } : scope
}

/** The request wrote the company's data outside a write's transaction: its reads now wait for the replica to replay it. */
export async function notedWrite(scope: RequestScope): Promise<void> {
  await scope.replica?.noteWrite(scope.auth.tenantId)
}

/** A scope for work outside an HTTP request; `now` is the moment it stands for. */
export function scopeOf(db: Db, auth: AuthContext, now: number): RequestScope {
  return { db, auth, now }
}
