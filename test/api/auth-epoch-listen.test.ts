/**
 * The authentication epoch kept in memory on PostgreSQL (db/auth-epoch-watch,
 * modules/keys/key-lookups): an authenticated read costs one statement, its own; a change made by
 * another process (another instance, the command line, psql) reaches the next request through
 * `LISTEN/NOTIFY`, one made by this process through its own commit; and while the listening
 * connection is gone the epoch is read per request until it listens again. On SQLite the same
 * requests are checked against the same changes, made by another connection to the file.
 */
import assert from 'node:assert/strict'
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import { setTimeout as sleep } from 'node:timers/promises'
import { after, before, it } from 'node:test'
import { fileURLToPath } from 'node:url'
import { sql } from 'kysely'
import pg from 'pg'
import { AuthEpochWatch, mayMoveEpoch } from '../../src/db/auth-epoch-watch.js'
import { type DatabaseHandle, openDatabase } from '../../src/db/database.js'
import { FailoverPool } from '../../src/db/failover-pool.js'
import { parsePostgresUrl } from '../../src/db/postgres-hosts.js'
import { createKey, revokeKey } from '../../src/modules/keys/keys.service.js'
import { eventually, exited } from '../helpers/eventually.js'
import { type Client, PG_URL, type TestContext, expectError, forEachEngine } from '../helpers/harness.js'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))

/**
 * A process of its own that runs statements when told, as another instance or `psql` would:
 * nothing of this process sees them being sent or committed. It connects first, so that a
 * statement is committed a moment after it is asked for. On SQLite, better-sqlite3 on the same file.
 */
class AnotherProcess {
  readonly #child: ChildProcessWithoutNullStreams
  readonly #lines: AsyncIterator<string>

  constructor(t: TestContext) {
    const script =
      t.engine === 'postgres'
        ? `import pg from 'pg'
           import { createInterface } from 'node:readline'
           const client = new pg.Client({ connectionString: process.env.TARGET, options: '-c search_path=' + process.env.SCHEMA })
           await client.connect()
           console.log('ready')
           for await (const line of createInterface({ input: process.stdin })) {
             const { statement, parameters } = JSON.parse(line)
             await client.query(statement, parameters)
             console.log('done')
           }
           await client.end()`
        : `import SQLite from 'better-sqlite3'
           import { createInterface } from 'node:readline'
           const db = new SQLite(process.env.TARGET)
           db.pragma('busy_timeout = 5000')
           console.log('ready')
           for await (const line of createInterface({ input: process.stdin })) {
             const { statement, parameters } = JSON.parse(line)
             db.prepare(statement.replace(/\\$\\d+/g, '?')).run(...parameters)
             console.log('done')
           }
           db.close()`
    this.#child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      cwd: ROOT,
      env: {
        ...process.env,
        TARGET: t.engine === 'postgres' ? PG_URL! : t.database.location.slice('sqlite:'.length),
        SCHEMA: t.database.schema ?? '',
      },
    })
    this.#child.stderr.pipe(process.stderr)
    this.#lines = createInterface({ input: this.#child.stdout })[Symbol.asyncIterator]()
  }

  async #next(expected: string): Promise<void> {
    const { value } = await this.#lines.next()
    assert.equal(value, expected)
  }

  ready(): Promise<void> {
    return this.#next('ready')
  }

  /**
   * Runs `statement` over there and returns once it has been committed and, on PostgreSQL, its
   * notification has reached `watch`: the guarantee across processes is the next request after
   * the notification's delivery (usually a millisecond or so after the commit; nothing orders it
   * before the writer's own answer). SQLite has nothing to wait for: its commit mark is in the file.
   */
  async run(statement: string, parameters: unknown[], watch: AuthEpochWatch | undefined): Promise<void> {
    const token = watch?.token()
    this.#child.stdin.write(`${JSON.stringify({ statement, parameters })}\n`)
    await this.#next('done')
    if (watch) await eventually('the notification', async () => !watch.unchangedSince(token), Boolean, 10_000)
  }

  async end(): Promise<void> {
    this.#child.stdin.end()
    await exited(this.#child)
  }
}

/**
 * Counts the statements the app's connections send while `body` runs (not those of the listening
 * connection, whose periodic check is not a request's).
 */
async function statementsDuring(t: TestContext, body: () => Promise<unknown>): Promise<string[]> {
  const sent: string[] = []
  const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown }
  const original = prototype.query
  const listener = t.database.db.authEpochWatch?.backendPid ?? null
  prototype.query = function (this: { processID?: number }, ...args: unknown[]) {
    if (this.processID !== listener) {
      const first = args[0]
      sent.push(typeof first === 'string' ? first : String((first as { text?: string }).text))
    }
    return original.apply(this, args)
  }
  try {
    await body()
  } finally {
    prototype.query = original
  }
  return sent
}

forEachEngine('the authentication epoch kept in memory', (t) => {
  let other: AnotherProcess
  before(async () => {
    other = new AnotherProcess(t)
    await other.ready()
  })
  after(async () => other?.end())

  async function keptKey(tenantId: string, userId: string, scopes = ['users.get', 'users.list']) {
    const created = await createKey({ db: t.database.db, now: Date.now() }, { tenantId, actsAsUserId: userId, scopes })
    const client = t.client(created.apiKey)
    // Used once (its lookup is kept, its last use written), then once more with nothing pending.
    assert.equal((await client.get('/api/v1/me')).status, 200)
    assert.equal((await client.get('/api/v1/me')).status, 200)
    return { ...created, client }
  }

  const watch = () => t.database.db.authEpochWatch

  async function listening(): Promise<void> {
    const watch = t.database.db.authEpochWatch
    if (watch) await eventually('the epoch to be listened for', async () => watch.listening, Boolean, 10_000)
  }

  /**
   * Lets the epoch be read by `client`'s next request and trusted afterwards: a change made next
   * can only reach the request after it by being heard (on SQLite, by the file's commit mark),
   * not by the once-a-second reading.
   */
  async function epochJustRead(client: Client): Promise<void> {
    await listening()
    await sleep(1100)
    assert.equal((await client.get('/api/v1/me')).status, 200)
  }

  it('an authenticated read is one statement on PostgreSQL: the epoch is not read', {
    skip: t.engine !== 'postgres' && 'PostgreSQL only: SQLite reads its commit mark, no statement',
  }, async () => {
    const tenant = await t.newTenant()
    const { client } = await keptKey(tenant.id, tenant.adminId)
    await listening()
    // The first request after listening began reads the epoch once; the next ones do not.
    assert.equal((await client.get(`/api/v1/users/${tenant.adminId}`)).status, 200)
    for (let i = 0; i < 5; i++) {
      const sent = await statementsDuring(t, async () => {
        const res = await client.get(`/api/v1/users/${tenant.adminId}`)
        assert.equal(res.status, 200)
      })
      assert.equal(sent.length, 1, `one statement, the user's read: ${JSON.stringify(sent)}`)
      assert.doesNotMatch(sent[0]!, /auth_epoch/)
    }
  })

  it('a key revoked through another connection of this process is refused at the very next request', async () => {
    const tenant = await t.newTenant()
    const { client, key } = await keptKey(tenant.id, tenant.adminId)
    const second =
      t.engine === 'sqlite'
        ? await openDatabase(t.database.location)
        : await openDatabase(PG_URL!, { pgSchema: t.database.schema! })
    try {
      await epochJustRead(client)
      // Its commit is seen as it is answered: no notification is waited for.
      await revokeKey({ db: second.db, now: Date.now() }, key.id)
      expectError(await client.get('/api/v1/me'), 401, 'unauthenticated')
    } finally {
      await second.destroy()
    }
  })

  it('a key revoked by another process is refused at the next request once the change is heard', async () => {
    const tenant = await t.newTenant()
    const { client, key } = await keptKey(tenant.id, tenant.adminId)
    await epochJustRead(client)
    await other.run('update api_keys set revoked_at = $1 where id = $2', [new Date().toISOString(), key.id], watch())
    expectError(await client.get('/api/v1/me'), 401, 'unauthenticated')
  })

  it('a user disabled by another process cannot act at the next request once the change is heard', async () => {
    const tenant = await t.newTenant()
    const user = await tenant.createUser()
    const { client } = await keptKey(tenant.id, user.id)
    await epochJustRead(client)
    await other.run(`update users set status = 'disabled' where id = $1`, [user.id], watch())
    expectError(await client.get('/api/v1/me'), 401, 'unauthenticated')
  })

  it('a representative flag removed by another process applies at the next request once the change is heard', async () => {
    const tenant = await t.newTenant({ timezone: 'UTC' })
    const person = await tenant.createUser({ hire_date: '2026-01-01' })
    await tenant.createUser({ hire_date: '2026-01-01' })
    assert.equal((await tenant.admin.patch(`/api/v1/users/${person.id}`, { representative: true })).status, 200)
    const { client } = await keptKey(tenant.id, person.id, ['attendance-reports.company', 'users.get'])
    const rows = async () => {
      const res = await client.get('/api/v1/attendance/reports/company?month=2026-10')
      assert.equal(res.status, 200, JSON.stringify(res.body))
      return res.body.data.employees.length
    }
    assert.equal(await rows(), 3)
    await epochJustRead(client)
    await other.run(
      'update users set representative = $1 where id = $2',
      [t.engine === 'postgres' ? false : 0, person.id],
      watch(),
    )
    assert.equal(await rows(), 1)
  })

  it('the listening connection terminated: the epoch is read per request meanwhile, then listened for again', {
    skip: t.engine !== 'postgres' && 'PostgreSQL only: SQLite has no listening connection',
  }, async () => {
    const watch = t.database.db.authEpochWatch!
    const tenant = await t.newTenant()
    const first = await keptKey(tenant.id, tenant.adminId)
    const second = await keptKey(tenant.id, tenant.adminId)
    await listening()
    const pid = watch.backendPid!
    const admin = new pg.Client({ connectionString: PG_URL!, options: `-c search_path=${t.database.schema}` })
    await admin.connect()
    try {
      await admin.query('select pg_terminate_backend($1)', [pid])
      await eventually('the watch to notice', async () => watch.backendPid !== pid, Boolean, 10_000)
      // Changed by a connection this process does not watch, at once: refused whether the watch
      // is still down (the epoch is read) or listening again (it read the epoch on coming back).
      await admin.query('update api_keys set revoked_at = $1 where id = $2', [new Date().toISOString(), first.key.id])
      expectError(await first.client.get('/api/v1/me'), 401, 'unauthenticated')

      await eventually(
        'a new listening connection',
        async () => watch.listening && watch.backendPid !== pid,
        Boolean,
        10_000,
      )
      await admin.query('update api_keys set revoked_at = $1 where id = $2', [new Date().toISOString(), second.key.id])
      expectError(await second.client.get('/api/v1/me'), 401, 'unauthenticated')
      // And reads are one statement again.
      const { client } = await keptKey(tenant.id, tenant.adminId)
      assert.equal((await client.get(`/api/v1/users/${tenant.adminId}`)).status, 200)
      const sent = await statementsDuring(t, () => client.get(`/api/v1/users/${tenant.adminId}`))
      assert.equal(sent.length, 1, JSON.stringify(sent))
    } finally {
      await admin.end()
    }
  })
})

forEachEngine('the listening connection itself', (t) => {
  let other: DatabaseHandle | undefined
  before(async () => {
    if (t.engine === 'postgres') other = await openDatabase(PG_URL!, { pgSchema: t.database.schema! })
  })
  after(async () => other?.destroy())

  it('trusts nothing while it cannot listen, and listens again once the database lets it', {
    skip: t.engine !== 'postgres' && 'PostgreSQL only',
  }, async () => {
    const target = parsePostgresUrl(PG_URL!)
    const pool = new FailoverPool(target, { max: 1, options: `-c search_path=${t.database.schema}` })
    let refuse = false
    const watch = new AuthEpochWatch({
      maxRetryMs: 100,
      async connect() {
        if (refuse) throw new Error('connection refused (test)')
        const connection = await pool.connect()
        return { client: connection.client, release: (destroy) => connection.release(destroy) }
      },
    })
    try {
      assert.equal(watch.token(), undefined, 'not listening yet: read the epoch')
      await eventually('listening', async () => watch.listening, Boolean, 10_000)
      const token = watch.token()
      assert.notEqual(token, undefined)
      assert.ok(watch.unchangedSince(token))

      // A change committed elsewhere is heard.
      const tenant = await t.newTenant()
      await other!.db.updateTable('tenants').set({ name: 'Renamed' }).where('id', '=', tenant.id).execute()
      await eventually('the notification', async () => !watch.unchangedSince(token), Boolean, 10_000)

      // Its connection terminated, and new ones refused for a while: nothing is trusted.
      refuse = true
      const pid = watch.backendPid!
      await sql`select pg_terminate_backend(${pid})`.execute(other!.db)
      await eventually('the loss to be noticed', async () => !watch.listening, Boolean, 10_000)
      assert.equal(watch.token(), undefined)
      await new Promise((resolve) => setTimeout(resolve, 300))
      assert.equal(watch.token(), undefined, 'still down while connecting fails')

      refuse = false
      await eventually('listening again', async () => watch.listening, Boolean, 10_000)
      assert.notEqual(watch.backendPid, pid)
      assert.notEqual(watch.token(), undefined)
    } finally {
      await watch.stop()
      await pool.end()
    }
  })
})

it('the statements that count as this process changing what authenticates a request', () => {
  // Pure: which statements count as changes of what authenticates a request.
  assert.ok(mayMoveEpoch('update "api_keys" set "revoked_at" = $1 where "id" = $2'))
  assert.ok(mayMoveEpoch('update "users" set "status" = $1, "updated_at" = $2 where "id" = $3'))
  assert.ok(mayMoveEpoch('delete from "sessions" where "id" = $1'))
  assert.ok(mayMoveEpoch(`update tenants set name = 'x'`))
  assert.ok(mayMoveEpoch('update "sessions" set "ended_at" = $1, "last_seen_at" = $2 where "id" = $3'))
  assert.ok(!mayMoveEpoch('update "sessions" set "last_seen_at" = $1 where "id" = $2'))
  assert.ok(!mayMoveEpoch('update "api_keys" set "last_used_at" = $1 where "tenant_id" = $2 and "id" = $3'))
  assert.ok(!mayMoveEpoch('update "punch_chain_heads" set "seq" = $1'))
  assert.ok(!mayMoveEpoch('select * from "users" where "id" = $1'))
  assert.ok(!mayMoveEpoch('insert into "users" ("id") values ($1)'))
})
