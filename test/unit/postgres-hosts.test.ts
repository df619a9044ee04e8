/**
 * Multi-host DATABASE_URLs read as libpq reads them, and which errors drop a connection
 * (docs/decisions/0021-failover-and-read-replicas.md).
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { isCancelledToGoOn, isLostConnection } from '../../src/db/errors.js'
import { parsePostgresUrl } from '../../src/db/postgres-hosts.js'

describe('multi-host PostgreSQL URLs', () => {
  it('splits the hosts in order, with 5432 where no port is given, and keeps the rest of the URL', () => {
    const target = parsePostgresUrl(
      'postgres://app:s%40cret@db1.example:5433,db2.example,[::1]:6432/jornada?sslmode=require&target_session_attrs=read-write&connect_timeout=3',
    )
    assert.deepEqual(target.hosts, ['db1.example:5433', 'db2.example:5432', '[::1]:6432'])
    assert.deepEqual(target.hostUrls, [
      'postgres://app:s%40cret@db1.example:5433/jornada?sslmode=require',
      'postgres://app:s%40cret@db2.example:5432/jornada?sslmode=require',
      'postgres://app:s%40cret@[::1]:6432/jornada?sslmode=require',
    ])
    assert.equal(target.targetSessionAttrs, 'read-write')
    assert.equal(target.connectTimeoutMs, 3000)
  })

  it('one host is a list of one, any session by default', () => {
    const target = parsePostgresUrl('postgresql://postgres@127.0.0.1:5432/test')
    assert.deepEqual(target.hostUrls, ['postgresql://postgres@127.0.0.1:5432/test'])
    assert.equal(target.targetSessionAttrs, 'any')
    assert.equal(target.connectTimeoutMs, null)
  })

  it('refuses what it does not follow, saying so', () => {
    assert.throws(() => parsePostgresUrl('postgres://h1,h2/db?target_session_attrs=prefer-standby'), /not supported/)
    assert.throws(() => parsePostgresUrl('postgres://h1,,h2/db'), /empty host/)
    assert.throws(() => parsePostgresUrl('postgres://h1/db?connect_timeout=soon'), /whole number/)
    assert.throws(() => parsePostgresUrl('mysql://h1/db'), /postgres:\/\//)
  })
})

describe('errors that drop a connection', () => {
  it('a demoted primary, a shut-down or crashed server, connection exceptions and socket errors', () => {
    for (const code of ['25006', '57P01', '57P02', '57P03', '08006', '08001', 'ECONNREFUSED', 'ECONNRESET'])
      assert.equal(isLostConnection({ code }), true, code)
    assert.equal(isLostConnection(new Error('Connection terminated unexpectedly')), true)
  })

  it('not a constraint, a syntax error or a serialisation failure: those are answers of a live server', () => {
    for (const code of ['23505', '42601', '40001', '40P01', undefined])
      assert.equal(isLostConnection({ code }), false, String(code))
    assert.equal(isLostConnection(new Error('something else')), false)
  })

  it('a recovery conflict or a deadlock is a statement cancelled to go on, answered 503 and retried', () => {
    for (const code of ['40001', '40P01']) assert.equal(isCancelledToGoOn({ code }), true, code)
    for (const code of ['23505', '25006', '57014', undefined])
      assert.equal(isCancelledToGoOn({ code }), false, String(code))
  })
})
