/**
 * Child process: the baseline. The least code that does what `GET /api/v1/users/:id` does at its
 * core (one primary-key read, one JSON reply) with nothing else: no framework, no auth, no rate
 * limit, no validation, no joins, no mapping, no logs. The app's throughput is reported as a ratio
 * to the SQLite one, which makes the numbers comparable across machines.
 *
 * Announces `{url}` to the benchmark (IPC) when listening.
 *
 * Usage: node --import tsx bench/serve-baseline.ts <sqlite:FILE created by the app | postgres URL>
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import SQLite from 'better-sqlite3'
import pg from 'pg'
import { announceReady, exitWhenParentGoes } from './lib.js'

export interface BaselineReady {
  url: string
}

const databaseUrl = process.argv[2]
if (!databaseUrl) throw new Error('usage: serve-baseline.ts <sqlite:FILE | postgres URL>')

/** One user row by primary key, and how to let go of the database. */
interface UserReader {
  find(id: string): Promise<unknown> | unknown
  close(): Promise<void> | void
}

function sqliteReader(file: string): UserReader {
  // Read-only is enough and guarantees the baseline cannot disturb the app's data. The app put the
  // file in WAL mode, which is persistent, so readers here never block on its writer.
  const db = new SQLite(file, { readonly: true, fileMustExist: true })
  const journalMode = db.pragma('journal_mode', { simple: true })
  if (journalMode !== 'wal') throw new Error(`expected a WAL database, got journal_mode=${String(journalMode)}`)
  const findUser = db.prepare('select * from users where id = ?')
  return {
    find: (id) => findUser.get(id),
    close: () => {
      db.close()
    },
  }
}

function postgresReader(url: string): UserReader {
  // The app's pool size, and a named statement: parsed and planned once per connection, as the app's hot reads are.
  const pool = new pg.Pool({ connectionString: url, max: 10 })
  return {
    find: async (id) =>
      (await pool.query({ name: 'find_user', text: 'select * from users where id = $1', values: [id] })).rows[0],
    close: () => pool.end(),
  }
}

const reader = databaseUrl.startsWith('sqlite:')
  ? sqliteReader(databaseUrl.slice('sqlite:'.length))
  : postgresReader(databaseUrl)

const server = createServer((req, res) => {
  const match = req.method === 'GET' ? /^\/users\/([^/?]+)$/.exec(req.url ?? '') : null
  const reply = (row: unknown) => {
    if (row === undefined) {
      res.writeHead(404, { 'content-type': 'application/json' })
      res.end('{"error":{"code":"not_found"}}')
      return
    }
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' })
    res.end(JSON.stringify({ data: row }))
  }
  const found = match ? reader.find(decodeURIComponent(match[1]!)) : undefined
  if (found instanceof Promise) {
    found.then(reply, () => {
      res.writeHead(500)
      res.end()
    })
  } else reply(found)
})

server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo
  exitWhenParentGoes(async () => {
    await new Promise<void>((resolve) => {
      server.close(() => resolve())
      // Idle keep-alive sockets from the load generator would otherwise hold close() open.
      server.closeAllConnections()
    })
    await reader.close()
  })
  const ready: BaselineReady = { url: `http://127.0.0.1:${port}` }
  announceReady(ready)
})
