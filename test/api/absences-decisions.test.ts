/**
 * Deciding and cancelling absences through HTTP: approve or reject only pending requests, who may
 * decide (HR and supervisors up the chain, read at decision time, never one's own), who may cancel
 * (the requester or HR) and until when (before the absence has ended).
 * The app's clock is fixed per test (by default Monday 2026-11-23 10:00 UTC, 11:00 in Madrid) so
 * "not in the past" is deterministic.
 */
import assert from 'node:assert/strict'
import { beforeEach, it } from 'node:test'
import { expectError, forEachEngine } from '../helpers/harness.js'
import { ABSENCE_KEYS, cancel, create, days, decide, DEFAULT_NOW, TODAY, withHr } from '../helpers/absences.js'

let now = Date.parse(DEFAULT_NOW)
const setNow = (iso: string) => (now = Date.parse(iso))

forEachEngine(
  'absences: decisions and cancellations',
  (t) => {
    beforeEach(() => {
      setNow(DEFAULT_NOW)
    })

    // -----------------------------------------------------------------------------------------
    // Decide

    it('decide: approved or rejected sets decided_at; only pending can be decided (409 absence_not_pending); note never returned', async () => {
      const tenant = await t.newTenant()
      const { hrKey } = await withHr(tenant)
      const user = await tenant.createUser()
      const a = await create(tenant.admin, days(user.id, 'personal', '2026-12-01'))
      setNow('2026-11-23T12:34:56.789Z')
      const approved = await decide(hrKey, a.id, 'approved', 'enjoy, secret-decision-text')
      assert.deepEqual(Object.keys(approved).sort(), ABSENCE_KEYS)
      assert.equal(approved.status, 'approved')
      assert.equal(approved.decided_at, '2026-11-23T12:34:56.789Z')
      assert.equal(approved.created_at, '2026-11-23T10:00:00.000Z')
      assert.ok(!JSON.stringify(approved).includes('secret-decision-text'))
      const got = (await tenant.admin.get(`/api/v1/absences/${a.id}`)).body.data
      assert.deepEqual(got, approved)
      const row = await t.database.db
        .selectFrom('absences')
        .select(['decision_note', 'decided_by'])
        .where('id', '=', a.id)
        .executeTakeFirstOrThrow()
      assert.equal(row.decision_note, 'enjoy, secret-decision-text', 'the decision note is stored')
      expectError(
        await hrKey.post(`/api/v1/absences/${a.id}/decide`, { decision: 'approved' }),
        409,
        'absence_not_pending',
      )
      expectError(
        await hrKey.post(`/api/v1/absences/${a.id}/decide`, { decision: 'rejected' }),
        409,
        'absence_not_pending',
      )

      const r = await create(tenant.admin, days(user.id, 'personal', '2026-12-02'))
      const rejected = await decide(hrKey, r.id, 'rejected')
      assert.equal(rejected.status, 'rejected')
      assert.equal(rejected.decided_at, '2026-11-23T12:34:56.789Z')
      expectError(
        await hrKey.post(`/api/v1/absences/${r.id}/decide`, { decision: 'approved' }),
        409,
        'absence_not_pending',
      )

      const sick = await create(tenant.admin, days(user.id, 'sick', '2026-12-03'))
      expectError(
        await hrKey.post(`/api/v1/absences/${sick.id}/decide`, { decision: 'rejected' }),
        409,
        'absence_not_pending',
      )

      const c = await create(tenant.admin, days(user.id, 'personal', '2026-12-04'))
      const cancelled = await cancel(hrKey, c.id)
      assert.equal(cancelled.status, 'cancelled')
      assert.equal(cancelled.decided_at, null, 'cancelling is not deciding')
      expectError(
        await hrKey.post(`/api/v1/absences/${c.id}/decide`, { decision: 'approved' }),
        409,
        'absence_not_pending',
      )
      assert.equal((await tenant.admin.get(`/api/v1/absences/${c.id}`)).body.data.status, 'cancelled')
    })

    it('decide: 404 unknown absence, 400 bad body (checked before 404)', async () => {
      const tenant = await t.newTenant()
      const { hrKey } = await withHr(tenant)
      const user = await tenant.createUser()
      const a = await create(tenant.admin, days(user.id, 'personal', '2026-12-01'))
      expectError(await hrKey.post('/api/v1/absences/abs_nope/decide', { decision: 'approved' }), 404, 'not_found')
      expectError(await hrKey.post(`/api/v1/absences/${a.id}/decide`, { decision: 'maybe' }), 400, 'invalid_request')
      expectError(await hrKey.post(`/api/v1/absences/${a.id}/decide`, { decision: 'pending' }), 400, 'invalid_request')
      expectError(
        await hrKey.post(`/api/v1/absences/${a.id}/decide`, { decision: 'cancelled' }),
        400,
        'invalid_request',
      )
      expectError(await hrKey.post(`/api/v1/absences/${a.id}/decide`, {}), 400, 'invalid_request')
      expectError(
        await hrKey.post(`/api/v1/absences/${a.id}/decide`, { decision: 'approved', extra: 1 }),
        400,
        'invalid_request',
      )
      expectError(await hrKey.post('/api/v1/absences/abs_nope/decide', { decision: 'maybe' }), 400, 'invalid_request')
      assert.equal((await tenant.admin.get(`/api/v1/absences/${a.id}`)).body.data.status, 'pending')
    })

    it('decide: HR decides anyone’s; supervisors at depth 1 and 3 decide; admins and the requester get 403; unrelated colleagues 404', async () => {
      const tenant = await t.newTenant()
      const { hr, hrKey } = await withHr(tenant)
      // top -> mid -> boss -> emp
      const top = await tenant.createUser()
      const mid = await tenant.createUser({ manager_id: top.id })
      const boss = await tenant.createUser({ manager_id: mid.id })
      const emp = await tenant.createUser({ manager_id: boss.id })
      const peer = await tenant.createUser({ manager_id: boss.id })
      const [topKey, bossKey, empKey, peerKey] = await Promise.all([
        tenant.keyFor(top.id),
        tenant.keyFor(boss.id),
        tenant.keyFor(emp.id),
        tenant.keyFor(peer.id),
      ])

      const req = async (start: string) => create(empKey, days(emp.id, 'personal', start))
      assert.equal((await decide(bossKey, (await req('2026-12-01')).id, 'approved')).status, 'approved', 'depth 1')
      assert.equal((await decide(topKey, (await req('2026-12-02')).id, 'rejected')).status, 'rejected', 'depth 3')
      assert.equal(
        (await decide(hrKey, (await req('2026-12-03')).id, 'approved')).status,
        'approved',
        'HR, outside the chain',
      )

      const pending = await req('2026-12-04')
      // A colleague outside the chain does not see the absence at all (need-to-know): 404.
      expectError(
        await peerKey.post(`/api/v1/absences/${pending.id}/decide`, { decision: 'approved' }),
        404,
        'not_found',
      )
      expectError(
        await empKey.post(`/api/v1/absences/${pending.id}/decide`, { decision: 'approved' }),
        403,
        'permission_denied',
      )
      expectError(
        await tenant.admin.post(`/api/v1/absences/${pending.id}/decide`, { decision: 'approved' }),
        403,
        'permission_denied',
      )
      // Downwards does not count: emp does not supervise boss, and does not see boss's absences.
      const bossOwn = await create(bossKey, days(boss.id, 'personal', '2026-12-04'))
      expectError(
        await empKey.post(`/api/v1/absences/${bossOwn.id}/decide`, { decision: 'approved' }),
        404,
        'not_found',
      )
      assert.equal((await tenant.admin.get(`/api/v1/absences/${pending.id}`)).body.data.status, 'pending')

      // Nobody decides their own: not HR, not an admin who is also HR and a supervisor of nobody.
      const hrOwn = await create(hrKey, days(hr.id, 'personal', '2026-12-07'))
      expectError(
        await hrKey.post(`/api/v1/absences/${hrOwn.id}/decide`, { decision: 'approved' }),
        403,
        'permission_denied',
      )
      const hrAdmin = await tenant.createUser({
        role: 'admin',
        department_id: (await tenant.admin.get('/api/v1/tenant')).body.data.hr_department_id,
      })
      const hrAdminKey = await tenant.keyFor(hrAdmin.id)
      const adminOwn = await create(hrAdminKey, days(hrAdmin.id, 'personal', '2026-12-08'))
      expectError(
        await hrAdminKey.post(`/api/v1/absences/${adminOwn.id}/decide`, { decision: 'approved' }),
        403,
        'permission_denied',
      )
      assert.equal((await decide(hrKey, adminOwn.id, 'approved')).status, 'approved', 'another HR member may')

      // 403 comes before 409: a non-decider who sees it deciding an already decided absence.
      const decided = await req('2026-12-09')
      await decide(bossKey, decided.id, 'approved')
      expectError(
        await tenant.admin.post(`/api/v1/absences/${decided.id}/decide`, { decision: 'approved' }),
        403,
        'permission_denied',
      )
      // 404 comes before 403.
      expectError(await peerKey.post('/api/v1/absences/abs_nope/decide', { decision: 'approved' }), 404, 'not_found')
    })

    it('decide: HR membership and the hierarchy are read at decision time', async () => {
      const tenant = await t.newTenant()
      const user = await tenant.createUser()
      const boss = await tenant.createUser()
      const bossKey = await tenant.keyFor(boss.id)
      const a = await create(tenant.admin, days(user.id, 'personal', '2026-12-01'))
      expectError(await bossKey.post(`/api/v1/absences/${a.id}/decide`, { decision: 'approved' }), 404, 'not_found')
      assert.equal((await tenant.admin.patch(`/api/v1/users/${user.id}`, { manager_id: boss.id })).status, 200)
      await decide(bossKey, a.id, 'approved')

      const b = await create(tenant.admin, days(user.id, 'personal', '2026-12-02'))
      const dep = (await tenant.admin.post('/api/v1/departments', { name: 'People' })).body.data
      const clerk = await tenant.createUser({ department_id: dep.id })
      const clerkKey = await tenant.keyFor(clerk.id)
      expectError(await clerkKey.post(`/api/v1/absences/${b.id}/decide`, { decision: 'rejected' }), 404, 'not_found')
      assert.equal((await tenant.admin.patch('/api/v1/tenant', { hr_department_id: dep.id })).status, 200)
      assert.equal((await decide(clerkKey, b.id, 'rejected')).status, 'rejected')
    })

    // -----------------------------------------------------------------------------------------
    // Cancel

    it('cancel: by the requester or HR; supervisors and admins get 403; unrelated colleagues and unknown ids 404', async () => {
      const tenant = await t.newTenant()
      const { hrKey } = await withHr(tenant)
      const boss = await tenant.createUser()
      const user = await tenant.createUser({ manager_id: boss.id })
      const stranger = await tenant.createUser()
      const [bossKey, userKey, strangerKey] = await Promise.all([
        tenant.keyFor(boss.id),
        tenant.keyFor(user.id),
        tenant.keyFor(stranger.id),
      ])
      const a = await create(userKey, days(user.id, 'personal', '2026-12-01'))
      for (const key of [bossKey, tenant.admin]) {
        expectError(await key.post(`/api/v1/absences/${a.id}/cancel`), 403, 'permission_denied')
      }
      expectError(await strangerKey.post(`/api/v1/absences/${a.id}/cancel`), 404, 'not_found')
      const cancelled = await cancel(userKey, a.id)
      assert.deepEqual(Object.keys(cancelled).sort(), ABSENCE_KEYS)
      assert.equal(cancelled.status, 'cancelled')
      const b = await create(tenant.admin, days(user.id, 'sick', '2026-12-02')) // approved at once
      assert.equal((await cancel(hrKey, b.id)).status, 'cancelled', 'HR cancels an approved absence')
      expectError(await userKey.post('/api/v1/absences/abs_nope/cancel'), 404, 'not_found')
      expectError(await strangerKey.post('/api/v1/absences/abs_nope/cancel'), 404, 'not_found')
    })

    it('cancel: pending or approved that have not ended; rejected, cancelled or ended ones are 409 absence_not_cancellable', async () => {
      const tenant = await t.newTenant()
      const { hrKey } = await withHr(tenant)
      const user = await tenant.createUser()
      const userKey = await tenant.keyFor(user.id)

      const r = await create(userKey, days(user.id, 'personal', '2026-12-01'))
      await decide(hrKey, r.id, 'rejected')
      expectError(await userKey.post(`/api/v1/absences/${r.id}/cancel`), 409, 'absence_not_cancellable')
      const c = await create(userKey, days(user.id, 'personal', '2026-12-02'))
      await cancel(userKey, c.id)
      expectError(await userKey.post(`/api/v1/absences/${c.id}/cancel`), 409, 'absence_not_cancellable')
      // 403 before 409.
      expectError(await tenant.admin.post(`/api/v1/absences/${c.id}/cancel`), 403, 'permission_denied')

      // Approved sick leave today only, one under way from tomorrow, one ending on the 28th, and a pending one on the 30th.
      const ended = await create(userKey, days(user.id, 'sick', TODAY))
      const running = await create(userKey, days(user.id, 'sick', '2026-11-24', '2026-11-26'))
      const endsOn28 = await create(userKey, days(user.id, 'sick', '2026-11-27', '2026-11-28'))
      const pendingPast = await create(userKey, days(user.id, 'personal', '2026-11-30'))
      // Two days later (in Madrid): the first has ended, the second is under way.
      setNow('2026-11-25T09:00:00Z')
      expectError(await userKey.post(`/api/v1/absences/${ended.id}/cancel`), 409, 'absence_not_cancellable')
      expectError(await hrKey.post(`/api/v1/absences/${ended.id}/cancel`), 409, 'absence_not_cancellable')
      assert.equal((await cancel(userKey, running.id)).status, 'cancelled', 'under way, not ended')
      // On its last day an absence has not ended yet.
      setNow('2026-11-28T22:59:00Z') // 23:59 in Madrid on the 28th
      assert.equal((await cancel(userKey, endsOn28.id)).status, 'cancelled')
      setNow('2026-11-30T23:00:00Z') // already Dec 1st in Madrid
      expectError(await userKey.post(`/api/v1/absences/${pendingPast.id}/cancel`), 409, 'absence_not_cancellable')
      assert.equal((await tenant.admin.get(`/api/v1/absences/${pendingPast.id}`)).body.data.status, 'pending')
    })
  },
  { app: { clock: () => now } },
)
