/**
 * The working-time law, rule by rule (docs/working-time-law.md): a table of legal scenarios run end
 * to end through the API on both engines. Each row is a person (full-time, part-time with and without
 * a pact, a minor, a night worker, a mid-year hire), the days they worked, what HR and the person do
 * afterwards, and what the service must then say: the lots, their deadlines, the year's balance,
 * the monthly report, the anomalies of a day (the limits of the day and week) and the vacation
 * balance. Each row's name cites the article it checks; docs/working-time-law.md points
 * back to the row by that name.
 *
 * The company keeps UTC and the default schedule (Monday to Friday, 8 h: full time). A day worked is
 * `[date, minutes]` from 08:00; the month's punches are pushed on its last evening.
 */
import assert from 'node:assert/strict'
import { it } from 'node:test'
import { withHr } from '../helpers/absences.js'
import { PART_TIME } from '../helpers/schedules-holidays.js'
import { punch } from '../helpers/attendance.js'
import { type Client, forEachEngine, type Response, type TestTenant } from '../helpers/harness.js'

let now = Date.parse('2026-10-01T06:00:00Z')
const setNow = (iso: string) => {
  now = Date.parse(iso)
}

type Fields = Record<string, unknown>

/** Who the row is about: user fields, and a schedule of their own (minutes by weekday). */
interface Person {
  fields?: Fields
  schedule?: Record<'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun', number>
}

/** What happens after the month ended, each at its moment, with the answer it must get. */
type Step = { at: string } & (
  | { approve: Fields; answer?: [number, string?] }
  | { decide: Fields; answer: [number, string?] }
  | { pay: number; answer?: [number, string?] }
  /** The person asks for rest (an overtime_rest absence) for `date` (`hours` from 08:00, else the whole day), HR approves. */
  | { rest: { date: string; hours?: number }; answer?: [number, string?] }
  /** More days worked, pushed late (a clock that was offline). */
  | { work: [string, number][] }
  /** An absence: asked for by the person and approved by HR, or recorded by HR when it began before today. */
  | { absence: Fields; answer?: [number, string?] }
  /** A correction of the record proposed by HR and accepted by the person: a whole day added. */
  | { correctAdding: [string, number] }
  | { check: Expected }
)

interface Expected {
  /** The person's lots, newest month first, each compared on the fields given. */
  lots?: Fields[]
  /** The year's balance (`GET /overtime/balance`), compared on the fields given. */
  balance?: Fields & { year?: number }
  /** The monthly report of a month: its day rows and totals, compared on the fields given. */
  report?: { month: string; days?: Record<string, Fields>; totals?: Fields; overtime?: Fields; lots?: number }
  /** The anomalies of a day of the record (`GET /attendance`): types it must have, and must not. */
  anomalies?: { date: string; has?: string[]; hasNot?: string[] }[]
  /** The vacation balance of a year (`GET /users/{id}/vacation-balance`), compared on the fields given. */
  vacation?: Fields & { year: number }
}

/** A day worked: `[date, minutes]` from 08:00 UTC, or from `start` (HH:MM, UTC). */
type Worked = [string, number] | [string, number, string]

interface Row {
  /** The rule, with its article: the test's name. */
  rule: string
  person?: Person
  /** The company's overtime policy (`overtime_policy`), and its other settings. */
  policy?: Fields
  company?: Fields
  worked: Worked[]
  steps: Step[]
}

/** Every October 2026 workday (Monday to Friday), worked `minutes`. */
const octoberWorkdays = (minutes: number): [string, number][] =>
  Array.from({ length: 31 }, (_, i) => `2026-10-${String(i + 1).padStart(2, '0')}`)
    .filter((date) => ![0, 6].includes(new Date(`${date}T12:00:00Z`).getUTCDay()))
    .map((date) => [date, minutes])

/** Monday 5 to Wednesday 7 October 2026, nine hours each: three hours of overtime on the daily basis. */
const THREE_LONG_DAYS: [string, number][] = [
  ['2026-10-05', 540],
  ['2026-10-06', 540],
  ['2026-10-07', 540],
]

const AFTER_OCTOBER = '2026-11-02T09:00:00Z'

/** Every day from `first` on, `count` days, worked `minutes` from 08:00 UTC, except the weekdays in `off` (0 Sunday, 6 Saturday). */
function everyDay(first: string, count: number, minutes: number, off: number[] = []): Worked[] {
  const start = Date.parse(`${first}T12:00:00Z`)
  return Array.from({ length: count }, (_, i) => new Date(start + i * 86_400_000))
    .filter((day) => !off.includes(day.getUTCDay()))
    .map((day): Worked => [day.toISOString().slice(0, 10), minutes])
}

/** A minor in October 2026 (born 1 March 2009: 17). */
const MINOR: Person = { fields: { birth_date: '2009-03-01' } }

export const ROWS: Row[] = [
  {
    rule: 'hours meant to be rested are approved beyond the annual cap: rest in four months does not count (art. 35.2 ET)',
    // 22 workdays of 13 hours: 110 hours over, past the 80 of the cap.
    worked: octoberWorkdays(780),
    steps: [
      { at: AFTER_OCTOBER, check: { lots: [{ month: '2026-10', minutes: 6600, status: 'pending' }] } },
      { at: AFTER_OCTOBER, approve: { compensation: 'rest' }, answer: [200] },
      {
        at: AFTER_OCTOBER,
        check: {
          balance: { counted_toward_cap_minutes: 0, at_risk_minutes: 6600, over_cap_minutes: 0, cap_minutes: 4800 },
        },
      },
    ],
  },
  {
    rule: 'paid hours beyond the cap are approved, owed and flagged, never refused (art. 35.2 ET)',
    worked: octoberWorkdays(780),
    steps: [
      { at: AFTER_OCTOBER, approve: { compensation: 'pay' }, answer: [200] },
      {
        at: AFTER_OCTOBER,
        check: {
          balance: { counted_toward_cap_minutes: 6600, at_risk_minutes: 0, over_cap_minutes: 1800 },
          lots: [{ status: 'approved', compensation: 'pay', owed_minutes: 6600 }],
        },
      },
    ],
  },
  {
    rule: 'hours worked are a fact: a lot cannot be rejected and keeps counting (art. 35 ET, art. 34.9 ET)',
    worked: THREE_LONG_DAYS,
    steps: [
      { at: AFTER_OCTOBER, decide: { decision: 'rejected' }, answer: [400, 'invalid_request'] },
      {
        at: AFTER_OCTOBER,
        check: {
          lots: [{ minutes: 180, status: 'pending' }],
          balance: { pending_minutes: 180, at_risk_minutes: 180 },
        },
      },
    ],
  },
  {
    rule: 'rest is due four months after the hours were worked, not after the month ends (art. 35.1 ET)',
    worked: [
      ['2026-10-05', 540],
      ['2026-10-06', 540],
      ['2026-10-07', 540],
      ['2026-10-08', 540],
    ],
    steps: [
      {
        at: AFTER_OCTOBER,
        check: {
          lots: [
            {
              compensate_by: '2027-02-05',
              days: [
                { date: '2026-10-05', minutes: 60 },
                { date: '2026-10-06', minutes: 60 },
                { date: '2026-10-07', minutes: 60 },
                { date: '2026-10-08', minutes: 60 },
              ],
            },
          ],
        },
      },
    ],
  },
  {
    rule: 'rest booked for a later day counts once taken; until then it is scheduled and the hours at risk (art. 35.2 ET)',
    worked: THREE_LONG_DAYS,
    steps: [
      { at: AFTER_OCTOBER, approve: { compensation: 'rest' } },
      { at: AFTER_OCTOBER, rest: { date: '2027-01-15', hours: 1 }, answer: [200] },
      {
        at: AFTER_OCTOBER,
        check: {
          // Owed is what is still to be booked; booked rest is scheduled, not taken, so all 180 are at risk.
          balance: { rested_minutes: 0, scheduled_rest_minutes: 60, at_risk_minutes: 180 },
          lots: [{ rested_minutes: 0, scheduled_rest_minutes: 60, owed_minutes: 120 }],
        },
      },
      {
        at: '2027-01-16T09:00:00Z',
        check: {
          balance: { year: 2026, rested_minutes: 60, scheduled_rest_minutes: 0, at_risk_minutes: 120 },
          lots: [{ rested_minutes: 60, owed_minutes: 120 }],
        },
      },
    ],
  },
  {
    rule: 'rest taken before the deadline keeps the hours out of the cap (art. 35.2 ET)',
    worked: THREE_LONG_DAYS,
    steps: [
      { at: AFTER_OCTOBER, approve: { compensation: 'rest' } },
      { at: AFTER_OCTOBER, rest: { date: '2026-12-14', hours: 3 }, answer: [200] },
      {
        at: '2027-02-10T09:00:00Z',
        check: {
          balance: { year: 2026, rested_minutes: 180, counted_toward_cap_minutes: 0, at_risk_minutes: 0 },
          lots: [{ owed_minutes: 0, overdue: false }],
        },
      },
    ],
  },
  {
    rule: 'rest taken on the deadline day is in time (art. 35.1 ET, art. 35.2 ET)',
    worked: THREE_LONG_DAYS,
    steps: [
      { at: AFTER_OCTOBER, approve: { compensation: 'rest' } },
      // Friday 5 February 2027: four months after Monday 5 October.
      { at: AFTER_OCTOBER, rest: { date: '2027-02-05', hours: 3 }, answer: [200] },
      {
        at: '2027-02-10T09:00:00Z',
        check: { balance: { year: 2026, rested_minutes: 180, counted_toward_cap_minutes: 0, over_cap_minutes: 0 } },
      },
    ],
  },
  {
    rule: 'rest after the deadline is refused, and untaken rest counts toward the cap once the four months pass (art. 35.1 ET, art. 35.2 ET)',
    worked: THREE_LONG_DAYS,
    steps: [
      { at: AFTER_OCTOBER, approve: { compensation: 'rest' } },
      // Monday 8 February 2027 is after the lot's deadline.
      { at: AFTER_OCTOBER, rest: { date: '2027-02-08', hours: 1 }, answer: [409, 'overtime_rest_after_deadline'] },
      {
        at: '2027-02-06T09:00:00Z',
        check: {
          balance: { year: 2026, counted_toward_cap_minutes: 180, at_risk_minutes: 0, overdue_minutes: 180 },
          lots: [{ overdue: true, owed_minutes: 180 }],
        },
      },
    ],
  },
  {
    rule: 'force majeure is approved as overtime and never counts toward the cap (art. 35.3 ET)',
    worked: THREE_LONG_DAYS,
    steps: [
      { at: AFTER_OCTOBER, approve: { compensation: 'pay', force_majeure: true }, answer: [200] },
      {
        at: AFTER_OCTOBER,
        check: {
          balance: { approved_minutes: 180, counted_toward_cap_minutes: 0, at_risk_minutes: 0 },
          lots: [{ force_majeure: true, status: 'approved' }],
        },
      },
    ],
  },
  {
    rule: 'a lot approved and then changed by the record gets an adjustment, the approved lot never changes (art. 35.5 ET)',
    worked: THREE_LONG_DAYS,
    steps: [
      { at: AFTER_OCTOBER, approve: { compensation: 'rest' } },
      // Saturday 10 October, two hours, reaches the service late.
      { at: '2026-11-03T09:00:00Z', work: [['2026-10-10', 120]] },
      {
        at: '2026-11-03T09:00:00Z',
        check: {
          lots: [
            { month: '2026-10', minutes: 180, status: 'approved', adjusts: null },
            { month: '2026-10', minutes: 120, status: 'pending', days: [{ date: '2026-10-10', minutes: 120 }] },
          ],
          balance: { approved_minutes: 180, pending_minutes: 120, at_risk_minutes: 300 },
        },
      },
    ],
  },
  {
    rule: 'a minor does no overtime, force majeure included: payable as wages due, counted as a violation (art. 6.3 ET)',
    person: { fields: { birth_date: '2009-03-01' } },
    worked: THREE_LONG_DAYS,
    steps: [
      { at: AFTER_OCTOBER, approve: {}, answer: [409, 'overtime_not_allowed'] },
      {
        at: AFTER_OCTOBER,
        approve: { force_majeure: true, compensation: 'pay' },
        answer: [409, 'overtime_not_allowed'],
      },
      { at: AFTER_OCTOBER, pay: 180, answer: [200] },
      {
        at: AFTER_OCTOBER,
        check: {
          lots: [{ status: 'pending', paid_minutes: 180, owed_minutes: 0 }],
          balance: { violation_minutes: 180, counted_toward_cap_minutes: 0, at_risk_minutes: 0 },
          report: { month: '2026-10', overtime: { violation_minutes: 180 } },
        },
      },
    ],
  },
  {
    rule: 'a night worker does overtime only in force majeure (art. 36.1 ET, RD 1561/1995)',
    person: { fields: { night_worker: true } },
    worked: THREE_LONG_DAYS,
    steps: [
      { at: AFTER_OCTOBER, approve: { compensation: 'pay' }, answer: [409, 'overtime_not_allowed'] },
      { at: AFTER_OCTOBER, approve: { compensation: 'pay', force_majeure: true }, answer: [200] },
      { at: AFTER_OCTOBER, check: { balance: { approved_minutes: 180, counted_toward_cap_minutes: 0 } } },
    ],
  },
  {
    rule: 'a contract that began on 1 October has the cap reduced to its share of the year (art. 35.2 ET)',
    person: { fields: { hire_date: '2026-10-01' } },
    worked: octoberWorkdays(600),
    steps: [
      { at: AFTER_OCTOBER, approve: { compensation: 'pay' }, answer: [200] },
      {
        at: AFTER_OCTOBER,
        // 80 h x 92 / 365 days = 1,209 minutes; 22 days x 2 h = 2,640 counted.
        check: { balance: { cap_minutes: 1209, counted_toward_cap_minutes: 2640, over_cap_minutes: 1431 } },
      },
    ],
  },
  {
    rule: 'a part-timer’s hours beyond their schedule up to full time are complementary hours, not overtime, apart in the report (art. 12.4.c ET, art. 12.5 ET)',
    person: { schedule: PART_TIME },
    // Monday 5 October: six hours on a four-hour schedule.
    worked: [['2026-10-05', 360]],
    steps: [
      {
        at: AFTER_OCTOBER,
        check: {
          lots: [{ kind: 'complementary', minutes: 120, status: 'pending' }],
          balance: {
            complementary_minutes: 120,
            // No written pact: every complementary hour is flagged (art. 12.5.a), never refused.
            over_pact_minutes: 120,
            counted_toward_cap_minutes: 0,
            at_risk_minutes: 0,
          },
          report: {
            month: '2026-10',
            days: { '2026-10-05': { overtime_minutes: 0, complementary_minutes: 120 } },
            totals: { overtime_minutes: 0, complementary_minutes: 120 },
          },
        },
      },
      // Complementary hours are paid as ordinary hours (art. 12.5.h): never rest.
      { at: AFTER_OCTOBER, approve: { compensation: 'rest' }, answer: [400, 'invalid_request'] },
      { at: AFTER_OCTOBER, approve: {}, answer: [200] },
      { at: AFTER_OCTOBER, check: { lots: [{ kind: 'complementary', status: 'approved', compensation: 'pay' }] } },
    ],
  },
  {
    rule: 'complementary hours within a written pact are not flagged (art. 12.5 ET)',
    person: { schedule: PART_TIME, fields: { complementary_pact_percent: 30 } },
    worked: [['2026-10-05', 360]],
    steps: [{ at: AFTER_OCTOBER, check: { balance: { complementary_minutes: 120, over_pact_minutes: 0 } } }],
  },
  {
    rule: 'a month before the company’s first settled month gets its lot when a correction adds work to it (art. 35.5 ET)',
    worked: THREE_LONG_DAYS,
    steps: [
      { at: AFTER_OCTOBER, check: { lots: [{ month: '2026-10', minutes: 180 }] } },
      // Saturday 7 March 2026, seven hours, added by a correction both sides accepted.
      { at: '2026-11-03T09:00:00Z', correctAdding: ['2026-03-07', 420] },
      {
        at: '2026-11-03T09:00:00Z',
        check: {
          lots: [
            { month: '2026-10', minutes: 180 },
            { month: '2026-03', minutes: 420, days: [{ date: '2026-03-07', minutes: 420 }] },
          ],
          report: {
            month: '2026-03',
            days: { '2026-03-07': { overtime_minutes: 420 } },
            totals: { overtime_minutes: 420 },
            lots: 1,
          },
        },
      },
    ],
  },
  {
    rule: 'on a weekly basis the report’s days and total say what the lot says: one figure per document (art. 35.5 ET)',
    policy: { basis: 'weekly' },
    // The week of 5 to 11 October: 2 hours over on Monday, 30 minutes short on Tuesday.
    worked: [
      ['2026-10-05', 600],
      ['2026-10-06', 450],
      ['2026-10-07', 480],
      ['2026-10-08', 480],
      ['2026-10-09', 480],
    ],
    steps: [
      {
        at: AFTER_OCTOBER,
        check: {
          lots: [{ basis: 'weekly', minutes: 90, days: [{ date: '2026-10-11', minutes: 90 }] }],
          report: {
            month: '2026-10',
            days: { '2026-10-05': { overtime_minutes: 0 }, '2026-10-11': { overtime_minutes: 90 } },
            totals: { overtime_minutes: 90 },
            overtime: { basis: 'weekly' },
          },
        },
      },
    ],
  },
  {
    rule: 'the annual cap is a company setting an agreement may lower, never above the law’s 80 hours (art. 35.2 ET)',
    policy: { annual_cap_hours: 2 },
    worked: THREE_LONG_DAYS,
    steps: [
      { at: AFTER_OCTOBER, approve: { compensation: 'pay' }, answer: [200] },
      {
        at: AFTER_OCTOBER,
        check: { balance: { cap_minutes: 120, counted_toward_cap_minutes: 180, over_cap_minutes: 60 } },
      },
    ],
  },
  // The limits of the working day and week (art. 34, 36, 37 ET): facts recorded, limits flagged.
  {
    rule: 'twelve hours between the end of one day and the start of the next are enough (art. 34.3 ET)',
    worked: [
      ['2026-10-05', 480, '12:00'],
      ['2026-10-06', 480, '08:00'],
    ],
    steps: [
      { at: '2026-10-07T09:00:00Z', check: { anomalies: [{ date: '2026-10-06', hasNot: ['short_daily_rest'] }] } },
    ],
  },
  {
    rule: 'less than twelve hours between two days is short_daily_rest, flagged on the later day (art. 34.3 ET)',
    worked: [
      ['2026-10-05', 480, '12:30'],
      ['2026-10-06', 480, '08:00'],
    ],
    steps: [
      {
        at: '2026-10-07T09:00:00Z',
        check: {
          anomalies: [
            { date: '2026-10-05', hasNot: ['short_daily_rest'] },
            { date: '2026-10-06', has: ['short_daily_rest'] },
          ],
        },
      },
    ],
  },
  {
    rule: 'an agreement’s shorter daily rest is the company’s setting (art. 34.3 ET: min_daily_rest_hours)',
    company: { min_daily_rest_hours: 11 },
    worked: [
      ['2026-10-05', 480, '12:30'],
      ['2026-10-06', 480, '08:00'],
    ],
    steps: [
      { at: '2026-10-07T09:00:00Z', check: { anomalies: [{ date: '2026-10-06', hasNot: ['short_daily_rest'] }] } },
    ],
  },
  {
    rule: 'nine hours of work in a day are the limit, a minute more is long_ordinary_day (art. 34.3 ET)',
    worked: [
      ['2026-10-05', 540],
      ['2026-10-06', 541],
    ],
    steps: [
      {
        at: '2026-10-07T09:00:00Z',
        check: {
          anomalies: [
            { date: '2026-10-05', hasNot: ['long_ordinary_day'] },
            { date: '2026-10-06', has: ['long_ordinary_day'] },
          ],
        },
      },
    ],
  },
  {
    rule: 'an agreement may distribute ten hours a day: max_ordinary_day_hours (art. 34.3 ET)',
    company: { max_ordinary_day_hours: 10 },
    worked: [['2026-10-05', 600]],
    steps: [
      { at: '2026-10-06T09:00:00Z', check: { anomalies: [{ date: '2026-10-05', hasNot: ['long_ordinary_day'] }] } },
    ],
  },
  {
    rule: 'a minor works at most eight hours a day, whatever the agreement (art. 34.3 ET)',
    person: MINOR,
    company: { max_ordinary_day_hours: 10 },
    worked: [
      ['2026-10-05', 480],
      ['2026-10-06', 481],
    ],
    steps: [
      {
        at: '2026-10-07T09:00:00Z',
        check: {
          anomalies: [
            { date: '2026-10-05', hasNot: ['long_ordinary_day'] },
            { date: '2026-10-06', has: ['long_ordinary_day'] },
          ],
        },
      },
    ],
  },
  {
    rule: 'a minor has a 30-minute break once continuous work passes four and a half hours; an adult does not need one yet (art. 34.4 ET)',
    person: MINOR,
    // Five hours without a pause: over 4.5 for a minor, under the company's six for an adult.
    worked: [['2026-10-05', 300]],
    steps: [{ at: '2026-10-06T09:00:00Z', check: { anomalies: [{ date: '2026-10-05', has: ['missing_break'] }] } }],
  },
  {
    rule: 'an adult’s five hours without a pause are within the break rule (art. 34.4 ET)',
    worked: [['2026-10-05', 300]],
    steps: [{ at: '2026-10-06T09:00:00Z', check: { anomalies: [{ date: '2026-10-05', hasNot: ['missing_break'] }] } }],
  },
  {
    rule: 'three weeks without a day and a half of rest: the third is short_weekly_rest, averaged over 14 days (art. 37.1 ET)',
    // Every day from Monday 5 to Tuesday 27 October, 08:00-16:00: sixteen hours of rest at most.
    worked: everyDay('2026-10-05', 23, 480),
    steps: [
      {
        at: AFTER_OCTOBER,
        check: {
          anomalies: [
            { date: '2026-10-18', hasNot: ['short_weekly_rest'] },
            { date: '2026-10-25', has: ['short_weekly_rest'] },
          ],
        },
      },
    ],
  },
  {
    rule: 'Saturdays off give forty hours of weekly rest: enough for an adult (art. 37.1 ET)',
    worked: everyDay('2026-10-05', 23, 480, [6]),
    steps: [{ at: AFTER_OCTOBER, check: { anomalies: [{ date: '2026-10-25', hasNot: ['short_weekly_rest'] }] } }],
  },
  {
    rule: 'a minor needs two uninterrupted days of rest every week: forty hours is short (art. 37.1 ET)',
    person: MINOR,
    worked: everyDay('2026-10-05', 23, 480, [6]),
    steps: [{ at: AFTER_OCTOBER, check: { anomalies: [{ date: '2026-10-25', has: ['short_weekly_rest'] }] } }],
  },
  {
    rule: 'a night worker’s eight hours a day on average over fifteen days are within the limit (art. 36.1 ET)',
    person: { fields: { night_worker: true } },
    worked: everyDay('2026-10-05', 5, 480),
    steps: [
      {
        at: '2026-10-12T09:00:00Z',
        check: { anomalies: [{ date: '2026-10-09', hasNot: ['night_average_exceeded'] }] },
      },
    ],
  },
  {
    rule: 'a night worker above eight hours a day on average over fifteen days is night_average_exceeded (art. 36.1 ET)',
    person: { fields: { night_worker: true } },
    worked: [...everyDay('2026-10-05', 4, 480), ['2026-10-09', 510]],
    steps: [
      { at: '2026-10-12T09:00:00Z', check: { anomalies: [{ date: '2026-10-09', has: ['night_average_exceeded'] }] } },
    ],
  },
  {
    rule: 'work on a day of sick leave is recorded and flagged, never overtime (art. 35 ET, art. 34.9 ET)',
    worked: [['2026-10-05', 540]],
    steps: [
      { at: '2026-10-20T09:00:00Z', absence: { type: 'sick', start_date: '2026-10-05', end_date: '2026-10-05' } },
      {
        at: AFTER_OCTOBER,
        check: {
          anomalies: [{ date: '2026-10-05', has: ['absence_overlaps_work'], hasNot: ['punch_on_day_off'] }],
          lots: [],
          report: {
            month: '2026-10',
            days: { '2026-10-05': { overtime_minutes: 0 } },
            totals: { overtime_minutes: 0 },
          },
        },
      },
    ],
  },
  {
    rule: 'sick leave during a past vacation gives its days back to the balance (art. 38.3 ET)',
    worked: [],
    steps: [
      { at: '2026-10-01T09:00:00Z', absence: { type: 'vacation', start_date: '2026-10-12', end_date: '2026-10-16' } },
      { at: '2026-10-20T09:00:00Z', absence: { type: 'sick', start_date: '2026-10-14', end_date: '2026-10-15' } },
      { at: '2026-10-20T09:00:00Z', check: { vacation: { year: 2026, approved: 3, interrupted: 2 } } },
    ],
  },
  {
    rule: 'sick leave over a vacation still to come gives its days back too (art. 38.3 ET)',
    worked: [],
    steps: [
      { at: '2026-10-01T09:00:00Z', absence: { type: 'vacation', start_date: '2026-12-14', end_date: '2026-12-18' } },
      { at: '2026-10-01T09:00:00Z', absence: { type: 'sick', start_date: '2026-12-17', end_date: '2026-12-18' } },
      { at: '2026-10-01T09:00:00Z', check: { vacation: { year: 2026, approved: 3, interrupted: 2 } } },
    ],
  },
  {
    rule: 'vacation counted in calendar days: Monday to Sunday consumes seven (art. 38.1 ET)',
    company: { vacation_unit: 'calendar_days', default_vacation_days: 30 },
    worked: [],
    steps: [
      { at: '2026-10-01T09:00:00Z', absence: { type: 'vacation', start_date: '2026-10-12', end_date: '2026-10-18' } },
      { at: '2026-10-01T09:00:00Z', check: { vacation: { year: 2026, unit: 'calendar_days', approved: 7 } } },
    ],
  },
]

/** Asserts `actual` holds `expected`'s fields with their values. */
function assertHas(actual: Record<string, unknown> | undefined, expected: Fields, what: string): void {
  assert.ok(actual, `${what}: missing`)
  const picked = Object.fromEntries(Object.keys(expected).map((key) => [key, actual[key]]))
  assert.deepEqual(picked, expected, `${what}: ${JSON.stringify(actual)}`)
}

function assertAnswer(res: Response, answer: [number, string?] | undefined, what: string): void {
  const [status, code] = answer ?? [res.status < 300 ? res.status : 200]
  assert.equal(res.status, status, `${what}: ${JSON.stringify(res.body)}`)
  if (code) assert.equal(res.body.error?.code, code, what)
}

async function lotsOf(hr: Client, userId: string): Promise<any[]> {
  const res = await hr.get(`/api/v1/overtime/lots?user_id=${userId}`)
  assert.equal(res.status, 200, JSON.stringify(res.body))
  return res.body.data
}

/** The person's newest pending lot: the one a decision or a payment is about. */
async function pendingLot(hr: Client, userId: string): Promise<any> {
  const pending = (await lotsOf(hr, userId)).filter((l) => l.status === 'pending')
  assert.ok(pending.length > 0, 'a pending lot to decide')
  return pending[0]
}

async function approvedLot(hr: Client, userId: string): Promise<any> {
  const approved = (await lotsOf(hr, userId)).find((l) => l.status === 'approved')
  assert.ok(approved, 'an approved lot')
  return approved
}

async function check(hr: Client, userId: string, expected: Expected): Promise<void> {
  if (expected.lots) {
    const lots = await lotsOf(hr, userId)
    assert.equal(lots.length, expected.lots.length, `lots: ${JSON.stringify(lots)}`)
    for (const [i, fields] of expected.lots.entries()) assertHas(lots[i], fields, `lot ${i}`)
  }
  if (expected.balance) {
    const { year = 2026, ...fields } = expected.balance
    const res = await hr.get(`/api/v1/overtime/balance?user_id=${userId}&year=${year}`)
    assert.equal(res.status, 200, JSON.stringify(res.body))
    assertHas(res.body.data, fields, 'balance')
  }
  if (expected.report) {
    const { month, days = {}, totals, overtime, lots } = expected.report
    const res = await hr.get(`/api/v1/attendance/reports/monthly?user_id=${userId}&month=${month}`)
    assert.equal(res.status, 200, JSON.stringify(res.body))
    const report = res.body.data
    for (const [date, fields] of Object.entries(days))
      assertHas(
        report.days.find((d: any) => d.date === date),
        fields,
        `report day ${date}`,
      )
    if (totals) assertHas(report.totals, totals, 'report totals')
    if (overtime) assertHas(report.overtime, overtime, 'report overtime section')
    if (lots !== undefined) assert.equal(report.overtime.lots.length, lots, 'report overtime lots')
  }
  for (const { date, has = [], hasNot = [] } of expected.anomalies ?? []) {
    const res = await hr.get(`/api/v1/attendance?user_id=${userId}&from=${date}&to=${date}`)
    assert.equal(res.status, 200, JSON.stringify(res.body))
    const types: string[] = (res.body.data[0]?.anomalies ?? []).map((a: any) => a.type)
    for (const type of has) assert.ok(types.includes(type), `${date} has ${type}: ${JSON.stringify(types)}`)
    for (const type of hasNot) assert.ok(!types.includes(type), `${date} has no ${type}: ${JSON.stringify(types)}`)
  }
  if (expected.vacation) {
    const { year, ...fields } = expected.vacation
    const res = await hr.get(`/api/v1/users/${userId}/vacation-balance?year=${year}`)
    assert.equal(res.status, 200, JSON.stringify(res.body))
    assertHas(res.body.data, fields, 'vacation balance')
  }
}

/** Pushes a day worked: from its start (08:00 UTC unless given), for its minutes. */
async function work(tenant: TestTenant, userId: string, [date, minutes, start = '08:00']: Worked): Promise<void> {
  const from = Date.parse(`${date}T${start}:00Z`)
  await punch(tenant, userId, 'in', new Date(from).toISOString())
  await punch(tenant, userId, 'out', new Date(from + minutes * 60_000).toISOString())
}

/** Runs one step as HR and the person would. */
async function run(step: Step, tenant: TestTenant, hr: Client, person: Client, userId: string): Promise<void> {
  setNow(step.at)
  if ('check' in step) return check(hr, userId, step.check)
  if ('work' in step) {
    for (const day of step.work) await work(tenant, userId, day)
    return
  }
  if ('absence' in step) {
    const body = { user_id: userId, ...step.absence }
    const today = new Date(now).toISOString().slice(0, 10)
    if (String(step.absence.start_date) < today)
      return assertAnswer(await hr.post('/api/v1/absences/record', body), step.answer ?? [201], 'absence recorded')
    const asked = await tenant.admin.post('/api/v1/absences', body)
    if (asked.status !== 201 || asked.body.data.status !== 'pending')
      return assertAnswer(asked, step.answer ?? [201], 'absence asked')
    return assertAnswer(
      await hr.post(`/api/v1/absences/${asked.body.data.id}/decide`, { decision: 'approved' }),
      step.answer,
      'absence approved',
    )
  }
  if ('correctAdding' in step) {
    const [date, minutes] = step.correctAdding
    const start = `${date}T08:00:00Z`
    const proposed = await hr.post('/api/v1/attendance/corrections', {
      user_id: userId,
      reason: 'Worked that day; the clock was out of order',
      changes: [
        { action: 'add', type: 'in', ts: start },
        { action: 'add', type: 'out', ts: new Date(Date.parse(start) + minutes * 60_000).toISOString() },
      ],
    })
    assert.equal(proposed.status, 201, JSON.stringify(proposed.body))
    const accepted = await person.post(`/api/v1/attendance/corrections/${proposed.body.data.id}/decide`, {
      decision: 'approved',
    })
    assert.equal(accepted.status, 200, JSON.stringify(accepted.body))
    return
  }
  if ('approve' in step) {
    const lot = await pendingLot(hr, userId)
    const res = await hr.post(`/api/v1/overtime/lots/${lot.id}/decide`, { decision: 'approved', ...step.approve })
    return assertAnswer(res, step.answer, `approve ${JSON.stringify(step.approve)}`)
  }
  if ('decide' in step) {
    const lot = await pendingLot(hr, userId)
    return assertAnswer(await hr.post(`/api/v1/overtime/lots/${lot.id}/decide`, step.decide), step.answer, 'decide')
  }
  if ('pay' in step) {
    const lot = (await lotsOf(hr, userId))[0]
    const res = await hr.post(`/api/v1/overtime/lots/${lot.id}/pay`, { minutes: step.pay, payroll_month: '2026-11' })
    return assertAnswer(res, step.answer, 'pay')
  }
  const { date, hours } = step.rest
  const asked = await person.post('/api/v1/absences', {
    user_id: userId,
    type: 'overtime_rest',
    start_date: date,
    end_date: date,
    ...(hours ? { start_time: '08:00', end_time: `${String(8 + hours).padStart(2, '0')}:00` } : {}),
  })
  if (asked.status !== 201) return assertAnswer(asked, step.answer, `rest on ${date}`)
  const decided = await hr.post(`/api/v1/absences/${asked.body.data.id}/decide`, { decision: 'approved' })
  assertAnswer(decided, step.answer, `rest on ${date} approved`)
  await approvedLot(hr, userId)
}

forEachEngine(
  'the working-time law, rule by rule',
  (t) => {
    for (const row of ROWS)
      it(row.rule, async () => {
        setNow('2026-09-28T06:00:00Z')
        const tenant = await t.newTenant({ timezone: 'UTC' })
        const { hrKey } = await withHr(tenant)
        if (row.policy || row.company) {
          const res = await tenant.admin.patch('/api/v1/tenant', {
            ...row.company,
            ...(row.policy ? { overtime_policy: row.policy } : {}),
          })
          assert.equal(res.status, 200, JSON.stringify(res.body))
        }
        const { hire_date, ...fields } = row.person?.fields ?? {}
        const user = await tenant.createUser({ full_name: 'Marta', ...(hire_date ? { hire_date } : {}) })
        if (Object.keys(fields).length > 0) {
          const res = await tenant.admin.patch(`/api/v1/users/${user.id}`, fields)
          assert.equal(res.status, 200, JSON.stringify(res.body))
        }
        if (row.person?.schedule) {
          const schedule = await tenant.admin.post('/api/v1/schedules', {
            name: 'Own schedule',
            weekday_minutes: row.person.schedule,
          })
          assert.equal(schedule.status, 201, JSON.stringify(schedule.body))
          const assigned = await tenant.admin.patch(`/api/v1/users/${user.id}`, { schedule_id: schedule.body.data.id })
          assert.equal(assigned.status, 200, JSON.stringify(assigned.body))
        }
        if (row.worked.length > 0) {
          const lastDay = row.worked.map(([date]) => date).reduce((a, b) => (a > b ? a : b))
          setNow(`${lastDay}T23:59:00Z`)
          for (const day of row.worked) await work(tenant, user.id, day)
        }
        const person = await tenant.keyFor(user.id)
        for (const step of row.steps) await run(step, tenant, hrKey, person, user.id)
      })
  },
  { app: { clock: () => now } },
)
