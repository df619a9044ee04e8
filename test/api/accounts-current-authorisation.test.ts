/**
 * Authorisation on current data (docs/decisions/0024-only-the-worker-acts-as-the-worker.md): a
 * change of `representative`, role, HR membership or supervisor applies to the very next request
 * of every session and key already in use, although their lookups are kept in memory.
 */
import assert from 'node:assert/strict'
import { it } from 'node:test'
import { PASSWORD, type SessionClient, signedIn } from '../helpers/accounts.js'
import { type Client, type TestContext, type TestTenant, forEachEngine } from '../helpers/harness.js'

const COMPANY = '/api/v1/attendance/reports/company?month=2026-10'

/** A company of 21 employees: its administrator, a person with a password and 19 more. */
async function company(t: TestContext) {
  const tenant = await t.newTenant({ timezone: 'UTC' })
  const person = await tenant.createUser({ full_name: 'Rosa', password: PASSWORD, hire_date: '2026-01-01' })
  for (let i = 0; i < 19; i++) await tenant.createUser({ full_name: `Employee ${i}`, hire_date: '2026-01-01' })
  const session = await signedIn(t.app, person.email)
  const key = await tenant.keyFor(person.id)
  return { tenant, person, session, key }
}

async function rowsRead(caller: Client | SessionClient): Promise<number> {
  const res = await caller.get(COMPANY)
  assert.equal(res.status, 200, JSON.stringify(res.body))
  return res.body.data.employees.length
}

async function setFlag(tenant: TestTenant, userId: string, body: Record<string, unknown>): Promise<void> {
  const res = await tenant.admin.patch(`/api/v1/users/${userId}`, body)
  assert.equal(res.status, 200, JSON.stringify(res.body))
}

forEachEngine('authorisation on current data', (t) => {
  it('a representative flag removed applies to the next request of the session and the key already in use', async () => {
    const { tenant, person, session, key } = await company(t)
    await setFlag(tenant, person.id, { representative: true })
    // Both read the whole company, and their lookups are now kept.
    assert.equal(await rowsRead(session), 21)
    assert.equal(await rowsRead(key), 21)
    assert.equal(await rowsRead(session), 21)

    await setFlag(tenant, person.id, { representative: false })
    // The very next request reads what a non-representative reads: their own row.
    assert.equal(await rowsRead(session), 1)
    assert.equal(await rowsRead(key), 1)
  })

  it('a representative flag granted applies the same way', async () => {
    const { tenant, person, session, key } = await company(t)
    assert.equal(await rowsRead(session), 1)
    assert.equal(await rowsRead(key), 1)
    await setFlag(tenant, person.id, { representative: true })
    assert.equal(await rowsRead(session), 21)
    assert.equal(await rowsRead(key), 21)
  })

  it('a role taken away and a supervisor changed apply to the next request', async () => {
    const { tenant, person, session, key } = await company(t)
    await setFlag(tenant, person.id, { role: 'admin' })
    assert.equal(await rowsRead(session), 21)
    assert.equal(await rowsRead(key), 21)
    await setFlag(tenant, person.id, { role: 'member' })
    assert.equal(await rowsRead(session), 1)
    assert.equal(await rowsRead(key), 1)

    // Made someone's supervisor: their row joins the next read; moved away: it leaves it.
    const report = await tenant.createUser({ full_name: 'Report', hire_date: '2026-01-01' })
    assert.equal(await rowsRead(session), 1)
    await setFlag(tenant, report.id, { manager_id: person.id })
    assert.equal(await rowsRead(session), 2)
    assert.equal(await rowsRead(key), 2)
    await setFlag(tenant, report.id, { manager_id: null })
    assert.equal(await rowsRead(session), 1)
    assert.equal(await rowsRead(key), 1)
  })
})
