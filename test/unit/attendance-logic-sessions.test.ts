/**
 * The attendance logic by example: which punch may follow which (sequenceProblem), how punches form
 * sessions (buildSessions), what a session is worth (sessionWorkedMs) and how sessions fall into
 * local days (workByDay).
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { localDays } from '../../src/lib/calendar.js'
import {
  buildSessions,
  type PunchPoint,
  type PunchType,
  type Session,
  sequenceProblem,
  sessionWorkedMs,
  workByDay,
} from '../../src/modules/attendance/attendance.logic.js'
import { at, HOUR, MIN, p } from '../helpers/attendance-logic.js'

const session = (...punches: PunchPoint[]): Session => {
  const first = punches[0]!
  return { punches, inMs: first.ms, modality: first.modality ?? 'onsite' }
}

describe('sequenceProblem: every (last, next) combination', () => {
  const allowed: Record<string, readonly PunchType[]> = {
    null: ['in'],
    in: ['break_start', 'out'],
    break_start: ['break_end'],
    break_end: ['break_start', 'out'],
    out: ['in'],
  }
  const lasts: (PunchType | null)[] = [null, 'in', 'out', 'break_start', 'break_end']
  const nexts: PunchType[] = ['in', 'out', 'break_start', 'break_end']
  for (const last of lasts) {
    for (const next of nexts) {
      const ok = allowed[String(last)]!.includes(next)
      it(`${String(last)} -> ${next}: ${ok ? 'allowed' : 'rejected'}`, () => {
        const problem = sequenceProblem(last, next)
        if (ok) {
          assert.equal(problem, null)
        } else {
          assert.equal(typeof problem, 'string')
          assert.ok(problem!.includes(`'${next}'`), problem!)
          if (last === null) assert.match(problem!, /first punch .* must be 'in'/)
          else {
            assert.ok(problem!.includes(`'${last}'`), problem!)
            for (const t of allowed[last]!)
              assert.ok(problem!.includes(`'${t}'`), `names the allowed '${t}': ${problem}`)
          }
        }
      })
    }
  }
  it('exactly 7 of the 20 combinations are allowed', () => {
    const count = lasts.flatMap((l) => nexts.map((n) => sequenceProblem(l, n))).filter((x) => x === null).length
    assert.equal(count, 7)
  })
})

describe('buildSessions', () => {
  it('drops punches before the first in (they belong to an earlier session)', () => {
    const punches = [
      p('break_end', '2026-03-02T07:00:00Z'),
      p('break_start', '2026-03-02T07:30:00Z'),
      p('break_end', '2026-03-02T07:45:00Z'),
      p('out', '2026-03-02T08:00:00Z'),
      p('in', '2026-03-02T09:00:00Z', 'remote'),
      p('out', '2026-03-02T13:00:00Z'),
      p('in', '2026-03-02T14:00:00Z'),
      p('break_start', '2026-03-02T15:00:00Z'),
    ]
    const sessions = buildSessions(punches)
    assert.equal(sessions.length, 2)
    assert.deepEqual(sessions[0], {
      punches: punches.slice(4, 6),
      inMs: at('2026-03-02T09:00:00Z'),
      modality: 'remote',
    })
    assert.deepEqual(sessions[1], { punches: punches.slice(6), inMs: at('2026-03-02T14:00:00Z'), modality: 'onsite' })
  })
  it('no in at all: no session', () => {
    assert.deepEqual(buildSessions([p('out', '2026-03-02T08:00:00Z')]), [])
    assert.deepEqual(buildSessions([]), [])
  })
  it('keeps extra fields of the punch objects (generic P)', () => {
    const punches = [
      { ...p('in', '2026-03-02T09:00:00Z'), at: 'x' },
      { ...p('out', '2026-03-02T10:00:00Z'), at: 'y' },
    ]
    assert.equal(buildSessions(punches)[0]!.punches[1]!.at, 'y')
  })
})

describe('sessionWorkedMs', () => {
  const now = at('2026-03-02T20:00:00Z')
  it('closed session less its breaks', () => {
    const s = session(
      p('in', '2026-03-02T08:00:00Z'),
      p('break_start', '2026-03-02T10:00:00Z'),
      p('break_end', '2026-03-02T10:30:00Z'),
      p('break_start', '2026-03-02T13:00:00Z'),
      p('break_end', '2026-03-02T13:45:00Z'),
      p('out', '2026-03-02T17:00:00Z'),
    )
    assert.equal(sessionWorkedMs(s, now), 9 * HOUR - 75 * MIN)
  })
  it('an open session counts up to now', () => {
    const s = session(
      p('in', '2026-03-02T08:00:00Z'),
      p('break_start', '2026-03-02T10:00:00Z'),
      p('break_end', '2026-03-02T11:00:00Z'),
    )
    assert.equal(sessionWorkedMs(s, now), 2 * HOUR + 9 * HOUR)
    assert.equal(sessionWorkedMs(session(p('in', '2026-03-02T19:59:00Z')), now), MIN)
  })
  it('an open break stops the count at its start', () => {
    const s = session(p('in', '2026-03-02T08:00:00Z'), p('break_start', '2026-03-02T10:00:00Z'))
    assert.equal(sessionWorkedMs(s, now), 2 * HOUR)
  })
  it('now before the in: zero, never negative', () => {
    assert.equal(sessionWorkedMs(session(p('in', '2026-03-02T21:00:00Z')), now), 0)
  })
  it('now before an open break_end: the closed part only', () => {
    const s = session(
      p('in', '2026-03-02T08:00:00Z'),
      p('break_start', '2026-03-02T10:00:00Z'),
      p('break_end', '2026-03-02T21:00:00Z'),
    )
    assert.equal(sessionWorkedMs(s, now), 2 * HOUR)
  })
  it('a closed session does not depend on now', () => {
    const s = session(p('in', '2026-03-02T08:00:00Z'), p('out', '2026-03-02T09:00:00Z'))
    assert.equal(sessionWorkedMs(s, 0), HOUR)
    assert.equal(sessionWorkedMs(s, Number.MAX_SAFE_INTEGER), HOUR)
  })
})

describe('workByDay examples', () => {
  it('a night shift belongs to the day of its in (Europe/Madrid)', () => {
    const days = localDays('2026-03-02', '2026-03-03', 'Europe/Madrid')
    // 22:00 local (21:00Z) to 06:00 local (05:00Z)
    const punches = [p('in', '2026-03-02T21:00:00Z', 'remote'), p('out', '2026-03-03T05:00:00Z')]
    const work = workByDay(buildSessions(punches), days, at('2026-03-04T00:00:00Z'))
    assert.deepEqual(work, [
      { punches, workedMinutes: 480, modality: 'remote' },
      { punches: [], workedMinutes: 0, modality: 'onsite' },
    ])
  })
  it('floors once per day, not per session', () => {
    const days = localDays('2026-03-02', '2026-03-02', 'UTC')
    const punches = [
      p('in', '2026-03-02T08:00:00.000Z'),
      p('out', '2026-03-02T08:00:40.000Z'),
      p('in', '2026-03-02T09:00:00.000Z'),
      p('out', '2026-03-02T09:00:40.000Z'),
    ]
    assert.equal(workByDay(buildSessions(punches), days, at('2026-03-03T00:00:00Z'))[0]!.workedMinutes, 1)
  })
  it("the day's modality is that of its first in", () => {
    const days = localDays('2026-03-02', '2026-03-02', 'UTC')
    const punches = [
      p('in', '2026-03-02T08:00:00Z', 'remote'),
      p('out', '2026-03-02T09:00:00Z'),
      p('in', '2026-03-02T10:00:00Z', 'onsite'),
      p('out', '2026-03-02T11:00:00Z'),
    ]
    assert.equal(workByDay(buildSessions(punches), days, 0)[0]!.modality, 'remote')
  })
  it('sessions outside the range are ignored', () => {
    const days = localDays('2026-03-02', '2026-03-02', 'UTC')
    const punches = [p('in', '2026-03-01T23:00:00Z'), p('out', '2026-03-02T08:00:00Z'), p('in', '2026-03-03T00:00:00Z')]
    const work = workByDay(buildSessions(punches), days, at('2026-03-03T01:00:00Z'))
    assert.deepEqual(work, [{ punches: [], workedMinutes: 0, modality: 'onsite' }])
  })
})
