/**
 * Rest for overtime (docs/decisions/0018-overtime.md, docs/decisions/0022-overtime-as-the-law-counts-it.md):
 * absences of the system type `overtime_rest`, by the day or by the hour, take the rest owed on the
 * employee's approved rest lots due on or after their last day when they are approved, the lot due
 * first first (409 `overtime_rest_exceeded` when less is owed, `overtime_rest_after_deadline` when
 * only lots past their deadline owe it); a cancelled one gives it back. Rest counts as taken once
 * its last day has passed (scheduled until then). The absences module calls these inside its own transactions; each takes the
 * employee's row lock, which every change of their lots holds.
 */
import type { RequestScope } from '../../auth/request-scope.js'
import { lockRow } from '../../db/locks.js'
import type { TenantRow } from '../../db/schema.js'
import { type Db, nowIsoOf } from '../../db/unit-of-work.js'
import { AppError, invalidField } from '../../errors.js'
import { addDays, daysInRange, isoWeekday } from '../../lib/calendar.js'
import { type AbsenceSpan, dayExpectation, isHourly, minutesOfDay } from '../work-calendar/index.js'
import { calendarSubject, loadWorkCalendars } from '../work-calendar/index.js'
import { owedOf } from './lot-decisions.service.js'
import { drawRest } from './overtime.logic.js'
import * as repo from './overtime.repository.js'

/** The absence type rest for overtime is taken with; every company has it. */
export const OVERTIME_REST_TYPE = 'overtime_rest'

/** An absence as rest reads it. */
export interface RestAbsence extends AbsenceSpan {
  id: string
  user_id: string
}

/**
 * The minutes of rest an absence is: for each day it covers, what the employee's schedule expected
 * that day (a holiday or a day off is no rest), and for an hourly one no more than its span.
 */
export async function restMinutesOf(db: Db, tenant: TenantRow, userId: string, span: AbsenceSpan): Promise<number> {
  const subject = await calendarSubject(db, tenant.id, userId)
  if (!subject) return 0
  const planOf = (await loadWorkCalendars(db, tenant, [userId], span.start_date, span.end_date))(subject)
  let minutes = 0
  for (let i = 0; i < daysInRange(span.start_date, span.end_date); i++) {
    const date = addDays(span.start_date, i)
    minutes += dayExpectation({ ...planOf(date, isoWeekday(date)), absenceMinutes: 0 }).expectedMinutes
  }
  return isHourly(span) ? Math.min(minutes, minutesOfDay(span.end_time!) - minutesOfDay(span.start_time!)) : minutes
}

/**
 * The rest still owed on each approved rest lot of an employee, with its deadline, that a rest
 * absence may take: rest comes after the overtime, so only lots of the month it begins in or
 * before; and it compensates overtime only by the lot's deadline (art. 35.1 ET;
 * docs/decisions/0022-overtime-as-the-law-counts-it.md), so only lots due on or after its last day.
 * `late` is what lots past their deadline by then still owe: rest can no longer take it, pay can.
 */
async function owedRest(db: Db, tenantId: string, userId: string, span: { start_date: string; end_date: string }) {
  const lots = await repo.lotsOfUser(db, tenantId, userId)
  const owed = owedOf(lots)
  const candidates = lots
    .filter((l) => l.status === 'approved' && l.compensation === 'rest' && l.month <= span.start_date.slice(0, 7))
    .map((l) => ({ lotId: l.id, owedMinutes: owed.get(l.id) ?? 0, compensateBy: l.compensate_by }))
  const late = candidates.filter((o) => o.compensateBy < span.end_date).reduce((sum, o) => sum + o.owedMinutes, 0)
  return { inTime: candidates.filter((o) => o.compensateBy >= span.end_date), late }
}

/**
 * Refuses a request for rest that is more than is owed now (409 `overtime_rest_exceeded`), or
 * that covers no working time (400): asked for early, so that nobody plans a day off that cannot
 * be approved. The approval checks again and takes it.
 */
export async function assertRestOwed(tx: RequestScope, absence: Omit<RestAbsence, 'id'>): Promise<void> {
  const { db, auth } = tx
  const minutes = await restMinutesOf(db, auth.tenant, absence.user_id, absence)
  if (minutes <= 0) throw invalidField('start_date', 'the absence covers no working time: there is no rest to take')
  const { inTime, late } = await owedRest(db, auth.tenantId, absence.user_id, absence)
  const owed = inTime.reduce((sum, o) => sum + o.owedMinutes, 0)
  if (minutes > owed) throw restRefused(minutes, owed, late)
}

/**
 * Rest that no lot can take: after the deadline of the lots that could (409
 * `overtime_rest_after_deadline`: they can be paid), or more than is owed at all.
 */
function restRefused(minutes: number, owed: number, late: number): AppError {
  if (late > 0 && minutes <= owed + late)
    return new AppError(
      'overtime_rest_after_deadline',
      `The absence is ${minutes} minutes of rest; ${owed} minutes are owed as rest due by its last day, and ${late} more only on lots due before it: past its deadline, overtime is no longer compensated by rest (art. 35.1 ET), it is paid`,
    )
  return new AppError(
    'overtime_rest_exceeded',
    `The absence is ${minutes} minutes of rest; ${owed} minutes of approved overtime are owed as rest by its last day`,
  )
}

/** Takes an approved rest absence's minutes from the lots that owe rest, the one due first first. */
export async function takeRest(tx: RequestScope, absence: RestAbsence): Promise<void> {
  const { db, auth } = tx
  await lockRow(db, 'users', auth.tenantId, absence.user_id)
  const minutes = await restMinutesOf(db, auth.tenant, absence.user_id, absence)
  const { inTime, late } = await owedRest(db, auth.tenantId, absence.user_id, absence)
  const drawn = drawRest(inTime, minutes)
  if (!drawn)
    throw restRefused(
      minutes,
      inTime.reduce((sum, o) => sum + o.owedMinutes, 0),
      late,
    )
  const now = nowIsoOf(tx)
  await repo.insertDraws(
    db,
    drawn.map((d) => ({
      tenant_id: auth.tenantId,
      absence_id: absence.id,
      lot_id: d.lotId,
      user_id: absence.user_id,
      minutes: d.minutes,
      taken_on: absence.end_date,
      created_at: now,
    })),
  )
  for (const d of drawn) await repo.addToLot(db, auth.tenantId, d.lotId, 'rested_minutes', d.minutes, now)
}

/** Gives back to its lots the rest a cancelled absence had taken. */
export async function giveBackRest(tx: RequestScope, absence: RestAbsence): Promise<void> {
  const { db, auth } = tx
  await lockRow(db, 'users', auth.tenantId, absence.user_id)
  const now = nowIsoOf(tx)
  for (const d of await repo.drawsOfAbsence(db, auth.tenantId, absence.id))
    await repo.addToLot(db, auth.tenantId, d.lot_id, 'rested_minutes', -d.minutes, now)
  await repo.deleteDrawsOfAbsence(db, auth.tenantId, absence.id)
}
