/**
 * The rules of signing in at a kiosk (docs/decisions/0013-kiosks.md), as pure functions: the lock
 * of an identifier after wrong PINs, the slowdown of a device that fails across identifiers, what a
 * new PIN must be, and what an employee may punch next. No I/O here; tested without HTTP.
 */
import { PUNCH_TYPES, type PunchType, sequenceProblem } from '../attendance/index.js'

/** Wrong PINs in a row that lock an identifier, and for how long. */
export const MAX_PIN_FAILURES = 5
export const LOCK_MS = 15 * 60_000

/** A kiosk session lasts about a minute: enough to read the screen and press a button. */
export const SESSION_MS = 60_000

/**
 * Failures a device may make in a window before it is slowed down, the window, and the longest
 * wait it is made to keep between attempts. A door where ten people mistype in a quarter of an
 * hour is unusual; a device trying identifier after identifier is not a person at a door.
 */
export const DEVICE_FREE_FAILURES = 10
export const DEVICE_WINDOW_MS = 15 * 60_000
export const DEVICE_MAX_WAIT_MS = 60_000

export interface LockoutState {
  failures: number
  locked_until: string | null
}

export type AttemptDecision =
  | { allowed: false; retryAfterMs: number }
  | { allowed: true; next: LockoutState; attemptsLeft: number }

/**
 * Whether an identifier may try a PIN now, and its state with this attempt counted. The attempt
 * is counted before the PIN is checked (and forgiven when it is right): concurrent guesses cannot
 * get past the limit while the first ones are being checked. The attempt that reaches the limit
 * sets the lock itself, so nothing can be tried alongside it.
 */
export function reserveAttempt(state: LockoutState | undefined, now: number): AttemptDecision {
  const lockedUntil = state?.locked_until ? Date.parse(state.locked_until) : null
  if (lockedUntil !== null && lockedUntil > now) return { allowed: false, retryAfterMs: lockedUntil - now }
  // A lock that has run out starts the count again.
  const failures = (lockedUntil !== null ? 0 : (state?.failures ?? 0)) + 1
  return {
    allowed: true,
    next: { failures, locked_until: failures >= MAX_PIN_FAILURES ? new Date(now + LOCK_MS).toISOString() : null },
    attemptsLeft: MAX_PIN_FAILURES - failures,
  }
}

export interface DeviceFailures {
  failure_window_start: string | null
  failures_in_window: number
  last_failure_at: string | null
}

/** How long a device must still wait before its next attempt (0: it may try now). */
export function deviceWaitMs(device: DeviceFailures, now: number): number {
  if (!device.failure_window_start || !device.last_failure_at) return 0
  if (now - Date.parse(device.failure_window_start) >= DEVICE_WINDOW_MS) return 0
  const beyond = device.failures_in_window - DEVICE_FREE_FAILURES
  if (beyond < 0) return 0
  // 1 s after the 10th failure, then doubling: 2 s, 4 s … up to a minute.
  const wait = Math.min(1000 * 2 ** beyond, DEVICE_MAX_WAIT_MS)
  return Math.max(0, Date.parse(device.last_failure_at) + wait - now)
}

/** The device's failures with one more counted at `now`. */
export function withFailure(device: DeviceFailures, now: number): DeviceFailures {
  const at = new Date(now).toISOString()
  const windowOpen =
    device.failure_window_start !== null && now - Date.parse(device.failure_window_start) < DEVICE_WINDOW_MS
  return windowOpen
    ? {
        failure_window_start: device.failure_window_start,
        failures_in_window: device.failures_in_window + 1,
        last_failure_at: at,
      }
    : { failure_window_start: at, failures_in_window: 1, last_failure_at: at }
}

export const PIN_PATTERN = '^[0-9]{4,8}$'

/** The digits of a one-time PIN mailed after a reset (docs/decisions/0024-only-the-worker-acts-as-the-worker.md). */
export const ONE_TIME_PIN_DIGITS = 6

/**
 * Why a new PIN is refused, or null: 4 to 8 digits (the schema checks that), not one digit
 * repeated, not the initial PIN (the last digits of the phone, known to colleagues).
 */
export function newPinProblem(pin: string, initialPin: string | null): string | null {
  if (/^(\d)\1*$/.test(pin)) return 'must not be one digit repeated'
  if (initialPin !== null && pin === initialPin) return 'must not be the initial PIN (the last 4 digits of the phone)'
  return null
}

export type PresenceState = 'not_working' | 'working' | 'on_break'

/** Where an employee stands, from their last effective punch. */
export function presenceOf(last: PunchType | null): PresenceState {
  if (last === 'in' || last === 'break_end') return 'working'
  if (last === 'break_start') return 'on_break'
  return 'not_working'
}

/** The punches a kiosk offers next, in the order of the sequence rules. */
export function allowedPunches(last: PunchType | null): PunchType[] {
  return PUNCH_TYPES.filter((type) => sequenceProblem(last, type) === null)
}
