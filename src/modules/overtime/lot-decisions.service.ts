/**
 * Deciding and paying overtime lots (docs/decisions/0018-overtime.md): HR and administrators
 * approve or reject a pending lot, under the rules of art. 35 (the annual cap, the bans on minors,
 * night workers and part-time employees, both lifted by force majeure), and record pay on an
 * approved one. Every change of an employee's lots holds the employee's row lock first, then the
 * lot's: two approvals cannot both slip under the cap.
 */
import type { RequestScope } from '../../auth/request-scope.js'
import { seesEveryonesRecords } from '../../auth/policies.js'
import { canSeeRecordsOf } from '../../auth/visibility.js'
import { lockRow } from '../../db/locks.js'
import type { TenantRow, UserRow } from '../../db/schema.js'
import type { OvertimeLotRow } from './overtime.tables.js'
import { type Db, inTransaction, nowIsoOf } from '../../db/unit-of-work.js'
import { AppError, invalidField, notFound, permissionDenied } from '../../errors.js'
import { addDays, isoWeekday, todayIn } from '../../lib/calendar.js'
import { newId } from '../../lib/ids.js'
import { announced, recordEvent } from '../events/index.js'
import { findUserRow } from '../users/index.js'
import { calendarSubjects, loadCompanyDefaultSchedule, loadWorkCalendars } from '../work-calendar/index.js'
import {
  type ApprovedLot,
  type WeekFacts,
  annualCapMinutes,
  countedTowardCap,
  effectiveTerms,
  isOverdue,
  lotDeadline,
  overtimeBan,
  owedByLot,
  withRestTaken,
} from './overtime.logic.js'
import * as repo from './overtime.repository.js'
import type { DecideLotBodyType, OvertimeLotType, OvertimeSectionType, PayLotBodyType } from './overtime.schemas.js'

export function lotToApi(row: OvertimeLotRow, owedMinutes: number, today: string): OvertimeLotType {
  return {
    id: row.id,
    user_id: row.user_id,
    month: row.month,
    minutes: row.minutes,
    basis: row.basis,
    status: row.status,
    compensation: row.compensation,
    force_majeure: row.force_majeure,
    compensate_by: row.compensate_by,
    rested_minutes: row.rested_minutes,
    paid_minutes: row.paid_minutes,
    owed_minutes: owedMinutes,
    overdue: row.compensation === 'rest' && isOverdue(owedMinutes, row.compensate_by, today),
    adjusts: row.adjusts,
    decided_by: row.decided_by,
    decided_at: row.decided_at,
    created_at: row.created_at,
  }
}

/** The approved lots of an employee as owedByLot reads them. */
export function approvedLots(lots: readonly OvertimeLotRow[]): ApprovedLot[] {
  return lots
    .filter((l) => l.status === 'approved' && l.compensation !== null)
    .map((l) => ({ ...l, compensation: l.compensation! }))
}

/** What each lot of an employee still owes, given all of their lots. */
export function owedOf(lots: readonly OvertimeLotRow[]): Map<string, number> {
  return owedByLot(approvedLots(lots))
}

/** The rest an employee's approved rest lots still owe at `today`, the one due first first. */
export function owedRestOf(lots: readonly OvertimeLotRow[], today: string): OvertimeSectionType['owed_rest'] {
  const owed = owedOf(lots)
  return lots
    .filter((l) => l.status === 'approved' && l.compensation === 'rest' && (owed.get(l.id) ?? 0) > 0)
    .map((l) => ({
      lot_id: l.id,
      month: l.month,
      owed_minutes: owed.get(l.id)!,
      compensate_by: l.compensate_by,
      overdue: isOverdue(owed.get(l.id)!, l.compensate_by, today),
    }))
    .sort((a, b) => a.compensate_by.localeCompare(b.compensate_by) || a.lot_id.localeCompare(b.lot_id))
}

/**
 * Employees' weeks in minutes: what their schedule expects over the first full ISO week of
 * `month` (holidays aside), beside the company's full-time week (its default schedule) then.
 * They say who works part-time and set each one's share of the cap.
 */
export async function weeksOf(
  db: Db,
  tenant: TenantRow,
  userIds: readonly string[],
  month: string,
): Promise<Map<string, WeekFacts>> {
  const weeks = new Map<string, WeekFacts>()
  if (userIds.length === 0) return weeks
  const first = `${month}-01`
  const monday = addDays(first, (8 - isoWeekday(first)) % 7)
  const sunday = addDays(monday, 6)
  const [subjects, calendarOf, companyDefault] = await Promise.all([
    calendarSubjects(db, tenant.id, { userIds }, { limit: userIds.length, offset: 0 }),
    loadWorkCalendars(db, tenant, userIds, monday, sunday),
    loadCompanyDefaultSchedule(db, tenant, sunday),
  ])
  let fullTime = 0
  for (let i = 0; i < 7; i++) fullTime += companyDefault(addDays(monday, i), i + 1)
  for (const subject of subjects.rows) {
    const planOf = calendarOf(subject)
    let own = 0
    for (let i = 0; i < 7; i++) own += planOf(addDays(monday, i), i + 1).scheduleMinutes
    weeks.set(subject.id, { own, fullTime })
  }
  return weeks
}

/** One employee's week (see weeksOf); nothing to compare for an unknown one. */
export async function weekOf(db: Db, tenant: TenantRow, userId: string, month: string): Promise<WeekFacts> {
  return (await weeksOf(db, tenant, [userId], month)).get(userId) ?? { own: 0, fullTime: 0 }
}

/**
 * Why approving `lot` (not as force majeure) breaks art. 35, or null: the employee may not work
 * overtime, or the year's counted minutes would pass the cap. A reduction is always allowed.
 */
async function approvalRefusal(tx: RequestScope, user: UserRow, lot: OvertimeLotRow): Promise<AppError | null> {
  if (lot.minutes <= 0) return null
  const { db, auth } = tx
  const tenant = auth.tenant
  const week = await weekOf(db, tenant, user.id, lot.month)
  const ban = overtimeBan({ birthDate: user.birth_date, nightWorker: user.night_worker, week }, lot.month)
  if (ban) {
    const who = { minor: 'a minor', night_worker: 'a night worker', part_time: 'a part-time employee' }[ban]
    return new AppError(
      'overtime_not_allowed',
      `The employee is ${who} in ${lot.month} and may not work overtime: approve it only if it was force majeure`,
      [{ field: 'force_majeure', message: `required: the employee is ${who}` }],
    )
  }
  const year = Number(lot.month.slice(0, 4))
  const [lots, draws] = await Promise.all([
    repo.lotsOfUser(db, tenant.id, user.id),
    repo.drawsOfUser(db, tenant.id, user.id),
  ])
  const counted = countedTowardCap(withRestTaken(lots, draws), year)
  const cap = annualCapMinutes(tenant.overtime_annual_cap_hours, week)
  if (counted + lot.minutes > cap)
    return new AppError(
      'overtime_cap_exceeded',
      `${year}: ${lot.minutes} more minutes would count ${counted + lot.minutes} toward the annual cap of ${cap} minutes (${counted} counted so far)`,
    )
  return null
}

/**
 * Approves a pending lot, as a person (`by` their id) or as the company's automatic policy.
 * With `ifAllowed`, a lot the rules refuse stays pending and null is returned; otherwise the
 * refusal is thrown.
 */
export async function approveLot(
  tx: RequestScope,
  lot: OvertimeLotRow,
  decision: {
    compensation: 'rest' | 'pay'
    forceMajeure: boolean
    note: string | null
    by: string
    ifAllowed?: boolean
  },
): Promise<OvertimeLotType | null> {
  const tenant = tx.auth.tenant
  const user = (await findUserRow(tx.db, tenant.id, lot.user_id))!
  if (!decision.forceMajeure) {
    const refusal = await approvalRefusal(tx, user, lot)
    if (refusal && decision.ifAllowed) return null
    if (refusal) throw refusal
  }
  const now = nowIsoOf(tx)
  const patch = {
    status: 'approved' as const,
    compensation: decision.compensation,
    force_majeure: decision.forceMajeure,
    // The deadline follows the employee's terms as they are when the lot is approved.
    compensate_by: lotDeadline(
      lot,
      todayIn(tenant.timezone, new Date(lot.created_at)).slice(0, 7),
      effectiveTerms(user, tenant).expiryMonths,
    ),
    decided_by: decision.by,
    decided_at: now,
    decision_note: decision.note,
    updated_at: now,
  }
  await repo.updateLot(tx.db, tenant.id, lot.id, patch)
  const lots = await repo.lotsOfUser(tx.db, tenant.id, lot.user_id)
  const approved = lotToApi(
    { ...lot, ...patch },
    owedOf(lots).get(lot.id) ?? 0,
    todayIn(tenant.timezone, new Date(tx.now)),
  )
  await recordEvent(tx, 'overtime.lot_approved', approved)
  return approved
}

/**
 * Approves a lot that takes minutes away (an adjustment down): it is compensated as the month's
 * first approved lot was, and counts toward the cap as that one did, so it takes back from the
 * same figures.
 */
export async function approveReduction(
  tx: RequestScope,
  lot: OvertimeLotRow,
  by: string,
  note: string | null,
): Promise<OvertimeLotType | null> {
  const month = (await repo.lotsOfMonth(tx.db, tx.auth.tenantId, lot.month, [lot.user_id])).find(
    (l) => l.status === 'approved' && l.compensation !== null,
  )
  return approveLot(tx, lot, {
    compensation: month?.compensation ?? 'rest',
    forceMajeure: month?.force_majeure ?? false,
    note,
    by,
  })
}

/**
 * Locks the employee of a lot, then the lot, and reads it: 404 when it is not there or its
 * employee's records are not the caller's to see, 403 when the caller may not decide or pay.
 */
async function lotForHr(tx: RequestScope, id: string, act: string): Promise<OvertimeLotRow> {
  const { db, auth } = tx
  const seen = await repo.findLot(db, auth.tenantId, id)
  if (!seen || !(await canSeeRecordsOf(db, auth, seen.user_id))) throw notFound('Overtime lot')
  if (!seesEveryonesRecords(auth)) throw permissionDenied(`Only HR and administrators ${act} overtime lots`)
  if (seen.user_id === auth.actor.id) throw permissionDenied(`Nobody may ${act} their own overtime`)
  await lockRow(db, 'users', auth.tenantId, seen.user_id)
  await lockRow(db, 'overtime_lots', auth.tenantId, id)
  return (await repo.findLot(db, auth.tenantId, id))!
}

export async function decideLot(scope: RequestScope, id: string, body: DecideLotBodyType): Promise<OvertimeLotType> {
  return inTransaction(scope, async (tx) => {
    const { auth } = tx
    const lot = await lotForHr(tx, id, 'decide')
    if (lot.status !== 'pending')
      throw new AppError('overtime_lot_not_pending', `The lot is ${lot.status}; only a pending lot can be decided`)
    if (lot.minutes < 0) {
      if (body.decision === 'rejected')
        throw new AppError(
          'overtime_reduction_not_rejectable',
          `The lot takes ${-lot.minutes} minutes away from ${lot.month}, whose record now holds less overtime: it can only be approved`,
        )
      return (await approveReduction(tx, lot, auth.actor.id, body.note ?? null))!
    }
    if (body.decision === 'approved') {
      const user = (await findUserRow(tx.db, auth.tenantId, lot.user_id))!
      const terms = effectiveTerms(user, auth.tenant)
      const compensation = body.compensation ?? (terms.compensation === 'mixed' ? null : terms.compensation)
      if (!compensation)
        throw invalidField(
          'compensation',
          'the employee’s overtime is compensated by rest or pay lot by lot (mixed): say which',
        )
      return (await approveLot(tx, lot, {
        compensation,
        forceMajeure: body.force_majeure ?? false,
        note: body.note ?? null,
        by: auth.actor.id,
      }))!
    }
    const now = nowIsoOf(tx)
    const patch = {
      status: 'rejected' as const,
      decided_by: auth.actor.id,
      decided_at: now,
      decision_note: body.note ?? null,
      updated_at: now,
    }
    await repo.updateLot(tx.db, auth.tenantId, id, patch)
    return announced(
      tx,
      'overtime.lot_rejected',
      lotToApi({ ...lot, ...patch }, 0, todayIn(auth.tenant.timezone, new Date(tx.now))),
    )
  })
}

export async function payLot(scope: RequestScope, id: string, body: PayLotBodyType): Promise<OvertimeLotType> {
  return inTransaction(scope, async (tx) => {
    const { auth, db } = tx
    const lot = await lotForHr(tx, id, 'pay')
    if (body.payroll_month < lot.month)
      throw invalidField('payroll_month', `must be ${lot.month} or later: overtime is paid after it is worked`)
    const owed =
      lot.status === 'approved' ? (owedOf(await repo.lotsOfUser(db, auth.tenantId, lot.user_id)).get(id) ?? 0) : 0
    if (body.minutes > owed)
      throw new AppError(
        'overtime_lot_not_payable',
        lot.status === 'approved'
          ? `The lot owes ${owed} minutes; ${body.minutes} cannot be paid`
          : `The lot is ${lot.status}; only an approved lot can be paid`,
      )
    const now = nowIsoOf(tx)
    await repo.insertPayment(db, {
      id: newId('overtimePayment'),
      tenant_id: auth.tenantId,
      lot_id: id,
      user_id: lot.user_id,
      minutes: body.minutes,
      payroll_month: body.payroll_month,
      paid_by: auth.actor.id,
      created_at: now,
    })
    await repo.addToLot(db, auth.tenantId, id, 'paid_minutes', body.minutes, now)
    const paid = { ...lot, paid_minutes: lot.paid_minutes + body.minutes, updated_at: now }
    return announced(
      tx,
      'overtime.lot_paid',
      lotToApi(paid, owed - body.minutes, todayIn(auth.tenant.timezone, new Date(tx.now))),
    )
  })
}
