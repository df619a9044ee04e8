/**
 * Local days (localDays, daysInRange, dayIndexOf): consecutive dates whose starts match luxon, days
 * of 23 and 25 hours, midnights that happen twice, empty ranges and ISO weekdays, by example and by
 * property (fast-check).
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import fc from 'fast-check'
import { DateTime } from 'luxon'
import { dayIndexOf, daysInRange, localDays } from '../../src/lib/calendar.js'
import { buildSessions, workByDay } from '../../src/modules/attendance/attendance.logic.js'
import { at, HOUR, localDate, p, shiftDate, ZONES } from '../helpers/attendance-logic.js'

const dateBetween = (fromYear: number, toYear: number) =>
  fc
    .integer({ min: Date.UTC(fromYear, 0, 1) / 86_400_000, max: Date.UTC(toYear, 11, 31) / 86_400_000 })
    .map((d) => new Date(d * 86_400_000).toISOString().slice(0, 10))
/**
 * From 2012: until November 2011 America/St_Johns changed its clocks at 00:01, so local midnight
 * happened twice on the autumn change. There luxon's startOf('day'), the reference used below,
 * picks the later midnight while localDays starts the day at the first (see the tests further on).
 */
const dateArb = dateBetween(2012, 2045)

describe('localDays / daysInRange / dayIndexOf', () => {
  it('consecutive dates, increasing starts that match luxon, length = daysInRange', () => {
    fc.assert(
      fc.property(dateArb, fc.integer({ min: -3, max: 70 }), fc.constantFrom(...ZONES), (from, span, zone) => {
        const to = shiftDate(from, span)
        const days = localDays(from, to, zone)
        assert.equal(daysInRange(from, to), span + 1)
        assert.equal(days.dates.length, Math.max(0, daysInRange(from, to)))
        assert.equal(days.starts.length, days.dates.length + 1)
        days.dates.forEach((date, i) => {
          assert.equal(date, shiftDate(from, i))
          assert.equal(days.starts[i], DateTime.fromISO(date, { zone }).startOf('day').toMillis())
          assert.ok(days.starts[i + 1]! > days.starts[i]!)
          const hours = (days.starts[i + 1]! - days.starts[i]!) / HOUR
          assert.ok(hours >= 22 && hours <= 26, `${date} in ${zone} lasts ${hours} h`)
        })
        const endDate = days.dates.length > 0 ? shiftDate(to, 1) : from
        assert.equal(days.starts.at(-1), DateTime.fromISO(endDate, { zone }).startOf('day').toMillis())
      }),
      { numRuns: 300 },
    )
  })

  it("dayIndexOf = index of luxon's local date of the instant, or -1", () => {
    fc.assert(
      fc.property(
        dateArb,
        fc.integer({ min: 0, max: 40 }),
        fc.constantFrom(...ZONES),
        fc.array(fc.double({ min: -0.1, max: 1.1, noNaN: true }), { minLength: 1, maxLength: 20 }),
        (from, span, zone, fractions) => {
          const days = localDays(from, shiftDate(from, span), zone)
          const lo = days.starts[0]!
          const hi = days.starts.at(-1)!
          const instants = fractions.map((f) => Math.floor(lo + f * (hi - lo)))
          // every boundary and its neighbour
          for (const s of days.starts) instants.push(s, s - 1, s + 1)
          for (const ms of instants) {
            const index = days.dates.indexOf(localDate(ms, zone))
            assert.equal(dayIndexOf(days, ms), index, `${new Date(ms).toISOString()} in ${zone}`)
          }
        },
      ),
      { numRuns: 300 },
    )
  })

  // When local midnight happens twice (clocks go back at or just after 00:00), a day begins at its
  // first midnight, and at the same instant whatever range it is read in.
  it('Atlantic/Azores 2026-10-25 (midnight happens twice) starts at its first midnight whatever the range', () => {
    const zone = 'Atlantic/Azores'
    const wide = localDays('2026-10-24', '2026-10-26', zone)
    assert.equal(new Date(wide.starts[1]!).toISOString(), '2026-10-25T00:00:00.000Z')
    const alone = localDays('2026-10-25', '2026-10-25', zone)
    assert.equal(new Date(alone.starts[0]!).toISOString(), '2026-10-25T00:00:00.000Z')
    assert.equal((alone.starts[1]! - alone.starts[0]!) / HOUR, 25)
    // 00:30Z is 00:30 local (+00:00) on 2026-10-25: an 8 h session from then is that day's work.
    const punches = [p('in', '2026-10-25T00:30:00Z'), p('out', '2026-10-25T08:30:00Z')]
    const now = at('2026-10-27T00:00:00Z')
    assert.equal(workByDay(buildSessions(punches), wide, now)[1]!.workedMinutes, 480)
    assert.equal(workByDay(buildSessions(punches), alone, now)[0]!.workedMinutes, 480)
  })
  it('America/St_Johns 2009-11-01 (clocks back at 00:01) starts at the same instant whatever the range', () => {
    const zone = 'America/St_Johns'
    const wide = localDays('2009-10-31', '2009-11-01', zone)
    const alone = localDays('2009-11-01', '2009-11-01', zone)
    assert.equal(alone.starts[0], wide.starts[1])
  })
  it('property: a date starts at the same instant whatever the range it is read in (1995-2045, with Atlantic/Azores)', () => {
    fc.assert(
      fc.property(
        dateBetween(1995, 2045),
        fc.integer({ min: 0, max: 60 }),
        fc.constantFrom(...ZONES, 'Atlantic/Azores'),
        (from, span, zone) => {
          const days = localDays(from, shiftDate(from, span), zone)
          for (const [i, date] of days.dates.entries())
            assert.equal(localDays(date, date, zone).starts[0], days.starts[i], `${date} in ${zone}`)
        },
      ),
      { numRuns: 300 },
    )
  })

  it('an empty range: no day, every instant outside', () => {
    const days = localDays('2026-03-02', '2026-03-01', 'Europe/Madrid')
    assert.deepEqual(days.dates, [])
    assert.equal(days.starts.length, 1)
    assert.equal(dayIndexOf(days, days.starts[0]!), -1)
    assert.equal(dayIndexOf(days, days.starts[0]! - 1), -1)
    assert.equal(daysInRange('2026-03-02', '2026-03-01'), 0)
  })

  const lengths: [string, string, number][] = [
    ['Europe/Madrid', '2026-03-29', 23],
    ['Europe/Madrid', '2026-10-25', 25],
    ['Europe/Madrid', '2026-06-15', 24],
    ['Pacific/Auckland', '2026-04-05', 25],
    ['Pacific/Auckland', '2026-09-27', 23],
    ['America/Los_Angeles', '2026-03-08', 23],
    ['America/Los_Angeles', '2026-11-01', 25],
    ['America/St_Johns', '2026-03-08', 23],
    ['Asia/Kolkata', '2026-03-29', 24],
  ]
  for (const [zone, date, hours] of lengths) {
    it(`${date} in ${zone} is ${hours} h long`, () => {
      const days = localDays(date, date, zone)
      assert.deepEqual(days.dates, [date])
      assert.equal((days.starts[1]! - days.starts[0]!) / HOUR, hours)
    })
  }

  it('explicit start instants across the Madrid spring change', () => {
    const days = localDays('2026-03-28', '2026-03-30', 'Europe/Madrid')
    assert.deepEqual(days.dates, ['2026-03-28', '2026-03-29', '2026-03-30'])
    assert.deepEqual(
      days.starts.map((s) => new Date(s).toISOString()),
      ['2026-03-27T23:00:00.000Z', '2026-03-28T23:00:00.000Z', '2026-03-29T22:00:00.000Z', '2026-03-30T22:00:00.000Z'],
    )
    assert.equal(dayIndexOf(days, at('2026-03-29T21:59:59.999Z')), 1)
    assert.equal(dayIndexOf(days, at('2026-03-29T22:00:00.000Z')), 2)
    assert.equal(dayIndexOf(days, at('2026-03-30T22:00:00.000Z')), -1)
    assert.equal(dayIndexOf(days, at('2026-03-27T22:59:59.999Z')), -1)
  })

  it('daysInRange across a year and leap day', () => {
    assert.equal(daysInRange('2028-02-28', '2028-03-01'), 3)
    assert.equal(daysInRange('2026-01-01', '2026-12-31'), 365)
    assert.equal(daysInRange('2026-03-29', '2026-03-29'), 1)
  })

  it('weekdays of local days are ISO weekdays (1 = Monday ... 7 = Sunday)', () => {
    assert.deepEqual(localDays('2026-03-02', '2026-03-08', 'Europe/Madrid').weekdays, [1, 2, 3, 4, 5, 6, 7])
    fc.assert(
      fc.property(dateArb, fc.integer({ min: 0, max: 30 }), (from, span) => {
        const days = localDays(from, shiftDate(from, span), 'UTC')
        for (const [i, date] of days.dates.entries())
          assert.equal(days.weekdays[i], DateTime.fromISO(date, { zone: 'UTC' }).weekday)
      }),
      { numRuns: 200 },
    )
  })
})
