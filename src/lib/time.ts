/** Instants travel as ISO 8601 UTC with milliseconds, e.g. `2026-03-02T08:00:00.000Z`. */
export function nowIso(): string {
  return new Date().toISOString()
}

/** true when `zone` is an IANA time zone this runtime knows. */
export function isValidTimeZone(zone: string): boolean {
  if (zone === '' || zone.length > 64) return false
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone })
    return true
  } catch {
    return false
  }
}

/** Today's calendar date (YYYY-MM-DD) in the given time zone. */
export function todayIn(zone: string, at: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at)
}
