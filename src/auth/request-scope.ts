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
}

/**
 * The scope a heavy read (a summary, a report, an export) runs in: on the read replica when it
 * has every write of the company this service made and lags less than allowed, else as given. A
 * read that wrote first (overtime lots it proposed) calls it after `notedWrite`, so it reads what
 * it wrote from the primary.
 */
export async function replicaScopeOf(scope: RequestScope): Promise<RequestScope> {
  const db = await scope.replica?.databaseFor(scope.auth.tenantId)
  return db ? { db, auth: scope.auth, now: scope.now } : scope
}

/** The request wrote the company's data outside a write's transaction: its reads now wait for the replica to replay it. */
export async function notedWrite(scope: RequestScope): Promise<void> {
  await scope.replica?.noteWrite(scope.auth.tenantId)
}

/** A scope for work outside an HTTP request; `now` is the moment it stands for. */
export function scopeOf(db: Db, auth: AuthContext, now: number): RequestScope {
  return { db, auth, now }
}
