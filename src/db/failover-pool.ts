/**
 * The PostgreSQL pool behind a multi-host DATABASE_URL
 * (docs/decisions/0021-failover-and-read-replicas.md): one node-postgres pool per host, and the
 * knowledge of which host takes writes. A new connection goes to the host that did last; with
 * `target_session_attrs=read-write` each new connection is asked `show transaction_read_only` first
 * and a read-only one (a standby, a demoted primary) is closed and the next host tried, in the
 * order given, as libpq does. A connection whose query fails because the server is gone or will not
 * write (db/errors isLostConnection: 25006, 57P01-57P03, class 08, socket errors) is closed, not
 * returned to the pool, and the whole pool of that host is replaced, so its other idle connections
 * are never handed out again. When no host answers as asked, connecting fails with 503
 * `database_unavailable`; the next request tries again, so the service recovers by itself once a
 * primary answers.
 */
import pg from 'pg'
import { type AppError, retryLater } from '../errors.js'
import { isLostConnection } from './errors.js'
import type { PostgresTarget } from './postgres-hosts.js'

/** What the service asks of a pooled connection: queries, and giving it back (closed when `destroy`). */
export interface PooledConnection {
  query: pg.PoolClient['query']
  release(destroy?: boolean): void
  /** The connection itself, for what a query cannot do: its notifications (db/auth-epoch-watch). */
  client: pg.PoolClient
}

/** Seconds a client is told to wait before retrying while no writable database answers. */
export const DATABASE_RETRY_AFTER_SECONDS = 2

export function databaseUnavailable(): AppError {
  return retryLater(
    'database_unavailable',
    'The database cannot take requests right now (it may be failing over to a standby); retry after Retry-After seconds, with the same Idempotency-Key for a write',
    DATABASE_RETRY_AFTER_SECONDS * 1000,
  )
}

export class FailoverPool {
  private readonly pools: pg.Pool[]
  /** The host that last took a connection as asked; null: find out, in order. */
  private current: number | null = null
  /** Connections already found writable (checked once, when new). */
  private readonly checked = new WeakSet<pg.PoolClient>()
  /** Connections with an 'error' listener: a server that goes away while one is checked out is an event on it. */
  private readonly listened = new WeakSet<pg.PoolClient>()
  private ended = false

  constructor(
    private readonly target: PostgresTarget,
    private readonly config: Omit<pg.PoolConfig, 'connectionString'>,
  ) {
    this.pools = target.hostUrls.map((url) => this.poolFor(url))
  }

  private poolFor(url: string): pg.Pool {
    const pool = new pg.Pool({
      ...this.config,
      connectionString: url,
      ...(this.target.connectTimeoutMs ? { connectionTimeoutMillis: this.target.connectTimeoutMs } : {}),
    })
    // A connection the server closes while it sits idle (a restart, a failover) is an 'error'
    // event of the pool, which would end the process if nobody listened; the pool drops it.
    pool.on('error', () => {})
    return pool
  }

  /** Host `index` lost its connections or stopped taking writes: a fresh pool, and find the primary again. */
  private lost(index: number): void {
    if (this.current === index) this.current = null
    const old = this.pools[index]!
    if (this.ended) return
    this.pools[index] = this.poolFor(this.target.hostUrls[index]!)
    old.end().catch(() => {})
  }

  private order(): number[] {
    const all = this.pools.map((_, i) => i)
    return this.current === null ? all : [this.current, ...all.filter((i) => i !== this.current)]
  }

  async connect(): Promise<PooledConnection> {
    for (const index of this.order()) {
      const pool = this.pools[index]!
      let client: pg.PoolClient
      try {
        client = await pool.connect()
      } catch (error) {
        if (isLostConnection(error)) this.lost(index)
        else throw error
        continue
      }
      if (!this.listened.has(client)) {
        this.listened.add(client)
        // Without a listener the event would end the process; the query under way fails by itself.
        client.on('error', () => this.lost(index))
      }
      if (this.target.targetSessionAttrs === 'read-write' && !this.checked.has(client)) {
        try {
          const { rows } = await client.query('show transaction_read_only')
          if (rows[0]?.transaction_read_only !== 'off') {
            client.release(true)
            if (this.current === index) this.current = null
            continue
          }
        } catch {
          client.release(true)
          this.lost(index)
          continue
        }
        this.checked.add(client)
      }
      this.current = index
      return this.watched(client, index)
    }
    throw databaseUnavailable()
  }

  /** The connection, closed instead of reused once a query finds the server gone or read-only. */
  private watched(client: pg.PoolClient, index: number): PooledConnection {
    let broken = false
    const query = (async (...args: Parameters<pg.PoolClient['query']>) => {
      try {
        return await (client.query as (...a: unknown[]) => Promise<unknown>)(...args)
      } catch (error) {
        if (isLostConnection(error) && !broken) {
          broken = true
          this.lost(index)
        }
        throw error
      }
    }) as unknown as pg.PoolClient['query']
    return {
      query,
      release: (destroy) => client.release(broken || destroy === true),
      client,
    }
  }

  stats() {
    return {
      max: this.config.max ?? 10,
      open: this.pools.reduce((n, p) => n + p.totalCount, 0),
      idle: this.pools.reduce((n, p) => n + p.idleCount, 0),
      waiting: this.pools.reduce((n, p) => n + p.waitingCount, 0),
    }
  }

  async end(): Promise<void> {
    this.ended = true
    await Promise.all(this.pools.map((p) => p.end().catch(() => {})))
  }
}
