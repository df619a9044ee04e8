/**
 * The limits of the working day and week as anomalies (docs/decisions/0023-daily-limits-and-real-life.md), without HTTP or a database:
 * the daily rest and the ordinary day (art. 34.3 ET), a minor's break (art. 34.4 ET), the weekly
 * rest (art. 37.1 ET), a night worker's average (art. 36.1 ET) and work under sick leave. Each
 * rule just under and just over its figure, for adults and minors, and with an agreement's figure.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import {
  type PersonFacts,
  type WorkingTimePolicy,
  countedWorkedMinutes,
  dayAnomalies,
  isMinorOn,
  spanAnomalies,
} from '../../src/modules/attendance/anomalies.logic.js'
import { type PunchType, buildSessions } from '../../src/modules/attendance/attendance.logic.js'
import { addDays, localDays } from '../../src/lib/calendar.js'

const POLICY: WorkingTimePolicy = {
  maxSessionHours: 14,
  breakAfterMinutes: 360,
  minBreakMinutes: 15,
  minDailyRestHours: 12,
  maxOrdinaryDayHours: 9,
}
const WORKDAY = { isWorkday: true, holiday: false, absentAllDay: false }
const LATER = Date.parse('2027-01-01T00:00:00Z')

function sessions(...punches: [PunchType, string][]) {
  return buildSessions(punches.map(([type, at], i) => ({ id: `p${i}`, type, at, ms: Date.parse(at), modality: null })))
}

/** Sessions from [in, out] pairs (UTC). */
function shifts(pairs: readonly [string, string][]) {
  return sessions(
    ...pairs.flatMap(([from, to]): [PunchType, string][] => [
      ['in', from],
      ['out', to],
    ]),
  )
}

/** A shift of 08:00-16:00 UTC on every day of [from, to], with `change` rewriting some. */
function everyDay(
  from: string,
  to: string,
  change: (date: string) => [string, string] | null | undefined = () => undefined,
) {
  const pairs: [string, string][] = []
  for (let date = from; date <= to; date = addDays(date, 1)) {
    const changed = change(date)
    if (changed === null) continue
    pairs.push(changed ?? [`${date}T08:00:00.000Z`, `${date}T16:00:00.000Z`])
  }
  return shifts(pairs)
}

/** The anomalies of `type` over [from, to] (UTC days), as [date, minutes, limit]. */
function flagged(
  type: string,
  list: ReturnType<typeof shifts>,
  from: string,
  to: string,
  options: { policy?: WorkingTimePolicy; person?: Partial<PersonFacts>; counted?: (date: string) => number } = {},
) {
  const days = localDays(from, to, 'UTC')
  const person: PersonFacts = {
    minorOn: options.person?.minorOn ?? days.dates.map(() => false),
    nightWorker: options.person?.nightWorker ?? false,
  }
  const counted = days.dates.map((date) => options.counted?.(date) ?? 0)
  return spanAnomalies(list, days, counted, person, options.policy ?? POLICY, LATER).flatMap((anomalies, i) =>
    anomalies.filter((a) => a.type === type).map((a) => [days.dates[i], a.minutes, a.limit_minutes]),
  )
}

const types = (list: { type: string }[]) => list.map((a) => a.type)

describe('the limits of the working day (art. 34.3 ET)', () => {
  it('art. 34.3 ET short_daily_rest: 12 hours between days are enough, 11:59 is short, flagged on the later day', () => {
    const exactly = shifts([
      ['2026-11-16T14:00:00Z', '2026-11-16T22:00:00Z'],
      ['2026-11-17T10:00:00Z', '2026-11-17T18:00:00Z'],
    ])
    assert.deepEqual(flagged('short_daily_rest', exactly, '2026-11-16', '2026-11-17'), [])
    const short = shifts([
      ['2026-11-16T14:00:00Z', '2026-11-16T22:00:00Z'],
      ['2026-11-17T09:59:00Z', '2026-11-17T18:00:00Z'],
    ])
    assert.deepEqual(flagged('short_daily_rest', short, '2026-11-16', '2026-11-17'), [['2026-11-17', 719, 720]])
    // Left at 23:00, back at 07:00: 8 hours of rest.
    const night = shifts([
      ['2026-11-16T15:00:00Z', '2026-11-16T23:00:00Z'],
      ['2026-11-17T07:00:00Z', '2026-11-17T15:00:00Z'],
    ])
    assert.deepEqual(flagged('short_daily_rest', night, '2026-11-16', '2026-11-17'), [['2026-11-17', 480, 720]])
  })

  it('art. 34.3 ET short_daily_rest: a split shift is one day; a session left open is no measure of rest', () => {
    const split = shifts([
      ['2026-11-17T08:00:00Z', '2026-11-17T12:00:00Z'],
      ['2026-11-17T14:00:00Z', '2026-11-17T18:00:00Z'],
    ])
    assert.deepEqual(flagged('short_daily_rest', split, '2026-11-17', '2026-11-17'), [])
    const leftOpen = sessions(
      ['in', '2026-11-16T22:00:00Z'],
      ['in', '2026-11-17T16:00:00Z'],
      ['out', '2026-11-17T20:00:00Z'],
    )
    assert.deepEqual(flagged('short_daily_rest', leftOpen, '2026-11-16', '2026-11-17'), [])
  })

  it('art. 34.3 ET short_daily_rest: an agreement’s figure (min_daily_rest_hours 10) is the company’s', () => {
    const policy = { ...POLICY, minDailyRestHours: 10 }
    const rest = (back: string) =>
      flagged(
        'short_daily_rest',
        shifts([
          ['2026-11-16T14:00:00Z', '2026-11-16T22:00:00Z'],
          [back, '2026-11-17T18:00:00Z'],
        ]),
        '2026-11-16',
        '2026-11-17',
        { policy },
      )
    assert.deepEqual(rest('2026-11-17T08:00:00Z'), [])
    assert.deepEqual(rest('2026-11-17T07:59:00Z'), [['2026-11-17', 599, 600]])
  })

  it('art. 34.3 ET long_ordinary_day: 9 hours worked is the limit, 9:01 is over; breaks do not count', () => {
    const day = (out: string) =>
      sessions(
        ['in', '2026-11-17T08:00:00Z'],
        ['break_start', '2026-11-17T12:00:00Z'],
        ['break_end', '2026-11-17T12:30:00Z'],
        ['out', out],
      )
    assert.deepEqual(dayAnomalies(day('2026-11-17T17:30:00Z'), WORKDAY, POLICY, LATER), [])
    assert.deepEqual(dayAnomalies(day('2026-11-17T17:31:00Z'), WORKDAY, POLICY, LATER), [
      {
        type: 'long_ordinary_day',
        session_started_at: '2026-11-17T08:00:00Z',
        minutes: 541,
        limit_minutes: 540,
        day_off: null,
      },
    ])
  })

  it('art. 34.3 ET long_ordinary_day: a minor’s limit is 8 hours, whatever the agreement; an agreement’s 10 for adults', () => {
    const day = (out: string) =>
      sessions(
        ['in', '2026-11-17T08:00:00Z'],
        ['break_start', '2026-11-17T12:00:00Z'],
        ['break_end', '2026-11-17T12:30:00Z'],
        ['out', out],
      )
    const minor = { ...WORKDAY, minor: true }
    const long = (list: ReturnType<typeof day>, facts: typeof minor, policy = POLICY) =>
      dayAnomalies(list, facts, policy, LATER)
        .filter((a) => a.type === 'long_ordinary_day')
        .map((a) => [a.minutes, a.limit_minutes])
    assert.deepEqual(long(day('2026-11-17T16:30:00Z'), minor), [])
    assert.deepEqual(long(day('2026-11-17T16:31:00Z'), minor), [[481, 480]])
    const agreement = { ...POLICY, maxOrdinaryDayHours: 10 }
    assert.deepEqual(long(day('2026-11-17T16:31:00Z'), minor, agreement), [[481, 480]])
    assert.deepEqual(long(day('2026-11-17T18:30:00Z'), WORKDAY as typeof minor, agreement), [])
    assert.deepEqual(long(day('2026-11-17T18:31:00Z'), WORKDAY as typeof minor, agreement), [[601, 600]])
  })
})

describe('a minor’s break (art. 34.4 ET)', () => {
  it('art. 34.4 ET missing_break for minors: 30 minutes once continuous work passes 4.5 hours; adults keep the company’s settings', () => {
    const minor = { ...WORKDAY, minor: true }
    const stretch = (out: string) => sessions(['in', '2026-11-17T08:00:00Z'], ['out', out])
    assert.deepEqual(types(dayAnomalies(stretch('2026-11-17T12:30:00Z'), minor, POLICY, LATER)), [])
    assert.deepEqual(
      dayAnomalies(stretch('2026-11-17T12:31:00Z'), minor, POLICY, LATER).map((a) => [
        a.type,
        a.minutes,
        a.limit_minutes,
      ]),
      [['missing_break', 271, 270]],
    )
    assert.deepEqual(types(dayAnomalies(stretch('2026-11-17T12:31:00Z'), WORKDAY, POLICY, LATER)), [])
    // A 20-minute pause is a break for an adult (the company's 15) but not for a minor (30).
    const paused = sessions(
      ['in', '2026-11-17T08:00:00Z'],
      ['break_start', '2026-11-17T11:00:00Z'],
      ['break_end', '2026-11-17T11:20:00Z'],
      ['out', '2026-11-17T14:20:00Z'],
    )
    assert.deepEqual(types(dayAnomalies(paused, minor, POLICY, LATER)), ['missing_break'])
    assert.deepEqual(types(dayAnomalies(paused, WORKDAY, POLICY, LATER)), [])
    // The company turning its break rule off (min_break_minutes 0) leaves a minor's in place.
    assert.deepEqual(types(dayAnomalies(paused, minor, { ...POLICY, minBreakMinutes: 0 }, LATER)), ['missing_break'])
  })

  it('under 18 until the eighteenth birthday; no birth date is an adult', () => {
    assert.equal(isMinorOn('2008-11-20', '2026-11-19'), true)
    assert.equal(isMinorOn('2008-11-20', '2026-11-20'), false)
    assert.equal(isMinorOn(null, '2026-11-19'), false)
  })
})

describe('the weekly rest (art. 37.1 ET)', () => {
  // Every day 08:00-16:00 from Monday 26 October to Tuesday 24 November (the nights between are
  // 16 hours), but for a rest from Tuesday 3 November at 16:00 up to `back`, early on Friday 6.
  const withRest = (back: string) =>
    everyDay('2026-10-26', '2026-11-24', (date) =>
      date === '2026-11-04' || date === '2026-11-06'
        ? null
        : date === '2026-11-05'
          ? [back, '2026-11-06T06:00:00.000Z']
          : undefined,
    )

  it('art. 37.1 ET short_weekly_rest: a day and a half accumulated over 14 days: 56 h one week and 16 h the next average 36', () => {
    // Up to Friday 00:00: 56 hours, which cover the next week's 16-hour nights on average.
    assert.deepEqual(flagged('short_weekly_rest', withRest('2026-11-06T00:00:00.000Z'), '2026-10-26', '2026-11-24'), [
      ['2026-11-22', 960, 2160],
    ])
    // Up to Thursday 23:59: 55:59, and the next week averages less than 36 hours.
    assert.deepEqual(flagged('short_weekly_rest', withRest('2026-11-05T23:59:00.000Z'), '2026-10-26', '2026-11-24'), [
      ['2026-11-15', 960, 2160],
      ['2026-11-22', 960, 2160],
    ])
  })

  it('art. 37.1 ET short_weekly_rest: a minor has two uninterrupted days every week (48 h), not accumulated', () => {
    // From Saturday 14 at 16:00 to `back` on Monday 16; a rest over the weekend counts for both weeks.
    const weekend = (back: string) =>
      everyDay('2026-11-02', '2026-11-24', (date) =>
        date === '2026-11-15' ? null : date === '2026-11-16' ? [back, '2026-11-16T20:00:00.000Z'] : undefined,
      )
    const minorOn = localDays('2026-11-02', '2026-11-24', 'UTC').dates.map(() => true)
    const minor = { person: { minorOn } }
    assert.deepEqual(
      flagged('short_weekly_rest', weekend('2026-11-16T16:00:00.000Z'), '2026-11-02', '2026-11-24', minor),
      [],
    )
    assert.deepEqual(
      flagged('short_weekly_rest', weekend('2026-11-16T15:59:00.000Z'), '2026-11-02', '2026-11-24', minor),
      [
        ['2026-11-14', 2879, 2880],
        ['2026-11-22', 2879, 2880],
      ],
    )
    // An adult with the same 47:59 is well rested.
    assert.deepEqual(flagged('short_weekly_rest', weekend('2026-11-16T15:59:00.000Z'), '2026-11-02', '2026-11-24'), [])
  })

  it('art. 37.1 ET short_weekly_rest: a week is judged once it and the two days after it are over', () => {
    const list = everyDay('2026-11-09', '2026-11-24')
    const days = localDays('2026-11-09', '2026-11-24', 'UTC')
    const minorOn = days.dates.map(() => true)
    const judgedAt = (nowMs: number) =>
      spanAnomalies(list, days, [], { minorOn, nightWorker: false }, POLICY, nowMs)
        .flat()
        .filter((a) => a.type === 'short_weekly_rest').length
    assert.equal(judgedAt(Date.parse('2026-11-24T23:59:00Z')), 0)
    assert.equal(judgedAt(Date.parse('2026-11-25T00:00:00Z')), 1)
  })
})

describe('a night worker’s day (art. 36.1 ET)', () => {
  // Nights of 22:00-06:00 from 2 to 16 November (15 days); the counted minutes are given.
  const nights = everyDay('2026-11-02', '2026-11-16', (date) => [
    `${date}T22:00:00.000Z`,
    `${addDays(date, 1)}T06:00:00.000Z`,
  ])

  it('art. 36.1 ET night_average_exceeded: 8 hours a day averaged over 15 days; 4 minutes over on average is flagged', () => {
    const counted = (last: number) => (date: string) => (date === '2026-11-16' ? last : 480)
    const judged = (last: number, nightWorker = true) =>
      flagged('night_average_exceeded', nights, '2026-11-02', '2026-11-16', {
        counted: counted(last),
        person: { nightWorker },
      })
    assert.deepEqual(judged(480), [])
    assert.deepEqual(judged(540), [['2026-11-16', 484, 480]])
    // 14 nights of 8 hours and one of 8:14 average 480.9 minutes: over.
    assert.deepEqual(judged(494), [['2026-11-16', 480, 480]])
    assert.deepEqual(judged(540, false), [], 'not a night worker: the 8-hour average does not apply')
  })

  it('art. 36.1 ET night_average_exceeded: the average is of the days worked, and a day 15 days back no longer weighs', () => {
    const counted = (date: string) => (date === '2026-11-02' ? 900 : date <= '2026-11-10' ? 0 : 480)
    const list = nights.filter(
      (s) => s.inMs === Date.parse('2026-11-02T22:00:00Z') || s.inMs > Date.parse('2026-11-10T23:00:00Z'),
    )
    assert.deepEqual(
      flagged('night_average_exceeded', list, '2026-11-02', '2026-11-17', {
        counted,
        person: { nightWorker: true },
      }).map(([date, minutes]) => [date, minutes]),
      [
        ['2026-11-02', 900],
        ['2026-11-11', 690],
        ['2026-11-12', 620],
        ['2026-11-13', 585],
        ['2026-11-14', 564],
        ['2026-11-15', 550],
        ['2026-11-16', 540],
      ],
    )
  })
})

describe('work under sick leave', () => {
  it('absence_overlaps_work (art. 35 ET): punches on a full day of sick leave are flagged (not punch_on_day_off) and count nothing', () => {
    const day = sessions(['in', '2026-11-17T08:00:00Z'], ['out', '2026-11-17T12:00:00Z'])
    const sick = { isWorkday: true, holiday: false, absentAllDay: true, absentNotOnVacation: true }
    const anomalies = dayAnomalies(day, sick, POLICY, LATER)
    assert.deepEqual(anomalies, [
      {
        type: 'absence_overlaps_work',
        session_started_at: '2026-11-17T08:00:00Z',
        minutes: 240,
        limit_minutes: null,
        day_off: 'absence',
      },
    ])
    assert.equal(countedWorkedMinutes(240, 0, anomalies), 0)
    // On vacation it stays work on a day off.
    const vacation = { ...sick, absentNotOnVacation: false }
    assert.deepEqual(types(dayAnomalies(day, vacation, POLICY, LATER)), ['punch_on_day_off'])
    assert.equal(countedWorkedMinutes(240, 0, dayAnomalies(day, vacation, POLICY, LATER)), 240)
  })
})
