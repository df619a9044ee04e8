/**
 * Schedules with a history, as pure rules. What an employee is expected to work on a day is the
 * weekly minutes of the schedule that applied to them that day: their own assignment in force
 * then (or, when it says "company default" or there is none, the company's default in force
 * then), in the version of that schedule in force then. Every history begins "since always", so
 * a change made today never reaches back into days already past.
 */

/** The first day of every history: "since always". */
export const SINCE_ALWAYS = '0001-01-01'

export interface ScheduleVersion {
  scheduleId: string
  /** YYYY-MM-DD from which these minutes apply. */
  from: string
  /** Minutes per ISO weekday, Monday first. */
  minutes: readonly number[]
}

export interface ScheduleAssignment {
  /** null: the company default. */
  userId: string | null
  from: string
  /** For a user's own assignment, null follows the company default. */
  scheduleId: string | null
}

/** What applies to one employee: versions of every schedule, the company's and their assignments, each sorted by `from`. */
export interface ScheduleTimeline {
  versionsOf: ReadonlyMap<string, readonly ScheduleVersion[]>
  companyDefaults: readonly ScheduleAssignment[]
  own: readonly ScheduleAssignment[]
}

/** One employee's timeline from the company's versions and assignments (as read, sorted by date). */
export function timelineOf(
  userId: string,
  versions: readonly ScheduleVersion[],
  assignments: readonly ScheduleAssignment[],
): ScheduleTimeline {
  return { versionsOf: versionsBySchedule(versions), ...assignmentsOf(userId, assignments) }
}

export function versionsBySchedule(versions: readonly ScheduleVersion[]): Map<string, ScheduleVersion[]> {
  const bySchedule = new Map<string, ScheduleVersion[]>()
  for (const v of versions) {
    const list = bySchedule.get(v.scheduleId)
    if (list) list.push(v)
    else bySchedule.set(v.scheduleId, [v])
  }
  for (const list of bySchedule.values()) list.sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0))
  return bySchedule
}

export function assignmentsOf(
  userId: string,
  assignments: readonly ScheduleAssignment[],
): Pick<ScheduleTimeline, 'companyDefaults' | 'own'> {
  const byDate = (a: ScheduleAssignment, b: ScheduleAssignment) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0)
  return {
    companyDefaults: assignments.filter((a) => a.userId === null).sort(byDate),
    own: assignments.filter((a) => a.userId === userId).sort(byDate),
  }
}

/** The last entry with `from` on or before `date` (entries sorted by `from`); lists are short. */
function inForce<T extends { from: string }>(entries: readonly T[], date: string): T | undefined {
  for (let i = entries.length - 1; i >= 0; i--) if (entries[i]!.from <= date) return entries[i]
  return undefined
}

export interface AppliedSchedule {
  scheduleId: string | null
  /** Whose assignment it is: the employee's own, or the company default. */
  origin: 'own' | 'company_default'
  minutes: readonly number[]
}

const NO_MINUTES: readonly number[] = [0, 0, 0, 0, 0, 0, 0]

export function scheduleOn(timeline: ScheduleTimeline, date: string): AppliedSchedule {
  const own = inForce(timeline.own, date)
  const assignment = own?.scheduleId ? own : inForce(timeline.companyDefaults, date)
  const scheduleId = assignment?.scheduleId ?? null
  const version = scheduleId ? inForce(timeline.versionsOf.get(scheduleId) ?? [], date) : undefined
  return { scheduleId, origin: own?.scheduleId ? 'own' : 'company_default', minutes: version?.minutes ?? NO_MINUTES }
}

/** Minutes expected on `date`, an ISO weekday (1 = Monday). */
export function scheduledMinutesOn(timeline: ScheduleTimeline, date: string, weekday: number): number {
  return scheduleOn(timeline, date).minutes[weekday - 1] ?? 0
}

export interface SchedulePeriod extends AppliedSchedule {
  /** First day; SINCE_ALWAYS for the first period. */
  from: string
  /** Last day, included; null while it lasts. */
  to: string | null
}

/**
 * The employee's schedule as periods: a new period begins on every date at which their own
 * assignment, the company default or a version of the schedule in force changes what applies.
 */
export function schedulePeriods(timeline: ScheduleTimeline, previousDay: (date: string) => string): SchedulePeriod[] {
  const dates = new Set<string>([SINCE_ALWAYS])
  for (const a of [...timeline.own, ...timeline.companyDefaults]) dates.add(a.from)
  for (const versions of timeline.versionsOf.values()) for (const v of versions) dates.add(v.from)
  const periods: SchedulePeriod[] = []
  for (const from of [...dates].sort()) {
    const applied = scheduleOn(timeline, from)
    const last = periods.at(-1)
    if (
      last &&
      last.scheduleId === applied.scheduleId &&
      last.origin === applied.origin &&
      sameMinutes(last.minutes, applied.minutes)
    )
      continue
    if (last) last.to = previousDay(from)
    periods.push({ ...applied, from, to: null })
  }
  return periods
}

function sameMinutes(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((m, i) => m === b[i])
}
