/**
 * Deciding and paying overtime lots (docs/decisions/0018-overtime.md, as
 * docs/decisions/0022-overtime-as-the-law-counts-it.md replaces parts of it): a lot is a fact of the
 * record, so HR and administrators approve a pending one with its compensation, never reject it.
 * A minor's lot is never approved (art. 6.3), only paid as wages due; night workers and part-time
 * employees only in force majeure. The annual cap never refuses: going over it is flagged
 * (`overtime.cap_exceeded`, once per employee and year). Pay is recorded on an approved lot, or a
 * minor's. Every change of an employee's lots holds the employee's row lock first, then the lot's:
 * two approvals see each other's minutes, and the year is flagged once.
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
import { daysEmployedIn, findUserRow, parseEmploymentPeriods } from '../users/index.js'
import { calendarSubjects, loadCompanyDefaultSchedule, loadWorkCalendars } from '../work-calendar/index.js'
import {
  type ApprovedLot,
  type WeekFacts,
  annualCapMinutes,
  daysInYear,
  capFigures,
  complementaryFigures,
  effectiveTerms,
  isOverdue,
  lotDeadline,
  overCapMinutes,
  isMinorIn,
  ordinaryMinutesOfYear,
  overtimeBan,
  owedByLot,
  parseDays,
  scheduledRestByLot,
  withRestTaken,
} from './overtime.logic.js'
import * as repo from './overtime.repository.js'
import type { DecideLotBodyType, OvertimeLotType, OvertimeSectionType, PayLotBodyType } from './overtime.schemas.js'

/**
 * A lot as the API shows it. `scheduledRest`: of the rest drawn from it (`rested_minutes` stored),
 * what is on days not passed yet, shown apart: rest counts once taken.
 */
export function lotToApi(row: OvertimeLotRow, owedMinutes: number, today: string, scheduledRest = 0): OvertimeLotType {
  return {
    id: row.id,
    user_id: row.user_id,
    month: row.month,
    kind: row.kind,
    minutes: row.minutes,
    basis: row.basis,
    status: row.status,
    compensation: row.compensation,
    force_majeure: row.force_majeure,
    compensate_by: row.compensate_by,
    rested_minutes: row.rested_minutes - scheduledRest,
    scheduled_rest_minutes: scheduledRest,
    paid_minutes: row.paid_minutes,
    owed_minutes: owedMinutes,
    overdue: row.compensation === 'rest' && isOverdue(owedMinutes, row.compensate_by, today),
    days: parseDays(row.days),
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
 * Why the employee may not work the overtime of `lot`, or null: a minor never (art. 6.3 ET, force
 * majeure included), a night worker or a part-time employee only in force majeure. The annual cap
 * is no reason: it flags, it never refuses (art. 35.2). A reduction is always allowed, and so are
 * complementary hours: ordinary work, not overtime (art. 12.5 ET), which a minor may do part-time.
 */
async function approvalRefusal(
  tx: RequestScope,
  user: UserRow,
  lot: OvertimeLotRow,
  forceMajeure: boolean,
): Promise<AppError | null> {
  if (lot.minutes <= 0 || lot.kind === 'complementary') return null
  const week = await weekOf(tx.db, tx.auth.tenant, user.id, lot.month)
  const ban = overtimeBan({ birthDate: user.birth_date, nightWorker: user.night_worker, week }, lot.month)
  if (ban === 'minor')
    return new AppError(
      'overtime_not_allowed',
      `The employee is a minor in ${lot.month}: no overtime may be approved, force majeure included (art. 6.3 ET). Record the wages due with /pay`,
    )
  if (!ban || forceMajeure) return null
  const who = { night_worker: 'a night worker', part_time: 'a part-time employee' }[ban]
  return new AppError(
    'overtime_not_allowed',
    `The employee is ${who} in ${lot.month} and may not work overtime: approve it only if it was force majeure`,
    [{ field: 'force_majeure', message: `required: the employee is ${who}` }],
  )
}

/**
 * The share of `year` an employee was employed (days employed over the days of the year), by
 * which a contract shorter than the year reduces the cap (art. 35.2 ET).
 */
export function employedShareOfYear(
  user: Pick<UserRow, 'hire_date' | 'employment_periods'> | null,
  year: number,
): number {
  if (!user) return 1
  const periods = parseEmploymentPeriods(user.employment_periods)
  return daysEmployedIn(user.hire_date, periods, `${year}-01-01`, `${year}-12-31`) / daysInYear(year)
}

/**
 * An employee's year toward the annual cap as of the scope's day (art. 35.2), with the cap of
 * `month`'s schedule and of the days they were employed in the year.
 */
export async function capOfYear(tx: RequestScope, userId: string, year: number, month: string) {
  const { db } = tx
  const tenant = tx.auth.tenant
  const [lots, draws, week, user] = await Promise.all([
    repo.lotsOfUser(db, tenant.id, userId),
    repo.drawsOfUser(db, tenant.id, userId),
    weekOf(db, tenant, userId, month),
    findUserRow(db, tenant.id, userId),
  ])
  // A minor's hours are a violation (art. 6.3), never overtime toward or at risk of the cap.
  const ofAdult = lots.filter((l) => !isMinorIn(user?.birth_date ?? null, l.month))
  const figures = capFigures(withRestTaken(ofAdult, draws), year, todayIn(tenant.timezone, new Date(tx.now)))
  const cap = annualCapMinutes(tenant.overtime_annual_cap_hours, week, employedShareOfYear(user ?? null, year))
  return { ...figures, cap, over: overCapMinutes(figures.counted, cap), week }
}

/**
 * An employee's complementary hours of `year` against their pact (art. 12.5 ET), as the balance
 * and the monthly report show them: the year's complementary lots, pending and approved; the
 * limit, the pact's and the voluntary percentages of the year's ordinary hours (their `week` over
 * the year's weeks, reduced for the days not employed as the cap is); what goes beyond it; and a
 * pact on a schedule too short for one (art. 12.5.a). Flags, never refusals.
 */
export function complementaryYearOf(
  lots: readonly Pick<OvertimeLotRow, 'kind' | 'month' | 'minutes'>[],
  user: Pick<
    UserRow,
    'hire_date' | 'employment_periods' | 'complementary_pact_percent' | 'complementary_voluntary_percent'
  > | null,
  week: WeekFacts,
  year: number,
) {
  const done = lots
    .filter((l) => l.kind === 'complementary' && l.month.startsWith(`${year}-`))
    .reduce((sum, l) => sum + l.minutes, 0)
  const figures = complementaryFigures(
    done,
    {
      pactPercent: user?.complementary_pact_percent ?? 0,
      voluntaryPercent: user?.complementary_voluntary_percent ?? 0,
    },
    ordinaryMinutesOfYear(week.own, year, employedShareOfYear(user, year)),
    week.own,
  )
  return {
    complementary_minutes: figures.minutes,
    complementary_limit_minutes: figures.limit,
    over_pact_minutes: figures.overPact,
    pact_below_minimum_hours: figures.pactBelowMinimum,
  }
}

/**
 * Announces `overtime.cap_exceeded` once per employee and year, when what counts toward the cap
 * has gone over it (an approval as pay, pay of a rest lot, or rest left untaken past its four
 * months). The caller holds the employee's row lock.
 */
export async function flagCapExceeded(tx: RequestScope, userId: string, year: number, month: string): Promise<boolean> {
  const { db, auth } = tx
  if (await repo.capFlagOf(db, auth.tenantId, userId, year)) return false
  const figures = await capOfYear(tx, userId, year, month)
  if (figures.over === 0) return false
  await repo.insertCapFlag(db, { tenant_id: auth.tenantId, user_id: userId, year, flagged_at: nowIsoOf(tx) })
  await recordEvent(tx, 'overtime.cap_exceeded', {
    user_id: userId,
    year,
    counted_toward_cap_minutes: figures.counted,
    cap_minutes: figures.cap,
    over_cap_minutes: figures.over,
  })
  return true
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
  const refusal = await approvalRefusal(tx, user, lot, decision.forceMajeure)
  if (refusal && decision.ifAllowed) return null
  if (refusal) throw refusal
  const now = nowIsoOf(tx)
  const patch = {
    status: 'approved' as const,
    compensation: decision.compensation,
    force_majeure: decision.forceMajeure,
    // The deadline follows the employee's terms as they are when the lot is approved.
    compensate_by: lotDeadline(
      { ...lot, days: parseDays(lot.days) },
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
  await flagCapExceeded(tx, lot.user_id, Number(lot.month.slice(0, 4)), lot.month)
  return approved
}

/**
 * Approves a lot that takes minutes away (an adjustment down): it is compensated as the month's
 * first approved lot of its kind was, and counts toward the cap as that one did, so it takes back
 * from the same figures.
 */
export async function approveReduction(
  tx: RequestScope,
  lot: OvertimeLotRow,
  by: string,
  note: string | null,
): Promise<OvertimeLotType | null> {
  const month = (await repo.lotsOfMonth(tx.db, tx.auth.tenantId, lot.month, [lot.user_id])).find(
    (l) => l.kind === lot.kind && l.status === 'approved' && l.compensation !== null,
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
    if (lot.minutes < 0) return (await approveReduction(tx, lot, auth.actor.id, body.note ?? null))!
    if (lot.kind === 'complementary') return approveComplementary(tx, lot, body)
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
  })
}

/**
 * Approves a complementary lot: its hours are ordinary work paid as such (art. 12.5.h ET), so it is
 * paid, and it is no overtime to call force majeure.
 */
async function approveComplementary(
  tx: RequestScope,
  lot: OvertimeLotRow,
  body: DecideLotBodyType,
): Promise<OvertimeLotType> {
  if (body.compensation === 'rest')
    throw invalidField(
      'compensation',
      'complementary hours are paid as ordinary hours (art. 12.5.h ET), never compensated by rest: pay, or omit it',
    )
  if (body.force_majeure)
    throw invalidField('force_majeure', 'complementary hours are ordinary work, not overtime (art. 12.5 ET)')
  return (await approveLot(tx, lot, {
    compensation: 'pay',
    forceMajeure: false,
    note: body.note ?? null,
    by: tx.auth.actor.id,
  }))!
}

export async function payLot(scope: RequestScope, id: string, body: PayLotBodyType): Promise<OvertimeLotType> {
  return inTransaction(scope, async (tx) => {
    const { auth, db } = tx
    const lot = await lotForHr(tx, id, 'pay')
    if (body.payroll_month < lot.month)
      throw invalidField('payroll_month', `must be ${lot.month} or later: overtime is paid after it is worked`)
    // A minor's lot can never be approved (art. 6.3 ET), yet the hours were worked: pay records the
    // wages due on it while it stays pending, up to its minutes.
    const minorsLot =
      lot.status === 'pending' &&
      lot.kind === 'overtime' &&
      isMinorIn((await findUserRow(db, auth.tenantId, lot.user_id))!.birth_date, lot.month)
    const owed =
      lot.status === 'approved'
        ? (owedOf(await repo.lotsOfUser(db, auth.tenantId, lot.user_id)).get(id) ?? 0)
        : minorsLot
          ? Math.max(0, lot.minutes - lot.paid_minutes)
          : 0
    if (body.minutes > owed)
      throw new AppError(
        'overtime_lot_not_payable',
        lot.status === 'approved' || minorsLot
          ? `The lot owes ${owed} minutes; ${body.minutes} cannot be paid`
          : `The lot is ${lot.status}; only an approved lot, or a minor's, can be paid`,
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
    const today = todayIn(auth.tenant.timezone, new Date(tx.now))
    const scheduled = scheduledRestByLot(await repo.drawsOfUser(db, auth.tenantId, lot.user_id), today).get(id) ?? 0
    // Paying off rest makes it count toward the cap: it was not compensated by rest (art. 35.2).
    await flagCapExceeded(tx, lot.user_id, Number(lot.month.slice(0, 4)), lot.month)
    // A pending lot owes nothing as overtime (owed_minutes 0), a minor's included.
    return announced(tx, 'overtime.lot_paid', lotToApi(paid, minorsLot ? 0 : owed - body.minutes, today, scheduled))
  })
}
