/**
 * Concurrency: requests racing for a check only one may pass. On PostgreSQL these run on separate
 * pooled connections and are serialised by row locks; on SQLite by the single writer.
 */
import assert from 'node:assert/strict'
import { it } from 'node:test'
import { forEachEngine, uniqueEmail } from '../helpers/harness.js'

forEachEngine('races', (t) => {
  const activeAdmins = (tenantId: string) =>
    t.database.db
      .selectFrom('users')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('role', '=', 'admin')
      .where('status', '=', 'active')
      .execute()

  it('two concurrent deactivations of the last two admins leave exactly one active admin', async () => {
    for (let round = 0; round < 5; round++) {
      const tenant = await t.newTenant()
      const second = await tenant.createUser({ role: 'admin' })
      const secondKey = await tenant.keyFor(second.id)
      // Each admin deactivates the other at the same moment.
      const [a, b] = await Promise.all([
        tenant.admin.post(`/api/v1/users/${second.id}/deactivate`),
        secondKey.post(`/api/v1/users/${tenant.adminId}/deactivate`),
      ])
      const statuses = [a.status, b.status].sort()
      assert.ok(
        (statuses[0] === 200 && statuses[1] === 409) || (statuses[0] === 200 && statuses[1] === 401),
        `one wins, the other is refused: ${statuses}`,
      )
      assert.equal((await activeAdmins(tenant.id)).length, 1, `round ${round}: exactly one active admin`)
    }
  })

  it('a third party deactivating both of the last two admins at once leaves one', async () => {
    for (let round = 0; round < 5; round++) {
      const tenant = await t.newTenant()
      const second = await tenant.createUser({ role: 'admin' })
      const third = await tenant.createUser({ role: 'admin' })
      const thirdKey = await tenant.keyFor(third.id)
      const results = await Promise.all([
        thirdKey.post(`/api/v1/users/${tenant.adminId}/deactivate`),
        thirdKey.post(`/api/v1/users/${second.id}/deactivate`),
        thirdKey.post(`/api/v1/users/${third.id}/deactivate`),
      ])
      const ok = results.filter((r) => r.status === 200).length
      assert.equal(ok, 2, `two of three deactivations succeed: ${results.map((r) => r.status)}`)
      assert.ok(results.every((r) => r.status === 200 || r.status === 409))
      assert.equal((await activeAdmins(tenant.id)).length, 1)
    }
  })

  it('two concurrent creates with the same email (differing in case) give one 201 and one 409', async () => {
    for (let round = 0; round < 5; round++) {
      const tenant = await t.newTenant()
      const email = uniqueEmail('race')
      const [a, b] = await Promise.all([
        tenant.admin.post('/api/v1/users', { email: email.toLowerCase(), full_name: 'A' }),
        tenant.admin.post('/api/v1/users', { email: email.toUpperCase(), full_name: 'B' }),
      ])
      assert.deepEqual([a.status, b.status].sort(), [201, 409])
      const loser = a.status === 409 ? a : b
      assert.equal(loser.body.error.code, 'email_taken')
      const { total } = (await tenant.admin.get(`/api/v1/users?email=${encodeURIComponent(email)}`)).body.meta
      assert.equal(total, 1)
    }
  })

  it('a punch racing a deactivation or an update of the same employee: no deadlock, no 500', async () => {
    const recent = () => new Date(Date.now() - 60_000).toISOString()
    for (let round = 0; round < 5; round++) {
      const tenant = await t.newTenant()
      const user = await tenant.createUser()
      const manager = await tenant.createUser()
      const results = await Promise.all([
        tenant.admin.post('/api/v1/attendance', { user_id: user.id, type: 'in', ts: recent() }),
        tenant.admin.patch(`/api/v1/users/${user.id}`, { city: 'Madrid', manager_id: manager.id }),
        tenant.admin.post('/api/v1/attendance', { user_id: manager.id, type: 'in', ts: recent() }),
        tenant.admin.post('/api/v1/users', {
          email: `new.${round}.${user.id}@example.com`,
          full_name: 'N',
          manager_id: manager.id,
        }),
        tenant.admin.post(`/api/v1/users/${user.id}/deactivate`),
      ])
      for (const res of results) assert.ok(res.status < 500, `${res.status} ${JSON.stringify(res.body)}`)
      assert.equal(results[4]!.status, 200)
      assert.ok(
        [201, 409].includes(results[0]!.status),
        'the punch is either before the deactivation (201) or after it (409)',
      )
    }
  })

  it('concurrent manager changes cannot build a cycle', async () => {
    for (let round = 0; round < 5; round++) {
      const tenant = await t.newTenant()
      const a = await tenant.createUser()
      const b = await tenant.createUser()
      const [x, y] = await Promise.all([
        tenant.admin.patch(`/api/v1/users/${a.id}`, { manager_id: b.id }),
        tenant.admin.patch(`/api/v1/users/${b.id}`, { manager_id: a.id }),
      ])
      assert.deepEqual([x.status, y.status].sort(), [200, 409])
    }
  })
})
