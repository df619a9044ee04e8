/** The rules of anomalies and of the company's closing proposal, without HTTP or a database. */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import {
  closingChanges,
  closingCorrection,
  continuousStretchesMs,
  countedWorkedMinutes,
  dayAnomalies,
  leftOpenSessions,
} from '../../src/modules/attendance/anomalies.logic.js'
import {
  type PunchType,
  buildSessions,
  punchProblem,
  sessionWorkedMs,
  startsAfterLeftOpen,
} from '../../src/modules/attendance/attendance.logic.js'

const POLICY = {
  maxSessionHours: 14,
  breakAfterMinutes: 360,
  minBreakMinutes: 15,
  minDailyRestHours: 12,
  maxOrdinaryDayHours: 9,
}
const WORKDAY = { isWorkday: true, holiday: false, absentAllDay: false }

function sessions(...punches: [PunchType, string][]) {
  return buildSessions(punches.map(([type, at], i) => ({ id: `p${i}`, type, at, ms: Date.parse(at), modality: null })))
}

describe('anomalies', () => {
  it('a pause shorter than the minimum break does not interrupt continuous work; a longer one does', () => {
    const day = sessions(
      ['in', '2026-11-20T07:00:00Z'],
      ['break_start', '2026-11-20T10:00:00Z'],
      ['break_end', '2026-11-20T10:10:00Z'],
      ['out', '2026-11-20T14:00:00Z'],
    )
    assert.deepEqual(continuousStretchesMs(day, 0, 15), [(3 * 60 + 3 * 60 + 50) * 60_000])
    assert.deepEqual(continuousStretchesMs(day, 0, 10), [3 * 3_600_000, (3 * 60 + 50) * 60_000])
    assert.deepEqual(
      dayAnomalies(day, WORKDAY, POLICY, 0).map((a) => [a.type, a.minutes]),
      [['missing_break', 410]],
    )
  })

  it('a split shift: the gap between two sessions is a break', () => {
    const day = sessions(
      ['in', '2026-11-20T07:00:00Z'],
      ['out', '2026-11-20T11:00:00Z'],
      ['in', '2026-11-20T12:00:00Z'],
      ['out', '2026-11-20T16:00:00Z'],
    )
    assert.deepEqual(dayAnomalies(day, WORKDAY, POLICY, 0), [])
  })

  it('a session is too long from the first millisecond past the maximum', () => {
    const open = sessions(['in', '2026-11-20T07:00:00Z'])
    const atMax = Date.parse('2026-11-20T21:00:00Z')
    assert.deepEqual(
      dayAnomalies(open, WORKDAY, POLICY, atMax).map((a) => a.type),
      ['missing_break', 'long_ordinary_day'],
    )
    assert.deepEqual(
      dayAnomalies(open, WORKDAY, POLICY, atMax + 30_000).map((a) => a.type),
      ['session_too_long'],
    )
  })

  it('work on a rest day, a holiday or a day of absence says which', () => {
    const day = sessions(['in', '2026-11-21T09:00:00Z'], ['out', '2026-11-21T11:00:00Z'])
    const reason = (facts: typeof WORKDAY) => dayAnomalies(day, facts, POLICY, 0)[0]?.day_off
    assert.equal(reason({ isWorkday: false, holiday: false, absentAllDay: false }), 'rest_day')
    assert.equal(reason({ isWorkday: false, holiday: true, absentAllDay: false }), 'holiday')
    assert.equal(reason({ isWorkday: true, holiday: false, absentAllDay: true }), 'absence')
  })
})

describe('the closing proposal', () => {
  it('closes at the in plus the expected minutes plus the breaks taken', () => {
    const [session] = sessions(
      ['in', '2026-11-20T07:00:00Z'],
      ['break_start', '2026-11-20T11:00:00Z'],
      ['break_end', '2026-11-20T11:30:00Z'],
    )
    assert.deepEqual(closingChanges(session!, 480, POLICY).changes, [
      { action: 'add', type: 'out', ts: '2026-11-20T15:30:00.000Z' },
    ])
  })

  it('counts the work of the day’s earlier sessions: a split shift closes when the day’s work is done', () => {
    const day = sessions(
      ['in', '2026-11-20T07:00:00Z'],
      ['out', '2026-11-20T11:00:00Z'],
      ['in', '2026-11-20T14:00:00Z'],
    )
    assert.deepEqual(closingChanges(day[1]!, 480, POLICY, 240).changes, [
      { action: 'add', type: 'out', ts: '2026-11-20T18:00:00.000Z' },
    ])
  })

  it('a session left on a break ends where the break began', () => {
    const [session] = sessions(['in', '2026-11-20T07:00:00Z'], ['break_start', '2026-11-20T11:00:00Z'])
    assert.deepEqual(closingChanges(session!, 480, POLICY).changes, [
      { action: 'void', punch_id: 'p1' },
      { action: 'add', type: 'out', ts: '2026-11-20T11:00:00.000Z' },
    ])
  })

  it('of the pending corrections, the one that closes is the first adding an out', () => {
    const moveIn = {
      id: 'c1',
      changes: JSON.stringify([{ action: 'move', punch_id: 'p0', ts: '2026-11-20T07:05:00Z' }]),
    }
    const close = { id: 'c2', changes: JSON.stringify([{ action: 'add', type: 'out', ts: '2026-11-20T15:00:00Z' }]) }
    assert.equal(closingCorrection([moveIn, close])?.id, 'c2')
    assert.equal(closingCorrection([moveIn]), undefined)
  })
})

describe('a session left open: every later punch recorded (art. 34.9 ET), never overtime', () => {
  const HOUR = 3_600_000
  const monday = Date.parse('2026-11-23T07:00:00Z')
  it('an `in` past the maximum after an open session starts a new one; sooner it is a sequence error', () => {
    const max = 14 * HOUR
    for (const last of ['in', 'break_start', 'break_end'] as const) {
      assert.equal(startsAfterLeftOpen(last, monday, 'in', monday + max + 1, max), true, last)
      assert.equal(punchProblem(last, monday, 'in', monday + max + 1, max), null, last)
      assert.equal(startsAfterLeftOpen(last, monday, 'in', monday + max, max), false, `${last} at the maximum`)
      assert.match(punchProblem(last, monday, 'in', monday + max, max)!, /cannot follow/)
    }
    // Other punches keep the sequence rules; after an `out` there is nothing left open.
    assert.equal(startsAfterLeftOpen('in', monday, 'out', monday + 30 * HOUR, max), false)
    assert.equal(punchProblem('in', monday, 'out', monday + 30 * HOUR, max), null)
    assert.match(punchProblem('in', monday, 'break_end', monday + 30 * HOUR, max)!, /cannot follow/)
    assert.equal(startsAfterLeftOpen('out', undefined, 'in', monday + 30 * HOUR, max), false)
    assert.equal(startsAfterLeftOpen(null, undefined, 'in', monday, max), false)
  })

  it('the session left open ends at the next `in`: its length, its work, the sessions left open', () => {
    const week = sessions(
      ['in', '2026-11-23T07:00:00Z'],
      ['in', '2026-11-24T07:05:00Z'],
      ['out', '2026-11-24T15:05:00Z'],
      ['in', '2026-11-25T07:00:00Z'],
    )
    const wednesdayEvening = Date.parse('2026-11-25T18:00:00Z')
    assert.deepEqual(
      week.map((s) => [s.punches.length, s.openUntilMs === undefined ? null : new Date(s.openUntilMs).toISOString()]),
      [
        [1, '2026-11-24T07:05:00.000Z'],
        [2, null],
        [1, null],
      ],
    )
    assert.equal(sessionWorkedMs(week[0]!, wednesdayEvening), 24 * HOUR + 5 * 60_000)
    assert.deepEqual(
      dayAnomalies([week[0]!], WORKDAY, POLICY, wednesdayEvening).map((a) => [a.type, a.minutes]),
      [['session_too_long', 24 * 60 + 5]],
    )
    // Wednesday's session is under way and plausible; Monday's is left open.
    assert.deepEqual(leftOpenSessions(week, wednesdayEvening, POLICY), [week[0]])
    // The next morning Wednesday's is left open too.
    assert.deepEqual(leftOpenSessions(week, Date.parse('2026-11-26T07:00:00Z'), POLICY), [week[0], week[2]])
  })

  it('a day with a session left open counts no more than its expected minutes (never overtime); other days count their work', () => {
    const tooLong = [{ type: 'session_too_long' as const }]
    assert.equal(countedWorkedMinutes(24 * 60 + 5, 480, tooLong), 480)
    assert.equal(countedWorkedMinutes(120, 480, tooLong), 120, 'left on a break after two hours')
    assert.equal(countedWorkedMinutes(600, 0, tooLong), 0, 'a day off expects nothing')
    assert.equal(countedWorkedMinutes(600, 480, [{ type: 'missing_break' as const }]), 600)
    assert.equal(countedWorkedMinutes(600, 480, []), 600)
  })
})
