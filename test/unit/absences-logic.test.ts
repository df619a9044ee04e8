/**
 * The pure rules of absences: overlap, request validation, vacation days per year, minutes taken
 * off a day's schedule, and who may decide or cancel.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import fc from 'fast-check'
import type { Actor } from '../../src/auth/context.js'
import { canCancelAbsence, canDecideAbsence } from '../../src/auth/policies.js'
import { addDays, isoWeekday } from '../../src/lib/calendar.js'
import {
  type ActiveSpan,
  DEFAULT_ABSENCE_TYPES,
  type VacationDay,
  absencesOverlap,
  absencesShownOnDay,
  blockingOverlap,
  carriedUntil,
  interruptedDates,
  proratedVacationDays,
  requestProblems,
  vacationDaysOf,
  vacationLedger,
  workingDaysByYear,
} from '../../src/modules/absences/absences.logic.js'
import { type AbsenceSpan, absenceMinutesOn } from '../../src/modules/work-calendar/work-calendar.logic.js'

const day = (start_date: string, end_date = start_date): AbsenceSpan => ({
  start_date,
  end_date,
  start_time: null,
  end_time: null,
})
const hours = (date: string, start_time: string, end_time: string): AbsenceSpan => ({
  start_date: date,
  end_date: date,
  start_time,
  end_time,
})
const weekdaysOnly = (date: string) => isoWeekday(date) <= 5

const actor = (id: string, departmentId: string | null = null, role: Actor['role'] = 'member'): Actor => ({
  id,
  email: `${id}@example.com`,
  fullName: id,
  role,
  departmentId,
  representative: false,
})

describe('DEFAULT_ABSENCE_TYPES', () => {
  it('is the documented default catalogue', () => {
    assert.deepEqual(
      DEFAULT_ABSENCE_TYPES.map((t) => [t.key, t.requires_approval, t.allows_hourly, t.consumes_vacation]),
      [
        ['vacation', true, false, true],
        ['sick', false, true, false],
        ['justified', true, true, false],
        ['personal', true, true, false],
        ['overtime_rest', true, true, false],
      ],
    )
    for (const t of DEFAULT_ABSENCE_TYPES) assert.ok(!(t.allows_hourly && t.consumes_vacation), `${t.key} is coherent`)
    // Art. 38.3 ET: only the built-in sick leave (temporary incapacity) interrupts vacation.
    assert.deepEqual(
      DEFAULT_ABSENCE_TYPES.filter((t) => t.interrupts_vacation).map((t) => t.key),
      ['sick'],
    )
  })
})

describe('absencesOverlap', () => {
  it('full days overlap when their inclusive date ranges share a day', () => {
    assert.equal(
      absencesOverlap(day('2026-12-01', '2026-12-03'), day('2026-12-03', '2026-12-05')),
      true,
      'sharing the last day',
    )
    assert.equal(
      absencesOverlap(day('2026-12-01', '2026-12-03'), day('2026-12-04', '2026-12-05')),
      false,
      'adjacent ranges',
    )
    assert.equal(absencesOverlap(day('2026-12-01', '2026-12-31'), day('2026-12-10')), true, 'one inside the other')
    assert.equal(
      absencesOverlap(day('2026-12-10'), day('2026-12-01', '2026-12-31')),
      true,
      'one inside the other, reversed',
    )
    assert.equal(
      absencesOverlap(day('2026-11-28', '2026-12-02'), day('2026-12-01', '2026-12-05')),
      true,
      'partial, starting before',
    )
    assert.equal(absencesOverlap(day('2026-12-10'), day('2026-12-11')), false)
    assert.equal(absencesOverlap(day('2026-12-10'), day('2026-12-10')), true)
  })

  it('hourly absences on the same day overlap only when their spans intersect', () => {
    assert.equal(
      absencesOverlap(hours('2026-12-10', '09:00', '11:00'), hours('2026-12-10', '11:00', '12:00')),
      false,
      'touching spans',
    )
    assert.equal(
      absencesOverlap(hours('2026-12-10', '11:00', '12:00'), hours('2026-12-10', '09:00', '11:00')),
      false,
      'touching spans, reversed',
    )
    assert.equal(
      absencesOverlap(hours('2026-12-10', '09:00', '11:00'), hours('2026-12-10', '10:59', '12:00')),
      true,
      'one minute in common',
    )
    assert.equal(
      absencesOverlap(hours('2026-12-10', '09:00', '17:00'), hours('2026-12-10', '10:00', '11:00')),
      true,
      'nested',
    )
    assert.equal(
      absencesOverlap(hours('2026-12-10', '09:00', '11:00'), hours('2026-12-11', '09:00', '11:00')),
      false,
      'different days',
    )
  })

  it('a full day overlaps any hourly absence that day', () => {
    assert.equal(absencesOverlap(day('2026-12-10'), hours('2026-12-10', '09:00', '10:00')), true)
    assert.equal(absencesOverlap(hours('2026-12-10', '23:00', '23:59'), day('2026-12-08', '2026-12-12')), true)
    assert.equal(absencesOverlap(hours('2026-12-10', '09:00', '10:00'), day('2026-12-11', '2026-12-12')), false)
  })

  const dateArb = fc.integer({ min: 0, max: 40 }).map((n) => addDays('2026-12-01', n))
  const minuteArb = fc.integer({ min: 0, max: 23 * 60 + 59 })
  const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`
  const fullDayArb = fc
    .tuple(dateArb, fc.integer({ min: 0, max: 10 }))
    .map(([start, len]) => day(start, addDays(start, len)))
  const hourlyArb = fc
    .tuple(dateArb, minuteArb, minuteArb)
    .filter(([, a, b]) => a !== b)
    .map(([date, a, b]) => hours(date, hhmm(Math.min(a, b)), hhmm(Math.max(a, b))))
  const spanArb = fc.oneof(fullDayArb, hourlyArb)

  it('is symmetric (property)', () => {
    fc.assert(
      fc.property(spanArb, spanArb, (a, b) => absencesOverlap(a, b) === absencesOverlap(b, a)),
      { numRuns: 2000 },
    )
  })

  it('every valid absence overlaps itself, and absences on disjoint dates never overlap (property)', () => {
    fc.assert(
      fc.property(spanArb, spanArb, (a, b) => {
        assert.equal(absencesOverlap(a, a), true)
        if (a.end_date < b.start_date || b.end_date < a.start_date) assert.equal(absencesOverlap(a, b), false)
        // Two hourly spans the same day: intersect as half-open minute intervals.
        if (a.start_time && b.start_time && a.start_date === b.start_date) {
          assert.equal(absencesOverlap(a, b), a.start_time < b.end_time! && b.start_time < a.end_time!)
        }
        // A full day and anything else: overlap exactly when the date ranges intersect.
        if (!a.start_time || !b.start_time) {
          assert.equal(absencesOverlap(a, b), a.start_date <= b.end_date && b.start_date <= a.end_date)
        }
      }),
      { numRuns: 2000 },
    )
  })
})

describe('requestProblems', () => {
  const today = '2026-11-23'
  const req = (span: AbsenceSpan, allows_hourly = true) => ({ ...span, type: { allows_hourly } })
  const fields = (span: AbsenceSpan, allows_hourly = true, on = today) =>
    requestProblems(req(span, allows_hourly), on).map((p) => p.field)

  it('accepts today, the future, single and multi-day, and valid hourly requests', () => {
    assert.deepEqual(fields(day(today)), [])
    assert.deepEqual(fields(day('2026-12-01', '2026-12-31')), [])
    assert.deepEqual(fields(hours(today, '09:00', '11:00')), [])
    assert.deepEqual(fields(hours('2027-01-04', '00:00', '23:59')), [])
  })

  it('rejects a start before today (in the zone of the caller)', () => {
    assert.deepEqual(fields(day('2026-11-22')), ['start_date'])
    assert.deepEqual(fields(day('2026-11-22', '2026-11-25')), ['start_date'], 'even when it ends in the future')
    const [issue] = requestProblems(req(day('2026-11-22')), today)
    assert.match(issue!.message, /past/)
    assert.deepEqual(fields(day('2026-11-22'), true, '2026-11-22'), [], 'that date is fine when it is today')
  })

  it('rejects end before start', () => {
    assert.deepEqual(fields(day('2026-12-10', '2026-12-09')), ['end_date'])
  })

  it('hourly: both times, one day, end after start, a type that allows it', () => {
    assert.deepEqual(fields({ ...day('2026-12-10'), start_time: '09:00' }), ['end_time'])
    assert.deepEqual(fields({ ...day('2026-12-10'), end_time: '11:00' }), ['start_time'])
    assert.deepEqual(
      fields({ start_date: '2026-12-10', end_date: '2026-12-11', start_time: '09:00', end_time: '11:00' }),
      ['end_date'],
    )
    assert.deepEqual(fields(hours('2026-12-10', '11:00', '11:00')), ['end_time'], 'an empty span')
    assert.deepEqual(fields(hours('2026-12-10', '11:00', '09:00')), ['end_time'])
    assert.deepEqual(fields(hours('2026-12-10', '09:00', '11:00'), false), ['type'])
    assert.deepEqual(fields(day('2026-12-10'), false), [], 'a full day is fine for a type without hourly')
  })

  it('reports every failing field at once', () => {
    const all = fields(
      { start_date: '2026-11-20', end_date: '2026-11-19', start_time: '10:00', end_time: '09:00' },
      false,
    ).sort()
    assert.deepEqual(all, ['end_date', 'end_date', 'end_time', 'start_date', 'type'])
  })
})

describe('workingDaysByYear', () => {
  it('counts only working days', () => {
    // Mon 2026-11-30 .. Sun 2026-12-06: five weekdays.
    assert.deepEqual([...workingDaysByYear(day('2026-11-30', '2026-12-06'), weekdaysOnly)], [[2026, 5]])
    assert.deepEqual(
      [...workingDaysByYear(day('2026-12-05', '2026-12-06'), weekdaysOnly)],
      [],
      'a weekend uses nothing',
    )
    const holidays = new Set(['2026-12-07', '2026-12-08'])
    assert.deepEqual(
      [...workingDaysByYear(day('2026-12-07', '2026-12-11'), (d) => weekdaysOnly(d) && !holidays.has(d))],
      [[2026, 3]],
    )
  })

  it('splits an absence across New Year between both years', () => {
    const byYear = workingDaysByYear(day('2026-12-28', '2027-01-08'), weekdaysOnly)
    assert.deepEqual(
      [...byYear],
      [
        [2026, 4],
        [2027, 6],
      ],
    )
  })

  it('counts each year of a multi-year absence', () => {
    const byYear = workingDaysByYear(day('2026-12-31', '2028-01-03'), () => true)
    assert.deepEqual(
      [...byYear],
      [
        [2026, 1],
        [2027, 365],
        [2028, 3],
      ],
    )
  })

  it('asks about each day exactly once (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 800 }), fc.integer({ min: 0, max: 400 }), (offset, len) => {
        const start = addDays('2026-01-01', offset)
        const end = addDays(start, len)
        const asked: string[] = []
        const byYear = workingDaysByYear(day(start, end), (d) => {
          asked.push(d)
          return true
        })
        assert.equal(asked.length, len + 1)
        assert.equal(
          [...byYear.values()].reduce((a, b) => a + b, 0),
          len + 1,
        )
      }),
    )
  })
})

describe('absenceMinutesOn', () => {
  it('a full-day absence takes the whole day, on each of its days only', () => {
    const a = day('2026-12-01', '2026-12-03')
    assert.equal(absenceMinutesOn(a, '2026-12-01'), Number.POSITIVE_INFINITY)
    assert.equal(absenceMinutesOn(a, '2026-12-03'), Number.POSITIVE_INFINITY)
    assert.equal(absenceMinutesOn(a, '2026-11-30'), 0)
    assert.equal(absenceMinutesOn(a, '2026-12-04'), 0)
  })

  it('an hourly absence takes its span on its day', () => {
    assert.equal(absenceMinutesOn(hours('2026-12-10', '09:00', '11:00'), '2026-12-10'), 120)
    assert.equal(absenceMinutesOn(hours('2026-12-10', '09:15', '09:45'), '2026-12-10'), 30)
    assert.equal(absenceMinutesOn(hours('2026-12-10', '00:00', '23:59'), '2026-12-10'), 1439)
    assert.equal(absenceMinutesOn(hours('2026-12-10', '09:00', '11:00'), '2026-12-11'), 0)
  })
})

describe('canDecideAbsence', () => {
  const HR = 'dep_hr'
  it('HR members decide anyone else’s absences', () => {
    assert.equal(canDecideAbsence(actor('usr_hr', HR), 'usr_emp', HR, []), true)
    assert.equal(canDecideAbsence(actor('usr_other', 'dep_sales'), 'usr_emp', HR, []), false)
  })
  it('supervisors anywhere up the chain decide', () => {
    assert.equal(canDecideAbsence(actor('usr_boss'), 'usr_emp', HR, ['usr_boss']), true)
    assert.equal(canDecideAbsence(actor('usr_top'), 'usr_emp', HR, ['usr_boss', 'usr_mid', 'usr_top']), true)
    assert.equal(canDecideAbsence(actor('usr_peer'), 'usr_emp', HR, ['usr_boss']), false)
  })
  it('nobody decides their own, not HR, not an admin, not someone listed in their own chain', () => {
    assert.equal(canDecideAbsence(actor('usr_emp', HR), 'usr_emp', HR, []), false)
    assert.equal(canDecideAbsence(actor('usr_emp', HR, 'admin'), 'usr_emp', HR, ['usr_emp']), false)
  })
  it('being an admin is not enough; no HR department means nobody is HR', () => {
    assert.equal(canDecideAbsence(actor('usr_admin', null, 'admin'), 'usr_emp', HR, []), false)
    assert.equal(
      canDecideAbsence(actor('usr_x', null), 'usr_emp', null, []),
      false,
      'null department does not match a null HR department',
    )
  })
})

describe('canCancelAbsence', () => {
  const HR = 'dep_hr'
  it('the requester or an HR member', () => {
    assert.equal(canCancelAbsence(actor('usr_emp'), 'usr_emp', HR), true)
    assert.equal(canCancelAbsence(actor('usr_emp'), 'usr_emp', null), true)
    assert.equal(canCancelAbsence(actor('usr_hr', HR), 'usr_emp', HR), true)
  })
  it('nobody else', () => {
    assert.equal(canCancelAbsence(actor('usr_boss', 'dep_sales'), 'usr_emp', HR), false)
    assert.equal(canCancelAbsence(actor('usr_admin', null, 'admin'), 'usr_emp', HR), false)
    assert.equal(canCancelAbsence(actor('usr_x', null), 'usr_emp', null), false)
  })
})

describe('vacation prorated by employment', () => {
  const from = (start: string) => (date: string) => date >= start
  it('a whole year is the annual figure; none is zero', () => {
    assert.equal(proratedVacationDays(22, 2026, () => true, 'down').days, 22)
    assert.equal(proratedVacationDays(22, 2026, () => false, 'up').days, 0)
  })
  it('rounds the share up, to the nearest (half up) or down', () => {
    // From 1 September: 122 of 365 days, 7.35 days.
    assert.deepEqual(
      (['up', 'nearest', 'down'] as const).map((r) => proratedVacationDays(22, 2026, from('2026-09-01'), r).days),
      [8, 7, 7],
    )
    // From 2 July 2024 (a leap year): 183 of 366 days, exactly 11 of 22: no rounding at all.
    assert.deepEqual(
      (['up', 'nearest', 'down'] as const).map((r) => proratedVacationDays(22, 2024, from('2024-07-02'), r).days),
      [11, 11, 11],
    )
    // 30 days over 365 × 73 employed days = 6.0 exactly; 23 days × 73 / 365 = 4.6.
    const spring = (date: string) => date >= '2026-03-01' && date <= '2026-05-12'
    assert.equal(proratedVacationDays(30, 2026, spring, 'down').days, 6)
    assert.deepEqual(
      (['up', 'nearest', 'down'] as const).map((r) => proratedVacationDays(23, 2026, spring, r).days),
      [5, 5, 4],
    )
  })
})

const vacation = (start: string, end = start, status: ActiveSpan['status'] = 'approved'): ActiveSpan => ({
  ...day(start, end),
  status,
  consumes_vacation: true,
  interrupts_vacation: false,
})
const sickLeave = (start: string, end = start, status: ActiveSpan['status'] = 'approved'): ActiveSpan => ({
  ...day(start, end),
  status,
  consumes_vacation: false,
  interrupts_vacation: true,
})

describe('art. 38.3 ET: absences over vacation', () => {
  it('a full-day absence that interrupts vacation may lie over approved vacation, nothing else may', () => {
    const sick = { ...day('2026-12-02', '2026-12-03'), interrupts_vacation: true }
    const personal = { ...day('2026-12-02'), interrupts_vacation: false }
    const doctor = { ...hours('2026-12-02', '09:00', '10:00'), interrupts_vacation: true }
    const approved = vacation('2026-11-30', '2026-12-04')
    assert.equal(blockingOverlap(sick, [approved]), undefined, 'sick leave over approved vacation')
    assert.equal(blockingOverlap(personal, [approved]), approved, 'a type that does not interrupt vacation')
    assert.equal(blockingOverlap(doctor, [approved]), approved, 'an hourly absence leaves the day a vacation day')
    const pending = vacation('2026-11-30', '2026-12-04', 'pending')
    assert.equal(blockingOverlap(sick, [pending]), pending, 'pending vacation is rejected or cancelled instead')
    const otherSick = sickLeave('2026-12-03', '2026-12-05')
    assert.equal(blockingOverlap(sick, [approved, otherSick]), otherSick, 'two sick leaves still overlap')
    assert.equal(blockingOverlap(sick, [sickLeave('2026-12-04', '2026-12-05')]), undefined, 'no overlap at all')
  })

  it('the vacation days an approved full-day interrupting absence covers are interrupted; the vacation keeps its dates', () => {
    const v = vacation('2026-11-30', '2026-12-04')
    const dates = (others: ActiveSpan[]) => [...interruptedDates(v, others)].sort()
    assert.deepEqual(dates([sickLeave('2026-11-27', '2026-12-01')]), ['2026-11-30', '2026-12-01'], 'clipped')
    assert.deepEqual(dates([sickLeave('2026-12-01'), sickLeave('2026-12-03', '2026-12-10')]), [
      '2026-12-01',
      '2026-12-03',
      '2026-12-04',
    ])
    assert.deepEqual(dates([sickLeave('2026-12-01', '2026-12-01', 'cancelled')]), [], 'a cancelled one gives them back')
    assert.deepEqual(dates([sickLeave('2026-12-01', '2026-12-01', 'pending')]), [], 'until approved')
    assert.deepEqual(dates([{ ...sickLeave('2026-12-01'), interrupts_vacation: false }]), [])
    const visit = { ...sickLeave('2026-12-01', '2026-12-01'), start_time: '09:00', end_time: '10:00' }
    assert.deepEqual(dates([visit]), [], 'an hourly absence interrupts nothing')
  })

  it('a day of sick leave over vacation shows the sick leave only; hourly absences do not hide it', () => {
    const v = { ...vacation('2026-11-30', '2026-12-04'), key: 'vacation' }
    const s = { ...sickLeave('2026-12-02', '2026-12-02'), key: 'sick' }
    const visit = {
      ...hours('2026-12-02', '09:00', '10:00'),
      consumes_vacation: false,
      interrupts_vacation: true,
      key: 'sick',
    }
    assert.deepEqual(
      absencesShownOnDay([v, s]).map((a) => a.key),
      ['sick'],
    )
    assert.deepEqual(
      absencesShownOnDay([v]).map((a) => a.key),
      ['vacation'],
    )
    assert.deepEqual(
      absencesShownOnDay([v, visit]).map((a) => a.key),
      ['vacation', 'sick'],
    )
  })
})

/** The days of approved vacation on the given dates, `interrupted` where starred (`*2027-01-05`). */
const vacationDays = (...dates: string[]): VacationDay[] =>
  dates.map((d) => ({ date: d.replace('*', ''), status: 'approved', interrupted: d.startsWith('*') }))
const weekdays = (from: string, to: string) =>
  vacationDaysOf(vacation(from, to), weekdaysOnly, new Set(), { from: '2000-01-01', to: '2100-12-31' }).map(
    (d) => d.date,
  )

describe('the vacation ledger (art. 38.1 and 38.3 ET)', () => {
  it('art. 38.1 ET: a Monday-Sunday vacation is 5 working days or 7 calendar days', () => {
    const week = vacation('2026-11-30', '2026-12-06')
    const within = { from: '2026-01-01', to: '2026-12-31' }
    assert.equal(vacationDaysOf(week, weekdaysOnly, new Set(), within).length, 5)
    assert.equal(vacationDaysOf(week, () => true, new Set(), within).length, 7)
    assert.equal(vacationDaysOf({ ...week, status: 'cancelled' }, () => true, new Set(), within).length, 0)
    assert.equal(vacationDaysOf(week, () => true, new Set(), { from: '2026-12-03', to: '2026-12-31' }).length, 4)
    const marked = vacationDaysOf(week, () => true, new Set(['2026-12-01']), within)
    assert.deepEqual(
      marked.filter((d) => d.interrupted).map((d) => d.date),
      ['2026-12-01'],
    )
  })

  it('without interruptions each year stands alone: approved, pending, remaining, overdrawn', () => {
    const days: VacationDay[] = [
      ...vacationDays(...weekdays('2026-11-30', '2026-12-04')),
      { date: '2026-12-07', status: 'pending', interrupted: false },
    ]
    const ledger = vacationLedger([2026], () => 5, days)
    assert.deepEqual(ledger.get(2026), {
      year: 2026,
      entitled: 5,
      approved: 5,
      pending: 1,
      interrupted: 0,
      carried_in: [],
      remaining: -1,
      overdrawn: 1,
    })
  })

  it('art. 38.3 ET: interrupted days go back to the year, and what is not taken is carried on for 18 months', () => {
    assert.equal(carriedUntil(2026), '2028-06-30')
    // 5 days of 2026 taken in December, 2 of them interrupted by sick leave.
    const days = vacationDays('2026-12-14', '2026-12-15', '*2026-12-16', '*2026-12-17', '2026-12-18')
    const ledger = vacationLedger([2026, 2027, 2028], () => 5, days)
    assert.deepEqual(
      [ledger.get(2026)!.approved, ledger.get(2026)!.interrupted, ledger.get(2026)!.remaining],
      [3, 2, 2],
    )
    assert.deepEqual(ledger.get(2027)!.carried_in, [{ year: 2026, days: 2, until: '2028-06-30' }])
    assert.equal(ledger.get(2027)!.remaining, 7)
    assert.deepEqual(ledger.get(2028)!.carried_in, [{ year: 2026, days: 2, until: '2028-06-30' }], 'not taken in 2027')
    // Only what was interrupted is carried, and only what the year left untaken.
    const used = vacationLedger([2026, 2027], () => 5, [...days, ...vacationDays('2026-12-21')])
    assert.deepEqual(used.get(2027)!.carried_in, [{ year: 2026, days: 1, until: '2028-06-30' }])
    const none = vacationLedger([2026, 2027], () => 5, [...days, ...vacationDays('2026-12-21', '2026-12-22')])
    assert.deepEqual(none.get(2027)!.carried_in, [])
  })

  it('art. 38.3 ET: a year beyond its own days draws on carried days, for its earliest days, by their deadline', () => {
    const interrupted2026 = vacationDays('*2026-12-16', '*2026-12-17')
    // 2027: 6 days with 5 of its own: the 6th is carried from 2026.
    const y2027 = vacationDays(...weekdays('2027-01-11', '2027-01-18'))
    const ledger = vacationLedger([2026, 2027, 2028], () => 5, [...interrupted2026, ...y2027])
    assert.deepEqual([ledger.get(2027)!.overdrawn, ledger.get(2027)!.remaining], [0, 1])
    assert.deepEqual(ledger.get(2028)!.carried_in, [{ year: 2026, days: 1, until: '2028-06-30' }])
    // 2028: 6 days in July draw on nothing (the 2026 days lapsed on 30 June); in June they fit.
    const july = vacationLedger([2026, 2027, 2028], () => 5, [
      ...interrupted2026,
      ...vacationDays(...weekdays('2028-07-03', '2028-07-10')),
    ])
    assert.equal(july.get(2028)!.overdrawn, 1)
    const june = vacationLedger([2026, 2027, 2028], () => 5, [
      ...interrupted2026,
      ...vacationDays(...weekdays('2028-06-23', '2028-06-30')),
    ])
    assert.equal(june.get(2028)!.overdrawn, 0)
    // Carried days lapse with their deadline: 2029 sees none.
    assert.deepEqual(vacationLedger([2026, 2027, 2028, 2029], () => 5, interrupted2026).get(2029)!.carried_in, [])
  })
})
