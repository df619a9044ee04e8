/**
 * Absences under concurrent requests: vacation that fits alone but not together, overlapping
 * requests, decide against cancel, and two deciders: exactly one wins, the others get a 409.
 * The app's clock is fixed per test (by default Monday 2026-11-23 10:00 UTC, 11:00 in Madrid) so
 * "not in the past" is deterministic.
 */
import assert from 'node:assert/strict'
import { beforeEach, it } from 'node:test'
import type { Transaction } from 'kysely'
import { scopeOf } from '../../src/auth/request-scope.js'
import type { Database } from '../../src/db/schema.js'
import { decideAbsence } from '../../src/modules/absences/absences.service.js'
import { authenticate } from '../../src/modules/keys/keys.service.js'
import { expectError, forEachEngine } from '../helpers/harness.js'
import { balance, cancel, create, days, DEFAULT_NOW, list, madrid, span, withHr } from '../helpers/absences.js'

let now = Date.parse(DEFAULT_NOW)
const setNow = (iso: string) => (now = Date.parse(iso))

forEachEngine(
  'absences: races',
  (t) => {
    beforeEach(() => {
      setNow(DEFAULT_NOW)
    })

    it('race: two vacation requests that fit alone but not together give exactly one 201 and one 409', async () => {
      for (let round = 0; round < 5; round++) {
        const tenant = await madrid(t)
        const user = await tenant.createUser({ vacation_days: 5 })
        const [a, b] = await Promise.all([
          tenant.admin.post('/api/v1/absences', days(user.id, 'vacation', '2026-11-30', '2026-12-02')),
          tenant.admin.post('/api/v1/absences', days(user.id, 'vacation', '2026-12-14', '2026-12-16')),
        ])
        assert.deepEqual([a.status, b.status].sort(), [201, 409], `round ${round}: ${JSON.stringify([a.body, b.body])}`)
        expectError(a.status === 409 ? a : b, 409, 'vacation_balance_exceeded')
        assert.deepEqual(await balance(tenant.admin, user.id, 2026), {
          user_id: user.id,
          year: 2026,
          entitled: 5,
          approved: 0,
          pending: 3,
          remaining: 2,
        })
      }
    })

    it('race: two overlapping requests (also by the employee and an admin) give exactly one 201', async () => {
      // Every pair of these three overlaps on 2026-12-02.
      for (let round = 0; round < 5; round++) {
        const tenant = await t.newTenant()
        const user = await tenant.createUser()
        const userKey = await tenant.keyFor(user.id)
        const results = await Promise.all([
          tenant.admin.post('/api/v1/absences', days(user.id, 'sick', '2026-12-01', '2026-12-03')),
          userKey.post('/api/v1/absences', days(user.id, 'personal', '2026-12-02', '2026-12-04')),
          userKey.post('/api/v1/absences', span(user.id, 'justified', '2026-12-02', '09:00', '10:00')),
        ])
        const statuses = results.map((r) => r.status)
        assert.equal(statuses.filter((s) => s === 201).length, 1, `round ${round}: ${statuses}`)
        for (const r of results) if (r.status !== 201) expectError(r, 409, 'absence_overlap')
        assert.equal((await list(tenant.admin, `from=2026-12-01&to=2026-12-31&user_id=${user.id}`)).meta.total, 1)
      }
    })

    it('race (art. 38.3 ET): two overlapping sick leaves over one vacation at once: one 201, the days come back once', async () => {
      for (let round = 0; round < 5; round++) {
        const tenant = await madrid(t)
        const user = await tenant.createUser({ vacation_days: 5 })
        // Two weeks ago, Monday to Friday, recorded: approved vacation in the past.
        const vacation = await tenant.admin.post(
          '/api/v1/absences/record',
          days(user.id, 'vacation', '2026-11-09', '2026-11-13'),
        )
        assert.equal(vacation.status, 201, JSON.stringify(vacation.body))
        const results = await Promise.all([
          tenant.admin.post('/api/v1/absences/record', days(user.id, 'sick', '2026-11-10', '2026-11-11')),
          tenant.admin.post('/api/v1/absences/record', days(user.id, 'sick', '2026-11-11', '2026-11-12')),
        ])
        assert.deepEqual(results.map((r) => r.status).sort(), [201, 409], `round ${round}`)
        expectError(results.find((r) => r.status === 409)!, 409, 'absence_overlap')
        assert.deepEqual(await balance(tenant.admin, user.id, 2026), {
          user_id: user.id,
          year: 2026,
          entitled: 5,
          approved: 3,
          pending: 0,
          interrupted: 2,
          remaining: 2,
        })
        const shown = (await tenant.admin.get(`/api/v1/absences/${vacation.body.data.id}`)).body.data
        assert.equal(shown.interrupted_by.length, 1)
      }
    })

    it('race (art. 38.3 ET): sick leave over vacation and a request for the days it returns: never more than the year’s days', async () => {
      for (let round = 0; round < 5; round++) {
        const tenant = await madrid(t)
        const user = await tenant.createUser({ vacation_days: 5 })
        await tenant.admin.patch('/api/v1/absence-types/vacation', { requires_approval: false })
        await create(tenant.admin, days(user.id, 'vacation', '2026-11-30', '2026-12-04'))
        const [sick, more] = await Promise.all([
          tenant.admin.post('/api/v1/absences', days(user.id, 'sick', '2026-12-01', '2026-12-02')),
          tenant.admin.post('/api/v1/absences', days(user.id, 'vacation', '2026-12-14', '2026-12-15')),
        ])
        assert.equal(sick.status, 201, `round ${round}: ${JSON.stringify(sick.body)}`)
        if (more.status !== 201) expectError(more, 409, 'vacation_balance_exceeded')
        const b = await balance(tenant.admin, user.id, 2026)
        assert.deepEqual(
          [b.approved, b.interrupted, b.remaining],
          more.status === 201 ? [5, 2, 0] : [3, 2, 2],
          `round ${round}`,
        )
      }
    })

    it('race: decide (reject) against cancel on one pending absence: one wins, the other is 409', async () => {
      for (let round = 0; round < 6; round++) {
        const tenant = await t.newTenant()
        const { hrKey } = await withHr(tenant)
        const user = await tenant.createUser()
        const userKey = await tenant.keyFor(user.id)
        const a = await create(userKey, days(user.id, 'personal', '2026-12-01'))
        const decideReq = () => hrKey.post(`/api/v1/absences/${a.id}/decide`, { decision: 'rejected' })
        const cancelReq = () => userKey.post(`/api/v1/absences/${a.id}/cancel`)
        // Alternate which request is sent first.
        const [decided, cancelled] =
          round % 2 === 0
            ? await Promise.all([decideReq(), cancelReq()])
            : await Promise.all([cancelReq(), decideReq()]).then(([c, d]) => [d, c] as const)
        assert.deepEqual(
          [decided.status, cancelled.status].sort(),
          [200, 409],
          `round ${round}: ${JSON.stringify([decided.body, cancelled.body])}`,
        )
        const final = (await tenant.admin.get(`/api/v1/absences/${a.id}`)).body.data
        if (decided.status === 200) {
          expectError(cancelled, 409, 'absence_not_cancellable')
          assert.equal(final.status, 'rejected')
          assert.notEqual(final.decided_at, null)
        } else {
          expectError(decided, 409, 'absence_not_pending')
          assert.equal(final.status, 'cancelled')
          assert.equal(final.decided_at, null)
        }
      }
    })

    /** One pending vacation, then an approval by HR and a cancellation by the employee at the same moment. */
    async function approveAgainstCancel() {
      const tenant = await madrid(t)
      const { hrKey } = await withHr(tenant)
      const user = await tenant.createUser({ vacation_days: 3 })
      const userKey = await tenant.keyFor(user.id)
      const a = await create(userKey, days(user.id, 'vacation', '2026-12-01', '2026-12-03'))
      const [decided, cancelled] = await Promise.all([
        hrKey.post(`/api/v1/absences/${a.id}/decide`, { decision: 'approved' }),
        userKey.post(`/api/v1/absences/${a.id}/cancel`),
      ])
      const final = (await tenant.admin.get(`/api/v1/absences/${a.id}`)).body.data
      return { decided, cancelled, final, balance: await balance(tenant.admin, user.id, 2026), userId: user.id }
    }

    it('race: decide (approve) against cancel: either cancel wins and decide is 409, or approve then cancel both succeed', async () => {
      for (let round = 0; round < 6; round++) {
        const { decided, cancelled, final, balance: b, userId } = await approveAgainstCancel()
        assert.equal(cancelled.status, 200, 'pending or approved, it can be cancelled')
        assert.equal(cancelled.body.data.status, 'cancelled')
        assert.equal(final.status, 'cancelled')
        if (decided.status === 200) {
          // The status in the decide response is checked by the next test.
          assert.notEqual(decided.body.data.decided_at, null)
          assert.notEqual(final.decided_at, null)
        } else {
          expectError(decided, 409, 'absence_not_pending')
          assert.equal(final.decided_at, null)
        }
        assert.deepEqual(b, { user_id: userId, year: 2026, entitled: 3, approved: 0, pending: 0, remaining: 3 })
      }
    })

    it('race: a 200 from decide carries the status it decided, even when a cancel commits right after it', async () => {
      const tenant = await t.newTenant()
      const { hrKey } = await withHr(tenant)
      const user = await tenant.createUser()
      const userKey = await tenant.keyFor(user.id)
      const a = await create(userKey, days(user.id, 'personal', '2026-12-01'))
      const auth = await authenticate(t.database.db, hrKey.key!, Date.now())
      assert.ok(auth)
      // The database as the service sees it, with the employee's cancel landing just after the decision commits.
      const real = t.database.db
      const interleaved = new Proxy(real, {
        get(target, prop) {
          if (prop === 'transaction') {
            return () => ({
              execute: async <T>(fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> => {
                const result = await target.transaction().execute(fn)
                await cancel(userKey, a.id)
                return result
              },
            })
          }
          const value = Reflect.get(target, prop, target)
          return typeof value === 'function' ? value.bind(target) : value
        },
      })
      const decided = await decideAbsence(scopeOf(interleaved, auth, now), a.id, { decision: 'approved' })
      assert.equal(
        (await tenant.admin.get(`/api/v1/absences/${a.id}`)).body.data.status,
        'cancelled',
        'the cancel did land',
      )
      assert.equal(decided.status, 'approved', 'the decide response shows the decision it made')
    })

    it('race: two deciders on one pending absence: exactly one decision', async () => {
      for (let round = 0; round < 5; round++) {
        const tenant = await t.newTenant()
        const { hrKey } = await withHr(tenant)
        const boss = await tenant.createUser()
        const bossKey = await tenant.keyFor(boss.id)
        const user = await tenant.createUser({ manager_id: boss.id })
        const a = await create(tenant.admin, days(user.id, 'personal', '2026-12-01'))
        const [x, y] = await Promise.all([
          hrKey.post(`/api/v1/absences/${a.id}/decide`, { decision: 'approved' }),
          bossKey.post(`/api/v1/absences/${a.id}/decide`, { decision: 'rejected' }),
        ])
        assert.deepEqual([x.status, y.status].sort(), [200, 409], `round ${round}`)
        const winner = x.status === 200 ? x : y
        expectError(x.status === 200 ? y : x, 409, 'absence_not_pending')
        assert.equal((await tenant.admin.get(`/api/v1/absences/${a.id}`)).body.data.status, winner.body.data.status)
      }
    })
  },
  { app: { clock: () => now } },
)
