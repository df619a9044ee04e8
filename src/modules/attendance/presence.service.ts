/**
 * Who is in now (docs/decisions/0020-calendars-and-presence.md): a page of the active employees the
 * caller sees, each with their state at the scope's moment. A handful of queries for the page,
 * whatever its size: the page of employees, their latest effective punches, today's approved
 * absences, and their calendars of today (schedule and holidays).
 */
import { DateTime } from 'luxon'
import { recordsLimitedToTeamOf } from '../../auth/policies.js'
import { type RequestScope, noteRecordsRead } from '../../auth/request-scope.js'
import { isoWeekday, startOfLocalDay, todayIn } from '../../lib/calendar.js'
import { listBody, pageOf } from '../../lib/pagination.js'
import { approvedAbsencesBetween, calendarSubjects, dayExpectation } from '../work-calendar/index.js'
import { loadWorkCalendars } from '../work-calendar/index.js'
import * as repo from './attendance.repository.js'
import type { NowQueryType, PresenceRowType } from './attendance.schemas.js'
import { isPastMaximum, workingTimePolicyOf } from './anomalies.logic.js'
import { presenceOf } from './presence.logic.js'

export async function whoIsInNow(scope: RequestScope, query: NowQueryType) {
  const { db, auth } = scope
  const tenant = auth.tenant
  const zone = tenant.timezone
  const window = pageOf(query)
  const page = await calendarSubjects(
    db,
    auth.tenantId,
    {
      status: 'active',
      departmentId: query.department_id,
      workCenterId: query.work_center_id,
      teamOf: recordsLimitedToTeamOf(auth) ?? undefined,
    },
    window,
  )
  const ids = page.rows.map((s) => s.id)
  noteRecordsRead(scope, ids)
  const local = DateTime.fromMillis(scope.now, { zone })
  const today = todayIn(zone, new Date(scope.now))
  const [lasts, ins, absences, calendarOf] = await Promise.all([
    repo.lastEffectivePunches(db, auth.tenantId, ids),
    repo.lastEffectiveIns(db, auth.tenantId, ids),
    approvedAbsencesBetween(db, auth.tenantId, ids, today, today),
    loadWorkCalendars(db, tenant, ids, today, today),
  ])
  const lastOf = new Map(lasts.map((p) => [p.user_id, p]))
  const sessionStartOf = new Map(ins.map((p) => [p.user_id, p.ts]))
  const policy = workingTimePolicyOf(tenant)
  const todayStartIso = new Date(startOfLocalDay(today, zone)).toISOString()
  const startsAt = (a: { start_date: string; start_time: string | null }) =>
    a.start_time
      ? DateTime.fromISO(`${a.start_date}T${a.start_time}`, { zone }).toUTC().toISO()!
      : new Date(startOfLocalDay(a.start_date, zone)).toISOString()
  return listBody(window, page, (subject): PresenceRowType => {
    const plan = calendarOf(subject)(today, isoWeekday(today))
    const last = lastOf.get(subject.id)
    const presence = presenceOf({
      last: last ? { type: last.type, ts: last.ts, modality: last.modality } : null,
      leftOpen:
        last !== undefined &&
        last.type !== 'out' &&
        isPastMaximum(Date.parse(sessionStartOf.get(subject.id) ?? last.ts), scope.now, policy),
      absences: absences.filter((a) => a.user_id === subject.id).map((a) => ({ ...a, startsAt: startsAt(a) })),
      today,
      minuteOfDay: local.hour * 60 + local.minute,
      todayStartIso,
      holiday: plan.holiday !== null,
      scheduled: dayExpectation({ ...plan, holiday: null, absenceMinutes: 0 }).isWorkday,
      worksHolidays: plan.worksHolidays,
    })
    return { user_id: subject.id, full_name: subject.full_name, ...presence }
  })
}
