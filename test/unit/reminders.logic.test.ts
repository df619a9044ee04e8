/**
 * The rules of reminders without I/O (src/modules/notifications/notifications.logic.ts): the night
 * a reminder waits out, in a day of 23 and of 25 hours too; when a session is past its day; who a
 * digest goes to and what it says.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { DEFAULT_NOTIFICATION_DEFAULTS } from '../../src/lib/notification-settings.js'
import {
  digestsOf,
  effectiveChoices,
  heldToMorning,
  isDigestTime,
  openSessionDueAt,
  previousMonth,
} from '../../src/modules/notifications/notifications.logic.js'

const MADRID = 'Europe/Madrid'
const at = (iso: string) => Date.parse(iso)
const iso = (ms: number) => new Date(ms).toISOString()

describe('reminders: when', () => {
  it('a reminder due by day goes then; one due at night waits for 08:00 in the company’s zone', () => {
    assert.equal(iso(heldToMorning(at('2026-12-02T17:30:00Z'), MADRID)), '2026-12-02T17:30:00.000Z') // 18:30
    assert.equal(iso(heldToMorning(at('2026-12-02T19:59:00Z'), MADRID)), '2026-12-02T19:59:00.000Z') // 20:59
    assert.equal(iso(heldToMorning(at('2026-12-02T20:00:00Z'), MADRID)), '2026-12-03T07:00:00.000Z') // 21:00
    assert.equal(iso(heldToMorning(at('2026-12-02T23:30:00Z'), MADRID)), '2026-12-03T07:00:00.000Z') // 00:30
    assert.equal(iso(heldToMorning(at('2026-12-03T06:59:00Z'), MADRID)), '2026-12-03T07:00:00.000Z') // 07:59
  })

  it('the morning after a night of 23 hours and of 25 hours is 08:00 local time', () => {
    // 29 March 2026: clocks go forward at 02:00 (UTC+1 to UTC+2); 25 October: back at 03:00.
    assert.equal(iso(heldToMorning(at('2026-03-28T22:00:00Z'), MADRID)), '2026-03-29T06:00:00.000Z')
    assert.equal(iso(heldToMorning(at('2026-10-24T21:00:00Z'), MADRID)), '2026-10-25T07:00:00.000Z')
  })

  it('a session is due its day’s expected minutes and the margin after it began; eight hours on a day off', () => {
    const start = at('2026-12-02T09:00:00Z')
    assert.equal(iso(openSessionDueAt(start, 480, 30)), '2026-12-02T17:30:00.000Z')
    assert.equal(iso(openSessionDueAt(start, 0, 30)), '2026-12-02T17:30:00.000Z')
    assert.equal(iso(openSessionDueAt(start, 240, 0)), '2026-12-02T13:00:00.000Z')
  })

  it('the digest may be made from the company’s hour until the night begins, in its zone', () => {
    const defaults = DEFAULT_NOTIFICATION_DEFAULTS
    assert.equal(isDigestTime(at('2026-12-02T07:59:00Z'), '2026-12-02', defaults, MADRID), false)
    assert.equal(isDigestTime(at('2026-12-02T08:00:00Z'), '2026-12-02', defaults, MADRID), true)
    assert.equal(isDigestTime(at('2026-12-02T10:00:00Z'), '2026-12-02', defaults, MADRID), true, 'caught up at 11:00')
    assert.equal(isDigestTime(at('2026-12-02T19:59:00Z'), '2026-12-02', defaults, MADRID), true)
    assert.equal(isDigestTime(at('2026-12-02T20:00:00Z'), '2026-12-02', defaults, MADRID), false, 'not from 21:00')
    // An hour at night keeps its own hour (the digest then waits for the morning).
    const late = { ...defaults, digest_hour: 22 }
    assert.equal(isDigestTime(at('2026-12-02T21:30:00Z'), '2026-12-02', late, MADRID), true)
    assert.equal(isDigestTime(at('2026-12-02T22:00:00Z'), '2026-12-02', late, MADRID), false)
    assert.equal(previousMonth('2027-01'), '2026-12')
  })
})

describe('reminders: who and what', () => {
  const people = [
    { id: 'hr', full_name: 'Helena HR', manager_id: null, department_id: 'dep_hr' },
    { id: 'boss', full_name: 'Berta Boss', manager_id: 'top', department_id: null },
    { id: 'top', full_name: 'Tomás Top', manager_id: null, department_id: null },
    { id: 'w1', full_name: 'Wen Worker', manager_id: 'boss', department_id: null },
    { id: 'w2', full_name: 'Ana Worker', manager_id: 'boss', department_id: null },
  ]

  it('each thing waiting goes to HR and up the manager chain, never to the person themselves; lines by name, counts only', () => {
    const digests = digestsOf(
      [
        { user_id: 'w1', what: 'request' },
        { user_id: 'w1', what: 'correction' },
        { user_id: 'w2', what: 'request' },
        { user_id: 'hr', what: 'request' },
      ],
      people,
      'dep_hr',
    )
    assert.deepEqual(digests.get('boss'), [
      { name: 'Ana Worker', requests: 1, corrections: 0 },
      { name: 'Wen Worker', requests: 1, corrections: 1 },
    ])
    assert.deepEqual(digests.get('top'), digests.get('boss'), 'the whole chain up')
    assert.deepEqual(digests.get('hr'), digests.get('boss'), 'HR, without its own request')
    assert.equal(digests.has('w1'), false)
  })

  it('no HR department: supervisors only; nothing waiting: no digest at all', () => {
    assert.deepEqual([...digestsOf([{ user_id: 'w1', what: 'request' }], people, null).keys()].sort(), ['boss', 'top'])
    assert.equal(digestsOf([], people, 'dep_hr').size, 0)
  })

  it('a person’s choices lie over the company’s defaults, kind by kind and channel by channel', () => {
    const kinds = effectiveChoices(DEFAULT_NOTIFICATION_DEFAULTS, { month_to_sign: { push: false } })
    assert.deepEqual(kinds.month_to_sign, { mail: true, push: false })
    assert.deepEqual(kinds.open_session, { mail: true, push: true })
  })
})
