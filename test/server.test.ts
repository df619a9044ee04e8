/** `jornada serve` on an empty embedded database: the demo company, its printed key, its audit entry; metrics on a port of their own. */
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { it } from 'node:test'
import { type Config, DEFAULT_LOAD_CONFIG, DEFAULT_TIMEOUTS } from '../src/config.js'
import { startServer } from '../src/server.js'
import { NO_SHEDDING } from './helpers/harness.js'

/** `jornada serve` on a SQLite file in `dir`, on a free port, quiet. */
function serveConfig(dir: string, overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    databaseUrl: `sqlite:${join(dir, 'jornada.db')}`,
    readReplica: null,
    redisUrl: null,
    logLevel: 'silent',
    rateLimitPerMinute: 300,
    trustProxy: undefined,
    corsOrigins: [],
    timeouts: DEFAULT_TIMEOUTS,
    maxConnections: 100,
    shutdownGraceMs: 10_000,
    webhooks: { allowPrivateNetworks: false, dispatchInServe: true },
    // Seeding the demo holds the event loop for a while on a busy machine: no 503 for that here.
    load: { ...DEFAULT_LOAD_CONFIG, ...NO_SHEDDING },
    accounts: {
      publicUrl: null,
      smtpUrl: null,
      mailFrom: 'Jornada <no-reply@localhost>',
      sessionIdleHours: 12,
      sessionMaxHours: 12,
    },
    secretsKeys: null,
    ssoAllowPrivateNetworks: false,
    push: { subject: null, allowPrivateNetworks: false },
    ...overrides,
  }
}

it('the first start seeds the demo company, prints a working key once, and audits the seeding', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'jornada-serve-'))
  const printed: string[] = []
  const config = serveConfig(dir)
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
    // The demo worker signs in with what was printed, and clocks in personally.
    const [, email, password] = /Sign in as the demo worker: (\S+) \/ (\S+)/.exec(printed.join('\n')) ?? []
    assert.ok(email && password, 'how the demo worker signs in is printed')
    const login = await fetch(`${server.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    })
    assert.equal(login.status, 200)
    const cookie = login.headers.getSetCookie()[0]!.split(';')[0]!
    const { csrf_token } = ((await login.json()) as { data: { csrf_token: string } }).data
    const clock = await fetch(`${server.url}/api/v1/attendance/clock`, {
      method: 'POST',
      headers: { cookie, 'x-csrf-token': csrf_token, 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'in' }),
    })
    assert.equal(clock.status, 201, await clock.text())
    // Where people go is printed, and the bare address leads there instead of a JSON 404.
    assert.match(printed.join('\n'), /The app for workers and managers \(phones too\): http:\/\/\S+\/app\n/)
    const root = await fetch(`${server.url}/`, { redirect: 'manual' })
    assert.equal(root.status, 302)
    assert.equal(root.headers.get('location'), '/app')
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

it('METRICS_PORT serves the metrics on a port of their own, behind METRICS_TOKEN, and not on the API port', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'jornada-metrics-'))
  const token = 'a-metrics-token-for-the-test'
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const metricsPort = (probe.address() as AddressInfo).port
  await new Promise((resolve) => probe.close(resolve))
  const server = await startServer(
    serveConfig(dir, {
      webhooks: { allowPrivateNetworks: false, dispatchInServe: false },
      load: { ...DEFAULT_LOAD_CONFIG, ...NO_SHEDDING, metricsToken: token, metricsPort },
    }),
    () => {},
  )
  try {
    assert.equal((await fetch(`${server.url}/health`)).status, 200)
    assert.equal(
      (await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${token}` } })).status,
      404,
      'not on the API port',
    )
    const metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`
    const refused = await fetch(metricsUrl)
    assert.equal(refused.status, 401)
    assert.equal(((await refused.json()) as any).error.code, 'unauthenticated')
    const served = await fetch(metricsUrl, { headers: { authorization: `Bearer ${token}` } })
    assert.equal(served.status, 200)
    const text = await served.text()
    assert.match(text, /^jornada_http_requests_total\{method="GET",route="\/health",status="200"\} 1$/m)
    assert.match(text, /^jornada_db_pool_connections\{state="max"\} 1$/m)
    assert.equal((await fetch(`http://127.0.0.1:${metricsPort}/other`)).status, 404)
  } finally {
    await server.close()
    rmSync(dir, { recursive: true, force: true })
  }
})
