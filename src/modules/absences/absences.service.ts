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

/**
 * An absence as the API shows it; `interrupted_by`, for approved vacation, the absences over it
 * that interrupt it (art. 38.3 ET), each clipped to the vacation's dates.
 */
export function absenceToApi(
  row: repo.AbsenceWithType,
  interrupted_by: AbsenceApiType['interrupted_by'] = [],
): AbsenceApiType {
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
    interrupted_by,
  }
}

/**
 * How each of `rows` is shown: approved vacation with the absences that interrupt it (art. 38.3
 * ET), read for all of them at once.
 */
async function absencesToApi(
  db: Db,
  tenantId: string,
  rows: readonly repo.AbsenceWithType[],
): Promise<AbsenceApiType[]> {
  const vacations = rows.filter((r) => r.consumes_vacation && r.status === 'approved')
  if (vacations.length === 0) return rows.map((row) => absenceToApi(row))
  const from = vacations.reduce((min, v) => (v.start_date < min ? v.start_date : min), vacations[0]!.start_date)
  const to = vacations.reduce((max, v) => (v.end_date > max ? v.end_date : max), vacations[0]!.end_date)
  const users = [...new Set(vacations.map((v) => v.user_id))]
  const interruptions = await repo.interruptionsBetween(db, tenantId, users, from, to)
  return rows.map((row) => {
    if (!vacations.includes(row)) return absenceToApi(row)
    const over = interruptions.flatMap((i) => {
      const part = i.user_id === row.user_id ? logic.clipped(i, row) : null
      return part
        ? [
            {
              absence_id: i.id,
              type: { key: i.type_key, label: i.type_label },
              start_date: part.start_date,
              end_date: part.end_date,
            },
          ]
        : []
    })
    return absenceToApi(row, over)
  })
}

async function oneToApi(db: Db, tenantId: string, row: repo.AbsenceWithType): Promise<AbsenceApiType> {
  return (await absencesToApi(db, tenantId, [row]))[0]!
}

export function typeToApi(row: AbsenceTypeRow): AbsenceTypeType {
  return {
    key: row.key,
    label: row.label,
    labels: row.labels ? (JSON.parse(row.labels) as AbsenceTypeType['labels']) : {},
    requires_approval: row.requires_approval,
    allows_hourly: row.allows_hourly,
    consumes_vacation: row.consumes_vacation,
    interrupts_vacation: row.interrupts_vacation,
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
      // Both names, so that each person reads the type in their own language.
      labels: JSON.stringify(labels),
      created_at: now,
    })),
  )
}

/** The names in each language as stored: trimmed, only those given, null when none. */
function storedLabels(labels: AbsenceTypeType['labels'] | undefined): string | null {
  const given = Object.entries(labels ?? {}).flatMap(([language, text]) => (text ? [[language, text.trim()]] : []))
  return given.length > 0 ? JSON.stringify(Object.fromEntries(given)) : null
}

/**
 * Vacation is counted in whole days, so a type cannot both consume vacation and be hourly; and a
 * type that interrupts vacation (art. 38.3 ET) gives vacation days back, so it cannot consume them.
 */
function assertCoherentType(type: {
  allows_hourly: boolean
  consumes_vacation: boolean
  interrupts_vacation: boolean
}): void {
  if (type.allows_hourly && type.consumes_vacation) {
    throw invalidField('allows_hourly', 'a type that consumes vacation days cannot allow hourly absences')
  }
  if (type.interrupts_vacation && type.consumes_vacation) {
    throw invalidField('interrupts_vacation', 'a type that consumes vacation days cannot interrupt vacation')
  }
}

export async function listAbsenceTypes(scope: RequestScope, query: { page?: number; page_size?: number }) {
  const { db, auth } = scope
  const window = pageOf(query)
  return listBody(window, await repo.listTypes(db, auth.tenantId, window), typeToApi)
}

/** One absence type by its key, to every key that may list them; unknown in the company is 404. */
export async function getAbsenceType(scope: RequestScope, key: string): Promise<AbsenceTypeType> {
  const { db, auth } = scope
  const row = await repo.findTypeByKey(db, auth.tenantId, key)
  if (!row) throw notFound('Absence type')
  return typeToApi(row)
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
    labels: storedLabels(body.labels),
    requires_approval: body.requires_approval ?? true,
    allows_hourly: body.allows_hourly ?? false,
    consumes_vacation: body.consumes_vacation ?? false,
    interrupts_vacation: body.interrupts_vacation ?? false,
    created_at: nowIsoOf(scope),
  }
  assertCoherentType(row)
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
    if (key === OVERTIME_REST_TYPE && next.interrupts_vacation)
      throw invalidField('interrupts_vacation', 'rest for overtime is taken outside vacation, never over it')
    const patch: Partial<AbsenceTypeRow> = {}
    if (body.label !== undefined) patch.label = body.label.trim()
    // A new label without names in each language leaves none: the old ones named what it was.
    if (body.labels !== undefined) patch.labels = storedLabels(body.labels)
    else if (body.label !== undefined && body.label.trim() !== current.label) patch.labels = null
    if (body.requires_approval !== undefined) patch.requires_approval = body.requires_approval
    if (body.allows_hourly !== undefined) patch.allows_hourly = body.allows_hourly
    if (body.consumes_vacation !== undefined) patch.consumes_vacation = body.consumes_vacation
    if (body.interrupts_vacation !== undefined) patch.interrupts_vacation = body.interrupts_vacation
    if (Object.keys(patch).length > 0) await repo.updateType(trx, auth.tenantId, key, patch)
    return typeToApi((await repo.findTypeByKey(trx, auth.tenantId, key))!)
  })
}

// ---------------------------------------------------------------------------------------------
// Vacation balance

type ActiveAbsence = Awaited<ReturnType<typeof repo.activeAbsencesOf>>[number]

/**
 * How far around the years asked the ledger looks when vacation was interrupted (art. 38.3 ET):
 * days carried into a year come from the two before it, which may have spent days carried from
 * theirs; a year's returned days are taken in the two after it.
 */
const LEDGER_YEARS_BACK = 4
const LEDGER_YEARS_AHEAD = 2

/** The employee's pending and approved absences a ledger of the years `first` to `last` needs. */
function ledgerAbsences(trx: Db, tenantId: string, userId: string, first: number, last: number) {
  return repo.activeAbsencesOf(
    trx,
    tenantId,
    userId,
    `${first - LEDGER_YEARS_BACK}-01-01`,
    `${last + LEDGER_YEARS_AHEAD}-12-31`,
  )
}

/**
 * Which dates a vacation counts, in the company's unit (art. 38.1 ET): every day employed
 * (`calendar_days`), or the working days of the daily record (schedule, holidays, employment),
 * absences aside.
 */
async function vacationDayCounter(
  trx: Db,
  tenant: TenantRow,
  user: UserRow,
  range: { from: string; to: string },
): Promise<(date: string) => boolean> {
  if (tenant.vacation_unit === 'calendar_days') {
    const periods = parseEmploymentPeriods(user.employment_periods)
    return (date) => isEmployedOn(user.hire_date, periods, date)
  }
  const subject = await calendarSubject(trx, tenant.id, user.id)
  if (!subject) throw notFound('User')
  const planOf = (await loadWorkCalendars(trx, tenant, [user.id], range.from, range.to))(subject)
  return (date) => dayExpectation({ ...planOf(date, isoWeekday(date)), absenceMinutes: 0 }).isWorkday
}

/**
 * The vacation ledger of the years `first` to `last` of an employee, given their absences read by
 * `ledgerAbsences`, with what a new request (`extra`) would add. Without interruptions each year
 * stands alone, as before art. 38.3 had to be counted; with one, the ledger runs from the years
 * before (days carried in) to the years after (where the returned days may still be taken).
 */
async function vacationLedgers(
  trx: Db,
  tenant: TenantRow,
  user: UserRow,
  first: number,
  last: number,
  absences: readonly ActiveAbsence[],
): Promise<(extra?: AbsenceSpan) => Map<number, logic.LedgerYear>> {
  const interrupters = absences.filter(logic.interruptsVacation)
  const vacations = absences.filter((a) => a.consumes_vacation)
  const interrupted = vacations.some((v) => interrupters.some((i) => logic.absencesOverlap(i, v)))
  const from = interrupted ? first - LEDGER_YEARS_BACK : first
  const to = interrupted ? last + LEDGER_YEARS_AHEAD : last
  const range = { from: `${from}-01-01`, to: `${to}-12-31` }
  const counts = await vacationDayCounter(trx, tenant, user, range)
  const years = Array.from({ length: to - from + 1 }, (_, i) => from + i)
  const entitled = new Map(years.map((y) => [y, vacationEntitlement(user, tenant, y).days]))
  const days = vacations.flatMap((v) => logic.vacationDaysOf(v, counts, logic.interruptedDates(v, interrupters), range))
  return (extra) =>
    logic.vacationLedger(
      years,
      (y) => entitled.get(y)!,
      extra ? [...days, ...logic.vacationDaysOf({ ...extra, status: 'pending' }, counts, new Set(), range)] : days,
    )
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
  const absences = await ledgerAbsences(db, tenant.id, userId, year, year)
  const ledger = (await vacationLedgers(db, tenant, user, year, year, absences))()
  const { approved, pending, interrupted, carried_in, remaining } = ledger.get(year)!
  const annual = user.vacation_days ?? tenant.default_vacation_days
  const { days: entitled, employedDays } = vacationEntitlement(user, tenant, year)
  return {
    user_id: userId,
    year,
    unit: tenant.vacation_unit,
    annual,
    employed_days: employedDays,
    entitled,
    approved,
    pending,
    interrupted,
    carried_in,
    remaining,
  }
}

/**
 * 409 `vacation_balance_exceeded` when the new vacation leaves days of some year that neither its
 * own days nor days carried into it cover, where none were before (a lowered entitlement does not
 * block other requests).
 */
function assertVacationFits(ledgerWith: (extra?: AbsenceSpan) => Map<number, logic.LedgerYear>, span: AbsenceSpan) {
  const before = ledgerWith()
  for (const [year, after] of ledgerWith(span)) {
    const was = before.get(year)!
    if (after.overdrawn <= was.overdrawn) continue
    const added = after.approved + after.pending - was.approved - was.pending
    const carried = after.carried_in.reduce((sum, c) => sum + c.days, 0)
    const available = `${after.entitled} days of the year${carried > 0 ? ` and ${carried} carried in` : ''}`
    throw new AppError(
      'vacation_balance_exceeded',
      added > 0
        ? `${year}: ${added} more vacation days would make ${after.approved + after.pending}, over the ${available}`
        : `${year}: vacation already asked for in ${year} takes the returned days this request would use (art. 38.3 ET)`,
    )
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
 * overlap with a pending or approved one (but for an absence interrupting approved vacation, art.
 * 38.3 ET), and vacation within the year's entitlement and the days carried into it.
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
  // One read serves both checks: the employee's active absences around the request's years.
  const first = Number(span.start_date.slice(0, 4))
  const last = Number(span.end_date.slice(0, 4))
  const existing = await ledgerAbsences(trx, tenant.id, user.id, first, last)
  if (logic.blockingOverlap({ ...span, interrupts_vacation: type.interrupts_vacation }, existing)) {
    throw new AppError('absence_overlap', 'The absence overlaps a pending or approved absence of the employee')
  }
  if (type.consumes_vacation) {
    assertVacationFits(await vacationLedgers(trx, tenant, user, first, last, existing), span)
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
  const created = {
    ...row,
    type_key: type.key,
    type_label: type.label,
    consumes_vacation: type.consumes_vacation,
    interrupts_vacation: type.interrupts_vacation,
  }
  return announced(tx, 'absence.created', absenceToApi(created))
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
  return oneToApi(scope.db, scope.auth.tenantId, await visibleAbsence(scope, id))
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
  const page = await repo.listAbsences(db, auth.tenantId, filters, window)
  const shown = await absencesToApi(db, auth.tenantId, page.rows)
  return listBody(window, { ...page, rows: shown }, (row) => row)
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
    const decided = await oneToApi(trx, auth.tenantId, (await repo.findAbsence(trx, auth.tenantId, id))!)
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
    const cancelled = await oneToApi(trx, auth.tenantId, (await repo.findAbsence(trx, auth.tenantId, id))!)
    return announced(tx, 'absence.cancelled', cancelled)
  })
}
