/**
 * Overtime's pure rules (docs/decisions/0018-overtime.md), without HTTP: bases, deadlines, the cap, the
 * bans, drawing rest.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import fc from 'fast-check'
import { DateTime } from 'luxon'
import {
  annualCapMinutes,
  daysInYear,
  capFigures,
  compensateBy,
  countedTowardCap,
  daysNeeded,
  drawRest,
  effectiveTerms,
  isOverdue,
  type LotFacts,
  lotDays,
  lotDeadline,
  monthsFromTo,
  monthsTouchedBy,
  overCapMinutes,
  overtimeBan,
  overtimeDays,
  overtimeMinutes,
  plusMonths,
  scheduledRestByLot,
  owedByLot,
  settleMonth,
  complementaryFigures,
  complementaryRoom,
  ordinaryMinutesOfYear,
  overtimeFiguresOf,
  scheduleDaysOf,
  splitDaysNeeded,
  splitExtra,
  violationMinutes,
} from '../../src/modules/overtime/overtime.logic.js'

/** Consecutive days from `start`, each with a balance from `balances`. */
function daysFrom(start: string, balances: readonly [number, number][]) {
  const first = DateTime.fromISO(start, { zone: 'utc' })
  return balances.map(([worked, expected], i) => ({ date: first.plus({ days: i }).toISODate()!, worked, expected }))
}

const balance = fc.tuple(fc.integer({ min: 0, max: 720 }), fc.constantFrom(0, 240, 480))

describe('overtime minutes of a month', () => {
  it('daily: the positive part of each day; monthly: of the month; never more than daily', () => {
    const days = daysFrom('2026-03-01', [
      [540, 480], // +60
      [420, 480], // -60
      [600, 480], // +120
      [0, 0],
    ])
    assert.equal(overtimeMinutes('2026-03', 'daily', days), 180)
    assert.equal(overtimeMinutes('2026-03', 'monthly', days), 120)
    fc.assert(
      fc.property(fc.array(balance, { minLength: 31, maxLength: 31 }), (balances) => {
        const month = daysFrom('2026-03-01', balances)
        assert.ok(overtimeMinutes('2026-03', 'monthly', month) <= overtimeMinutes('2026-03', 'daily', month))
      }),
      { seed: 18, numRuns: 200 },
    )
  })

  it('weekly: each ISO week counted once, in the month of its Sunday, with the days it had in the month before', () => {
    // March 2026 begins on a Sunday: the week of 23 Feb to 1 Mar is March's; 30 Mar to 5 Apr is April's.
    assert.deepEqual(daysNeeded('2026-03', 'weekly'), { from: '2026-02-23', to: '2026-03-29' })
    assert.deepEqual(daysNeeded('2026-04', 'weekly'), { from: '2026-03-30', to: '2026-04-26' })
    const lastWeekOfFebruary = daysFrom('2026-02-23', [
      [600, 480],
      [600, 480],
      [600, 480],
      [600, 480],
      [600, 480],
      [0, 0],
      [0, 0],
    ])
    assert.equal(overtimeMinutes('2026-03', 'weekly', lastWeekOfFebruary), 600)
    assert.equal(overtimeMinutes('2026-02', 'weekly', lastWeekOfFebruary), 0)
    // Over whole weeks spanning months, every week's positive net is counted in exactly one month.
    fc.assert(
      fc.property(fc.array(balance, { minLength: 7 * 14, maxLength: 7 * 14 }), (balances) => {
        const days = daysFrom('2026-01-05', balances) // a Monday; 14 weeks to 12 April
        let perWeek = 0
        for (let w = 0; w < 14; w++)
          perWeek += Math.max(
            0,
            days.slice(w * 7, w * 7 + 7).reduce((s, d) => s + d.worked - d.expected, 0),
          )
        const perMonth = ['2026-01', '2026-02', '2026-03', '2026-04'].reduce(
          (s, m) => s + overtimeMinutes(m, 'weekly', days),
          0,
        )
        assert.equal(perMonth, perWeek)
      }),
      { seed: 35, numRuns: 100 },
    )
  })
})

describe('terms and deadlines', () => {
  it('an employee’s own terms win; null follows the company', () => {
    const company = { overtime_compensation: 'rest' as const, overtime_comp_expiry: 'P4M' }
    assert.deepEqual(effectiveTerms({ overtime_compensation: null, overtime_comp_expiry: null }, company), {
      compensation: 'rest',
      expiryMonths: 4,
    })
    assert.deepEqual(effectiveTerms({ overtime_compensation: 'pay', overtime_comp_expiry: 'P6M' }, company), {
      compensation: 'pay',
      expiryMonths: 6,
    })
  })

  it('rest is due the period after the hours were worked (art. 35.1): the same day number, clamped to the month end', () => {
    assert.equal(plusMonths('2026-10-05', 4), '2027-02-05')
    assert.equal(plusMonths('2026-10-31', 4), '2027-02-28')
    assert.equal(plusMonths('2027-10-31', 4), '2028-02-29')
    const days = [
      { date: '2026-10-05', minutes: 60 },
      { date: '2026-10-20', minutes: 30 },
    ]
    assert.equal(lotDeadline({ month: '2026-10', sequence: 1, days }, '2026-11', 4), '2027-02-05')
    // A lot that does not know its days (proposed before lots kept them): from the end of its month.
    assert.equal(lotDeadline({ month: '2026-10', sequence: 1, days: [] }, '2026-11', 4), '2027-02-28')
    // An adjustment found later gets at least the period from the end of the month it was proposed in.
    assert.equal(lotDeadline({ month: '2026-10', sequence: 2, days }, '2026-12', 4), '2027-04-30')
    assert.equal(lotDeadline({ month: '2026-10', sequence: 2, days }, '2026-10', 4), '2027-02-28')
  })

  it('rest for overtime counted from the end of a month is due by the end of the month plus the period, month ends and leap years included', () => {
    assert.equal(compensateBy('2026-03', 4), '2026-07-31')
    assert.equal(compensateBy('2026-10', 4), '2027-02-28')
    assert.equal(compensateBy('2027-10', 4), '2028-02-29')
    assert.equal(compensateBy('2026-12', 1), '2027-01-31')
    assert.ok(isOverdue(60, '2026-07-31', '2026-08-01'))
    assert.ok(!isOverdue(60, '2026-07-31', '2026-07-31'))
    assert.ok(!isOverdue(0, '2026-07-31', '2027-01-01'))
  })
})

describe('the days a lot was worked (art. 35.1 ET)', () => {
  // Monday 2 March 2026 to Sunday 15 March: an hour over on the 3rd and the 10th, an hour short on the 11th.
  const days = daysFrom('2026-03-02', [
    [480, 480],
    [540, 480],
    [480, 480],
    [480, 480],
    [480, 480],
    [0, 0],
    [0, 0],
    [480, 480],
    [540, 480],
    [420, 480],
  ])
  it('lists each day, ISO week’s Sunday or month’s last day with overtime, by basis', () => {
    assert.deepEqual(overtimeDays('2026-03', 'daily', days), [
      { date: '2026-03-03', minutes: 60 },
      { date: '2026-03-10', minutes: 60 },
    ])
    assert.deepEqual(overtimeDays('2026-03', 'weekly', days), [{ date: '2026-03-08', minutes: 60 }])
    assert.deepEqual(overtimeDays('2026-03', 'monthly', days), [{ date: '2026-03-31', minutes: 60 }])
  })
  it('a lot holds the record’s days less what the month’s other lots hold; unknown when one does not know its days', () => {
    const record = [
      { date: '2026-03-03', minutes: 60 },
      { date: '2026-03-10', minutes: 90 },
    ]
    assert.deepEqual(lotDays(record, []), record)
    assert.deepEqual(
      lotDays(record, [
        {
          minutes: 120,
          days: [
            { date: '2026-03-03', minutes: 60 },
            { date: '2026-03-10', minutes: 60 },
          ],
        },
      ]),
      [{ date: '2026-03-10', minutes: 30 }],
    )
    assert.deepEqual(lotDays([], [{ minutes: 60, days: [{ date: '2026-03-03', minutes: 60 }] }]), [
      { date: '2026-03-03', minutes: -60 },
    ])
    assert.equal(lotDays(record, [{ minutes: 60, days: [] }]), null)
  })
})

describe('the annual cap (art. 35.2 ET; docs/decisions/0022-overtime-as-the-law-counts-it.md)', () => {
  const lot = (over: Partial<LotFacts>): LotFacts => ({
    month: '2026-03',
    days: [],
    minutes: 600,
    status: 'approved',
    compensation: 'pay',
    force_majeure: false,
    paid_minutes: 0,
    rest: [],
    ...over,
  })
  // March's four months end on 31 July.
  const during = '2026-07-31'
  const after = '2026-08-01'

  it('counts pay at once and never force majeure (art. 35.3); pending minutes are at risk', () => {
    const lots = [lot({}), lot({ force_majeure: true }), lot({ status: 'pending' }), lot({ month: '2025-12' })]
    assert.deepEqual(capFigures(lots, 2026, during), { counted: 600, atRisk: 600 })
    assert.equal(countedTowardCap(lots, 2026, during), 600)
  })

  it('rest owed is at risk within the four months after the month worked, and counts once they have passed unrested', () => {
    const rest = (over: Partial<LotFacts>) => lot({ compensation: 'rest', ...over })
    const lots = [
      rest({ rest: [{ date: '2026-07-31', minutes: 200 }] }), // 400 owed
      rest({ rest: [{ date: '2026-08-01', minutes: 200 }] }), // rested late: 600 not rested in time
      rest({ paid_minutes: 100, rest: [{ date: '2026-05-04', minutes: 500 }] }), // paid off: counts
      rest({ rest: [{ date: '2026-05-04', minutes: 600 }] }), // rested in time: never counts
    ]
    // On 31 July the rest of that day is scheduled, not taken: still at risk (rest counts once taken).
    assert.deepEqual(capFigures(lots, 2026, during), { counted: 100, atRisk: 600 + 600 })
    assert.deepEqual(capFigures(lots, 2026, '2026-07-15'), { counted: 100, atRisk: 600 + 600 })
    assert.deepEqual(capFigures(lots, 2026, after), { counted: 100 + 400 + 600, atRisk: 0 })
  })

  it('rest counts once its day has passed: drawn for a day to come, it is scheduled', () => {
    const draws = [
      { lot_id: 'a', taken_on: '2026-11-10', minutes: 60 },
      { lot_id: 'a', taken_on: '2026-11-11', minutes: 30 },
      { lot_id: 'b', taken_on: '2026-11-12', minutes: 45 },
    ]
    assert.deepEqual(
      [...scheduledRestByLot(draws, '2026-11-11')],
      [
        ['a', 30],
        ['b', 45],
      ],
    )
    assert.deepEqual([...scheduledRestByLot(draws, '2026-11-13')], [])
  })

  it('the four months run from the day the hours were worked, when the lot knows it (art. 35.2)', () => {
    const fifth = lot({ compensation: 'rest', days: [{ date: '2026-03-05', minutes: 600 }] })
    assert.deepEqual(capFigures([fifth], 2026, '2026-07-05'), { counted: 0, atRisk: 600 })
    assert.deepEqual(capFigures([fifth], 2026, '2026-07-06'), { counted: 600, atRisk: 0 })
  })

  it('flags the minutes over the cap, never a refusal', () => {
    assert.equal(overCapMinutes(4900, 4800), 100)
    assert.equal(overCapMinutes(4800, 4800), 0)
    assert.equal(overCapMinutes(10, 4800), 0)
  })

  it('is the company’s hours, pro rata for part-time against the company’s full-time week, never above the full cap', () => {
    const fullTime = 40 * 60
    assert.equal(annualCapMinutes(80, { own: 40 * 60, fullTime }), 4800)
    assert.equal(annualCapMinutes(80, { own: 20 * 60, fullTime }), 2400)
    assert.equal(annualCapMinutes(80, { own: 45 * 60, fullTime }), 4800)
    assert.equal(annualCapMinutes(60, { own: 30 * 60, fullTime }), 2700)
    // A collective agreement's 37.5 hours are full time where the company's schedule says so.
    assert.equal(annualCapMinutes(80, { own: 37.5 * 60, fullTime: 37.5 * 60 }), 4800)
    // Nothing to compare (no schedule): the full cap, never zero.
    assert.equal(annualCapMinutes(80, { own: 0, fullTime }), 4800)
    assert.equal(annualCapMinutes(80, { own: 20 * 60, fullTime: 0 }), 4800)
  })

  it('is reduced for a contract shorter than the year, and for part-time too (art. 35.2 ET)', () => {
    const fullTime = 40 * 60
    // Hired on 1 October: 92 days of 365.
    assert.equal(annualCapMinutes(80, { own: fullTime, fullTime }, 92 / 365), 1209)
    // Half-time for half the year: a quarter of the cap.
    assert.equal(annualCapMinutes(80, { own: fullTime / 2, fullTime }, 0.5), 1200)
    assert.equal(annualCapMinutes(80, { own: fullTime, fullTime }, 1), 4800)
    assert.equal(annualCapMinutes(80, { own: fullTime, fullTime }, 0), 0)
    assert.deepEqual([daysInYear(2026), daysInYear(2028)], [365, 366])
  })
  it('an adjustment down takes back what its month counted (at risk first), never more', () => {
    const rested = lot({ compensation: 'rest', minutes: 300, rest: [{ date: '2026-05-15', minutes: 300 }] })
    const down = lot({ minutes: -100 })
    const november = lot({ month: '2026-11', minutes: 500 })
    assert.equal(countedTowardCap([rested, down, november], 2026, after), 500)
    assert.equal(countedTowardCap([lot({ minutes: 300 }), down, november], 2026, after), 200 + 500)
    const owedRest = lot({ compensation: 'rest', minutes: 300 })
    assert.deepEqual(capFigures([owedRest, down], 2026, during), { counted: 0, atRisk: 200 })
  })
})

describe('who may do overtime only in force majeure', () => {
  const adult = { birthDate: '1990-05-01', nightWorker: false, week: { own: 2400, fullTime: 2400 } }
  it('minors (on any day of the month), night workers and part-time employees', () => {
    assert.equal(overtimeBan(adult, '2026-03'), null)
    assert.equal(overtimeBan({ ...adult, birthDate: '2008-03-02' }, '2026-03'), 'minor')
    assert.equal(overtimeBan({ ...adult, birthDate: '2008-03-01' }, '2026-03'), null)
    assert.equal(overtimeBan({ ...adult, nightWorker: true }, '2026-03'), 'night_worker')
    assert.equal(overtimeBan({ ...adult, week: { own: 1800, fullTime: 2400 } }, '2026-03'), 'part_time')
    assert.equal(overtimeBan({ ...adult, week: { own: 2250, fullTime: 2250 } }, '2026-03'), null)
    assert.equal(overtimeBan({ ...adult, birthDate: null, week: { own: 0, fullTime: 2400 } }, '2026-03'), null)
  })
})

describe('drawing rest from what is owed', () => {
  it('oldest deadline first, exactly what is asked, or nothing when not enough is owed', () => {
    const owed = [
      { lotId: 'b', owedMinutes: 120, compensateBy: '2026-08-31' },
      { lotId: 'a', owedMinutes: 60, compensateBy: '2026-07-31' },
      { lotId: 'c', owedMinutes: 0, compensateBy: '2026-06-30' },
    ]
    assert.deepEqual(drawRest(owed, 90), [
      { lotId: 'a', minutes: 60 },
      { lotId: 'b', minutes: 30 },
    ])
    assert.equal(drawRest(owed, 181), null)
    assert.deepEqual(drawRest(owed, 0), [])
    fc.assert(
      fc.property(
        fc.array(fc.record({ owed: fc.integer({ min: 0, max: 600 }), month: fc.integer({ min: 1, max: 12 }) }), {
          maxLength: 8,
        }),
        fc.integer({ min: 1, max: 3000 }),
        (lots, minutes) => {
          const list = lots.map((l, i) => ({
            lotId: `lot${i}`,
            owedMinutes: l.owed,
            compensateBy: `2026-${String(l.month).padStart(2, '0')}-28`,
          }))
          const total = list.reduce((s, l) => s + l.owedMinutes, 0)
          const drawn = drawRest(list, minutes)
          if (minutes > total) return assert.equal(drawn, null)
          assert.equal(
            drawn!.reduce((s, d) => s + d.minutes, 0),
            minutes,
          )
          for (const d of drawn!) assert.ok(d.minutes <= list.find((l) => l.lotId === d.lotId)!.owedMinutes)
        },
      ),
      { seed: 36, numRuns: 200 },
    )
  })
})

describe('settling a month against the record', () => {
  const lot = (id: string, sequence: number, minutes: number, status: 'pending' | 'approved') => ({
    id,
    sequence,
    minutes,
    status,
  })
  it('proposes the first lot only when there is overtime', () => {
    assert.deepEqual(settleMonth([], 0), { kind: 'none' })
    assert.deepEqual(settleMonth([], 90), { kind: 'propose', sequence: 1, minutes: 90 })
  })
  it('a pending lot follows the record, to zero if need be', () => {
    assert.deepEqual(settleMonth([lot('a', 1, 90, 'pending')], 90), { kind: 'none' })
    assert.deepEqual(settleMonth([lot('a', 1, 90, 'pending')], 150), { kind: 'follow', lotId: 'a', minutes: 150 })
    assert.deepEqual(settleMonth([lot('a', 1, 90, 'pending')], 0), { kind: 'follow', lotId: 'a', minutes: 0 })
  })
  it('after a decision the difference is a new lot, a reduction a negative one: no minutes are rejected (art. 35)', () => {
    assert.deepEqual(settleMonth([lot('a', 1, 90, 'approved')], 150), { kind: 'propose', sequence: 2, minutes: 60 })
    assert.deepEqual(settleMonth([lot('a', 1, 90, 'approved')], 30), { kind: 'propose', sequence: 2, minutes: -60 })
    const followed = [lot('a', 1, 200, 'approved'), lot('b', 2, 100, 'pending')]
    assert.deepEqual(settleMonth(followed, 300), { kind: 'none' })
    assert.deepEqual(settleMonth(followed, 150), { kind: 'follow', lotId: 'b', minutes: -50 })
  })
  it('a lot rejected before rejections were retired is pending again; with a newer pending lot, the newest follows', () => {
    const both = [lot('a', 1, 200, 'approved'), lot('b', 2, 100, 'pending'), lot('c', 3, 50, 'pending')]
    assert.deepEqual(settleMonth(both, 350), { kind: 'none' })
    assert.deepEqual(settleMonth(both, 320), { kind: 'follow', lotId: 'c', minutes: 20 })
  })
  it('when every lot is approved, the approved minutes always equal the record’s overtime', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 900 }), { maxLength: 8 }), (records) => {
        let lots: { id: string; sequence: number; minutes: number; status: 'approved' }[] = []
        for (const [i, overtime] of records.entries()) {
          const settled = settleMonth(lots, overtime)
          assert.notEqual(settled.kind, 'follow', 'nothing is pending')
          if (settled.kind === 'propose')
            lots = [...lots, { id: `l${i}`, sequence: settled.sequence, minutes: settled.minutes, status: 'approved' }]
          assert.equal(
            lots.reduce((sum, l) => sum + l.minutes, 0),
            overtime,
          )
        }
      }),
      { seed: 18, numRuns: 300 },
    )
  })
})

describe('what an approved lot still owes', () => {
  const approved = (
    id: string,
    sequence: number,
    minutes: number,
    extra: Partial<{ rested: number; paid: number }> = {},
  ) => ({
    id,
    month: '2026-10',
    sequence,
    minutes,
    compensation: 'rest' as const,
    compensate_by: '2027-02-28',
    rested_minutes: extra.rested ?? 0,
    paid_minutes: extra.paid ?? 0,
  })
  it('is its minutes less rest and pay; a negative adjustment takes from its month’s earlier lots', () => {
    assert.deepEqual([...owedByLot([approved('a', 1, 300, { rested: 120, paid: 60 })])], [['a', 120]])
    assert.deepEqual(
      [...owedByLot([approved('a', 1, 300, { rested: 120 }), approved('b', 2, 60), approved('c', 3, -200)])],
      [
        ['a', 0],
        ['b', 40],
        ['c', 0],
      ],
    )
  })
})

describe('months', () => {
  it('lists a range and the months a change of some days touches, a week counted where it ends', () => {
    assert.deepEqual(monthsFromTo('2026-11', '2027-02'), ['2026-11', '2026-12', '2027-01', '2027-02'])
    assert.deepEqual(monthsFromTo('2026-11', '2026-10'), [])
    assert.deepEqual(monthsTouchedBy('2026-09-30', '2026-09-30', 'daily'), ['2026-09'])
    // Wednesday 30 September 2026: its week ends on Sunday 4 October, so October's weekly overtime changes.
    assert.deepEqual(monthsTouchedBy('2026-09-30', '2026-09-30', 'weekly'), ['2026-09', '2026-10'])
  })
})

describe('complementary hours of part-timers (art. 12.4.c and 12.5 ET)', () => {
  // The company's full time is 8 hours Monday to Friday; the part-timer's schedule 4 hours.
  const weekdays = (minutes: number) => (_date: string, weekday: number) => (weekday <= 5 ? minutes : 0)
  const partTime = (from: string, to: string) => scheduleDaysOf(from, to, weekdays(240), weekdays(480))
  const fullTime = (from: string, to: string) => scheduleDaysOf(from, to, weekdays(480), weekdays(480))
  /** Days from `start` worked `worked` minutes each against `expected`. */
  const worked = (start: string, count: number, minutes: number, expected = 240) =>
    daysFrom(
      start,
      Array.from({ length: count }, () => [minutes, expected] as [number, number]),
    )

  it('art. 12.5 ET: the room is the company’s full-time week less the employee’s own, none for a full-timer', () => {
    const { from, to } = splitDaysNeeded('2026-10', 'daily')
    // The first week of October 2026 began on Monday 28 September.
    assert.deepEqual({ from, to }, { from: '2026-09-28', to: '2026-10-31' })
    const room = complementaryRoom('2026-10', 'daily', partTime(from, to))
    assert.equal(room.get('2026-10-04'), 1200)
    assert.equal(room.get('2026-10-11'), 1200)
    assert.equal(room.size, 5)
    assert.ok([...complementaryRoom('2026-10', 'daily', fullTime(from, to)).values()].every((r) => r === 0))
    // Monthly basis: the month's full-time minutes less the employee's own (22 weekdays in October 2026).
    assert.deepEqual(
      [...complementaryRoom('2026-10', 'monthly', partTime('2026-10-01', '2026-10-31'))],
      [['2026-10-31', 22 * 240]],
    )
  })

  it('art. 12.4.c ET: a part-timer’s extra hours up to full time are complementary, beyond it overtime, in date order (daily basis)', () => {
    const { from, to } = splitDaysNeeded('2026-10', 'daily')
    const schedule = partTime(from, to)
    // Six hours a day, Monday 5 to Friday 9: two extra hours a day, all within the week's 20.
    const sixHours = splitExtra('2026-10', 'daily', worked('2026-10-05', 5, 360), schedule)
    assert.deepEqual(sixHours.overtime, [])
    assert.deepEqual(
      sixHours.complementary.map((d) => d.minutes),
      [120, 120, 120, 120, 120],
    )
    // Ten hours a day, Monday 12 to Friday 16: 30 extra hours; the first 20 are complementary.
    const tenHours = splitExtra('2026-10', 'daily', worked('2026-10-12', 5, 600), schedule)
    assert.deepEqual(tenHours.complementary, [
      { date: '2026-10-12', minutes: 360 },
      { date: '2026-10-13', minutes: 360 },
      { date: '2026-10-14', minutes: 360 },
      { date: '2026-10-15', minutes: 120 },
    ])
    assert.deepEqual(tenHours.overtime, [
      { date: '2026-10-15', minutes: 240 },
      { date: '2026-10-16', minutes: 360 },
    ])
  })

  it('art. 12.5 ET: the days of the month before in the first week take its room first (daily basis)', () => {
    const { from, to } = splitDaysNeeded('2026-10', 'daily')
    // Monday 28 to Wednesday 30 September: 20 extra hours; Thursday 1 October two more, beyond full time.
    const days = [...worked('2026-09-28', 3, 640), ...worked('2026-10-01', 1, 360)]
    const split = splitExtra('2026-10', 'daily', days, partTime(from, to))
    assert.deepEqual(split, { complementary: [], overtime: [{ date: '2026-10-01', minutes: 120 }] })
  })

  it('art. 12.5 ET: a full-timer, or someone with no schedule, has no complementary hours', () => {
    const { from, to } = splitDaysNeeded('2026-10', 'daily')
    const days = worked('2026-10-05', 5, 600, 480)
    const split = splitExtra('2026-10', 'daily', days, fullTime(from, to))
    assert.deepEqual(split.complementary, [])
    assert.equal(
      split.overtime.reduce((sum, d) => sum + d.minutes, 0),
      600,
    )
    const none = scheduleDaysOf(from, to, () => 0, weekdays(480))
    assert.deepEqual(splitExtra('2026-10', 'daily', worked('2026-10-05', 1, 300, 0), none).complementary, [])
  })

  it('art. 12.5 ET: on a weekly basis each week’s net extra hours, on its Sunday; on a monthly basis the month’s', () => {
    const weekly = splitDaysNeeded('2026-10', 'weekly')
    const days = [...worked('2026-10-05', 5, 360), ...worked('2026-10-12', 5, 600)]
    assert.deepEqual(splitExtra('2026-10', 'weekly', days, partTime(weekly.from, weekly.to)), {
      complementary: [
        { date: '2026-10-11', minutes: 600 },
        { date: '2026-10-18', minutes: 1200 },
      ],
      overtime: [{ date: '2026-10-18', minutes: 600 }],
    })
    const monthly = splitDaysNeeded('2026-10', 'monthly')
    // Five extra hours on each of the 22 weekdays: more than the month's 88 hours of room.
    const month = scheduleDaysOf(monthly.from, monthly.to, weekdays(240), weekdays(480))
    const long = month.filter((d) => d.own > 0).map((d) => ({ date: d.date, worked: 540, expected: 240 }))
    assert.deepEqual(splitExtra('2026-10', 'monthly', long, month), {
      complementary: [{ date: '2026-10-31', minutes: 22 * 240 }],
      overtime: [{ date: '2026-10-31', minutes: 22 * 300 - 22 * 240 }],
    })
  })

  it('art. 12.5 ET: the limit is the pact’s and the voluntary shares of the year’s ordinary hours; beyond it is flagged', () => {
    // 20 hours a week over 2026's 365 days.
    const ordinary = ordinaryMinutesOfYear(1200, 2026)
    assert.equal(ordinary, 62571)
    assert.deepEqual(complementaryFigures(20_000, { pactPercent: 30, voluntaryPercent: 0 }, ordinary, 1200), {
      minutes: 20_000,
      limit: 18_771,
      overPact: 1229,
      pactBelowMinimum: false,
    })
    assert.equal(complementaryFigures(0, { pactPercent: 30, voluntaryPercent: 15 }, ordinary, 1200).limit, 28_156)
    // No pact: every complementary minute is over it, flagged and never refused.
    assert.deepEqual(complementaryFigures(600, { pactPercent: 0, voluntaryPercent: 0 }, ordinary, 1200), {
      minutes: 600,
      limit: 0,
      overPact: 600,
      pactBelowMinimum: false,
    })
    // Hired on 1 October: the ordinary hours, and the limit with them, are prorated as the cap is.
    assert.equal(ordinaryMinutesOfYear(1200, 2026, 92 / 365), 15_771)
    // Art. 12.5.a: a pact on fewer than 10 hours a week is flagged.
    assert.equal(complementaryFigures(0, { pactPercent: 30, voluntaryPercent: 0 }, 1, 540).pactBelowMinimum, true)
    assert.equal(complementaryFigures(0, { pactPercent: 0, voluntaryPercent: 0 }, 1, 540).pactBelowMinimum, false)
  })

  it('art. 12.5 ET: complementary hours are not overtime: never toward the cap, never a minor’s violation, summed apart', () => {
    const lot = (over: Partial<LotFacts>): LotFacts => ({
      month: '2026-03',
      days: [],
      minutes: 600,
      status: 'approved',
      compensation: 'pay',
      force_majeure: false,
      paid_minutes: 0,
      rest: [],
      ...over,
    })
    const lots = [lot({}), lot({ kind: 'complementary' }), lot({ kind: 'complementary', status: 'pending' })]
    assert.deepEqual(capFigures(lots, 2026, '2026-04-01'), { counted: 600, atRisk: 0 })
    assert.equal(
      violationMinutes(
        [
          { month: '2026-03', minutes: 60, kind: 'complementary' },
          { month: '2026-03', minutes: 30, kind: 'overtime' },
        ],
        '2010-01-01',
      ),
      30,
    )
    const reported = (kind: 'overtime' | 'complementary', status: 'pending' | 'approved') => ({
      kind,
      minutes: 100,
      status,
      compensation: status === 'approved' ? ('pay' as const) : null,
      force_majeure: false,
      rested_minutes: 0,
      scheduled_rest_minutes: 0,
      paid_minutes: 0,
      owed_minutes: status === 'approved' ? 100 : 0,
      overdue: false,
    })
    const figures = overtimeFiguresOf([
      reported('overtime', 'approved'),
      reported('complementary', 'approved'),
      reported('complementary', 'pending'),
    ])
    assert.deepEqual(
      [figures.approved_minutes, figures.pending_minutes, figures.pay_minutes, figures.complementary_minutes],
      [100, 0, 100, 200],
    )
    // An adjustment down of overtime takes nothing from the month's complementary lot.
    const approved = (id: string, sequence: number, minutes: number, kind: 'overtime' | 'complementary') => ({
      id,
      month: '2026-10',
      kind,
      sequence,
      minutes,
      compensation: 'pay' as const,
      compensate_by: '2027-02-28',
      rested_minutes: 0,
      paid_minutes: 0,
    })
    assert.deepEqual(
      [
        ...owedByLot([
          approved('o1', 1, 100, 'overtime'),
          approved('c1', 1, 300, 'complementary'),
          approved('o2', 2, -150, 'overtime'),
        ]),
      ].sort(),
      [
        ['c1', 300],
        ['o1', 0],
        ['o2', 0],
      ],
    )
  })
})
