/**
 * Vacation in calendar days (art. 38.1 ET: at least 30 calendar days a year): the company's
 * `vacation_unit` on GET/PATCH /tenant (administrators, audited) decides whether vacation is counted
 * in working days (the default) or in calendar days, and balances and requests follow it. The clock
 * is Monday 2026-11-23 10:00 UTC.
 */
import assert from 'node:assert/strict'
import { it } from 'node:test'
import { expectError, forEachEngine, type TestTenant } from '../helpers/harness.js'
import { balance, create, days, DEFAULT_NOW, madrid, vacationBalance } from '../helpers/absences.js'

const now = Date.parse(DEFAULT_NOW)

async function inCalendarDays(tenant: TestTenant, default_vacation_days = 30) {
  const res = await tenant.admin.patch('/api/v1/tenant', { vacation_unit: 'calendar_days', default_vacation_days })
  assert.equal(res.status, 200, JSON.stringify(res.body))
  return res.body.data
}

forEachEngine(
  'absences: vacation in calendar days (art. 38.1 ET)',
  (t) => {
    it('art. 38.1 ET: vacation_unit is a company setting: working_days by default, administrators only, audited', async () => {
      const tenant = await t.newTenant()
      assert.equal((await tenant.admin.get('/api/v1/tenant')).body.data.vacation_unit, 'working_days')
      const refused = expectError(
        await tenant.admin.patch('/api/v1/tenant', { vacation_unit: 'weeks' }),
        400,
        'invalid_request',
      )
      assert.equal(refused.details?.[0]?.field, 'vacation_unit')
      const member = await tenant.keyFor((await tenant.createUser()).id)
      expectError(await member.patch('/api/v1/tenant', { vacation_unit: 'calendar_days' }), 403, 'permission_denied')
      assert.equal((await tenant.admin.get('/api/v1/tenant')).body.data.vacation_unit, 'working_days')
      const settings = await inCalendarDays(tenant)
      assert.deepEqual([settings.vacation_unit, settings.default_vacation_days], ['calendar_days', 30])
      assert.equal((await tenant.admin.get('/api/v1/tenant')).body.data.vacation_unit, 'calendar_days')
      const audit = (await tenant.admin.get('/api/v1/audit-log?operation=tenant.update')).body.data
      assert.deepEqual(audit[0].fields.sort(), ['default_vacation_days', 'vacation_unit'])
    })

    it('art. 38.1 ET: in calendar days a Monday-Sunday vacation consumes 7, holidays included; 30 a year, the 31st is 409', async () => {
      const tenant = await madrid(t)
      await inCalendarDays(tenant)
      const worker = await tenant.createUser()
      await create(tenant.admin, days(worker.id, 'vacation', '2026-11-30', '2026-12-06'))
      assert.deepEqual(await balance(tenant.admin, worker.id, 2026), {
        user_id: worker.id,
        year: 2026,
        unit: 'calendar_days',
        entitled: 30,
        approved: 0,
        pending: 7,
        remaining: 23,
      })
      // Monday 7 and Tuesday 8 December are holidays in Madrid: calendar days all the same.
      await create(tenant.admin, days(worker.id, 'vacation', '2026-12-07', '2026-12-08'))
      assert.equal((await balance(tenant.admin, worker.id, 2026)).pending, 9)
      // 21 more (14 December to 3 January) would be 30 in 2026 but the 3 in January are 2027's.
      await create(tenant.admin, days(worker.id, 'vacation', '2026-12-14', '2027-01-03'))
      const year = await vacationBalance(tenant.admin, worker.id, 2026)
      assert.deepEqual([year.unit, year.pending, year.remaining], ['calendar_days', 27, 3])
      assert.equal((await balance(tenant.admin, worker.id, 2027)).pending, 3)
      await create(tenant.admin, days(worker.id, 'vacation', '2026-12-09', '2026-12-11'))
      expectError(
        await tenant.admin.post('/api/v1/absences', days(worker.id, 'vacation', '2026-12-12')),
        409,
        'vacation_balance_exceeded',
      )
      // The same week in working days is 5, as before.
      const other = await madrid(t)
      const someone = await other.createUser()
      await create(other.admin, days(someone.id, 'vacation', '2026-11-30', '2026-12-06'))
      const working = await vacationBalance(other.admin, someone.id, 2026)
      assert.deepEqual([working.unit, working.pending], ['working_days', 5])
    })

    it('art. 38.1 and 38.3 ET: in calendar days, sick leave over a vacation weekend gives the weekend back too', async () => {
      const tenant = await madrid(t)
      await inCalendarDays(tenant)
      const worker = await tenant.createUser()
      const recorded = await tenant.admin.post(
        '/api/v1/absences/record',
        days(worker.id, 'vacation', '2026-11-09', '2026-11-15'),
      )
      assert.equal(recorded.status, 201, JSON.stringify(recorded.body))
      // Friday to Sunday.
      const sick = await tenant.admin.post(
        '/api/v1/absences/record',
        days(worker.id, 'sick', '2026-11-13', '2026-11-15'),
      )
      assert.equal(sick.status, 201, JSON.stringify(sick.body))
      assert.deepEqual(await balance(tenant.admin, worker.id, 2026), {
        user_id: worker.id,
        year: 2026,
        unit: 'calendar_days',
        entitled: 30,
        approved: 4,
        pending: 0,
        interrupted: 3,
        remaining: 26,
      })
    })
  },
  { app: { clock: () => now } },
)
