/**
 * The unit of work of one request, as a value: where its queries run, who is calling and at what
 * moment. The edge builds it once per request (http/request-scope.ts) from whichever credential
 * the caller presented; services take it as their first argument instead of a database handle,
 * an AuthContext and a clock reading. For a write, `db` is the request's transaction: the change,
 * its audit entry, its events and its kept Idempotency-Key answer commit together.
 *
 * Outside a request (the command line, background work, tests) a scope is built with `scopeOf`.
 */
import type { Db, Unit } from '../db/unit-of-work.js'
import type { AuthContext } from './context.js'

export interface RequestScope extends Unit {
  /** Who is calling: the key's, the session's or the kiosk employee's caller. */
  readonly auth: AuthContext
}

/** A scope for work outside an HTTP request; `now` is the moment it stands for. */
export function scopeOf(db: Db, auth: AuthContext, now: number): RequestScope {
  return { db, auth, now }
}
