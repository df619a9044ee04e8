/**
 * workByDay against a reference model (fast-check): for random coherent punch sequences near DST
 * changes in several zones, worked minutes, punches and modality per local day agree with the
 * simplest reading of the rules, over the whole range or part of it.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import fc from 'fast-check'
import { localDays } from '../../src/lib/calendar.js'
import {
  buildSessions,
  type Modality,
  type PunchPoint,
  type PunchType,
  sessionWorkedMs,
  workByDay,
} from '../../src/modules/attendance/attendance.logic.js'
import { at, HOUR, localDate, MIN, shiftDate, ZONES } from '../helpers/attendance-logic.js'

const NEXT: Record<PunchType | 'none', readonly PunchType[]> = {
  none: ['in'],
  in: ['break_start', 'out'],
  break_start: ['break_end'],
  break_end: ['break_start', 'out'],
  out: ['in'],
}

/** Instants near DST changes of the zones under test, and a plain one. */
const ANCHORS = [
  '2026-03-07T00:00:00Z', // America/Los_Angeles springs forward 2026-03-08
  '2026-03-27T00:00:00Z', // Europe/Madrid 2026-03-29
  '2026-04-03T00:00:00Z', // Pacific/Auckland 2026-04-05
  '2026-09-25T00:00:00Z', // Pacific/Auckland 2026-09-27
  '2026-10-23T00:00:00Z', // Europe/Madrid 2026-10-25
  '2026-10-31T00:00:00Z', // America/Los_Angeles, America/St_Johns 2026-11-01
  '2026-06-15T00:00:00Z',
].map(at)

const gapArb = fc.oneof(
  { weight: 2, arbitrary: fc.integer({ min: 1, max: 1000 }) },
  { weight: 3, arbitrary: fc.integer({ min: 1, max: 2 * HOUR }) },
  { weight: 5, arbitrary: fc.integer({ min: 1, max: 20 * HOUR }) },
)

const stepArb = fc.record({
  gap: gapArb,
  choice: fc.nat(),
  modality: fc.constantFrom<Modality | null>('onsite', 'remote', null),
})

/**
 * A coherent punch sequence. It may start in any state (a read window opening in the middle of a
 * session), so leading non-`in` punches appear too.
 */
const punchesArb = fc
  .record({
    anchor: fc.constantFrom(...ANCHORS),
    offset: fc.integer({ min: 0, max: 4 * 24 * HOUR }),
    startState: fc.constantFrom<PunchType | 'none'>('none', 'none', 'out', 'in', 'break_start', 'break_end'),
    steps: fc.array(stepArb, { minLength: 0, maxLength: 30 }),
  })
  .map(({ anchor, offset, startState, steps }) => {
    const points: PunchPoint[] = []
    let state = startState
    let ms = anchor + offset
    for (const step of steps) {
      const options = NEXT[state]
      const type = options[step.choice % options.length]!
      ms += step.gap
      points.push({ type, ms, modality: type === 'in' ? step.modality : null })
      state = type
    }
    return points
  })

interface RefDay {
  punches: PunchPoint[]
  workedMs: number
  modality: Modality
}

/** The simplest reading of the rules: walk the punches, attribute each session to its in's date. */
function reference(points: readonly PunchPoint[], zone: string, nowMs: number): Map<string, RefDay> {
  const byDate = new Map<string, RefDay>()
  let open: { day: RefDay; since: number | null } | null = null
  const close = () => {
    if (open && open.since !== null) open.day.workedMs += Math.max(0, nowMs - open.since)
    open = null
  }
  for (const pt of points) {
    if (pt.type === 'in') {
      close()
      const date = localDate(pt.ms, zone)
      let day = byDate.get(date)
      if (!day) {
        day = { punches: [], workedMs: 0, modality: pt.modality ?? 'onsite' }
        byDate.set(date, day)
      }
      day.punches.push(pt)
      open = { day, since: pt.ms }
      continue
    }
    if (!open) continue // before the first in
    const o: { day: RefDay; since: number | null } = open
    o.day.punches.push(pt)
    if (pt.type === 'break_end') o.since = pt.ms
    else {
      // break_start or out
      if (o.since !== null) o.day.workedMs += pt.ms - o.since
      o.since = null
      if (pt.type === 'out') open = null
    }
  }
  close()
  return byDate
}

const scenarioArb = fc
  .record({
    points: punchesArb,
    zone: fc.constantFrom(...ZONES),
    nowGap: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 30 * HOUR })),
    padBefore: fc.integer({ min: 0, max: 2 }),
    padAfter: fc.integer({ min: 0, max: 2 }),
  })
  .filter((s) => s.points.length > 0)

describe('workByDay agrees with a reference model', () => {
  it('per day: worked minutes, punches and modality; totals are consistent', () => {
    fc.assert(
      fc.property(scenarioArb, ({ points, zone, nowGap, padBefore, padAfter }) => {
        const first = points[0]!.ms
        const last = points.at(-1)!.ms
        const nowMs = last + nowGap
        const from = shiftDate(localDate(first, zone), -padBefore)
        const to = shiftDate(localDate(last, zone), padAfter)
        const days = localDays(from, to, zone)
        const sessions = buildSessions(points)
        const work = workByDay(sessions, days, nowMs)
        const ref = reference(points, zone, nowMs)

        assert.equal(work.length, days.dates.length)
        for (const date of ref.keys()) assert.ok(days.dates.includes(date), `range covers ${date}`)
        let sumExact = 0
        days.dates.forEach((date, i) => {
          const expected = ref.get(date) ?? { punches: [], workedMs: 0, modality: 'onsite' as Modality }
          const got = work[i]!
          assert.equal(got.workedMinutes, Math.floor(expected.workedMs / MIN), `worked minutes on ${date} (${zone})`)
          assert.deepEqual(got.punches, expected.punches, `punches on ${date}`)
          assert.equal(got.modality, expected.modality, `modality on ${date}`)
          assert.ok(expected.workedMs >= 0)
          assert.ok(
            got.workedMinutes * MIN <= expected.workedMs && expected.workedMs - got.workedMinutes * MIN < MIN,
            'within a minute',
          )
          sumExact += expected.workedMs
        })
        const totalSessions = sessions.reduce((acc, s) => acc + sessionWorkedMs(s, nowMs), 0)
        assert.equal(sumExact, totalSessions, 'sum over days of exact worked ms = total of sessionWorkedMs')
        // every punch from the first in on is attributed to exactly one day
        const firstIn = points.findIndex((pt) => pt.type === 'in')
        const attributed = work.flatMap((d) => d.punches)
        assert.equal(attributed.length, firstIn < 0 ? 0 : points.length - firstIn)
      }),
      { numRuns: 400 },
    )
  })

  it('a range covering only part of the punches keeps exactly the sessions whose in falls inside', () => {
    fc.assert(
      fc.property(scenarioArb, fc.nat(), fc.nat({ max: 3 }), ({ points, zone, nowGap }, startPick, length) => {
        const nowMs = points.at(-1)!.ms + nowGap
        const pick = points[startPick % points.length]!.ms
        const from = localDate(pick, zone)
        const to = shiftDate(from, length)
        const days = localDays(from, to, zone)
        const work = workByDay(buildSessions(points), days, nowMs)
        const ref = reference(points, zone, nowMs)
        days.dates.forEach((date, i) => {
          const expected = ref.get(date) ?? { punches: [], workedMs: 0, modality: 'onsite' as Modality }
          assert.equal(work[i]!.workedMinutes, Math.floor(expected.workedMs / MIN))
          assert.deepEqual(work[i]!.punches, expected.punches)
          assert.equal(work[i]!.modality, expected.modality)
        })
      }),
      { numRuns: 200 },
    )
  })
})
