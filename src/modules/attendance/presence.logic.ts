/**
 * Who is in now (docs/decisions/0020-calendars-and-presence.md), as a pure function: an employee's
 * state from their latest effective punch, today's approved absences and their calendar of today,
 * at a moment.
 */
import { type AbsenceSpan, isHourly, minutesOfDay } from '../work-calendar/index.js'

export type PresenceState = 'in' | 'on_break' | 'out' | 'absent' | 'holiday' | 'off'

export interface PresenceFacts {
  /** The latest effective punch, if any. */
  last: { type: 'in' | 'out' | 'break_start' | 'break_end'; ts: string; modality: 'onsite' | 'remote' } | null
  /** The session under way has passed the company's maximum: a forgotten clock-out, not work. */
  leftOpen: boolean
  /** Approved absences covering today (the company's local day), each with the instant it began. */
  absences: readonly (AbsenceSpan & { startsAt: string })[]
  /** Today in the company's zone, and the minute of the day now. */
  today: string
  minuteOfDay: number
  /** Instant (ISO) at which today began in the company's zone. */
  todayStartIso: string
  holiday: boolean
  /** Whether the employee's schedule expects work today (employed, a working day of theirs). */
  scheduled: boolean
  worksHolidays: boolean
}

export interface Presence {
  state: PresenceState
  since: string | null
  modality: 'onsite' | 'remote' | null
}

/**
 * A session under way says in or on a break, whatever else the day holds (someone who works on a
 * holiday is in), unless it has passed the company's `max_session_hours`: a clock-out forgotten on
 * Friday does not show someone in all through their vacation. Otherwise: away for an absence covering this moment (a full day, or an hourly
 * one whose hours hold now), then a holiday, then a day their schedule has no work (off), else
 * out. `since` is when the state began where the record knows it: the punch, the absence's
 * start, the last clock-out of today.
 */
export function presenceOf(f: PresenceFacts): Presence {
  if (f.last && f.last.type !== 'out' && !f.leftOpen)
    return {
      state: f.last.type === 'break_start' ? 'on_break' : 'in',
      since: f.last.ts,
      modality: f.last.modality,
    }
  const away = f.absences.find(
    (a) =>
      !isHourly(a) ||
      (a.start_date === f.today &&
        minutesOfDay(a.start_time!) <= f.minuteOfDay &&
        f.minuteOfDay < minutesOfDay(a.end_time!)),
  )
  if (away) return { state: 'absent', since: away.startsAt, modality: null }
  if (f.holiday && !f.worksHolidays) return { state: 'holiday', since: null, modality: null }
  if (!f.scheduled) return { state: 'off', since: null, modality: null }
  const outToday = f.last?.type === 'out' && f.last.ts >= f.todayStartIso ? f.last.ts : null
  return { state: 'out', since: outToday, modality: null }
}
