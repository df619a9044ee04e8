/**
 * Child process: the baseline. The least code that does what `GET /api/v1/users/:id` does at its
 * core (one SQLite primary-key read, one JSON reply) with nothing else: no framework, no auth, no
 * rate limit, no validation, no joins, no mapping. The app's throughput is reported as a ratio to
 * this, which makes the numbers comparable across machines.
 *
 * Prints one JSON line `{"url": ...}` on stdout when listening.
 *
 * Usage: node --import tsx bench/serve-baseline.ts <sqlite file created by the app>
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import SQLite from 'better-sqlite3'
import { exitWhenParentGoes } from './lib.js'

export interface BaselineReady {
  url: string
}

const dbPath = process.argv[2]
if (!dbPath) throw new Error('usage: serve-baseline.ts <sqlite file>')

// Read-only is enough and guarantees the baseline cannot disturb the app's data. The app put the
// file in WAL mode, which is persistent, so readers here never block on its writer.
const db = new SQLite(dbPath, { readonly: true, fileMustExist: true })
const journalMode = db.pragma('journal_mode', { simple: true })
if (journalMode !== 'wal') throw new Error(`expected a WAL database, got journal_mode=${String(journalMode)}`)
const findUser = db.prepare('select * from users where id = ?')

const server = createServer((req, res) => {
  const match = req.method === 'GET' ? /^\/users\/([^/?]+)$/.exec(req.url ?? '') : null
  const row = match ? findUser.get(decodeURIComponent(match[1]!)) : undefined
  if (row === undefined) {
    res.writeHead(404, { 'content-type': 'application/json' })
    res.end('{"error":{"code":"not_found"}}')
    return
  }
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' })
  res.end(JSON.stringify({ data: row }))
})

server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo
  exitWhenParentGoes(async () => {
    await new Promise<void>((resolve) => {
      server.close(() => resolve())
      // Idle keep-alive sockets from the load generator would otherwise hold close() open.
      server.closeAllConnections()
    })
    db.close()
  })
  const ready: BaselineReady = { url: `http://127.0.0.1:${port}` }
  process.stdout.write(`${JSON.stringify(ready)}\n`)
})
