/**
 * Multi-host PostgreSQL URLs as libpq reads them
 * (docs/decisions/0021-failover-and-read-replicas.md):
 * `postgres://user:pass@h1:5432,h2:5433/db?target_session_attrs=read-write&connect_timeout=5`.
 * node-postgres takes one host only (node-postgres#1470, #2308), so the URL is split here into one
 * single-host URL per host, in order, and the session attributes are kept for the pool
 * (db/failover-pool.ts), which tries the hosts as libpq does.
 *
 * Followed from libpq: hosts tried in the order given; a host without a port takes 5432;
 * `target_session_attrs` `any` (default) or `read-write` (a host in a read-only session, a standby
 * or a demoted primary, is passed over); `connect_timeout` in seconds, per host. Left out: the
 * other values of target_session_attrs (read-only, primary, standby, prefer-standby),
 * `load_balance_hosts`, a comma list in the `port` parameter, and Unix-socket hosts.
 */

export interface PostgresTarget {
  /** One URL per host, in the order given, without the parameters node-postgres does not know. */
  hostUrls: string[]
  /** The hosts as `host:port`, for logs and the health of each. */
  hosts: string[]
  targetSessionAttrs: 'any' | 'read-write'
  /** Per host; null: node-postgres's default (none). */
  connectTimeoutMs: number | null
}

const LIBPQ_ONLY = new Set(['target_session_attrs', 'connect_timeout', 'load_balance_hosts'])

export function parsePostgresUrl(url: string): PostgresTarget {
  const match = /^(postgres(?:ql)?:\/\/)([^@/?#]*@)?([^/?#]*)(\/[^?#]*)?(\?[^#]*)?$/.exec(url)
  if (!match) throw new Error('DATABASE_URL is not a postgres:// URL')
  const [, scheme, userinfo = '', hostList, path = '', search = ''] = match
  const params = new URLSearchParams(search)
  const attrs = params.get('target_session_attrs') ?? 'any'
  if (attrs !== 'any' && attrs !== 'read-write')
    throw new Error(`target_session_attrs=${attrs} is not supported: use read-write or any`)
  const timeout = params.get('connect_timeout')
  const seconds = timeout === null ? null : Number(timeout)
  if (seconds !== null && !(Number.isInteger(seconds) && seconds >= 0))
    throw new Error('connect_timeout must be a whole number of seconds')
  for (const name of LIBPQ_ONLY) params.delete(name)
  const rest = params.toString()
  const hosts = hostList!.split(',').map((part) => {
    const trimmed = part.trim()
    if (!trimmed) throw new Error('DATABASE_URL names an empty host')
    // [IPv6]:port, host:port, or a host alone.
    const withPort = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(trimmed)
    if (!withPort) throw new Error(`DATABASE_URL host ${trimmed} is not host[:port]`)
    return `${withPort[1]}:${withPort[2] ?? '5432'}`
  })
  return {
    hostUrls: hosts.map((host) => `${scheme}${userinfo}${host}${path}${rest ? `?${rest}` : ''}`),
    hosts,
    targetSessionAttrs: attrs,
    connectTimeoutMs: seconds === null || seconds === 0 ? null : seconds * 1000,
  }
}
