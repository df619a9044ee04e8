/**
 * Key lookups are kept in memory while the authentication epoch stands still (modules/keys/
 * key-lookups). These tests change keys, users and companies from a second connection to the same
 * database, as another instance or the command line would, and expect the change at the very next
 * request of the app that kept the lookup.
 */
import { jsonText } from '../../src/db/codec.js'
import assert from 'node:assert/strict'
import { after, before, it } from 'node:test'
import { type DatabaseHandle, openDatabase } from '../../src/db/database.js'
import { currentAuthEpoch } from '../../src/modules/keys/keys.repository.js'
import { createKey, revokeKey } from '../../src/modules/keys/keys.service.js'
import { PG_URL, expectError, forEachEngine } from '../helpers/harness.js'

forEachEngine('key lookups kept in memory', (t) => {
  /** Another instance: its own connection (SQLite) or pool (PostgreSQL) to the same database. */
  let other: DatabaseHandle
  before(async () => {
    other =
      t.engine === 'sqlite'
        ? await openDatabase(t.database.location)
        : await openDatabase(PG_URL!, { pgSchema: t.database.schema! })
  })
  after(async () => other?.destroy())

  async function keptKey(tenant: { id: string; adminId: string }, scopes: string[] = ['users.list']) {
    const created = await createKey(
      { db: t.database.db, now: Date.now() },
      { tenantId: tenant.id, actsAsUserId: tenant.adminId, scopes },
    )
    // Used once, so that its lookup is kept.
    assert.equal((await t.client(created.apiKey).get('/api/v1/me')).status, 200)
    return created
  }

  it('a key revoked by another instance is 401 at the next request', async () => {
    const tenant = await t.newTenant()
    const { apiKey, key } = await keptKey(tenant)
    await revokeKey({ db: other.db, now: Date.now() }, key.id)
    expectError(await t.client(apiKey).get('/api/v1/me'), 401, 'unauthenticated')
  })

  it('a user disabled by another instance cannot act through their keys at the next request', async () => {
    const tenant = await t.newTenant()
    const user = await tenant.createUser()
    const { apiKey } = await createKey(
      { db: t.database.db, now: Date.now() },
      {
        tenantId: tenant.id,
        actsAsUserId: user.id,
        scopes: ['users.list'],
      },
    )
    assert.equal((await t.client(apiKey).get('/api/v1/me')).status, 200)
    await other.db.updateTable('users').set({ status: 'disabled' }).where('id', '=', user.id).execute()
    expectError(await t.client(apiKey).get('/api/v1/me'), 401, 'unauthenticated')
  })

  it('scopes and the company changed by another instance apply at the next request', async () => {
    const tenant = await t.newTenant()
    const { apiKey, key } = await keptKey(tenant, ['users.list'])
    assert.equal((await t.client(apiKey).get('/api/v1/users')).status, 200)
    await other.db
      .updateTable('api_keys')
      .set({ scopes: jsonText(['departments.list']) })
      .where('id', '=', key.id)
      .execute()
    expectError(await t.client(apiKey).get('/api/v1/users'), 403, 'scope_required')

    await other.db.updateTable('tenants').set({ name: 'Renamed Elsewhere' }).where('id', '=', tenant.id).execute()
    assert.equal((await t.client(apiKey).get('/api/v1/me')).body.data.tenant.name, 'Renamed Elsewhere')
  })

  it('a kept key still expires on time', async () => {
    const tenant = await t.newTenant()
    const expiresAt = new Date(Date.now() + 1500).toISOString()
    const { apiKey } = await createKey(
      { db: t.database.db, now: Date.now() },
      {
        tenantId: tenant.id,
        actsAsUserId: tenant.adminId,
        scopes: ['users.list'],
        expiresAt,
      },
    )
    assert.equal((await t.client(apiKey).get('/api/v1/me')).status, 200)
    await new Promise((resolve) => setTimeout(resolve, Date.parse(expiresAt) - Date.now() + 50))
    expectError(await t.client(apiKey).get('/api/v1/me'), 401, 'unauthenticated')
  })

  it('a kept key still needs its secret', async () => {
    const tenant = await t.newTenant()
    const { apiKey } = await keptKey(tenant)
    const wrongSecret = `${apiKey.slice(0, -4)}${apiKey.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`
    expectError(await t.client(wrongSecret).get('/api/v1/me'), 401, 'unauthenticated')
  })

  it('the epoch moves on committed changes to what a lookup reads, and on nothing else', async () => {
    const tenant = await t.newTenant()
    const { key } = await keptKey(tenant)
    const epoch = () => Promise.resolve(currentAuthEpoch(t.database.db))
    const start = await epoch()

    // A key's last use and an employee's phone are not part of a lookup.
    await other.db
      .updateTable('api_keys')
      .set({ last_used_at: new Date().toISOString() })
      .where('id', '=', key.id)
      .execute()
    await other.db
      .updateTable('users')
      .set({ phone_personal: '+34600000000' })
      .where('id', '=', tenant.adminId)
      .execute()
    assert.equal(await epoch(), start)

    // A change rolled back moves nothing.
    await other.db
      .transaction()
      .execute(async (trx) => {
        await trx
          .updateTable('api_keys')
          .set({ revoked_at: new Date().toISOString() })
          .where('id', '=', key.id)
          .execute()
        throw new Error('roll back')
      })
      .catch(() => undefined)
    assert.equal(await epoch(), start)

    await other.db.updateTable('users').set({ full_name: 'Renamed Admin' }).where('id', '=', tenant.adminId).execute()
    assert.ok((await epoch()) > start)
  })

  it('reads now only on a free SQLite connection', { skip: t.engine !== 'sqlite' && 'SQLite only' }, async () => {
    const query = 'select n from auth_epoch where id = 1'
    assert.ok(t.database.db.readNow(query))
    await t.database.db.transaction().execute(async () => {
      // The connection is inside a transaction: a read now could see its uncommitted changes.
      assert.equal(t.database.db.readNow(query), undefined)
    })
    // Streaming rows (an export) keeps the connection busy until the last row.
    for await (const _row of t.database.db.selectFrom('tenants').select('id').stream()) {
      assert.equal(t.database.db.readNow(query), undefined)
      break
    }
    assert.ok(t.database.db.readNow(query))
  })
})
