/**
 * Child process: the morning rush's baselines. The least code that does the durable work of a
 * clock-in, in one transaction, with nothing else: look up the session of the cookie (secret and
 * CSRF token checked by their SHA-256), touch it, read the employee's chain head, link the punch
 * to it with SHA-256, insert the punch, move the head. No framework, no sequence rules, no
 * validation, no events, no audit, no logs. And the bare read of one user row, as
 * serve-baseline.ts serves it, from the same process.
 *
 * Announces `{url}` to the benchmark (IPC) when listening.
 *
 * Usage: node --import tsx bench/serve-rush-baseline.ts <sqlite:FILE created by the app | postgres URL>
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import SQLite from 'better-sqlite3'
import pg from 'pg'
import { newId } from '../src/lib/ids.js'
import { parseSessionToken, sha256Hex } from '../src/lib/secrets.js'
import { PUNCH_HASH_VERSION, punchHash } from '../src/modules/attendance/punch-chain.js'
import { announceReady, exitWhenParentGoes } from './lib.js'

export interface RushBaselineReady {
  url: string
}

const databaseUrl = process.argv[2]
if (!databaseUrl) throw new Error('usage: serve-rush-baseline.ts <sqlite:FILE | postgres URL>')

interface SessionFound {
  tenant_id: string
  user_id: string
  secret_hash: string
  csrf_hash: string
}

interface Head {
  seq: number
  hash: string
}

/** What a punch row holds once linked. */
type Punch = Parameters<typeof punchHash>[0] & { hash: string }

const PUNCH_COLUMNS = [
  'id',
  'tenant_id',
  'user_id',
  'seq',
  'type',
  'ts',
  'modality',
  'source',
  'created_by',
  'kiosk_id',
  'correction_id',
  'hash_version',
  'created_at',
  'prev_hash',
  'hash',
] as const

function linkedPunch(session: SessionFound, type: string, head: Head | undefined, now: number): Punch {
  const at = new Date(now).toISOString()
  const unhashed = {
    id: newId('punch'),
    tenant_id: session.tenant_id,
    user_id: session.user_id,
    seq: Number(head?.seq ?? 0) + 1,
    type,
    ts: at,
    modality: 'onsite',
    source: 'clock',
    created_by: session.user_id,
    kiosk_id: null,
    correction_id: null,
    hash_version: PUNCH_HASH_VERSION,
    created_at: at,
    prev_hash: head?.hash ?? null,
  }
  return { ...unhashed, hash: punchHash(unhashed) }
}

/** The session of the cookie when its secret and the CSRF token match; null otherwise. */
function checked(found: SessionFound | undefined, secret: string, csrf: string): SessionFound | null {
  if (!found || sha256Hex(secret) !== found.secret_hash || sha256Hex(csrf) !== found.csrf_hash) return null
  return found
}

interface Store {
  clock(sessionId: string, secret: string, csrf: string, type: string): Promise<Punch | null> | Punch | null
  findUser(id: string): Promise<unknown> | unknown
  close(): Promise<void> | void
}

function sqliteStore(file: string): Store {
  const db = new SQLite(file, { fileMustExist: true })
  // As the service opens the file: a commit that returned is on disk.
  db.pragma('synchronous = FULL')
  db.pragma('busy_timeout = 5000')
  const findSession = db.prepare<[string], SessionFound>(
    'select tenant_id, user_id, secret_hash, csrf_hash from sessions where id = ? and ended_at is null',
  )
  const touch = db.prepare('update sessions set last_seen_at = ? where id = ?')
  const findHead = db.prepare<[string], Head>('select seq, hash from punch_chain_heads where user_id = ?')
  const insert = db.prepare(
    `insert into punches (${PUNCH_COLUMNS.join(', ')}) values (${PUNCH_COLUMNS.map(() => '?').join(', ')})`,
  )
  const moveHead = db.prepare(
    'insert into punch_chain_heads (user_id, tenant_id, seq, hash) values (?, ?, ?, ?) ' +
      'on conflict (user_id) do update set seq = excluded.seq, hash = excluded.hash',
  )
  const findUser = db.prepare('select * from users where id = ?')
  const clock = db.transaction((sessionId: string, secret: string, csrf: string, type: string): Punch | null => {
    const session = checked(findSession.get(sessionId), secret, csrf)
    if (!session) return null
    const now = Date.now()
    touch.run(new Date(now).toISOString(), sessionId)
    const punch = linkedPunch(session, type, findHead.get(session.user_id), now)
    insert.run(...PUNCH_COLUMNS.map((c) => punch[c]))
    moveHead.run(punch.user_id, punch.tenant_id, punch.seq, punch.hash)
    return punch
  })
  return {
    // BEGIN IMMEDIATE, as the service's transactions begin.
    clock: (sessionId, secret, csrf, type) => clock.immediate(sessionId, secret, csrf, type),
    findUser: (id) => findUser.get(id),
    close: () => {
      db.close()
    },
  }
}

function postgresStore(url: string): Store {
  // The service's pool size, and named statements: parsed and planned once per connection.
  const pool = new pg.Pool({ connectionString: url, max: 10 })
  const q = (client: pg.PoolClient, name: string, text: string, values: unknown[]) =>
    client.query({ name, text, values })
  return {
    clock: async (sessionId, secret, csrf, type) => {
      const client = await pool.connect()
      try {
        await client.query('begin')
        const session = checked(
          (
            await q(
              client,
              'rush_session',
              'select tenant_id, user_id, secret_hash, csrf_hash from sessions where id = $1 and ended_at is null',
              [sessionId],
            )
          ).rows[0] as SessionFound | undefined,
          secret,
          csrf,
        )
        if (!session) {
          await client.query('rollback')
          return null
        }
        const now = Date.now()
        await q(client, 'rush_touch', 'update sessions set last_seen_at = $1 where id = $2', [
          new Date(now).toISOString(),
          sessionId,
        ])
        // The head's row lock serialises two punches of one employee, as the service's lock does.
        const head = (
          await q(client, 'rush_head', 'select seq, hash from punch_chain_heads where user_id = $1 for update', [
            session.user_id,
          ])
        ).rows[0] as Head | undefined
        const punch = linkedPunch(session, type, head, now)
        await q(
          client,
          'rush_insert',
          `insert into punches (${PUNCH_COLUMNS.join(', ')}) values (${PUNCH_COLUMNS.map((_, i) => `$${i + 1}`).join(', ')})`,
          PUNCH_COLUMNS.map((c) => punch[c]),
        )
        await q(
          client,
          'rush_move_head',
          'insert into punch_chain_heads (user_id, tenant_id, seq, hash) values ($1, $2, $3, $4) ' +
            'on conflict (user_id) do update set seq = excluded.seq, hash = excluded.hash',
          [punch.user_id, punch.tenant_id, punch.seq, punch.hash],
        )
        await client.query('commit')
        return punch
      } catch (error) {
        await client.query('rollback').catch(() => undefined)
        throw error
      } finally {
        client.release()
      }
    },
    findUser: async (id) =>
      (await pool.query({ name: 'find_user', text: 'select * from users where id = $1', values: [id] })).rows[0],
    close: () => pool.end(),
  }
}

const store = databaseUrl.startsWith('sqlite:')
  ? sqliteStore(databaseUrl.slice('sqlite:'.length))
  : postgresStore(databaseUrl)

function json(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' })
  res.end(body)
}

function sessionCookie(req: IncomingMessage): string | undefined {
  return /(?:^|;\s*)jornada_session=([^;]+)/.exec(req.headers.cookie ?? '')?.[1]
}

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = req.url ?? ''
  if (req.method === 'GET' && url.startsWith('/users/')) {
    const row = await store.findUser(decodeURIComponent(url.slice('/users/'.length)))
    if (row === undefined) return json(res, 404, '{"error":{"code":"not_found"}}')
    return json(res, 200, JSON.stringify({ data: row }))
  }
  if (req.method === 'POST' && url === '/clock') {
    let body = ''
    for await (const chunk of req) body += chunk
    const type = (JSON.parse(body) as { type: string }).type
    const parsed = parseSessionToken(sessionCookie(req) ?? '')
    const csrf = req.headers['x-csrf-token']
    if (!parsed || typeof csrf !== 'string') return json(res, 401, '{"error":{"code":"unauthenticated"}}')
    const punch = await store.clock(parsed.sessionId, parsed.secret, csrf, type)
    if (!punch) return json(res, 401, '{"error":{"code":"unauthenticated"}}')
    const { id, user_id, ts, modality, source, created_by } = punch
    return json(res, 201, JSON.stringify({ data: { id, user_id, type, ts, modality, source, created_by } }))
  }
  json(res, 404, '{"error":{"code":"not_found"}}')
}

const server = createServer((req, res) => {
  handle(req, res).catch((error: unknown) => {
    console.error(error)
    if (!res.headersSent) json(res, 500, '{"error":{"code":"internal"}}')
  })
})

server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo
  exitWhenParentGoes(async () => {
    await new Promise<void>((resolve) => {
      server.close(() => resolve())
      server.closeAllConnections()
    })
    await store.close()
  })
  const ready: RushBaselineReady = { url: `http://127.0.0.1:${port}` }
  announceReady(ready)
})
