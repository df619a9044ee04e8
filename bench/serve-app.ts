/**
 * Child process: the real service, started exactly as `jornada serve` would start it, on the
 * SQLite file given as argv[2] and a free port chosen by the OS. Prints one JSON line
 * `{"url": ..., "key": ...}` on stdout when listening; `key` is the demo tenant's admin API key
 * that the first start of an empty database creates.
 *
 * Usage: node --import tsx bench/serve-app.ts <sqlite file>
 */
import { type Config, DEFAULT_LOAD_CONFIG, DEFAULT_TIMEOUTS } from '../src/config.js'
import { startServer } from '../src/server.js'
import { exitWhenParentGoes } from './lib.js'

export interface AppReady {
  url: string
  key: string
}

const dbPath = process.argv[2]
if (!dbPath) throw new Error('usage: serve-app.ts <sqlite file>')

const config: Config = {
  // 0: the OS picks a free port at bind time, so there is no window in which another process
  // could take a port we picked earlier. startServer returns the actual URL.
  port: 0,
  host: '127.0.0.1',
  databaseUrl: `sqlite:${dbPath}`,
  redisUrl: null,
  logLevel: 'silent',
  // High enough never to answer 429 during a run: the benchmark measures serving, not refusing.
  rateLimitPerMinute: 100_000_000,
  trustProxy: undefined,
  corsOrigins: [],
  timeouts: DEFAULT_TIMEOUTS,
  maxConnections: 10_000,
  shutdownGraceMs: 10_000,
  webhooks: { allowPrivateNetworks: false, dispatchInServe: true },
  load: DEFAULT_LOAD_CONFIG,
}

// startServer announces the demo key through `print` (and stdout is our protocol channel, so
// nothing else of it is echoed there).
let key: string | undefined
const server = await startServer(config, (line) => {
  key ??= /jnd_[A-Za-z0-9_-]+/.exec(line)?.[0]
})
if (!key) {
  await server.close()
  throw new Error(`no API key was printed: ${dbPath} must be a new, empty database`)
}

exitWhenParentGoes(() => server.close())
const ready: AppReady = { url: server.url, key }
process.stdout.write(`${JSON.stringify(ready)}\n`)
