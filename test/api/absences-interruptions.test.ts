/**
 * Sick leave over vacation (art. 38.3 ET: a temporary incapacity that coincides with the vacation
 * lets the worker take those days later): recorded or requested over approved vacation, past or
 * future, the days it covers go back to the balance and the vacation shows them interrupted,
 * keeping its dates; cancelling the sick leave gives them back to the vacation; days not taken in
 * their year are carried on. Other overlaps stay 409. The clock is Monday 2026-11-23 10:00 UTC.
 */
import assert from 'node:assert/strict'
import { it } from 'node:test'
import { expectError, forEachEngine } from '../helpers/harness.js'
import { balance, cancel, create, days, DEFAULT_NOW, decide, madrid, span, withHr } from '../helpers/absences.js'
import { report } from '../helpers/reports.js'

const now = Date.parse(DEFAULT_NOW)

forEachEngine(
  'absences over vacation (art. 38.3 ET)',
  (t) => {
    it('art. 38.3 ET: sick leave recorded over a past vacation gives its days back; the vacation keeps its dates and shows it', async () => {
      const tenant = await madrid(t)
      const { hrKey } = await withHr(tenant)
      const worker = await tenant.createUser()
      // Two weeks ago, Monday to Friday: five working days of vacation, already taken.
      const recorded = await hrKey.post(
        '/api/v1/absences/record',
        days(worker.id, 'vacation', '2026-11-09', '2026-11-13'),
      )
      assert.equal(recorded.status, 201, JSON.stringify(recorded.body))
      const vacation = recorded.body.data
      assert.deepEqual(vacation.interrupted_by, [])
      assert.deepEqual(await balance(tenant.admin, worker.id, 2026), {
        user_id: worker.id,
        year: 2026,
        entitled: 22,
        approved: 5,
        pending: 0,
        remaining: 17,
      })

      // The doctor's note arrives: sick from Wednesday to the next Monday, over the vacation's end.
      const sick = await hrKey.post('/api/v1/absences/record', days(worker.id, 'sick', '2026-11-11', '2026-11-16'))
      assert.equal(sick.status, 201, JSON.stringify(sick.body))
      assert.equal(sick.body.data.status, 'approved')
      assert.deepEqual(sick.body.data.interrupted_by, [], 'the sick leave is not itself interrupted')

      const shown = (await tenant.admin.get(`/api/v1/absences/${vacation.id}`)).body.data
      assert.deepEqual(
        [shown.status, shown.start_date, shown.end_date],
        ['approved', '2026-11-09', '2026-11-13'],
        'the vacation is never rewritten',
      )
      assert.deepEqual(shown.interrupted_by, [
        {
          absence_id: sick.body.data.id,
          type: { key: 'sick', label: 'Baja por enfermedad' },
          start_date: '2026-11-11',
          end_date: '2026-11-13',
        },
      ])
      const listed = (await tenant.admin.get(`/api/v1/absences?from=2026-11-01&to=2026-11-30&user_id=${worker.id}`))
        .body.data
      assert.deepEqual(listed.find((a: any) => a.id === vacation.id).interrupted_by, shown.interrupted_by)
      // Wednesday to Friday come back.
      assert.deepEqual(await balance(tenant.admin, worker.id, 2026), {
        user_id: worker.id,
        year: 2026,
        entitled: 22,
        approved: 2,
        pending: 0,
        interrupted: 3,
        remaining: 20,
      })

      // The days are days of sick leave: the monthly record shows it, not the vacation, and no work is expected.
      const month = await report(tenant.admin, worker.id, '2026-11')
      const dayOf = (date: string) => month.days.find((d: any) => d.date === date)
      assert.deepEqual(
        dayOf('2026-11-10').absences.map((a: any) => a.type),
        ['vacation'],
      )
      for (const date of ['2026-11-11', '2026-11-13', '2026-11-16']) {
        assert.deepEqual(
          dayOf(date).absences.map((a: any) => a.type),
          ['sick'],
          date,
        )
        assert.equal(dayOf(date).expected_minutes, 0, date)
      }
      const attendance = (
        await tenant.admin.get(`/api/v1/attendance?user_id=${worker.id}&from=2026-11-11&to=2026-11-11`)
      ).body.data[0]
      assert.equal(attendance.expected_minutes, 0)
    })

    it('art. 38.3 ET: a type that does not interrupt vacation, an hourly one, or sick leave over pending vacation is still 409', async () => {
      const tenant = await madrid(t)
      const { hrKey } = await withHr(tenant)
      const worker = await tenant.createUser()
      const workerKey = await tenant.keyFor(worker.id)
      await hrKey.post('/api/v1/absences/record', days(worker.id, 'vacation', '2026-11-09', '2026-11-13'))
      for (const body of [
        days(worker.id, 'personal', '2026-11-12'),
        days(worker.id, 'justified', '2026-11-13', '2026-11-16'),
        span(worker.id, 'sick', '2026-11-12', '09:00', '10:00'),
      ]) {
        expectError(await hrKey.post('/api/v1/absences/record', body), 409, 'absence_overlap')
      }
      // Pending vacation is still a request: it is rejected or cancelled instead.
      const pending = await create(workerKey, days(worker.id, 'vacation', '2026-12-14', '2026-12-18'))
      assert.equal(pending.status, 'pending')
      expectError(
        await workerKey.post('/api/v1/absences', days(worker.id, 'sick', '2026-12-15')),
        409,
        'absence_overlap',
      )
      // Nor may vacation be asked for over sick leave.
      await create(workerKey, days(worker.id, 'sick', '2026-12-21', '2026-12-22'))
      expectError(
        await workerKey.post('/api/v1/absences', days(worker.id, 'vacation', '2026-12-22', '2026-12-23')),
        409,
        'absence_overlap',
      )
    })

    it('art. 38.3 ET: sick leave over a future vacation; cancelling it gives the days back to the vacation', async () => {
      const tenant = await madrid(t)
      const { hrKey } = await withHr(tenant)
      const worker = await tenant.createUser({ vacation_days: 5 })
      const workerKey = await tenant.keyFor(worker.id)
      const vacation = await create(workerKey, days(worker.id, 'vacation', '2026-11-30', '2026-12-04'))
      await decide(hrKey, vacation.id, 'approved')
      expectError(
        await workerKey.post('/api/v1/absences', days(worker.id, 'vacation', '2026-12-14')),
        409,
        'vacation_balance_exceeded',
      )

      // Taken ill before leaving: the sick leave (approved at once) covers Tuesday and Wednesday.
      const sick = await create(workerKey, days(worker.id, 'sick', '2026-12-01', '2026-12-02'))
      assert.equal(sick.status, 'approved')
      const interrupted = {
        user_id: worker.id,
        year: 2026,
        entitled: 5,
        approved: 3,
        pending: 0,
        interrupted: 2,
        remaining: 2,
      }
      assert.deepEqual(await balance(tenant.admin, worker.id, 2026), interrupted)
      assert.deepEqual(
        (await workerKey.get(`/api/v1/absences/${vacation.id}`)).body.data.interrupted_by.map((i: any) => [
          i.absence_id,
          i.start_date,
          i.end_date,
        ]),
        [[sick.id, '2026-12-01', '2026-12-02']],
      )

      // Better after all: cancelling the sick leave gives the days back to the vacation.
      const cancelled = await cancel(workerKey, sick.id)
      assert.equal(cancelled.status, 'cancelled')
      assert.deepEqual((await workerKey.get(`/api/v1/absences/${vacation.id}`)).body.data.interrupted_by, [])
      assert.deepEqual(await balance(tenant.admin, worker.id, 2026), {
        user_id: worker.id,
        year: 2026,
        entitled: 5,
        approved: 5,
        pending: 0,
        remaining: 0,
      })

      // Ill again: the two days come back, and may be taken later.
      await create(workerKey, days(worker.id, 'sick', '2026-12-01', '2026-12-02'))
      assert.deepEqual(await balance(tenant.admin, worker.id, 2026), interrupted)
      await create(workerKey, days(worker.id, 'vacation', '2026-12-14', '2026-12-15'))
      expectError(
        await workerKey.post('/api/v1/absences', days(worker.id, 'vacation', '2026-12-16')),
        409,
        'vacation_balance_exceeded',
      )
      assert.deepEqual(await balance(tenant.admin, worker.id, 2026), { ...interrupted, pending: 2, remaining: 0 })
    })

    it('art. 38.3 ET: returned days not taken in their year are carried on until 30 June of the year after next', async () => {
      const tenant = await madrid(t)
      const worker = await tenant.createUser({ vacation_days: 5 })
      // 2026's five days in mid December (Monday to Friday), two of them lost to sick leave.
      await tenant.admin.patch('/api/v1/absence-types/vacation', { requires_approval: false })
      await create(tenant.admin, days(worker.id, 'vacation', '2026-12-14', '2026-12-18'))
      await create(tenant.admin, days(worker.id, 'sick', '2026-12-16', '2026-12-17'))
      assert.deepEqual(await balance(tenant.admin, worker.id, 2027), {
        user_id: worker.id,
        year: 2027,
        entitled: 5,
        approved: 0,
        pending: 0,
        carried_in: [{ year: 2026, days: 2, until: '2028-06-30' }],
        remaining: 7,
      })
      // 2027's own five days and the two carried from 2026 (Monday 11 to Tuesday 19 January).
      await create(tenant.admin, days(worker.id, 'vacation', '2027-01-11', '2027-01-19'))
      expectError(
        await tenant.admin.post('/api/v1/absences', days(worker.id, 'vacation', '2027-01-20')),
        409,
        'vacation_balance_exceeded',
      )
      // Taking them in 2026 now would leave January 2027 uncovered.
      const late = expectError(
        await tenant.admin.post('/api/v1/absences', days(worker.id, 'vacation', '2026-12-21')),
        409,
        'vacation_balance_exceeded',
      )
      assert.match(late.message, /^2027: /)
      assert.deepEqual(await balance(tenant.admin, worker.id, 2027), {
        user_id: worker.id,
        year: 2027,
        entitled: 5,
        approved: 7,
        pending: 0,
        carried_in: [{ year: 2026, days: 2, until: '2028-06-30' }],
        remaining: 0,
      })
    })

    it('art. 38.3 ET: which types interrupt vacation is the company’s: interrupts_vacation on create and update', async () => {
      const tenant = await madrid(t)
      const { hrKey } = await withHr(tenant)
      const created = await tenant.admin.post('/api/v1/absence-types', {
        key: 'accident',
        label: 'Work accident',
        requires_approval: false,
        interrupts_vacation: true,
      })
      assert.equal(created.status, 201, JSON.stringify(created.body))
      assert.equal(created.body.data.interrupts_vacation, true)
      const incoherent = expectError(
        await tenant.admin.post('/api/v1/absence-types', {
          key: 'odd',
          label: 'Odd',
          consumes_vacation: true,
          interrupts_vacation: true,
        }),
        400,
        'invalid_request',
      )
      assert.equal(incoherent.details?.[0]?.field, 'interrupts_vacation')
      expectError(
        await tenant.admin.patch('/api/v1/absence-types/vacation', { interrupts_vacation: true }),
        400,
        'invalid_request',
      )
      expectError(
        await tenant.admin.patch('/api/v1/absence-types/overtime_rest', { interrupts_vacation: true }),
        400,
        'invalid_request',
      )
      const member = await tenant.keyFor((await tenant.createUser()).id)
      expectError(
        await member.patch('/api/v1/absence-types/personal', { interrupts_vacation: true }),
        403,
        'permission_denied',
      )

      const worker = await tenant.createUser()
      await hrKey.post('/api/v1/absences/record', days(worker.id, 'vacation', '2026-11-09', '2026-11-13'))
      assert.equal((await hrKey.post('/api/v1/absences/record', days(worker.id, 'accident', '2026-11-09'))).status, 201)
      // Sick leave no longer interrupts vacation once the company says so.
      const changed = await tenant.admin.patch('/api/v1/absence-types/sick', { interrupts_vacation: false })
      assert.equal(changed.status, 200, JSON.stringify(changed.body))
      assert.equal(changed.body.data.interrupts_vacation, false)
      expectError(
        await hrKey.post('/api/v1/absences/record', days(worker.id, 'sick', '2026-11-10')),
        409,
        'absence_overlap',
      )
      assert.equal((await balance(tenant.admin, worker.id, 2026)).interrupted, 1)
    })
  },
  { app: { clock: () => now } },
)
