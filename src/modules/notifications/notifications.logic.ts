/**
 * The rules of reminders without I/O (docs/decisions/0026-reminders.md): when each kind is due, the
 * night a reminder waits out, who a digest goes to and what it says, and what a person gets after
 * their choices.
 */
import { DateTime } from 'luxon'
import {
  type KindChoices,
  type NotificationDefaults,
  type ReminderKind,
  mergeChoices,
} from '../../lib/notification-settings.js'

/** No reminder is sent from this local hour ... */
export const QUIET_FROM_HOUR = 21
/** ... until this one: what falls at night waits for the morning. */
export const MORNING_HOUR = 8

/** A day's expected work when the schedule expects none (a day off worked): a session is reminded of after this. */
export const FALLBACK_EXPECTED_MINUTES = 480

/**
 * The digest is made at the first round from the company's hour on, and at the latest in the hour
 * after it: a service down at the hour makes it later that day, until the night (21:00) begins.
 */
export const DIGEST_WINDOW_MS = 3_600_000

/** The moment a reminder due at `ms` may go: then, or 08:00 when that falls at night in `zone`. */
export function heldToMorning(ms: number, zone: string): number {
  const local = DateTime.fromMillis(ms, { zone })
  if (local.hour >= MORNING_HOUR && local.hour < QUIET_FROM_HOUR) return ms
  const day = local.hour < MORNING_HOUR ? local : local.plus({ days: 1 })
  return day.set({ hour: MORNING_HOUR, minute: 0, second: 0, millisecond: 0 }).toMillis()
}

/** The instant of a local date's hour in `zone`. */
export function localHourOf(date: string, hour: number, zone: string): number {
  return DateTime.fromISO(date, { zone }).set({ hour, minute: 0, second: 0, millisecond: 0 }).toMillis()
}

/** The local date (YYYY-MM-DD) and day of the month of an instant in `zone`. */
export function localDateOf(ms: number, zone: string): { date: string; day: number; month: string } {
  const local = DateTime.fromMillis(ms, { zone })
  return { date: local.toISODate()!, day: local.day, month: local.toFormat('yyyy-MM') }
}

/** The month before a YYYY-MM month. */
export function previousMonth(month: string): string {
  return DateTime.fromISO(`${month}-01`, { zone: 'UTC' }).minus({ months: 1 }).toFormat('yyyy-MM')
}

/**
 * When a session begun at `inMs` is past the day's expected end plus the margin: the day's
 * expected minutes after its start (the schedule's, or eight hours on a day it expects none).
 */
export function openSessionDueAt(inMs: number, expectedMinutes: number, marginMinutes: number): number {
  return inMs + ((expectedMinutes > 0 ? expectedMinutes : FALLBACK_EXPECTED_MINUTES) + marginMinutes) * 60_000
}

/**
 * Whether the digest of the local date `date` may be made at `now` (if no round made it yet): from
 * its hour until the night begins (21:00), or within its hour when the hour is itself at night
 * (held to the morning then, as before).
 */
export function isDigestTime(now: number, date: string, defaults: NotificationDefaults, zone: string): boolean {
  const at = localHourOf(date, defaults.digest_hour, zone)
  return now >= at && now < Math.max(at + DIGEST_WINDOW_MS, localHourOf(date, QUIET_FROM_HOUR, zone))
}

/** Whether the month before is offered for signing on this day: from the company's day to the month's end. */
export function isSigningTime(day: number, defaults: NotificationDefaults): boolean {
  return day >= defaults.sign_day
}

/** A person as the digest sees them. */
export interface Person {
  id: string
  full_name: string
  manager_id: string | null
  department_id: string | null
}

/** Something waiting for a decision: an absence request, or a correction the worker proposed. */
export interface Waiting {
  user_id: string
  what: 'request' | 'correction'
}

/** A line of a digest: a person and how many of their things wait; never what they are about. */
export interface DigestLine {
  name: string
  requests: number
  corrections: number
}

/**
 * Who decides each waiting thing, as the policies say (auth/policies.ts: canDecideAbsence,
 * canDecideCorrection): HR and every supervisor up the person's manager chain, never the person
 * themselves; and so each decider's digest, its lines by name.
 */
export function digestsOf(
  waiting: readonly Waiting[],
  people: readonly Person[],
  hrDepartmentId: string | null,
): Map<string, DigestLine[]> {
  const byId = new Map(people.map((p) => [p.id, p]))
  const hr = hrDepartmentId === null ? [] : people.filter((p) => p.department_id === hrDepartmentId).map((p) => p.id)
  const chainOf = (id: string): string[] => {
    const chain: string[] = []
    let next = byId.get(id)?.manager_id ?? null
    while (next !== null && !chain.includes(next)) {
      chain.push(next)
      next = byId.get(next)?.manager_id ?? null
    }
    return chain
  }
  const counts = new Map<string, Map<string, { requests: number; corrections: number }>>()
  for (const item of waiting) {
    const person = byId.get(item.user_id)
    if (!person) continue
    const deciders = new Set([...hr, ...chainOf(item.user_id)])
    deciders.delete(item.user_id)
    for (const decider of deciders) {
      if (!byId.has(decider)) continue
      const lines = counts.get(decider) ?? new Map()
      const line = lines.get(item.user_id) ?? { requests: 0, corrections: 0 }
      if (item.what === 'request') line.requests++
      else line.corrections++
      lines.set(item.user_id, line)
      counts.set(decider, lines)
    }
  }
  const digests = new Map<string, DigestLine[]>()
  for (const [decider, lines] of counts)
    digests.set(
      decider,
      [...lines.entries()]
        .map(([id, line]) => ({ name: byId.get(id)!.full_name, ...line }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    )
  return digests
}

/** What a person gets of each kind, by channel: their choices over the company's defaults. */
export function effectiveChoices(
  defaults: NotificationDefaults,
  choices: Partial<Record<ReminderKind, Partial<Record<'mail' | 'push', boolean>>>>,
): KindChoices {
  return mergeChoices(defaults.kinds, choices)
}
