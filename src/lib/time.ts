import { invalidField } from '../errors.js'
import { BoundedCache } from './bounded-cache.js'
import { isValidDate } from './calendar.js'

/** Instants travel as ISO 8601 UTC with milliseconds, e.g. `2026-03-02T08:00:00.000Z`. */
export function nowIso(): string {
  return new Date().toISOString()
}

/**
 * true when `zone` is an IANA time zone this runtime knows. The answer is kept (bounded): asking
 * ICU means making a formatter, 0.1-1 ms of CPU, and the zones a service sees are few.
 */
export function isValidTimeZone(zone: string): boolean {
  if (zone === '' || zone.length > 64) return false
  return knownZones.get(zone, () => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone })
      return true
    } catch {
      return false
    }
  })
}

const knownZones = new BoundedCache<string, boolean>(1_000)

/** ISO 8601 instant with a mandatory `Z` or offset, e.g. 2026-03-02T09:00:00+01:00. */
const INSTANT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-](\d{2}):(\d{2}))$/

export function isValidInstant(value: string): boolean {
  const m = INSTANT.exec(value)
  if (!m) return false
  const [, y, mo, d, h, mi, s = '0', , , oh = '0', om = '0'] = m
  if (!isValidDate(`${y}-${mo}-${d}`)) return false
  return Number(h) <= 23 && Number(mi) <= 59 && Number(s) <= 59 && Number(oh) <= 23 && Number(om) <= 59
}

/**
 * The optional [from, to) of a log's filters as UTC instants (they are compared as text), or 400
 * when `to` comes before `from`.
 */
export function instantWindow(query: { from?: string | undefined; to?: string | undefined }): {
  from: string | undefined
  to: string | undefined
} {
  const from = query.from === undefined ? undefined : new Date(query.from).toISOString()
  const to = query.to === undefined ? undefined : new Date(query.to).toISOString()
  if (from !== undefined && to !== undefined && to < from) throw invalidField('to', 'must not be before from')
  return { from, to }
}
