import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import fc from 'fast-check'
import { DateTime } from 'luxon'
import { dayIndexOf, daysInRange, localDays } from '../../src/lib/calendar.js'
import { type DayPlan, dayExpectation } from '../../src/modules/work-calendar/work-calendar.logic.js'
import {
  buildSessions,
  type Modality,
  type PunchPoint,
  type PunchType,
  type Session,
  sequenceProblem,
  sessionWorkedMs,
  workByDay,
} from '../../src/modules/attendance/attendance.logic.js'

const MIN = 60_000
const HOUR = 60 * MIN
const ZONES = [
  'Europe/Madrid',
  'Pacific/Auckland',
  'America/Los_Angeles',
  'UTC',
  'Asia/Kolkata',
  'America/St_Johns',
] as const

const at = (iso: string): number => Date.parse(iso)
const p = (type: PunchType, iso: string, modality: Modality | null = null): PunchPoint => ({
  type,
  ms: at(iso),
  modality,
})
const session = (...punches: PunchPoint[]): Session => {
  const first = punches[0]!
  return { punches, inMs: first.ms, modality: first.modality ?? 'onsite' }
}
const localDate = (ms: number, zone: string): string => DateTime.fromMillis(ms, { zone }).toISODate()!
const shiftDate = (date: string, days: number): string =>
  DateTime.fromISO(date, { zone: 'UTC' }).plus({ days }).toISODate()!

// ---------------------------------------------------------------------------------------------
// 1. Examples
// ---------------------------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------------------------
// 2. workByDay against a reference model
// ---------------------------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------------------------
// 3. Local days
// ---------------------------------------------------------------------------------------------

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
          days.dates.forEach((date, i) =>
            assert.equal(localDays(date, date, zone).starts[0], days.starts[i], `${date} in ${zone}`),
          )
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
        days.dates.forEach((date, i) => assert.equal(days.weekdays[i], DateTime.fromISO(date, { zone: 'UTC' }).weekday))
      }),
      { numRuns: 200 },
    )
  })
})

// ---------------------------------------------------------------------------------------------
// 4. dayExpectation
// ---------------------------------------------------------------------------------------------

describe('dayExpectation', () => {
  const holiday = { name: 'Año Nuevo', type: 'public' as const }
  const cases: [string, DayPlan, { isWorkday: boolean; expectedMinutes: number }][] = [
    [
      'plain workday',
      { scheduleMinutes: 480, holiday: null, worksHolidays: false, absenceMinutes: 0 },
      { isWorkday: true, expectedMinutes: 480 },
    ],
    [
      'schedule 0',
      { scheduleMinutes: 0, holiday: null, worksHolidays: false, absenceMinutes: 0 },
      { isWorkday: false, expectedMinutes: 0 },
    ],
    [
      'schedule 0 on a holiday worked',
      { scheduleMinutes: 0, holiday, worksHolidays: true, absenceMinutes: 0 },
      { isWorkday: false, expectedMinutes: 0 },
    ],
    [
      'holiday',
      { scheduleMinutes: 480, holiday, worksHolidays: false, absenceMinutes: 0 },
      { isWorkday: false, expectedMinutes: 0 },
    ],
    [
      'holiday, works holidays',
      { scheduleMinutes: 480, holiday, worksHolidays: true, absenceMinutes: 0 },
      { isWorkday: true, expectedMinutes: 480 },
    ],
    [
      'company holiday, works holidays, partial absence',
      { scheduleMinutes: 480, holiday: { name: 'Fiesta', type: 'company' }, worksHolidays: true, absenceMinutes: 120 },
      { isWorkday: true, expectedMinutes: 360 },
    ],
    [
      'works holidays but no holiday',
      { scheduleMinutes: 420, holiday: null, worksHolidays: true, absenceMinutes: 0 },
      { isWorkday: true, expectedMinutes: 420 },
    ],
    [
      'full-day absence',
      { scheduleMinutes: 480, holiday: null, worksHolidays: false, absenceMinutes: Infinity },
      { isWorkday: true, expectedMinutes: 0 },
    ],
    [
      'partial absence',
      { scheduleMinutes: 480, holiday: null, worksHolidays: false, absenceMinutes: 90 },
      { isWorkday: true, expectedMinutes: 390 },
    ],
    [
      'absence longer than the schedule',
      { scheduleMinutes: 240, holiday: null, worksHolidays: false, absenceMinutes: 300 },
      { isWorkday: true, expectedMinutes: 0 },
    ],
    [
      'absence on a holiday',
      { scheduleMinutes: 480, holiday, worksHolidays: false, absenceMinutes: Infinity },
      { isWorkday: false, expectedMinutes: 0 },
    ],
    [
      'absence with schedule 0',
      { scheduleMinutes: 0, holiday: null, worksHolidays: false, absenceMinutes: Infinity },
      { isWorkday: false, expectedMinutes: 0 },
    ],
  ]
  for (const [name, plan, expected] of cases) {
    it(name, () => {
      const got = dayExpectation(plan)
      assert.deepEqual(got, expected)
      assert.ok(Number.isFinite(got.expectedMinutes))
    })
  }
  it('property: matches the rule, 0 <= expected <= schedule', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1440 }),
        fc.boolean(),
        fc.boolean(),
        fc.oneof(fc.integer({ min: 0, max: 1500 }), fc.constant(Infinity)),
        (scheduleMinutes, hasHoliday, worksHolidays, absenceMinutes) => {
          const got = dayExpectation({
            scheduleMinutes,
            holiday: hasHoliday ? holiday : null,
            worksHolidays,
            absenceMinutes,
          })
          const isWorkday = scheduleMinutes > 0 && (!hasHoliday || worksHolidays)
          assert.equal(got.isWorkday, isWorkday)
          assert.equal(got.expectedMinutes, isWorkday ? Math.max(0, scheduleMinutes - absenceMinutes) : 0)
          assert.ok(got.expectedMinutes >= 0 && got.expectedMinutes <= scheduleMinutes)
        },
      ),
      { numRuns: 200 },
    )
  })
})
