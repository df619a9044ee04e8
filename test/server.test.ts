/** `jornada serve` on an empty embedded database: the demo company, its printed key, its audit entry. */
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { it } from 'node:test'
import { DEFAULT_LOAD_CONFIG, DEFAULT_TIMEOUTS } from '../src/config.js'
import { startServer } from '../src/server.js'

it('the first start seeds the demo company, prints a working key once, and audits the seeding', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'jornada-serve-'))
  const printed: string[] = []
  const config = {
    port: 0,
    host: '127.0.0.1',
    databaseUrl: `sqlite:${join(dir, 'jornada.db')}`,
    redisUrl: null,
    logLevel: 'silent',
    rateLimitPerMinute: 300,
    trustProxy: undefined,
    corsOrigins: [],
    timeouts: DEFAULT_TIMEOUTS,
    maxConnections: 100,
    webhooks: { allowPrivateNetworks: false, dispatchInServe: true },
    load: DEFAULT_LOAD_CONFIG,
  }
  const server = await startServer(config, (line) => printed.push(line))
  try {
    const key = /jnd_[A-Za-z0-9_-]+/.exec(printed.join('\n'))?.[0]
    assert.ok(key, 'a key is printed')
    const headers = { authorization: `Bearer ${key}` }
    const log = (await (await fetch(`${server.url}/api/v1/audit-log`, { headers })).json()) as { data: any[] }
    assert.deepEqual(
      log.data.map((e: any) => [e.source, e.operation, e.key_id]),
      [['cli', 'demo.create', null]],
    )
  } finally {
    await server.close()
  }
  // A second start finds the company and prints no key.
  const again: string[] = []
  const second = await startServer(config, (line) => again.push(line))
  await second.close()
  assert.ok(!again.join('\n').includes('jnd_'))
  rmSync(dir, { recursive: true, force: true })
})
