/**
 * What this process knows, without a query, about the authentication epoch on PostgreSQL
 * (migration 0013; docs/decisions/0015-operations-under-load.md): whether anything that could have
 * moved it happened since a moment. Two sources:
 *
 * - **This process's own writes.** Every statement sent through the service's pools is looked at:
 *   an `update` or `delete` of a table whose triggers move the epoch (api_keys, users, tenants,
 *   sessions) counts as in flight from the moment it is sent until its transaction's commit or
 *   rollback has been answered, and as a change once it has. While one is in flight the epoch is
 *   read on every request; the commit's answer, which comes before the writer's own response, marks
 *   the change. So a change made by this process is seen by every request that starts after its
 *   commit returned, with no notification involved.
 * - **Everyone else's**: one connection per database that `LISTEN`s on `jornada_auth_epoch`, which
 *   the trigger function notifies (migration 0033) in the committing transaction. A change made by
 *   another instance or the command line is seen once its notification has reached this process:
 *   PostgreSQL signals the listening session as the writer commits, so it normally arrives well
 *   before the writer's client can send its next request anywhere; nothing orders the two, though. While this connection is not listening (not yet
 *   connected, lost, or its periodic check unanswered) nothing is trusted: the epoch is read per
 *   request, as before, until it listens again.
 */
import type pg from 'pg'

/** The tables whose update or delete triggers move the epoch (migrations 0013, 0014, 0029). */
const AUTH_WRITE =
  /^\s*(?:update|delete\s+from)\s+"?(api_keys|users|tenants|sessions)"?\s+(?:as\s+\S+\s+)?(set\s[\s\S]*)?/i
/**
 * Columns written on their own many times an hour that no trigger watches: a key's and a
 * session's last use. An update that sets only these is not a change of what a lookup reads.
 */
const UNWATCHED_ALONE = new Set(['last_used_at', 'last_seen_at'])
const BEGIN = /^\s*(?:begin|start\s+transaction)\b/i
const END = /^\s*(?:commit|rollback|end|abort)\s*;?\s*$/i

/** Whether a statement may move the epoch: an update or delete of a watched table, not a mere touch. */
export function mayMoveEpoch(text: string): boolean {
  const match = AUTH_WRITE.exec(text)
  if (!match) return false
  const setList = match[2]
  if (!setList) return true
  const assigned = [...setList.split(/\s(?:where|returning|from)\s/i)[0]!.matchAll(/"?(\w+)"?\s*=/g)].map((m) => m[1]!)
  return assigned.length === 0 || assigned.some((column) => !UNWATCHED_ALONE.has(column))
}

/** This process's writes to the watched tables: how many are in flight, and a count of those that ended. */
class LocalAuthWrites {
  inFlight = 0
  ended = 0
}

/** One per process: a second pool in the same process (another database handle) is still this process. */
const local = new LocalAuthWrites()

/**
 * Follows the statements of one checked-out connection (one query, or one transaction from its
 * `begin` to its `commit`): call `sending` before each, `answered` once it has been answered or
 * has failed, `released` when the connection goes back.
 */
export class ConnectionWrites {
  #inTransaction = false
  #touched = false
  #ending = false

  sending(text: string): void {
    if (BEGIN.test(text)) this.#inTransaction = true
    else if (END.test(text)) this.#ending = true
    else if (!this.#touched && mayMoveEpoch(text)) {
      this.#touched = true
      local.inFlight += 1
    }
  }

  answered(): void {
    if (this.#ending || !this.#inTransaction) {
      this.#inTransaction = false
      this.#ending = false
      this.#end()
    }
  }

  released(): void {
    this.#inTransaction = false
    this.#ending = false
    this.#end()
  }

  #end(): void {
    if (!this.#touched) return
    this.#touched = false
    local.inFlight -= 1
    local.ended += 1
  }
}

/** The connection a watch listens on: a raw client, for its notifications, and how to give it back. */
export interface ListenConnection {
  client: pg.ClientBase
  release(destroy?: boolean): void
}

export interface AuthEpochWatchOptions {
  /** A fresh connection to the database that takes writes (notifications are not sent to standbys). */
  connect(): Promise<ListenConnection>
  /** How often the listening connection must answer a trivial query to be trusted (ms). */
  checkEveryMs?: number
  /** The longest wait between two attempts to listen again (ms). */
  maxRetryMs?: number
}

export const AUTH_EPOCH_CHANNEL = 'jornada_auth_epoch'

/**
 * The `LISTEN` of one database, started on first use and kept up. The trigger notifies with its
 * schema as the payload: several Jornada databases (schemas) may share one PostgreSQL database,
 * and channels do not know schemas.
 */
export class AuthEpochWatch {
  #heard = 0
  #listening = false
  #connection: ListenConnection | null = null
  #schema: string | null = null
  #started = false
  #stopped = false
  #retryMs = 0
  #retryTimer: NodeJS.Timeout | undefined
  #checkTimer: NodeJS.Timeout | undefined
  readonly #checkEveryMs: number
  readonly #maxRetryMs: number

  constructor(private readonly options: AuthEpochWatchOptions) {
    this.#checkEveryMs = options.checkEveryMs ?? 5000
    this.#maxRetryMs = options.maxRetryMs ?? 5000
  }

  /**
   * A token to take just before reading the epoch, or undefined when what is read cannot be
   * trusted past this request: not listening, or a write of this process in flight.
   */
  token(): number | undefined {
    this.#start()
    if (!this.#listening || local.inFlight > 0) return undefined
    return this.#heard + local.ended
  }

  /** Whether nothing that may have moved the epoch has happened since `token` was taken. */
  unchangedSince(token: number | undefined): boolean {
    return token !== undefined && this.token() === token
  }

  /** Whether the connection is listening now (for health and tests). */
  get listening(): boolean {
    return this.#listening
  }

  /** The server process of the listening connection, or null (for `pg_stat_activity` and tests). */
  get backendPid(): number | null {
    return this.#listening
      ? ((this.#connection?.client as { processID?: number } | undefined)?.processID ?? null)
      : null
  }

  #start(): void {
    if (this.#started || this.#stopped) return
    this.#started = true
    void this.#listen()
  }

  async #listen(): Promise<void> {
    let connection: ListenConnection
    try {
      connection = await this.#connectWithin(this.#checkEveryMs * 2)
    } catch {
      this.#retry()
      return
    }
    if (this.#stopped) {
      connection.release(true)
      return
    }
    this.#connection = connection
    const { client } = connection
    const lost = () => this.#lost(connection)
    client.on('error', lost)
    client.on('end', lost)
    client.on('notification', (message) => {
      if (message.channel === AUTH_EPOCH_CHANNEL && message.payload === this.#schema) this.#heard += 1
    })
    try {
      const { rows } = await client.query<{ schema: string }>('select current_schema() as schema')
      this.#schema = rows[0]!.schema
      await client.query(`listen ${AUTH_EPOCH_CHANNEL}`)
    } catch {
      this.#lost(connection)
      return
    }
    if (this.#connection !== connection) return
    // Listening from here on: a change committed after this point is notified, and the first
    // request reads the epoch (the token moved), which covers every change committed before.
    this.#heard += 1
    this.#listening = true
    this.#retryMs = 0
    this.#checkTimer = setInterval(() => this.#check(connection), this.#checkEveryMs)
    this.#checkTimer.unref()
  }

  /**
   * A connection, or a failure after `ms`: a host that swallows packets must not keep the watch
   * from trying again. A connection that comes too late is closed.
   */
  #connectWithin(ms: number): Promise<ListenConnection> {
    return new Promise((resolve, reject) => {
      let late = false
      const timer = setTimeout(() => {
        late = true
        reject(new Error('no connection in time'))
      }, ms)
      timer.unref()
      this.options.connect().then(
        (connection) => {
          clearTimeout(timer)
          if (late) connection.release(true)
          else resolve(connection)
        },
        (error) => {
          clearTimeout(timer)
          reject(error)
        },
      )
    })
  }

  /** A connection that stopped answering (a network that dropped it silently) is given up. */
  #check(connection: ListenConnection): void {
    let answered = false
    const timeout = setTimeout(() => {
      if (!answered) this.#lost(connection)
    }, this.#checkEveryMs)
    timeout.unref()
    connection.client.query('select 1').then(
      () => {
        answered = true
        clearTimeout(timeout)
      },
      () => this.#lost(connection),
    )
  }

  #lost(connection: ListenConnection): void {
    if (this.#connection !== connection) return
    this.#connection = null
    this.#listening = false
    this.#heard += 1
    clearInterval(this.#checkTimer)
    connection.client.removeAllListeners('notification')
    try {
      connection.release(true)
    } catch {
      // Already closed.
    }
    this.#retry()
  }

  #retry(): void {
    if (this.#stopped) return
    this.#retryMs = Math.min(this.#maxRetryMs, Math.max(100, this.#retryMs * 2))
    this.#retryTimer = setTimeout(() => void this.#listen(), this.#retryMs)
    this.#retryTimer.unref()
  }

  async stop(): Promise<void> {
    this.#stopped = true
    clearTimeout(this.#retryTimer)
    clearInterval(this.#checkTimer)
    const connection = this.#connection
    this.#connection = null
    this.#listening = false
    if (connection) {
      connection.client.removeAllListeners('notification')
      connection.release(true)
    }
  }
}
