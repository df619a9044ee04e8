/**
 * Absences across tenants and the order of checks: no route reaches another tenant's absences,
 * balances or catalogue; 401 before 403 (scope) before 400 (validation) before 404.
 * The app's clock is fixed per test (by default Monday 2026-11-23 10:00 UTC, 11:00 in Madrid) so
 * "not in the past" is deterministic.
 */
import assert from 'node:assert/strict'
import { beforeEach, it } from 'node:test'
import { expectError, forEachEngine } from '../helpers/harness.js'
import { create, days, DEFAULT_NOW, list, withHr } from '../helpers/absences.js'

let now = Date.parse(DEFAULT_NOW)
const setNow = (iso: string) => (now = Date.parse(iso))

forEachEngine(
  'absences: tenant isolation and order of checks',
  (t) => {
    beforeEach(() => {
      setNow(DEFAULT_NOW)
    })

    it('tenants are isolated: list, get, decide, cancel and balance never reach another tenant’s absences', async () => {
      const a = await t.newTenant()
      const b = await t.newTenant()
      const { hrKey: hrA } = await withHr(a)
      const userA = await a.createUser()
      const userB = await b.createUser()
      const absA = await create(a.admin, days(userA.id, 'personal', '2026-12-01'))
      const absB = await create(b.admin, days(userB.id, 'personal', '2026-12-01'))
      const listA = await list(a.admin, 'from=2026-01-01&to=2027-12-31')
      assert.deepEqual(
        listA.data.map((x) => x.id),
        [absA.id],
      )
      assert.equal(listA.meta.total, 1)
      assert.deepEqual((await list(a.admin, `from=2026-01-01&to=2027-12-31&user_id=${userB.id}`)).data, [])
      expectError(await a.admin.get(`/api/v1/absences/${absB.id}`), 404, 'not_found')
      expectError(await a.admin.get('/api/v1/absences/abs_unknown'), 404, 'not_found')
      expectError(await hrA.post(`/api/v1/absences/${absB.id}/decide`, { decision: 'approved' }), 404, 'not_found')
      expectError(await hrA.post(`/api/v1/absences/${absB.id}/cancel`), 404, 'not_found')
      expectError(await a.admin.post(`/api/v1/absences/${absB.id}/cancel`), 404, 'not_found')
      expectError(await a.admin.get(`/api/v1/users/${userB.id}/vacation-balance?year=2026`), 404, 'not_found')
      assert.equal((await b.admin.get(`/api/v1/absences/${absB.id}`)).body.data.status, 'pending', 'untouched')
      // Same dates for users of two tenants never conflict.
      await create(b.admin, days(userB.id, 'sick', '2026-12-02'))
      await create(a.admin, days(userA.id, 'sick', '2026-12-02'))
      // Catalogues are per tenant.
      assert.equal((await b.admin.post('/api/v1/absence-types', { key: 'bonly', label: 'B only' })).status, 201)
      expectError(await a.admin.patch('/api/v1/absence-types/bonly', { label: 'x' }), 404, 'not_found')
      assert.equal(
        (await a.admin.post('/api/v1/absence-types', { key: 'bonly', label: 'A too' })).status,
        201,
        'the same key in another tenant',
      )
      assert.equal((await a.admin.patch('/api/v1/absence-types/personal', { label: 'Días propios' })).status, 200)
      assert.deepEqual((await b.admin.get(`/api/v1/absences/${absB.id}`)).body.data.type, {
        key: 'personal',
        label: 'Asuntos propios',
      })
      assert.deepEqual((await a.admin.get(`/api/v1/absences/${absA.id}`)).body.data.type, {
        key: 'personal',
        label: 'Días propios',
      })
    })

    it('order of checks: 401 without a valid key, 403 scope before 400 validation, 400 before 404', async () => {
      const tenant = await t.newTenant()
      const user = await tenant.createUser()
      const a = await create(tenant.admin, days(user.id, 'personal', '2026-12-01'))
      expectError(
        await t.client(null).post('/api/v1/absences', days(user.id, 'personal', '2026-12-02')),
        401,
        'unauthenticated',
      )
      expectError(await t.client('jnd_bogus_key').get(`/api/v1/absences/${a.id}`), 401, 'unauthenticated')
      const readOnly = await tenant.keyFor(tenant.adminId, ['absences.list', 'absences.get'])
      expectError(await readOnly.post('/api/v1/absences', { nonsense: true }), 403, 'scope_required')
      expectError(await readOnly.post(`/api/v1/absences/${a.id}/decide`, { decision: 'maybe' }), 403, 'scope_required')
      expectError(await readOnly.post(`/api/v1/absences/${a.id}/cancel`), 403, 'scope_required')
      expectError(await readOnly.get('/api/v1/absence-types'), 403, 'scope_required')
      expectError(await readOnly.get(`/api/v1/users/${user.id}/vacation-balance`), 403, 'scope_required')
      assert.equal((await readOnly.get(`/api/v1/absences/${a.id}`)).status, 200)
      // Validation comes before looking the user up.
      expectError(
        await tenant.admin.post('/api/v1/absences', days('usr_nope', 'personal', '2026-11-01')),
        400,
        'invalid_request',
      )
      expectError(
        await tenant.admin.post('/api/v1/absences', days('usr_nope', 'nosuchtype', '2026-12-01')),
        400,
        'invalid_request',
      )
      assert.equal((await tenant.admin.get(`/api/v1/absences/${a.id}`)).body.data.status, 'pending')
    })
  },
  { app: { clock: () => now } },
)
