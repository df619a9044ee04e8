/**
 * What was expected of each employee, as the record export gives it to the Inspectorate
 * (docs/decisions/0023-daily-limits-and-real-life.md, docs/record-export.md): the periods of their
 * schedule history that reach into a range (as GET /users/{id}/schedule-history shows them), the
 * holidays of their place in the range, and whether they work holidays. With their employment
 * periods and approved absences, these give the minutes expected of them on every day, as the
 * daily record counts them (dayExpectation).
 */
import type { TenantRow } from '../../db/schema.js'
import type { Db } from '../../db/unit-of-work.js'
import { addDays } from '../../lib/calendar.js'
import { loadHolidayCalendars, placeOf } from '../holidays/index.js'
import {
  SINCE_ALWAYS,
  scheduleAssignmentsUpTo,
  scheduleNames,
  schedulePeriods,
  scheduleVersionsUpTo,
  timelineOf,
  weekdayMinutesOf,
} from '../schedules/index.js'
import { calendarSubjects } from './work-calendar.repository.js'
import type { SchedulePeriodType } from './work-calendar.schemas.js'

const END_OF_TIME = '9999-12-31'

export interface ScheduleOfRecord {
  user_id: string
  /** Whether the employee works on holidays (then a holiday expects their schedule's minutes). */
  works_holidays: boolean
  /** The periods of their schedule history that reach into the range, oldest first. */
  periods: SchedulePeriodType[]
  /** The holidays of their place (work center, else the company's region) in the range, by date. */
  holidays: { date: string; name: string; type: 'public' | 'company' }[]
}

/** One line per employee of `userIds` (found in the company), in the order given. */
export async function schedulesOfRecord(
  db: Db,
  tenant: TenantRow,
  userIds: readonly string[],
  from: string,
  to: string,
): Promise<ScheduleOfRecord[]> {
  if (userIds.length === 0) return []
  const [subjects, versions, assignments, names, calendarOf] = await Promise.all([
    calendarSubjects(db, tenant.id, { userIds }, { limit: userIds.length, offset: 0 }),
    scheduleVersionsUpTo(db, tenant.id, END_OF_TIME),
    scheduleAssignmentsUpTo(db, tenant.id, userIds, END_OF_TIME),
    scheduleNames(db, tenant.id),
    loadHolidayCalendars(db, tenant.id, from, to),
  ])
  const byId = new Map(subjects.rows.map((s) => [s.id, s]))
  return userIds.flatMap((userId): ScheduleOfRecord[] => {
    const subject = byId.get(userId)
    if (!subject) return []
    const periods = schedulePeriods(timelineOf(userId, versions, assignments), (date) => addDays(date, -1))
      .filter((p) => p.from <= to && (p.to === null || p.to >= from))
      .map(
        (p): SchedulePeriodType => ({
          effective_from: p.from === SINCE_ALWAYS ? null : p.from,
          effective_to: p.to,
          schedule_id: p.scheduleId,
          schedule_name: p.scheduleId ? (names.get(p.scheduleId) ?? null) : null,
          origin: p.origin,
          weekday_minutes: weekdayMinutesOf(p.minutes),
        }),
      )
    const place = placeOf(
      tenant,
      subject.work_center_id
        ? { id: subject.work_center_id, country: subject.work_center_country, region: subject.work_center_region }
        : null,
    )
    const holidays = [...calendarOf(place)]
      .filter(([date]) => date >= from && date <= to)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([date, h]) => ({ date, name: h.name, type: h.type }))
    return [{ user_id: userId, works_holidays: Boolean(subject.works_holidays), periods, holidays }]
  })
}
