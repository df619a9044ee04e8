/**
 * One transaction per write request. A write through the API changes its resource, appends its
 * audit entry and its events and keeps the response for its
 * Idempotency-Key: all of it must commit together or not at all (decisions 12), so that a crash can
 * never leave a write without its record or the reverse.
 *
 * The transaction is opened at the edge (http/request-transactions.ts) and joined by everything the
 * request does, without passing it down: while it is open, every query made on the database
 * handle in the request's async context runs on its connection, and a service's own
 * `db.transaction()` becomes a savepoint inside it (an error a service turns into a 409 then undoes
 * that service's work alone). Outside a request (the command line, background work) nothing
 * changes. The join happens in the Kysely driver, the one place every query passes through.
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import {
  CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely'

/** The request's connection as queries see it: releasing it is the request transaction's job. */
class JoinedConnection implements DatabaseConnection {
  /** Savepoints open on it, one per nested `db.transaction()`. */
  depth = 0

  constructor(readonly inner: DatabaseConnection) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return this.inner.executeQuery<R>(query)
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize)
  }

  run(statement: string): Promise<unknown> {
    return this.inner.executeQuery(CompiledQuery.raw(statement))
  }
}

const current = new AsyncLocalStorage<RequestTransaction>()

/** The transaction of one request. Committed or rolled back exactly once; later queries run outside it. */
export class RequestTransaction {
  #connection: JoinedConnection | null

  constructor(
    connection: DatabaseConnection,
    private readonly driver: Driver,
  ) {
    this.#connection = new JoinedConnection(connection)
  }

  get connection(): JoinedConnection | null {
    return this.#connection
  }

  get isOpen(): boolean {
    return this.#connection !== null
  }

  /** Runs `fn` (and everything it starts) inside this transaction. */
  run<T>(fn: () => T): T {
    return current.run(this, fn)
  }

  commit(): Promise<void> {
    return this.#end((connection) => this.driver.commitTransaction(connection))
  }

  rollback(): Promise<void> {
    return this.#end((connection) => this.driver.rollbackTransaction(connection))
  }

  async #end(finish: (connection: DatabaseConnection) => Promise<void>): Promise<void> {
    const joined = this.#connection
    if (!joined) return
    this.#connection = null
    try {
      await finish(joined.inner)
    } catch (error) {
      // A failed commit leaves nothing to keep: roll back so the connection goes back clean.
      await this.driver.rollbackTransaction(joined.inner).catch(() => undefined)
      throw error
    } finally {
      await this.driver.releaseConnection(joined.inner)
    }
  }
}

/** Wraps a dialect's driver so that queries join the request transaction of their async context. */
class JoiningDriver implements Driver {
  #initialised = false

  constructor(
    readonly inner: Driver,
    private readonly options: JoiningOptions,
  ) {}

  /**
   * SQLite: BEGIN IMMEDIATE takes the write lock when the transaction begins. Within one process
   * every transaction already runs alone on the single connection; another process writing the
   * same file (`jornada webhooks work`, a CLI import) is then waited for (busy_timeout) instead of
   * failing with SQLITE_BUSY when a deferred transaction that has read tries to write.
   */
  #beginOutermost(connection: DatabaseConnection, settings: TransactionSettings): Promise<unknown> {
    return this.options.beginImmediate
      ? connection.executeQuery(CompiledQuery.raw('begin immediate'))
      : this.inner.beginTransaction(connection, settings)
  }

  async init(): Promise<void> {
    await this.inner.init()
    this.#initialised = true
  }

  async begin(): Promise<RequestTransaction> {
    if (!this.#initialised)
      throw new Error('the database must be opened (migrated) before a request transaction begins')
    const connection = await this.inner.acquireConnection()
    try {
      await this.#beginOutermost(connection, {})
    } catch (error) {
      await this.inner.releaseConnection(connection)
      throw error
    }
    return new RequestTransaction(connection, this.inner)
  }

  acquireConnection(): Promise<DatabaseConnection> {
    const joined = current.getStore()?.connection
    return joined ? Promise.resolve(joined) : this.inner.acquireConnection()
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    if (!(connection instanceof JoinedConnection)) {
      await this.#beginOutermost(connection, settings)
      return
    }
    connection.depth++
    await connection.run(`savepoint request_${connection.depth}`)
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    if (!(connection instanceof JoinedConnection)) return this.inner.commitTransaction(connection)
    await connection.run(`release savepoint request_${connection.depth}`)
    connection.depth--
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (!(connection instanceof JoinedConnection)) return this.inner.rollbackTransaction(connection)
    await connection.run(`rollback to savepoint request_${connection.depth}`)
    await connection.run(`release savepoint request_${connection.depth}`)
    connection.depth--
  }

  savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    return this.inner.savepoint!(unwrap(connection), name, compile)
  }

  rollbackToSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ): Promise<void> {
    return this.inner.rollbackToSavepoint!(unwrap(connection), name, compile)
  }

  releaseSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ): Promise<void> {
    return this.inner.releaseSavepoint!(unwrap(connection), name, compile)
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    if (connection instanceof JoinedConnection) return
    await this.inner.releaseConnection(connection)
  }

  destroy(): Promise<void> {
    return this.inner.destroy()
  }
}

function unwrap(connection: DatabaseConnection): DatabaseConnection {
  return connection instanceof JoinedConnection ? connection.inner : connection
}

const driversOf = new WeakMap<Kysely<any>, JoiningDriver>()

/** A dialect whose queries join the request transaction; `register` ties it to its Kysely instance. */
export interface JoiningOptions {
  /** SQLite: begin outermost transactions with BEGIN IMMEDIATE. */
  beginImmediate?: boolean
}

export class JoiningDialect implements Dialect {
  #driver: JoiningDriver | null = null

  constructor(
    private readonly inner: Dialect,
    private readonly options: JoiningOptions = {},
  ) {}

  createDriver(): Driver {
    this.#driver = new JoiningDriver(this.inner.createDriver(), this.options)
    return this.#driver
  }

  createQueryCompiler(): QueryCompiler {
    return this.inner.createQueryCompiler()
  }

  createAdapter(): DialectAdapter {
    return this.inner.createAdapter()
  }

  createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return this.inner.createIntrospector(db)
  }

  register<K extends Kysely<any>>(db: K): K {
    if (!this.#driver) throw new Error('the dialect has no driver yet')
    driversOf.set(db, this.#driver)
    return db
  }
}

/** Opens a transaction for one request on `db`, which must have been opened with a JoiningDialect. */
export function beginRequestTransaction(db: Kysely<any>): Promise<RequestTransaction> {
  const driver = driversOf.get(db)
  if (!driver) throw new Error('this database handle cannot open request transactions')
  return driver.begin()
}
