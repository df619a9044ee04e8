/**
 * Absences: the type catalogue, requests, decisions, cancellations and vacation balances. Every
 * check that two requests could race past (overlap, vacation balance) runs under the employee's
 * row lock; decisions and cancellations lock the absence itself.
 */
import type { RequestScope } from '../../auth/request-scope.js'
import {
  canAdministerEmployees,
  canCancelAbsence,
  canDecideAbsence,
  canRegisterAbsenceFor,
  recordsLimitedToTeamOf,
  seesEveryonesRecords,
} from '../../auth/policies.js'
import { canSeeRecordsOf } from '../../auth/visibility.js'
import { isUniqueViolation } from '../../db/errors.js'
import { lockRow } from '../../db/locks.js'
import { managerChain } from '../../db/team.js'
import type { TenantRow, UserRow } from '../../db/schema.js'
import type { AbsenceRow, AbsenceTypeRow } from './absences.tables.js'
import { type Db, type Unit, inTransaction, nowIsoOf } from '../../db/unit-of-work.js'
import { AppError, invalidField, notFound, permissionDenied } from '../../errors.js'
import { newId } from '../../lib/ids.js'
import { isoWeekday, todayIn } from '../../lib/calendar.js'
import { listBody, pageOf } from '../../lib/pagination.js'
import { findUserRow, isEmployedOn, parseEmploymentPeriods } from '../users/index.js'
import { type AbsenceSpan, dayExpectation } from '../work-calendar/index.js'
import { calendarSubject } from '../work-calendar/index.js'
import { loadWorkCalendars } from '../work-calendar/index.js'
import * as logic from './absences.logic.js'
import { announced } from '../events/index.js'
import { OVERTIME_REST_TYPE, assertRestOwed, giveBackRest, takeRest } from '../overtime/index.js'
import * as repo from './absences.repository.js'
import type {
  AbsenceApiType,
  AbsenceTypeType,
  CreateAbsenceBodyType,
  CreateAbsenceTypeBodyType,
  DecideAbsenceBodyType,
  ListAbsencesQueryType,
  UpdateAbsenceTypeBodyType,
} from './absences.schemas.js'

export function absenceToApi(row: repo.AbsenceWithType): AbsenceApiType {
  return {
    id: row.id,
    user_id: row.user_id,
    type: { key: row.type_key, label: row.type_label },
    status: row.status,
    start_date: row.start_date,
    end_date: row.end_date,
    start_time: row.start_time,
    end_time: row.end_time,
    created_at: row.created_at,
    decided_at: row.decided_at,
  }
}

export function typeToApi(row: AbsenceTypeRow): AbsenceTypeType {
  return {
    key: row.key,
    label: row.label,
    requires_approval: row.requires_approval,
    allows_hourly: row.allows_hourly,
    consumes_vacation: row.consumes_vacation,
  }
}

// ---------------------------------------------------------------------------------------------
// Type catalogue

/** The default catalogue every new company starts with, in its language, created at the unit's moment. */
export async function seedDefaultAbsenceTypes(
  unit: Unit,
  tenantId: string,
  language: TenantRow['language'],
): Promise<void> {
  const now = nowIsoOf(unit)
  await repo.insertTypes(
    unit.db,
    logic.DEFAULT_ABSENCE_TYPES.map(({ labels, ...t }) => ({
      id: newId('absenceType'),
      tenant_id: tenantId,
      ...t,
      label: labels[language],
      created_at: now,
    })),
  )
}

/** Vacation is counted in whole working days, so a type cannot both consume vacation and be hourly. */
function assertCoherentType(type: { allows_hourly: boolean; consumes_vacation: boolean }): void {
  if (type.allows_hourly && type.consumes_vacation) {
    throw invalidField('allows_hourly', 'a type that consumes vacation days cannot allow hourly absences')
  }
}

export async function listAbsenceTypes(scope: RequestScope, query: { page?: number; page_size?: number }) {
  const { db, auth } = scope
  const window = pageOf(query)
  return listBody(window, await repo.listTypes(db, auth.tenantId, window), typeToApi)
}

export async function createAbsenceType(
  scope: RequestScope,
  body: CreateAbsenceTypeBodyType,
): Promise<AbsenceTypeType> {
  const { auth } = scope
  const row: AbsenceTypeRow = {
    id: newId('absenceType'),
    tenant_id: auth.tenantId,
    key: body.key,
    label: body.label.trim(),
    requires_approval: body.requires_approval ?? true,
    allows_hourly: body.allows_hourly ?? false,
    consumes_vacation: body.consumes_vacation ?? false,
    created_at: nowIsoOf(scope),
  }
  assertCoherentType({ allows_hourly: row.allows_hourly, consumes_vacation: row.consumes_vacation })
  if (!canAdministerEmployees(auth.actor)) throw permissionDenied('Only an administrator may add absence types')
  const exists = () => new AppError('absence_type_exists', `An absence type with key "${body.key}" already exists`)
  try {
    await inTransaction(scope, async (tx) => {
      if (await repo.findTypeByKey(tx.db, auth.tenantId, body.key)) throw exists()
      await repo.insertTypes(tx.db, [row])
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw exists()
    throw error
  }
  return typeToApi(row)
}

export async function updateAbsenceType(
  scope: RequestScope,
  key: string,
  body: UpdateAbsenceTypeBodyType,
): Promise<AbsenceTypeType> {
  const { auth } = scope
  return inTransaction(scope, async (tx) => {
    const trx = tx.db
    const current = await repo.findTypeByKey(trx, auth.tenantId, key)
    if (!current) throw notFound('Absence type')
    const next = {
      ...typeToApi(current),
      ...Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)),
    }
    assertCoherentType(next)
    if (!canAdministerEmployees(auth.actor)) throw permissionDenied('Only an administrator may change absence types')
    if (key === OVERTIME_REST_TYPE && next.consumes_vacation)
      throw invalidField('consumes_vacation', 'rest for overtime draws on overtime owed, never on vacation')
    const patch: Partial<AbsenceTypeRow> = {}
    if (body.label !== undefined) patch.label = body.label.trim()
    if (body.requires_approval !== undefined) patch.requires_approval = body.requires_approval
    if (body.allows_hourly !== undefined) patch.allows_hourly = body.allows_hourly
    if (body.consumes_vacation !== undefined) patch.consumes_vacation = body.consumes_vacation
    if (Object.keys(patch).length > 0) await repo.updateType(trx, auth.tenantId, key, patch)
    return typeToApi((await repo.findTypeByKey(trx, auth.tenantId, key))!)
  })
}

// ---------------------------------------------------------------------------------------------
// Vacation balance

interface YearUsage {
  approved: number
  pending: number
}

type ActiveAbsence = Awaited<ReturnType<typeof repo.activeAbsencesOf>>[number]

/** The calendar years from `from`'s to `to`'s, as a list and as a date range. */
function yearsOf(from: string, to: string): { years: number[]; from: string; to: string } {
  const first = Number(from.slice(0, 4))
  const years = Array.from({ length: Number(to.slice(0, 4)) - first + 1 }, (_, i) => first + i)
  return { years, from: `${years[0]}-01-01`, to: `${years.at(-1)}-12-31` }
}

/**
 * Working days of pending and approved vacation of one employee in each of the given years, given
 * the employee's active absences in those years (and the days `extra`, a new request, would add).
 */
async function vacationUsage(
  trx: Db,
  tenant: TenantRow,
  userId: string,
  years: { years: number[]; from: string; to: string },
  absences: readonly ActiveAbsence[],
  extra?: AbsenceSpan,
): Promise<{ usage: Map<number, YearUsage>; extraDays: Map<number, number> }> {
  const subject = await calendarSubject(trx, tenant.id, userId)
  if (!subject) throw notFound('User')
  const calendarOf = await loadWorkCalendars(trx, tenant, [userId], years.from, years.to)
  const planOf = calendarOf(subject)
  // The same working days as the daily record (schedule, holidays, employment), ignoring absences.
  const isWorkingDay = (date: string) =>
    dayExpectation({ ...planOf(date, isoWeekday(date)), absenceMinutes: 0 }).isWorkday
  const usage = new Map<number, YearUsage>(years.years.map((y) => [y, { approved: 0, pending: 0 }]))
  for (const absence of absences) {
    if (!absence.consumes_vacation) continue
    // Only the days inside the years asked: the cost follows those, however long the absence.
    const within = {
      ...absence,
      start_date: absence.start_date < years.from ? years.from : absence.start_date,
      end_date: absence.end_date > years.to ? years.to : absence.end_date,
    }
    for (const [year, days] of logic.workingDaysByYear(within, isWorkingDay)) {
      const slot = usage.get(year)
      if (slot) slot[absence.status === 'approved' ? 'approved' : 'pending'] += days
    }
  }
  return { usage, extraDays: extra ? logic.workingDaysByYear(extra, isWorkingDay) : new Map() }
}

/** A year's vacation days of an employee: their annual figure in proportion to their employment in it. */
function vacationEntitlement(user: UserRow, tenant: TenantRow, year: number) {
  const periods = parseEmploymentPeriods(user.employment_periods)
  return logic.proratedVacationDays(
    user.vacation_days ?? tenant.default_vacation_days,
    year,
    (date) => isEmployedOn(user.hire_date, periods, date),
    tenant.vacation_rounding,
  )
}

/** `year` defaults to the scope's year in the company's zone. */
export async function vacationBalance(scope: RequestScope, userId: string, year: number | undefined) {
  const { db, auth } = scope
  const tenant = auth.tenant
  year ??= Number(todayIn(tenant.timezone, new Date(scope.now)).slice(0, 4))
  const user = await findUserRow(db, auth.tenantId, userId)
  if (!user || !(await canSeeRecordsOf(db, auth, userId))) throw notFound('User')
  const range = yearsOf(`${year}-01-01`, `${year}-12-31`)
  const absences = await repo.activeAbsencesOf(db, tenant.id, userId, range.from, range.to)
  const { usage } = await vacationUsage(db, tenant, userId, range, absences)
  const { approved, pending } = usage.get(year)!
  const annual = user.vacation_days ?? tenant.default_vacation_days
  const { days: entitled, employedDays } = vacationEntitlement(user, tenant, year)
  return {
    user_id: userId,
    year,
    annual,
    employed_days: employedDays,
    entitled,
    approved,
    pending,
    remaining: entitled - approved - pending,
  }
}

// ---------------------------------------------------------------------------------------------
// Requests

/** The type and the span of a new absence, or 400 naming each problem. */
async function checkedNewAbsence(scope: RequestScope, body: CreateAbsenceBodyType, kind: 'request' | 'record') {
  const type = await repo.findTypeByKey(scope.db, scope.auth.tenantId, body.type)
  if (!type) throw invalidField('type', `is not an absence type of this company (see GET /api/v1/absence-types)`)
  const span: AbsenceSpan = {
    start_date: body.start_date,
    end_date: body.end_date,
    start_time: body.start_time ?? null,
    end_time: body.end_time ?? null,
  }
  const problems = logic.requestProblems(
    { ...span, type: { allows_hourly: type.allows_hourly } },
    todayIn(scope.auth.tenant.timezone, new Date(scope.now)),
    kind,
  )
  if (problems.length > 0)
    throw new AppError('invalid_request', `Invalid absence: ${problems.map((p) => p.field).join(', ')}`, problems)
  return { type, span }
}

/**
 * Writes a new absence under the employee's row lock, after the rules every absence passes: no
 * overlap with a pending or approved one, and vacation within the year's entitlement.
 */
async function insertCheckedAbsence(
  tx: RequestScope,
  user: UserRow,
  type: AbsenceTypeRow,
  span: AbsenceSpan,
  note: string | undefined,
  decision: { status: 'pending' | 'approved'; decidedBy: string | null },
): Promise<AbsenceApiType> {
  const trx = tx.db
  const tenant = tx.auth.tenant
  // One read serves both checks: the employee's active absences in the request's years.
  const years = yearsOf(span.start_date, span.end_date)
  const existing = await repo.activeAbsencesOf(trx, tenant.id, user.id, years.from, years.to)
  if (existing.some((a) => logic.absencesOverlap(a, span))) {
    throw new AppError('absence_overlap', 'The absence overlaps a pending or approved absence of the employee')
  }
  if (type.consumes_vacation) {
    const { usage, extraDays } = await vacationUsage(trx, tenant, user.id, years, existing, span)
    for (const [year, days] of extraDays) {
      const entitled = vacationEntitlement(user, tenant, year).days
      const used = usage.get(year)!
      if (used.approved + used.pending + days > entitled) {
        throw new AppError(
          'vacation_balance_exceeded',
          `${year}: ${days} more vacation days would make ${used.approved + used.pending + days}, over the ${entitled} days of the year`,
        )
      }
    }
  }
  // Rest for overtime must be owed: refused when asked for, not only when approved.
  if (type.key === OVERTIME_REST_TYPE) await assertRestOwed(tx, { user_id: user.id, ...span })
  const now = nowIsoOf(tx)
  const row: AbsenceRow = {
    id: newId('absence'),
    tenant_id: tenant.id,
    user_id: user.id,
    type_id: type.id,
    status: decision.status,
    ...span,
    request_note: note ?? null,
    decision_note: null,
    decided_by: decision.decidedBy,
    decided_at: decision.status === 'approved' ? now : null,
    cancelled_at: null,
    created_at: now,
    updated_at: now,
  }
  await repo.insertAbsence(trx, row)
  if (type.key === OVERTIME_REST_TYPE && row.status === 'approved') await takeRest(tx, row)
  return announced(tx, 'absence.created', absenceToApi({ ...row, type_key: type.key, type_label: type.label }))
}

export async function createAbsence(scope: RequestScope, body: CreateAbsenceBodyType): Promise<AbsenceApiType> {
  const { auth } = scope
  const { type, span } = await checkedNewAbsence(scope, body, 'request')
  return inTransaction(scope, async (tx) => {
    const trx = tx.db
    await lockRow(trx, 'users', auth.tenantId, body.user_id)
    const user = await findUserRow(trx, auth.tenantId, body.user_id)
    if (!user) throw notFound('User')
    if (!canRegisterAbsenceFor(auth.actor, user.id)) {
      throw permissionDenied('Only an administrator may register absences for another employee')
    }
    if (user.status !== 'active')
      throw new AppError('user_disabled', 'Absences cannot be registered for a disabled user')
    const approvedAtOnce = !type.requires_approval
    return insertCheckedAbsence(tx, user, type, span, body.note, {
      status: approvedAtOnce ? 'approved' : 'pending',
      decidedBy: null,
    })
  })
}

/**
 * Records an absence that already happened (last week's sick leave), up to four years back: HR
 * and administrators only, approved at once by them, under the same overlap and vacation rules.
 * The days and reports of those dates change with it; a month the employee signed shows its
 * signature superseded by this absence, as a correction would.
 */
export async function recordPastAbsence(scope: RequestScope, body: CreateAbsenceBodyType): Promise<AbsenceApiType> {
  const { auth } = scope
  const { type, span } = await checkedNewAbsence(scope, body, 'record')
  return inTransaction(scope, async (tx) => {
    const trx = tx.db
    await lockRow(trx, 'users', auth.tenantId, body.user_id)
    const user = await findUserRow(trx, auth.tenantId, body.user_id)
    if (!user || !(await canSeeRecordsOf(trx, auth, user.id))) throw notFound('User')
    if (!seesEveryonesRecords(auth))
      throw permissionDenied('Only HR and administrators record absences that already happened')
    // A former employee's past is theirs too: a disabled user's absences may be recorded.
    return insertCheckedAbsence(tx, user, type, span, body.note, { status: 'approved', decidedBy: auth.actor.id })
  })
}

/** The absence, if it exists and its employee's records are visible to the caller; else 404. */
async function visibleAbsence(scope: RequestScope, id: string): Promise<repo.AbsenceWithType> {
  const { db, auth } = scope
  const row = await repo.findAbsence(db, auth.tenantId, id)
  if (!row || !(await canSeeRecordsOf(db, auth, row.user_id))) throw notFound('Absence')
  return row
}

export async function getAbsence(scope: RequestScope, id: string): Promise<AbsenceApiType> {
  return absenceToApi(await visibleAbsence(scope, id))
}

export async function listAbsences(scope: RequestScope, query: ListAbsencesQueryType) {
  const { db, auth } = scope
  if (query.to < query.from) throw invalidField('to', 'must be on or after from')
  const window = pageOf(query)
  const filters = {
    from: query.from,
    to: query.to,
    userId: query.user_id,
    status: query.status,
    typeKey: query.type,
    teamOf: recordsLimitedToTeamOf(auth) ?? undefined,
  }
  return listBody(window, await repo.listAbsences(db, auth.tenantId, filters, window), absenceToApi)
}

export async function decideAbsence(
  scope: RequestScope,
  id: string,
  body: DecideAbsenceBodyType,
): Promise<AbsenceApiType> {
  const { auth } = scope
  // The answer is read inside the transaction: it is the absence as this decision left it, even if
  // a cancellation commits right after.
  return inTransaction(scope, async (tx) => {
    const trx = tx.db
    await lockRow(trx, 'absences', auth.tenantId, id)
    const absence = await visibleAbsence(tx, id)
    const chain = await managerChain(trx, auth.tenantId, absence.user_id)
    if (!canDecideAbsence(auth.actor, absence.user_id, auth.tenant.hr_department_id, chain)) {
      throw permissionDenied(
        absence.user_id === auth.actor.id
          ? 'Nobody may decide their own absences'
          : 'Only a member of the HR department or a supervisor of the employee may decide this absence',
      )
    }
    if (absence.status !== 'pending')
      throw new AppError(
        'absence_not_pending',
        `The absence is ${absence.status}; only a pending absence can be decided`,
      )
    if (absence.type_key === OVERTIME_REST_TYPE && body.decision === 'approved') await takeRest(tx, absence)
    await repo.updateAbsence(trx, auth.tenantId, id, {
      status: body.decision,
      decided_at: nowIsoOf(tx),
      updated_at: nowIsoOf(tx),
      decided_by: auth.actor.id,
      decision_note: body.note ?? null,
    })
    const decided = absenceToApi((await repo.findAbsence(trx, auth.tenantId, id))!)
    return announced(tx, body.decision === 'approved' ? 'absence.approved' : 'absence.rejected', decided)
  })
}

export async function cancelAbsence(scope: RequestScope, id: string): Promise<AbsenceApiType> {
  const { auth } = scope
  const today = todayIn(auth.tenant.timezone, new Date(scope.now))
  return inTransaction(scope, async (tx) => {
    const trx = tx.db
    await lockRow(trx, 'absences', auth.tenantId, id)
    const absence = await visibleAbsence(tx, id)
    if (!canCancelAbsence(auth.actor, absence.user_id, auth.tenant.hr_department_id)) {
      throw permissionDenied('Only the employee or the HR department may cancel this absence')
    }
    if (!logic.ACTIVE_STATUSES.includes(absence.status) || absence.end_date < today) {
      throw new AppError(
        'absence_not_cancellable',
        `The absence is ${absence.status}${absence.end_date < today ? ' and has ended' : ''}; it cannot be cancelled`,
      )
    }
    if (absence.type_key === OVERTIME_REST_TYPE && absence.status === 'approved') await giveBackRest(tx, absence)
    await repo.updateAbsence(trx, auth.tenantId, id, {
      status: 'cancelled',
      cancelled_at: nowIsoOf(tx),
      updated_at: nowIsoOf(tx),
    })
    return announced(tx, 'absence.cancelled', absenceToApi((await repo.findAbsence(trx, auth.tenantId, id))!))
  })
}
