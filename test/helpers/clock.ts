/**
 * Clocks for tests that must not depend on the day they run: the service takes its "now" from the
 * clock it is given (AppOptions.clock), so a test chooses the day it means instead of today, which
 * may be a Sunday, a holiday, the last day of a year or a change of summer time.
 */

/**
 * Wednesday 18 November 2026, 10:00 UTC (11:00 in Madrid): a working day in every Spanish region,
 * mid-month, mid-year and weeks away from a change of summer time.
 */
export const A_WORKING_MORNING = Date.parse('2026-11-18T10:00:00Z')

/**
 * A clock that reads `start` now and runs on at the real clock's pace, for tests that also wait for
 * real things (retries, sockets, a dispatcher's rounds) while the service sees the day they chose.
 */
export function clockFrom(start: number): () => number {
  const offset = start - Date.now()
  return () => Date.now() + offset
}
