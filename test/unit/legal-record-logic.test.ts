/** Pure rules of the legal record: corrections, schedule history, employment periods, consent, the chain with corrections. */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { Actor } from '../../src/auth/context.js'
import { canCancelCorrection, canDecideCorrection } from '../../src/auth/policies.js'
import {
  applyChanges,
  changeListProblems,
  coherenceProblem,
  touchedSpan,
  type TimedPunch,
} from '../../src/modules/attendance/corrections.logic.js'
import {
  type ChainEntry,
  correctionHash,
  punchHash,
  verifyChain,
  verifySupersessions,
} from '../../src/modules/attendance/punch-chain.js'
import {
  SINCE_ALWAYS,
  scheduledMinutesOn,
  schedulePeriods,
  timelineOf,
} from '../../src/modules/schedules/schedule-history.logic.js'
import { endEmployment, isEmployedOn, resumeEmployment } from '../../src/modules/users/users.logic.js'
import { addDays } from '../../src/lib/calendar.js'

const p = (
  id: string,
  type: TimedPunch['type'],
  ts: string,
  modality: TimedPunch['modality'] = 'onsite',
): TimedPunch => ({ id, type, ts: `2026-11-20T${ts}:00.000Z`, modality })

describe('corrections', () => {
  const day = [p('a', 'in', '08:00', 'remote'), p('b', 'out', '16:00', 'remote')]
  const named = new Map(day.map((x) => [x.id, x]))

  it('moving a punch supersedes it and appends it at its new moment; appended punches take their session’s modality', () => {
    const changes = [
      { action: 'move' as const, punch_id: 'b', ts: '2026-11-20T17:00:00Z' },
      { action: 'add' as const, type: 'break_start' as const, ts: '2026-11-20T12:00:00Z' },
      { action: 'add' as const, type: 'break_end' as const, ts: '2026-11-20T12:30:00Z' },
    ]
    const corrected = applyChanges(day, changes, named, undefined)
    assert.deepEqual(
      corrected.map((x) => [x.type, x.ts.slice(11, 16), x.modality, x.fromChange]),
      [
        ['in', '08:00', 'remote', false],
        ['break_start', '12:00', 'remote', true],
        ['break_end', '12:30', 'remote', true],
        ['out', '17:00', 'remote', true],
      ],
    )
    assert.equal(coherenceProblem(undefined, corrected, undefined), null)
    assert.deepEqual(touchedSpan(changes, named), {
      first: '2026-11-20T12:00:00.000Z',
      last: '2026-11-20T17:00:00.000Z',
    })
  })

  it('the corrected stretch must follow the punch before it and lead into the punch after it, at distinct moments', () => {
    const before = p('z', 'out', '07:00')
    assert.match(coherenceProblem(before, [p('a', 'out', '08:00')], undefined)!, /cannot follow 'out'/)
    assert.match(coherenceProblem(undefined, [p('a', 'in', '08:00')], p('c', 'in', '09:00'))!, /cannot follow 'in'/)
    assert.match(coherenceProblem(before, [p('a', 'in', '07:00')], undefined)!, /same moment/)
    assert.match(coherenceProblem(undefined, [p('a', 'out', '08:00')], undefined)!, /first punch/)
    assert.equal(coherenceProblem(before, [p('a', 'in', '08:00')], p('c', 'out', '09:00')), null)
  })

  it('art. 34.9 ET: after a session left open past the maximum, an `in` fits (a later day can be corrected meanwhile)', () => {
    const max = { maxSessionMs: 14 * 3_600_000 }
    const openIn = { id: 'm', type: 'in' as const, ts: '2026-11-19T08:00:00.000Z', modality: 'onsite' as const }
    // The day after: Tuesday's `in` moved, with Monday still open.
    assert.equal(coherenceProblem(openIn, [p('a', 'in', '07:55')], undefined, max), null)
    // The same day, within the maximum, two clock-ins remain incoherent; without the policy, always.
    assert.match(coherenceProblem(openIn, [p('a', 'in', '07:55')], undefined)!, /cannot follow 'in'/)
    const soon = { ...openIn, ts: '2026-11-20T00:00:00.000Z' }
    assert.match(coherenceProblem(soon, [p('a', 'in', '07:55')], undefined, max)!, /cannot follow 'in'/)
    // Open on a break: the session's `in` (openSince) says whether it was left open.
    const onBreak = {
      id: 'b',
      type: 'break_start' as const,
      ts: '2026-11-19T12:00:00.000Z',
      modality: 'onsite' as const,
    }
    assert.equal(coherenceProblem(onBreak, [p('a', 'in', '07:55')], undefined, { ...max, openSince: openIn.ts }), null)
    assert.match(coherenceProblem(onBreak, [p('a', 'in', '07:55')], undefined, max)!, /cannot follow 'break_start'/)
  })

  it('a change list is refused for a punch named twice, a modality off an in, a future moment', () => {
    const now = Date.parse('2026-11-20T18:00:00Z')
    assert.deepEqual(
      changeListProblems(
        [
          { action: 'void', punch_id: 'a' },
          { action: 'move', punch_id: 'a', ts: '2026-11-20T09:00:00Z' },
          { action: 'add', type: 'out', ts: '2026-11-20T18:01:01Z', modality: 'remote' },
        ],
        now,
        60_000,
      ).map(([field]) => field),
      ['changes[1].punch_id', 'changes[2].modality', 'changes[2].ts'],
    )
  })
})

describe('consent', () => {
  const actor = (id: string, departmentId: string | null = null): Actor => ({
    id,
    email: `${id}@x`,
    fullName: id,
    role: 'member',
    departmentId,
    representative: false,
  })
  it('the employee’s proposal is decided by HR or a supervisor; anyone else’s by the employee; never by the proposer', () => {
    const own = { employeeId: 'emp', proposedBy: 'emp' }
    assert.equal(canDecideCorrection(actor('emp'), own, 'hr', ['mgr']), false)
    assert.equal(canDecideCorrection(actor('mgr'), own, 'hr', ['mgr']), true)
    assert.equal(canDecideCorrection(actor('clerk', 'hr'), own, 'hr', []), true)
    assert.equal(canDecideCorrection(actor('peer'), own, 'hr', ['mgr']), false)
    const hrs = { employeeId: 'emp', proposedBy: 'clerk' }
    assert.equal(canDecideCorrection(actor('emp'), hrs, 'hr', []), true)
    assert.equal(canDecideCorrection(actor('clerk', 'hr'), hrs, 'hr', []), false)
    assert.equal(canDecideCorrection(actor('mgr'), hrs, 'hr', ['mgr']), false)
    assert.equal(canCancelCorrection(actor('clerk'), 'clerk'), true)
    assert.equal(canCancelCorrection(actor('emp'), 'clerk'), false)
  })
})

describe('the chain with corrections', () => {
  const base = {
    tenant_id: 'ten',
    user_id: 'usr',
    created_by: 'usr',
    kiosk_id: null,
    correction_id: null,
    hash_version: 2,
    modality: 'onsite',
    source: 'api',
  }
  function chain(): ChainEntry[] {
    const first = {
      kind: 'punch' as const,
      ...base,
      id: 'p1',
      seq: 1,
      type: 'in',
      ts: '2026-11-20T09:00:00.000Z',
      created_at: '2026-11-20T09:00:00.000Z',
      prev_hash: null,
    }
    const p1 = { ...first, hash: punchHash(first) }
    const c = {
      kind: 'correction' as const,
      id: 'c1',
      tenant_id: 'ten',
      user_id: 'usr',
      seq: 2,
      reason: 'Earlier',
      changes: JSON.stringify([{ action: 'move', punch_id: 'p1', ts: '2026-11-20T08:00:00.000Z' }]),
      first_ts: '2026-11-20T08:00:00.000Z',
      last_ts: '2026-11-20T09:00:00.000Z',
      proposed_by: 'usr',
      proposed_at: 'x',
      decided_by: 'mgr',
      decided_at: 'y',
      decision_note: null,
      prev_hash: p1.hash,
    }
    const c1 = { ...c, hash: correctionHash(c) }
    const moved = {
      kind: 'punch' as const,
      ...base,
      source: 'correction',
      correction_id: 'c1',
      id: 'p2',
      seq: 3,
      type: 'in',
      ts: '2026-11-20T08:00:00.000Z',
      created_at: 'y',
      prev_hash: c1.hash,
    }
    return [p1, c1, { ...moved, hash: punchHash(moved) }]
  }

  it('verifies a chain whose corrections appended punches of the past', () => {
    assert.deepEqual(verifyChain(chain()), [])
    assert.deepEqual(verifySupersessions('usr', chain(), [{ punch_id: 'p1', correction_id: 'c1' }]), [])
  })

  it('finds an edited correction, a missing or extra superseded mark, and an appended punch without its correction', () => {
    const edited = chain().map((e) => (e.kind === 'correction' ? { ...e, reason: 'Much earlier' } : e))
    assert.deepEqual(
      verifyChain(edited).map((b) => [b.punch_id, b.problem]),
      [['c1', 'hash_mismatch']],
    )
    assert.deepEqual(
      verifySupersessions('usr', chain(), []).map((b) => [b.punch_id, b.problem]),
      [['p1', 'supersession_mismatch']],
    )
    assert.deepEqual(
      verifySupersessions('usr', chain(), [
        { punch_id: 'p1', correction_id: 'c1' },
        { punch_id: 'p2', correction_id: 'c1' },
      ]).map((b) => [b.punch_id, b.problem]),
      [['p2', 'supersession_mismatch']],
    )
    const withoutCorrection = chain().filter((e) => e.kind === 'punch')
    assert.deepEqual(
      verifySupersessions('usr', withoutCorrection, []).map((b) => [b.punch_id, b.problem]),
      [['p2', 'correction_missing']],
    )
  })

  it('a version-2 punch hash covers its origin; a version-1 punch can only have the origin the upgrade gave it', () => {
    const [p1] = chain() as [Extract<ChainEntry, { kind: 'punch' }>]
    assert.notEqual(punchHash({ ...p1, created_by: 'someone else' }), p1.hash)
    assert.notEqual(punchHash({ ...p1, hash_version: 1 }), p1.hash)
    const old = { ...p1, hash_version: 1, created_by: null }
    const legacy = { ...old, hash: punchHash(old) }
    assert.deepEqual(verifyChain([legacy]), [])
    const relabelled = { ...legacy, source: 'correction', correction_id: 'c1' }
    assert.deepEqual(
      verifyChain([relabelled]).map((b) => b.problem),
      ['hash_mismatch'],
    )
  })

  it('a correction’s moments are covered by its hash', () => {
    const moved = chain().map((e) => (e.kind === 'correction' ? { ...e, first_ts: '2030-01-01T00:00:00.000Z' } : e))
    assert.deepEqual(
      verifyChain(moved).map((b) => [b.punch_id, b.problem]),
      [['c1', 'hash_mismatch']],
    )
  })
})

describe('schedule history', () => {
  const versions = [
    { scheduleId: 'std', from: SINCE_ALWAYS, minutes: [480, 480, 480, 480, 480, 0, 0] },
    { scheduleId: 'std', from: '2026-12-01', minutes: [420, 420, 420, 420, 420, 0, 0] },
    { scheduleId: 'part', from: SINCE_ALWAYS, minutes: [240, 240, 240, 240, 240, 0, 0] },
  ]
  const assignments = [
    { userId: null, from: SINCE_ALWAYS, scheduleId: 'std' },
    { userId: 'u', from: '2026-11-15', scheduleId: 'part' },
    { userId: 'u', from: '2026-11-20', scheduleId: null },
    { userId: 'other', from: SINCE_ALWAYS, scheduleId: 'part' },
  ]
  const timeline = timelineOf('u', versions, assignments)

  it('a day takes the assignment and the version in force that day', () => {
    assert.equal(scheduledMinutesOn(timeline, '2026-11-02', 1), 480)
    assert.equal(scheduledMinutesOn(timeline, '2026-11-16', 1), 240)
    assert.equal(scheduledMinutesOn(timeline, '2026-11-23', 1), 480)
    assert.equal(scheduledMinutesOn(timeline, '2026-12-07', 1), 420)
    assert.equal(scheduledMinutesOn(timeline, '2026-12-05', 6), 0)
    assert.equal(scheduledMinutesOn(timelineOf('u', [], []), '2026-12-07', 1), 0, 'no schedule, nothing expected')
  })

  it('periods merge what does not change and split where something does', () => {
    assert.deepEqual(
      schedulePeriods(timeline, (d) => addDays(d, -1)).map((x) => [x.from, x.to, x.scheduleId, x.origin, x.minutes[0]]),
      [
        [SINCE_ALWAYS, '2026-11-14', 'std', 'company_default', 480],
        ['2026-11-15', '2026-11-19', 'part', 'own', 240],
        ['2026-11-20', '2026-11-30', 'std', 'company_default', 480],
        ['2026-12-01', null, 'std', 'company_default', 420],
      ],
    )
  })
})

describe('employment periods', () => {
  it('a deactivation ends a period on its day; a reactivation begins another', () => {
    const ended = endEmployment([], '2026-11-10')
    const resumed = resumeEmployment(ended, '2026-11-20')
    assert.deepEqual(resumed, [
      { start: null, end: '2026-11-10' },
      { start: '2026-11-20', end: null },
    ])
    const employed = (d: string) => isEmployedOn('2026-11-02', resumed, d)
    assert.deepEqual(
      ['2026-11-01', '2026-11-02', '2026-11-10', '2026-11-11', '2026-11-19', '2026-11-20', '2030-01-01'].map(employed),
      [false, true, true, false, false, true, true],
    )
    assert.deepEqual(endEmployment(resumed, '2026-11-20'), [
      { start: null, end: '2026-11-10' },
      { start: '2026-11-20', end: '2026-11-20' },
    ])
    assert.deepEqual(resumeEmployment([], '2026-11-20'), [], 'already employed: nothing to begin')
  })
})
