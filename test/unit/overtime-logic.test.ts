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
  compensateBy,
  countedTowardCap,
  daysNeeded,
  drawRest,
  effectiveTerms,
  isOverdue,
  type LotFacts,
  monthsFromTo,
  monthsTouchedBy,
  overtimeBan,
  overtimeMinutes,
  owedByLot,
  settleMonth,
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

  it('rest is due by the end of the month worked plus the period, month ends and leap years included', () => {
    assert.equal(compensateBy('2026-03', 4), '2026-07-31')
    assert.equal(compensateBy('2026-10', 4), '2027-02-28')
    assert.equal(compensateBy('2027-10', 4), '2028-02-29')
    assert.equal(compensateBy('2026-12', 1), '2027-01-31')
    assert.ok(isOverdue(60, '2026-07-31', '2026-08-01'))
    assert.ok(!isOverdue(60, '2026-07-31', '2026-07-31'))
    assert.ok(!isOverdue(0, '2026-07-31', '2027-01-01'))
  })
})

describe('the annual cap', () => {
  const lot = (over: Partial<LotFacts>): LotFacts => ({
    month: '2026-03',
    minutes: 600,
    status: 'approved',
    force_majeure: false,
    rest: [],
    ...over,
  })

  it('counts approved lots of the year, less force majeure and rest taken within four months', () => {
    assert.equal(
      countedTowardCap(
        [
          lot({}),
          lot({ force_majeure: true }),
          lot({ status: 'pending' }),
          lot({ status: 'rejected' }),
          lot({ month: '2025-12' }),
          lot({ rest: [{ date: '2026-07-31', minutes: 200 }] }), // within: 400 count
          lot({ rest: [{ date: '2026-08-01', minutes: 200 }] }), // late: all 600 count
        ],
        2026,
      ),
      600 + 400 + 600,
    )
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
  it('an adjustment down takes back what its month counted, never more', () => {
    const rested = lot({ minutes: 300, rest: [{ date: '2026-05-15', minutes: 300 }] })
    const down = lot({ minutes: -100 })
    const november = lot({ month: '2026-11', minutes: 500 })
    assert.equal(countedTowardCap([rested, down, november], 2026), 500)
    assert.equal(countedTowardCap([lot({ minutes: 300 }), down, november], 2026), 200 + 500)
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
  const lot = (id: string, sequence: number, minutes: number, status: 'pending' | 'approved' | 'rejected') => ({
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
  it('after a decision the difference is a new lot; a reduction comes off rejected minutes first', () => {
    assert.deepEqual(settleMonth([lot('a', 1, 90, 'approved')], 150), { kind: 'propose', sequence: 2, minutes: 60 })
    assert.deepEqual(settleMonth([lot('a', 1, 90, 'approved')], 30), { kind: 'propose', sequence: 2, minutes: -60 })
    const mixed = [lot('a', 1, 200, 'approved'), lot('b', 2, 100, 'rejected')]
    assert.deepEqual(settleMonth(mixed, 250), { kind: 'none' })
    assert.deepEqual(settleMonth(mixed, 150), { kind: 'propose', sequence: 3, minutes: -50 })
    assert.deepEqual(settleMonth(mixed, 350), { kind: 'propose', sequence: 3, minutes: 50 })
    assert.deepEqual(settleMonth([...mixed, lot('c', 3, 50, 'pending')], 320), {
      kind: 'follow',
      lotId: 'c',
      minutes: 20,
    })
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
