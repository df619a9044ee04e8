/**
 * dayExpectation: whether a day is a workday and the minutes expected of it, from the schedule,
 * holidays (worked or not) and absences, by example and by property (fast-check).
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import fc from 'fast-check'
import { type DayPlan, dayExpectation } from '../../src/modules/work-calendar/work-calendar.logic.js'

describe('dayExpectation', () => {
  const holiday = { name: 'Año Nuevo', type: 'public' as const }
  const cases: [string, DayPlan, { isWorkday: boolean; expectedMinutes: number }][] = [
    [
      'plain workday',
      { scheduleMinutes: 480, holiday: null, worksHolidays: false, absenceMinutes: 0 },
      { isWorkday: true, expectedMinutes: 480 },
    ],
    [
      'schedule 0',
      { scheduleMinutes: 0, holiday: null, worksHolidays: false, absenceMinutes: 0 },
      { isWorkday: false, expectedMinutes: 0 },
    ],
    [
      'schedule 0 on a holiday worked',
      { scheduleMinutes: 0, holiday, worksHolidays: true, absenceMinutes: 0 },
      { isWorkday: false, expectedMinutes: 0 },
    ],
    [
      'holiday',
      { scheduleMinutes: 480, holiday, worksHolidays: false, absenceMinutes: 0 },
      { isWorkday: false, expectedMinutes: 0 },
    ],
    [
      'holiday, works holidays',
      { scheduleMinutes: 480, holiday, worksHolidays: true, absenceMinutes: 0 },
      { isWorkday: true, expectedMinutes: 480 },
    ],
    [
      'company holiday, works holidays, partial absence',
      { scheduleMinutes: 480, holiday: { name: 'Fiesta', type: 'company' }, worksHolidays: true, absenceMinutes: 120 },
      { isWorkday: true, expectedMinutes: 360 },
    ],
    [
      'works holidays but no holiday',
      { scheduleMinutes: 420, holiday: null, worksHolidays: true, absenceMinutes: 0 },
      { isWorkday: true, expectedMinutes: 420 },
    ],
    [
      'full-day absence',
      { scheduleMinutes: 480, holiday: null, worksHolidays: false, absenceMinutes: Infinity },
      { isWorkday: true, expectedMinutes: 0 },
    ],
    [
      'partial absence',
      { scheduleMinutes: 480, holiday: null, worksHolidays: false, absenceMinutes: 90 },
      { isWorkday: true, expectedMinutes: 390 },
    ],
    [
      'absence longer than the schedule',
      { scheduleMinutes: 240, holiday: null, worksHolidays: false, absenceMinutes: 300 },
      { isWorkday: true, expectedMinutes: 0 },
    ],
    [
      'absence on a holiday',
      { scheduleMinutes: 480, holiday, worksHolidays: false, absenceMinutes: Infinity },
      { isWorkday: false, expectedMinutes: 0 },
    ],
    [
      'absence with schedule 0',
      { scheduleMinutes: 0, holiday: null, worksHolidays: false, absenceMinutes: Infinity },
      { isWorkday: false, expectedMinutes: 0 },
    ],
  ]
  for (const [name, plan, expected] of cases) {
    it(name, () => {
      const got = dayExpectation(plan)
      assert.deepEqual(got, expected)
      assert.ok(Number.isFinite(got.expectedMinutes))
    })
  }
  it('property: matches the rule, 0 <= expected <= schedule', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1440 }),
        fc.boolean(),
        fc.boolean(),
        fc.oneof(fc.integer({ min: 0, max: 1500 }), fc.constant(Infinity)),
        (scheduleMinutes, hasHoliday, worksHolidays, absenceMinutes) => {
          const got = dayExpectation({
            scheduleMinutes,
            holiday: hasHoliday ? holiday : null,
            worksHolidays,
            absenceMinutes,
          })
          const isWorkday = scheduleMinutes > 0 && (!hasHoliday || worksHolidays)
          assert.equal(got.isWorkday, isWorkday)
          assert.equal(got.expectedMinutes, isWorkday ? Math.max(0, scheduleMinutes - absenceMinutes) : 0)
          assert.ok(got.expectedMinutes >= 0 && got.expectedMinutes <= scheduleMinutes)
        },
      ),
      { numRuns: 200 },
    )
  })
})
