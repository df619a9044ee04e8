/** The kiosk sign-in rules without HTTP or a database: lockout, device slowdown, new PINs, state. */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import {
  DEVICE_FREE_FAILURES,
  LOCK_MS,
  MAX_PIN_FAILURES,
  allowedPunches,
  deviceWaitMs,
  newPinProblem,
  presenceOf,
  reserveAttempt,
  withFailure,
} from '../../src/modules/kiosks/kiosk-sign-in.logic.js'

const T0 = Date.parse('2026-11-20T08:00:00Z')

describe('kiosk lockout', () => {
  it('counts each attempt before the PIN is checked; the fifth locks for 15 minutes, itself still checked', () => {
    let state = { failures: 0, locked_until: null as string | null }
    for (let i = 1; i <= MAX_PIN_FAILURES; i++) {
      const decision = reserveAttempt(state, T0)
      assert.ok(decision.allowed)
      assert.equal(decision.attemptsLeft, MAX_PIN_FAILURES - i)
      state = decision.next
    }
    assert.equal(state.locked_until, new Date(T0 + LOCK_MS).toISOString())
    assert.deepEqual(reserveAttempt(state, T0 + 1000), { allowed: false, retryAfterMs: LOCK_MS - 1000 })
    const after = reserveAttempt(state, T0 + LOCK_MS)
    assert.ok(
      after.allowed && after.next.failures === 1 && after.next.locked_until === null,
      'an expired lock starts the count again',
    )
  })
  it('an identifier never seen starts at its first attempt', () => {
    const decision = reserveAttempt(undefined, T0)
    assert.ok(decision.allowed && decision.next.failures === 1)
  })
})

describe('kiosk device slowdown', () => {
  it('free for ten failures in a quarter of an hour, then waits doubling from 1 s up to a minute', () => {
    let device = {
      failure_window_start: null as string | null,
      failures_in_window: 0,
      last_failure_at: null as string | null,
    }
    for (let i = 0; i < DEVICE_FREE_FAILURES - 1; i++) device = withFailure(device, T0)
    assert.equal(deviceWaitMs(device, T0), 0)
    device = withFailure(device, T0)
    assert.equal(deviceWaitMs(device, T0), 1000)
    device = withFailure(device, T0 + 1000)
    assert.equal(deviceWaitMs(device, T0 + 1000), 2000)
    for (let i = 0; i < 20; i++) device = withFailure(device, T0 + 2000)
    assert.equal(deviceWaitMs(device, T0 + 2000), 60_000, 'capped at a minute')
    assert.equal(deviceWaitMs(device, T0 + 15 * 60_000), 0, 'a new window')
    assert.equal(withFailure(device, T0 + 15 * 60_000).failures_in_window, 1)
  })
})

describe('new kiosk PINs', () => {
  it('refuses one digit repeated and the initial PIN', () => {
    assert.match(newPinProblem('0000', '1222')!, /repeated/)
    assert.match(newPinProblem('77777777', null)!, /repeated/)
    assert.match(newPinProblem('1222', '1222')!, /initial/)
    assert.equal(newPinProblem('4826', '1222'), null)
    assert.equal(newPinProblem('1122', null), null)
  })
})

describe('kiosk state', () => {
  it('follows the last punch, and offers what the sequence rules allow', () => {
    assert.deepEqual(
      [null, 'in', 'break_start', 'break_end', 'out'].map((t) => presenceOf(t as never)),
      ['not_working', 'working', 'on_break', 'working', 'not_working'],
    )
    assert.deepEqual(allowedPunches(null), ['in'])
    assert.deepEqual(allowedPunches('in'), ['out', 'break_start'])
    assert.deepEqual(allowedPunches('break_start'), ['break_end'])
    assert.deepEqual(allowedPunches('out'), ['in'])
  })
})
