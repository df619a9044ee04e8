/** Engine-neutral recognition of constraint violations, by driver error code (never by message). */
function codeOf(error: unknown): unknown {
  return typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined
}

export function isUniqueViolation(error: unknown): boolean {
  const code = codeOf(error)
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
}

/**
 * Whether the server cancelled the statement so that it can go on: a hot standby replaying a
 * change the query stands in the way of (a recovery conflict, 40001, or 40P01 when it would wait
 * for ever), or a deadlock on the primary (40P01). The same request, tried again, usually passes.
 */
export function isCancelledToGoOn(error: unknown): boolean {
  const code = codeOf(error)
  return code === '40001' || code === '40P01'
}

/** Node's socket errors that mean the server cannot be reached or the connection is gone. */
const SOCKET_ERRORS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'EAI_AGAIN',
])

/**
 * Whether an error means the database connection is lost or the server will not take writes, so
 * the connection must be dropped, not reused (docs/decisions/0021-failover-and-read-replicas.md):
 * 25006 read_only_sql_transaction (a demoted primary), 57P01-57P03 (shut down, crashed, cannot
 * connect now), class 08 (connection exceptions), socket errors, and pg's own "Connection
 * terminated" when the socket closed.
 */
export function isLostConnection(error: unknown): boolean {
  const code = codeOf(error)
  if (typeof code === 'string') {
    if (code === '25006' || code === '57P01' || code === '57P02' || code === '57P03') return true
    if (/^08[0-9A-Z]{3}$/.test(code) || SOCKET_ERRORS.has(code)) return true
  }
  const message = error instanceof Error ? error.message : ''
  return /^Connection terminated|^Client has encountered a connection error|^timeout exceeded when trying to connect|^Connection terminated due to connection timeout/.test(
    message,
  )
}
