/**
 * The edge of the service: every answer in the contract's error body (bad URLs, long ids, huge
 * headers, wrong methods, stray body fields, invalid UTF-8), timeouts against slow clients,
 * security headers, CORS, proxies, and log lines without personal values.
 */
import assert from 'node:assert/strict'
import { connect } from 'node:net'
import { Writable } from 'node:stream'
import { it } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../src/app.js'
import { ConfigError, loadConfig } from '../../src/config.js'
import { expectError, forEachEngine, NO_SHEDDING } from '../helpers/harness.js'

/** Sends raw bytes to a listening app and resolves with what came back when the socket closed. */
function rawExchange(
  port: number,
  chunks: (string | Buffer)[],
  pauseMs = 0,
): Promise<{ text: string; closedAfterMs: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now()
    const socket = connect(port, '127.0.0.1')
    let text = ''
    socket.on('data', (d) => (text += d.toString('latin1')))
    socket.on('error', () => {})
    socket.on('close', () => resolve({ text, closedAfterMs: Date.now() - started }))
    socket.on('connect', async () => {
      for (const chunk of chunks) {
        if (socket.destroyed) break
        socket.write(chunk)
        if (pauseMs) await new Promise((r) => setTimeout(r, pauseMs))
      }
    })
    setTimeout(() => reject(new Error('socket not closed within 20 s')), 20_000).unref()
  })
}

function jsonBodyOf(rawResponse: string): any {
  return JSON.parse(rawResponse.slice(rawResponse.indexOf('\r\n\r\n') + 4))
}

async function listening(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' })
  return (app.server.address() as { port: number }).port
}

forEachEngine('the edge of the service', (t) => {
  it('malformed percent-encoding: 401 without a key, 400 invalid_request with one; never the framework’s body', async () => {
    const tenant = await t.newTenant()
    expectError(await t.client(null).get('/api/v1/users/%ZZ'), 401, 'unauthenticated')
    for (const url of ['/api/v1/users/%ZZ', '/api/v1/users/%E0%A4%A', '/api/v1/absences/%C0%AF?page=1']) {
      const error = expectError(await tenant.admin.get(url), 400, 'invalid_request')
      assert.doesNotMatch(error.message, /%ZZ|FST_/)
    }
    expectError(await tenant.admin.post('/api/v1/users/%ZZ/deactivate'), 400, 'invalid_request')
    expectError(await t.client(null).get('/docs/%ZZ'), 400, 'invalid_request')
  })

  it('over-long path ids are 400 after authentication, and no message repeats unbounded input', async () => {
    const tenant = await t.newTenant()
    const long = 'a'.repeat(5000)
    expectError(await t.client(null).get(`/api/v1/users/${long}`), 401, 'unauthenticated')
    const res = await tenant.admin.get(`/api/v1/users/${long}`)
    expectError(res, 400, 'invalid_request')
    assert.ok(JSON.stringify(res.body).length < 500, 'the error does not echo the id')
    const unknownPath = await tenant.admin.get(`/api/v1/${long}`)
    expectError(unknownPath, 404, 'route_not_found')
    assert.ok(JSON.stringify(unknownPath.body).length < 300)
    const unknownParameter = await tenant.admin.get(`/api/v1/users?${'x'.repeat(3000)}=1`)
    expectError(unknownParameter, 400, 'invalid_request')
    assert.ok(JSON.stringify(unknownParameter.body).length < 300)
  })

  it('a known path with another method is 405 method_not_allowed with Allow; an unknown path is 404', async () => {
    const tenant = await t.newTenant()
    const res = await tenant.admin.delete('/api/v1/users')
    expectError(res, 405, 'method_not_allowed')
    assert.equal(res.headers.allow, 'GET, HEAD, POST')
    const one = await tenant.admin.request('PUT', '/api/v1/users/usr_x', {})
    expectError(one, 405, 'method_not_allowed')
    assert.equal(one.headers.allow, 'GET, HEAD, PATCH')
    expectError(await tenant.admin.get('/api/v1/nope'), 404, 'route_not_found')
    expectError(await tenant.admin.get('/api/v1/nope/%00'), 404, 'route_not_found')
  })

  it('action endpoints refuse unknown body fields; no body or {} is fine', async () => {
    const tenant = await t.newTenant()
    const user = await tenant.createUser()
    const error = expectError(
      await tenant.admin.post(`/api/v1/users/${user.id}/deactivate`, { effective_date: '2026-12-01' }),
      400,
      'invalid_request',
    )
    assert.deepEqual(
      error.details?.map((d) => d.field),
      ['effective_date'],
    )
    assert.equal((await tenant.admin.get(`/api/v1/users/${user.id}`)).body.data.status, 'active', 'nothing written')
    expectError(await tenant.admin.post(`/api/v1/users/${user.id}/deactivate`, [1]), 400, 'invalid_request')
    assert.equal((await tenant.admin.post(`/api/v1/users/${user.id}/deactivate`, {})).status, 200)
    assert.equal((await tenant.admin.post(`/api/v1/users/${user.id}/reactivate`)).status, 200)
  })

  it('a body that is not valid UTF-8 is 400 invalid_json and nothing is stored', async () => {
    const tenant = await t.newTenant()
    const invalid = Buffer.concat([Buffer.from('{"name":"Caf'), Buffer.from([0xe9]), Buffer.from('"}')])
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/departments',
      headers: { authorization: `Bearer ${tenant.adminKey}`, 'content-type': 'application/json' },
      payload: invalid,
    })
    assert.equal(res.statusCode, 400)
    assert.equal(res.json().error.code, 'invalid_json')
    assert.equal((await tenant.admin.get('/api/v1/departments')).body.meta.total, 0)
    const valid = await tenant.admin.post('/api/v1/departments', { name: 'Café' })
    assert.equal(valid.body.data.name, 'Café')
  })

  it('security headers on every response; CORS is off unless origins are configured', async () => {
    const tenant = await t.newTenant()
    for (const res of [
      await tenant.admin.get('/api/v1/me'),
      await t.client(null).get('/health'),
      await t.client(null).get('/api/v1/nope'),
    ]) {
      assert.equal(res.headers['x-content-type-options'], 'nosniff')
      assert.equal(res.headers['x-frame-options'], 'DENY')
      assert.equal(res.headers['referrer-policy'], 'no-referrer')
      assert.match(String(res.headers['content-security-policy']), /frame-ancestors 'none'/)
    }
    const docs = await t.app.inject({ method: 'GET', url: '/docs/' })
    assert.equal(docs.statusCode, 200)
    assert.match(String(docs.headers['content-security-policy']), /script-src 'self'/)
    assert.doesNotMatch(String(docs.headers['content-security-policy']), /https:|upgrade-insecure-requests/)

    const preflight = {
      method: 'OPTIONS' as const,
      url: '/api/v1/me',
      headers: { origin: 'https://app.example.com', 'access-control-request-method': 'GET' },
    }
    const off = await t.app.inject(preflight)
    assert.equal(off.headers['access-control-allow-origin'], undefined)
    const withCors = await buildApp({ load: NO_SHEDDING, db: t.database.db, corsOrigins: ['https://app.example.com'] })
    try {
      const on = await withCors.inject(preflight)
      assert.equal(on.statusCode, 204)
      assert.equal(on.headers['access-control-allow-origin'], 'https://app.example.com')
      const other = await withCors.inject({
        ...preflight,
        headers: { ...preflight.headers, origin: 'https://evil.example' },
      })
      assert.equal(other.headers['access-control-allow-origin'], undefined)
    } finally {
      await withCors.close()
    }
  })

  it('headers over 16 KiB: 431 headers_too_large in the contract’s body', async () => {
    const app = await buildApp({ load: NO_SHEDDING, db: t.database.db })
    try {
      const port = await listening(app)
      const { text } = await rawExchange(port, [
        `GET /api/v1/me HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      ])
      assert.match(text, /^HTTP\/1\.1 431 /)
      assert.deepEqual(jsonBodyOf(text), {
        error: { code: 'headers_too_large', message: 'The request headers are larger than 16 KiB' },
      })
    } finally {
      await app.close()
    }
  })

  it('a body trickled byte by byte is cut off after the request timeout, with or without a valid key', async () => {
    const tenant = await t.newTenant()
    const app = await buildApp({ load: NO_SHEDDING, db: t.database.db, timeouts: { requestMs: 1000, headersMs: 1000 } })
    try {
      const port = await listening(app)
      for (const key of [tenant.adminKey, 'jnd_wrong']) {
        const head = `POST /api/v1/departments HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n`
        const trickle = Array.from({ length: 40 }, () => ' ')
        const { text, closedAfterMs } = await rawExchange(port, [head, ...trickle], 250)
        console.log(
          `# slow body (${key === 'jnd_wrong' ? 'invalid key' : 'valid key'}): connection closed after ${closedAfterMs} ms`,
        )
        assert.ok(closedAfterMs < 5000, `closed after ${closedAfterMs} ms, not after the 10 s the trickle would take`)
        assert.match(text, key === 'jnd_wrong' ? /^HTTP\/1\.1 401 / : /HTTP\/1\.1 408 /)
      }
      // Headers never finished: cut off too.
      const { closedAfterMs } = await rawExchange(
        port,
        ['GET /api/v1/me HTTP/1.1\r\n', ...Array.from({ length: 40 }, () => 'X')],
        250,
      )
      assert.ok(closedAfterMs < 5000)
    } finally {
      await app.close()
    }
  })

  it('log lines hold the route and query names, never personal query values or keys', async () => {
    const tenant = await t.newTenant()
    const lines: string[] = []
    const stream = new Writable({
      write: (chunk, _enc, done) => {
        lines.push(chunk.toString())
        done()
      },
    })
    const app = await buildApp({ load: NO_SHEDDING, db: t.database.db, logger: { level: 'info', stream } })
    try {
      const secret = 'jnd_01SECRETSECRETSECRETSECRET_abcdefghijklmnopqrstuvwxyz'
      await app.inject({
        method: 'GET',
        url: `/api/v1/users?email=ana.secret%40example.com&q=Garc%C3%ADa&page=2&api_key=${secret}`,
        headers: { authorization: `Bearer ${tenant.adminKey}` },
      })
      const line = lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'request')
      assert.ok(line, 'a request line was written')
      assert.equal(line.route, '/api/v1/users')
      assert.equal(line.query.page, '2')
      assert.deepEqual(Object.keys(line.query).sort(), ['api_key', 'email', 'page', 'q'])
      const all = lines.join('\n')
      for (const value of ['ana.secret', 'Garc', secret, tenant.adminKey])
        assert.ok(!all.includes(value), `${value} is not logged`)
    } finally {
      await app.close()
    }
  })

  it('what a request logs through its own logger carries its id, and is redacted', async () => {
    const tenant = await t.newTenant()
    const lines: string[] = []
    const stream = new Writable({
      write: (chunk, _enc, done) => {
        lines.push(chunk.toString())
        done()
      },
    })
    // A rate-limit store that is down: the request goes through, and says so in its log.
    const rateLimitStore = {
      hit: () => Promise.reject(Object.assign(new Error('store down'), { api_key: tenant.adminKey })),
      close: async () => {},
    }
    const app = await buildApp({
      load: NO_SHEDDING,
      db: t.database.db,
      logger: { level: 'info', stream, redact: ['*.api_key'] },
      rateLimitStore,
    })
    try {
      const res = await app.inject({
        method: 'GET',
        url: '/api/v1/me',
        headers: { authorization: `Bearer ${tenant.adminKey}` },
      })
      assert.equal(res.statusCode, 200)
      const parsed = lines.map((l) => JSON.parse(l))
      const warning = parsed.find((l) => l.msg === 'rate limit store unavailable; request not counted')
      assert.ok(warning, 'the request logged through request.log')
      assert.equal(warning.reqId, res.headers['x-request-id'])
      assert.equal(warning.err.message, 'store down')
      assert.ok(!lines.join('\n').includes(tenant.adminKey), 'redacted')
      assert.equal(parsed.find((l) => l.msg === 'request')?.reqId, res.headers['x-request-id'])
    } finally {
      await app.close()
    }
  })

  it('behind proxies: the right-most address a trusted proxy did not add is the client; TRUST_PROXY=true is refused', async () => {
    assert.throws(() => loadConfig({ TRUST_PROXY: 'true' }), ConfigError)
    assert.equal(loadConfig({ TRUST_PROXY: '1' }).trustProxy, 1)
    assert.equal(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.1' }).trustProxy, '10.0.0.0/8, 192.168.1.1')
    assert.equal(loadConfig({}).trustProxy, undefined)
    const app = await buildApp({ load: NO_SHEDDING, db: t.database.db, trustProxy: 1, rateLimitPerMinute: 5 })
    try {
      const statuses: number[] = []
      for (let i = 0; i < 8; i++) {
        // A client rotating the left-most address it writes itself still counts as one address.
        const res = await app.inject({
          method: 'GET',
          url: '/api/v1/me',
          remoteAddress: '10.0.0.2',
          headers: { 'x-forwarded-for': `198.51.100.${i}, 203.0.113.7` },
        })
        statuses.push(res.statusCode)
      }
      assert.deepEqual(statuses, [401, 401, 401, 401, 401, 429, 429, 429])
    } finally {
      await app.close()
    }
  })
})
