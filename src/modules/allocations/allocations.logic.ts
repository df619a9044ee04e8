/** Pure rules of time allocations. */
import { DateTime } from 'luxon'

export const MAX_ALLOCATION_MS = 24 * 3_600_000

export interface Span {
  startMs: number
  endMs: number
}

/** Why a span cannot be allocated, as a details item, or null. */
export function spanProblem(span: Span): { field: string; message: string } | null {
  if (span.endMs <= span.startMs) return { field: 'end', message: 'must be later than start' }
  if (span.endMs - span.startMs > MAX_ALLOCATION_MS)
    return { field: 'end', message: 'an allocation may last at most 24 hours' }
  return null
}

/** Half-open spans [start, end) overlap when each starts before the other ends. */
export function spansOverlap(a: Span, b: Span): boolean {
  return a.startMs < b.endMs && b.startMs < a.endMs
}

export function minutesOf(span: Span): number {
  return Math.floor((span.endMs - span.startMs) / 60_000)
}

/** The local calendar day (YYYY-MM-DD) of an instant in an IANA zone. */
export function localDateOf(ms: number, zone: string): string {
  return DateTime.fromMillis(ms, { zone }).toISODate()!
}
