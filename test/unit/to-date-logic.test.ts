/**
 * toDateFigures: a running period's expected and balance up to today, by example and by property
 * (fast-check): days to come owe nothing, a day under way is never short, a past period gives its
 * own figures and a future one zeros.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import fc from 'fast-check'
import { addDays } from '../../src/lib/calendar.js'
import { noToDateFigures, toDateFigures } from '../../src/modules/attendance/to-date.logic.js'

const day = (date: string, worked: number, expected: number) => ({
  date,
  worked_minutes: worked,
  expected_minutes: expected,
})

// Monday 30 November 2026 is two days after Saturday the 28th.
const november = [
  day('2026-11-26', 480, 480),
  day('2026-11-27', 480, 480),
  day('2026-11-28', 0, 0),
  day('2026-11-29', 0, 0),
  day('2026-11-30', 0, 480),
]

describe('toDateFigures', () => {
  it('days still to come are planned, not owed', () => {
    assert.deepEqual(toDateFigures(november, '2026-11-28'), {
      expected_to_date_minutes: 960,
      balance_to_date_minutes: 0,
    })
  })

  it('a past day short of its expected is owed', () => {
    const short = [day('2026-11-26', 420, 480), ...november.slice(1)]
    assert.deepEqual(toDateFigures(short, '2026-11-28'), {
      expected_to_date_minutes: 960,
      balance_to_date_minutes: -60,
    })
  })

  it('today expects what has been worked, up to its expected', () => {
    // 10:00 on Monday, clocked in at 08:00: two hours done, none owed yet.
    const monday = [...november.slice(0, 4), day('2026-11-30', 120, 480)]
    assert.deepEqual(toDateFigures(monday, '2026-11-30'), {
      expected_to_date_minutes: 960 + 120,
      balance_to_date_minutes: 0,
    })
    // Nine hours on Monday: the hour beyond the expected shows before the day ends.
    const long = [...november.slice(0, 4), day('2026-11-30', 540, 480)]
    assert.deepEqual(toDateFigures(long, '2026-11-30'), {
      expected_to_date_minutes: 960 + 480,
      balance_to_date_minutes: 60,
    })
  })

  it('once the day after the last is today, the figures are the period’s', () => {
    const ended = toDateFigures(november, '2026-12-01')
    assert.deepEqual(ended, { expected_to_date_minutes: 1440, balance_to_date_minutes: -480 })
  })

  it('a period wholly to come gives zeros', () => {
    assert.deepEqual(toDateFigures(november, '2026-11-01'), noToDateFigures())
    assert.deepEqual(toDateFigures([], '2026-11-28'), noToDateFigures())
  })

  it('by property: bounded by the period’s figures, exact for past and future periods', () => {
    const days = fc.array(fc.record({ worked: fc.nat({ max: 900 }), expected: fc.nat({ max: 600 }) }), {
      minLength: 1,
      maxLength: 31,
    })
    fc.assert(
      fc.property(days, fc.integer({ min: -3, max: 34 }), (figures, offset) => {
        const first = '2024-02-26' // across a leap day and a month end
        const list = figures.map((f, i) => day(addDays(first, i), f.worked, f.expected))
        const today = addDays(first, offset)
        const worked = list.reduce((s, d) => s + d.worked_minutes, 0)
        const expected = list.reduce((s, d) => s + d.expected_minutes, 0)
        const got = toDateFigures(list, today)
        assert.ok(got.expected_to_date_minutes >= 0 && got.expected_to_date_minutes <= expected)
        if (today > list.at(-1)!.date)
          assert.deepEqual(got, { expected_to_date_minutes: expected, balance_to_date_minutes: worked - expected })
        if (today < list[0]!.date) assert.deepEqual(got, noToDateFigures())
        // Working every day up to today in full leaves nothing owed.
        const inFull = list.map((d) => (d.date <= today ? { ...d, worked_minutes: d.expected_minutes } : d))
        assert.equal(toDateFigures(inFull, today).balance_to_date_minutes, 0)
        // Today is never a debt: the balance to date is at least that of the days before it.
        const before = toDateFigures(
          list.filter((d) => d.date < today),
          today,
        )
        assert.ok(got.balance_to_date_minutes >= before.balance_to_date_minutes)
      }),
    )
  })
})
