/**
 * Vacation balances through HTTP: vacation is counted in the employee's working days (weekends,
 * public holidays and their own schedule), pending requests count, each calendar year is judged on
 * its own, and GET /users/{id}/vacation-balance follows approvals, rejections and cancellations.
 * The app's clock is fixed per test (by default Monday 2026-11-23 10:00 UTC, 11:00 in Madrid) so
 * "not in the past" is deterministic.
 */
import assert from 'node:assert/strict'
import { beforeEach, it } from 'node:test'
import { expectError, forEachEngine, type TestTenant } from '../helpers/harness.js'
import { balance, cancel, create, days, decide, DEFAULT_NOW, madrid, span, withHr } from '../helpers/absences.js'

let now = Date.parse(DEFAULT_NOW)
const setNow = (iso: string) => (now = Date.parse(iso))

async function setVacationDays(tenant: TestTenant, userId: string, vacation_days: number | null) {
  const res = await tenant.admin.patch(`/api/v1/users/${userId}`, { vacation_days })
  assert.equal(res.status, 200, JSON.stringify(res.body))
}

forEachEngine(
  'absences: vacation balances',
  (t) => {
    beforeEach(() => {
      setNow(DEFAULT_NOW)
    })

    it('vacation: 5 days of 5 fit, one more is 409 vacation_balance_exceeded; sick leave does not count', async () => {
      const tenant = await madrid(t)
      const user = await tenant.createUser()
      await setVacationDays(tenant, user.id, 5)
      // Mon 2026-11-30 .. Fri 2026-12-04: five working days.
      await create(tenant.admin, days(user.id, 'vacation', '2026-11-30', '2026-12-04'))
      const over = expectError(
        await tenant.admin.post('/api/v1/absences', days(user.id, 'vacation', '2026-12-09')),
        409,
        'vacation_balance_exceeded',
      )
      assert.match(over.message, /2026/)
      assert.deepEqual(await balance(tenant.admin, user.id, 2026), {
        user_id: user.id,
        year: 2026,
        entitled: 5,
        approved: 0,
        pending: 5,
        remaining: 0,
      })
      // A weekend uses no working days and other types use no vacation.
      await create(tenant.admin, days(user.id, 'vacation', '2026-12-05', '2026-12-06'))
      await create(tenant.admin, days(user.id, 'sick', '2026-12-09', '2026-12-11'))
      assert.equal((await balance(tenant.admin, user.id, 2026)).pending, 5)
      // More days make room.
      await setVacationDays(tenant, user.id, 6)
      await create(tenant.admin, days(user.id, 'vacation', '2026-12-14'))
      assert.deepEqual(await balance(tenant.admin, user.id, 2026), {
        user_id: user.id,
        year: 2026,
        entitled: 6,
        approved: 0,
        pending: 6,
        remaining: 0,
      })
    })

    it('vacation days are working days: weekends and public holidays (ES-MD 2026-12-07/08, 12-25) are not counted', async () => {
      const tenant = await madrid(t)
      const user = await tenant.createUser()
      await setVacationDays(tenant, user.id, 7)
      // Sat 12-05 .. Fri 12-11: only Wed 9, Thu 10, Fri 11 are working days.
      await create(tenant.admin, days(user.id, 'vacation', '2026-12-05', '2026-12-11'))
      assert.equal((await balance(tenant.admin, user.id, 2026)).pending, 3)
      // Mon 12-21 .. Sun 12-27: Christmas Friday is a holiday, so four days: 3 + 4 = 7 fits exactly.
      await create(tenant.admin, days(user.id, 'vacation', '2026-12-21', '2026-12-27'))
      assert.deepEqual(await balance(tenant.admin, user.id, 2026), {
        user_id: user.id,
        year: 2026,
        entitled: 7,
        approved: 0,
        pending: 7,
        remaining: 0,
      })
      expectError(
        await tenant.admin.post('/api/v1/absences', days(user.id, 'vacation', '2026-12-28')),
        409,
        'vacation_balance_exceeded',
      )
      // A holiday alone uses nothing (Wed 2027-01-06, Epiphany).
      await create(tenant.admin, days(user.id, 'vacation', '2027-01-06'))
      assert.equal((await balance(tenant.admin, user.id, 2027)).pending, 0)
      // A tenant without a country has no public holidays: the same week counts five.
      const plain = await t.newTenant()
      const other = await plain.createUser()
      await create(plain.admin, days(other.id, 'vacation', '2026-12-07', '2026-12-11'))
      assert.equal((await balance(plain.admin, other.id, 2026)).pending, 5)
    })

    it('vacation days and expected time follow the employee’s own schedule (Mon-Sat)', async () => {
      const tenant = await madrid(t)
      const schedule = await tenant.admin.post('/api/v1/schedules', {
        name: 'Six days',
        weekday_minutes: { mon: 420, tue: 420, wed: 420, thu: 420, fri: 420, sat: 300, sun: 0 },
      })
      assert.equal(schedule.status, 201, JSON.stringify(schedule.body))
      const user = await tenant.createUser({ schedule_id: schedule.body.data.id, vacation_days: 6 })
      // Mon 11-30 .. Sun 12-06: six working days for this user.
      await create(tenant.admin, days(user.id, 'vacation', '2026-11-30', '2026-12-06'))
      assert.equal((await balance(tenant.admin, user.id, 2026)).pending, 6)
      expectError(
        await tenant.admin.post('/api/v1/absences', days(user.id, 'vacation', '2026-12-09')),
        409,
        'vacation_balance_exceeded',
      )
      await create(tenant.admin, span(user.id, 'sick', '2026-12-12', '09:00', '11:00')) // Saturday
      const res = await tenant.admin.get(`/api/v1/attendance?user_id=${user.id}&from=2026-12-11&to=2026-12-12`)
      assert.deepEqual(
        res.body.data.map((e: any) => e.expected_minutes),
        [420, 180],
      )
    })

    it('a user working holidays spends vacation on holidays too', async () => {
      const tenant = await madrid(t)
      const user = await tenant.createUser({ works_holidays: true })
      await create(tenant.admin, days(user.id, 'vacation', '2026-12-07', '2026-12-11'))
      assert.equal((await balance(tenant.admin, user.id, 2026)).pending, 5)
    })

    it('pending requests count: a pending request blocks the next one until it is rejected', async () => {
      const tenant = await madrid(t)
      const { hrKey } = await withHr(tenant)
      const user = await tenant.createUser({ vacation_days: 5 })
      const first = await create(tenant.admin, days(user.id, 'vacation', '2026-11-30', '2026-12-02')) // 3 days
      expectError(
        await tenant.admin.post('/api/v1/absences', days(user.id, 'vacation', '2026-12-14', '2026-12-16')),
        409,
        'vacation_balance_exceeded',
      )
      await decide(hrKey, first.id, 'rejected')
      await create(tenant.admin, days(user.id, 'vacation', '2026-12-14', '2026-12-16'))
      assert.deepEqual(await balance(tenant.admin, user.id, 2026), {
        user_id: user.id,
        year: 2026,
        entitled: 5,
        approved: 0,
        pending: 3,
        remaining: 2,
      })
    })

    it('a request across New Year counts in each year separately', async () => {
      const tenant = await madrid(t)
      const user = await tenant.createUser()
      await setVacationDays(tenant, user.id, 4)
      // 2026: Mon 28 .. Thu 31 = 4. 2027: Fri 1 (holiday), Mon 4, Tue 5, Wed 6 (holiday), Thu 7, Fri 8 = 4.
      const a = await create(tenant.admin, days(user.id, 'vacation', '2026-12-28', '2027-01-08'))
      assert.equal(a.status, 'pending')
      assert.deepEqual(await balance(tenant.admin, user.id, 2026), {
        user_id: user.id,
        year: 2026,
        entitled: 4,
        approved: 0,
        pending: 4,
        remaining: 0,
      })
      assert.deepEqual(await balance(tenant.admin, user.id, 2027), {
        user_id: user.id,
        year: 2027,
        entitled: 4,
        approved: 0,
        pending: 4,
        remaining: 0,
      })
      expectError(
        await tenant.admin.post('/api/v1/absences', days(user.id, 'vacation', '2027-01-11')),
        409,
        'vacation_balance_exceeded',
      )
      expectError(
        await tenant.admin.post('/api/v1/absences', days(user.id, 'vacation', '2026-12-18')),
        409,
        'vacation_balance_exceeded',
      )
      await setVacationDays(tenant, user.id, 5)
      await create(tenant.admin, days(user.id, 'vacation', '2027-01-11'))
      await create(tenant.admin, days(user.id, 'vacation', '2026-12-18'))
      assert.equal((await balance(tenant.admin, user.id, 2027)).remaining, 0)
      assert.equal((await balance(tenant.admin, user.id, 2026)).remaining, 0)
      // A request whose 2026 part fits but whose 2027 part does not is refused as a whole.
      const other = await tenant.createUser({ vacation_days: 4 })
      await create(tenant.admin, days(other.id, 'vacation', '2027-01-11', '2027-01-12'))
      expectError(
        await tenant.admin.post('/api/v1/absences', days(other.id, 'vacation', '2026-12-28', '2027-01-08')),
        409,
        'vacation_balance_exceeded',
      )
      assert.equal((await balance(tenant.admin, other.id, 2026)).pending, 0)
    })

    it('GET /users/{id}/vacation-balance follows approve, reject and cancel; 404 unknown user; 400 bad year', async () => {
      const tenant = await madrid(t)
      const other = await t.newTenant()
      const { hrKey } = await withHr(tenant)
      const user = await tenant.createUser()
      const userKey = await tenant.keyFor(user.id)
      const b = () => balance(tenant.admin, user.id, 2026)
      assert.deepEqual(
        await b(),
        { user_id: user.id, year: 2026, entitled: 22, approved: 0, pending: 0, remaining: 22 },
        'the company default',
      )
      await setVacationDays(tenant, user.id, 10)
      assert.deepEqual(await b(), {
        user_id: user.id,
        year: 2026,
        entitled: 10,
        approved: 0,
        pending: 0,
        remaining: 10,
      })

      const a = await create(userKey, days(user.id, 'vacation', '2026-11-30', '2026-12-02')) // 3
      assert.deepEqual(await b(), { user_id: user.id, year: 2026, entitled: 10, approved: 0, pending: 3, remaining: 7 })
      await decide(hrKey, a.id, 'approved')
      assert.deepEqual(await b(), { user_id: user.id, year: 2026, entitled: 10, approved: 3, pending: 0, remaining: 7 })
      const r = await create(userKey, days(user.id, 'vacation', '2026-12-09', '2026-12-10')) // 2
      assert.deepEqual(await b(), { user_id: user.id, year: 2026, entitled: 10, approved: 3, pending: 2, remaining: 5 })
      await decide(hrKey, r.id, 'rejected')
      assert.deepEqual(await b(), { user_id: user.id, year: 2026, entitled: 10, approved: 3, pending: 0, remaining: 7 })
      const c = await create(userKey, days(user.id, 'vacation', '2026-12-14', '2026-12-15')) // 2
      assert.equal((await b()).pending, 2)
      await cancel(userKey, c.id)
      assert.deepEqual(await b(), { user_id: user.id, year: 2026, entitled: 10, approved: 3, pending: 0, remaining: 7 })
      await cancel(userKey, a.id) // approved, not yet started
      assert.deepEqual(await b(), {
        user_id: user.id,
        year: 2026,
        entitled: 10,
        approved: 0,
        pending: 0,
        remaining: 10,
      })
      assert.deepEqual(await balance(tenant.admin, user.id, 2027), {
        user_id: user.id,
        year: 2027,
        entitled: 10,
        approved: 0,
        pending: 0,
        remaining: 10,
      })

      // The default year is the clock's.
      const def = await tenant.admin.get(`/api/v1/users/${user.id}/vacation-balance`)
      assert.equal(def.status, 200)
      assert.equal(def.body.data.year, 2026)
      await setVacationDays(tenant, user.id, null)
      assert.equal((await b()).entitled, 22, 'null resets to the company default')

      expectError(await tenant.admin.get('/api/v1/users/usr_nobody/vacation-balance?year=2026'), 404, 'not_found')
      const foreign = await other.createUser()
      expectError(await tenant.admin.get(`/api/v1/users/${foreign.id}/vacation-balance?year=2026`), 404, 'not_found')
      expectError(
        await tenant.admin.get(`/api/v1/users/${user.id}/vacation-balance?year=twenty`),
        400,
        'invalid_request',
      )
      expectError(
        await tenant.admin.get(`/api/v1/users/${user.id}/vacation-balance?year=2026&month=1`),
        400,
        'invalid_request',
      )
    })

    it('a vacation request spanning three calendar years is judged year by year (409), not a 500', async () => {
      const tenant = await madrid(t)
      const user = await tenant.createUser()
      // 2026 part: Thu 12-31 only (1 day, fits); 2027: a whole year of working days (does not fit).
      const res = await tenant.admin.post('/api/v1/absences', days(user.id, 'vacation', '2026-12-31', '2028-01-03'))
      expectError(res, 409, 'vacation_balance_exceeded')
    })

    it('a 1 September hire is entitled to the share of the year: rounded as the company chose', async () => {
      const tenant = await madrid(t)
      const user = await tenant.createUser({ hire_date: '2026-09-01' })
      const full = (await tenant.admin.get(`/api/v1/users/${user.id}/vacation-balance?year=2026`)).body.data
      // 122 days of 365: 22 × 122 / 365 = 7.35 days.
      assert.deepEqual(
        [full.annual, full.employed_days, full.entitled, full.remaining],
        [22, 122, 8, 8],
        'up by default: never less than the worker’s share',
      )
      for (const [rounding, entitled] of [
        ['nearest', 7],
        ['down', 7],
        ['up', 8],
      ] as const) {
        assert.equal((await tenant.admin.patch('/api/v1/tenant', { vacation_rounding: rounding })).status, 200)
        assert.equal((await balance(tenant.admin, user.id, 2026)).entitled, entitled, rounding)
      }
      // The next year is a whole one; a year before the hire has none.
      assert.equal((await balance(tenant.admin, user.id, 2027)).entitled, 22)
      assert.equal((await balance(tenant.admin, user.id, 2025)).entitled, 0)
      // Requests are judged against the share: eight days fit, a ninth does not.
      await create(tenant.admin, days(user.id, 'vacation', '2026-11-30', '2026-12-04')) // 5
      await create(tenant.admin, days(user.id, 'vacation', '2026-12-09', '2026-12-11')) // 3
      expectError(
        await tenant.admin.post('/api/v1/absences', days(user.id, 'vacation', '2026-12-14')),
        409,
        'vacation_balance_exceeded',
      )
      expectError(await tenant.admin.patch('/api/v1/tenant', { vacation_rounding: 'half' }), 400, 'invalid_request')
    })

    it('the default year of the vacation balance is this year in the company zone', async () => {
      setNow('2026-12-31T23:30:00Z')
      const tenant = await madrid(t)
      const user = await tenant.createUser()
      const res = await tenant.admin.get(`/api/v1/users/${user.id}/vacation-balance`)
      assert.equal(res.status, 200)
      assert.equal(res.body.data.year, 2027)
    })
  },
  { app: { clock: () => now } },
)
