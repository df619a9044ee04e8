/**
 * What people see of overtime (docs/decisions/0018-overtime.md, with the need-to-know of
 * docs/decisions/0014-privacy-and-visibility.md): the lots, and an employee's balance of a year.
 * Their routes declare the overtime settlement (`reads.settles`, http/read-pipeline.ts), so the
 * company's lots are brought up to date before either reads them and no read misses an ended
 * month. And the rest lots past their deadline, announced once, and the years that rest left
 * untaken took over the annual cap, flagged once.
 */
import { companyAuth } from '../../auth/context.js'
import { recordsLimitedToTeamOf } from '../../auth/policies.js'
import { type RequestScope, noteRecordsRead } from '../../auth/request-scope.js'
import { canSeeRecordsOf } from '../../auth/visibility.js'
import { lockRow } from '../../db/locks.js'
import type { TenantRow } from '../../db/schema.js'
import { type Unit, inTransaction, nowIsoOf } from '../../db/unit-of-work.js'
import { notFound } from '../../errors.js'
import { todayIn } from '../../lib/calendar.js'
import { listBody, pageOf } from '../../lib/pagination.js'
import { recordEvent } from '../events/index.js'
import { findUserRow } from '../users/index.js'
import {
  capOfYear,
  complementaryYearOf,
  flagCapExceeded,
  lotToApi,
  owedOf,
  owedRestOf,
} from './lot-decisions.service.js'
import { proposeOvertimeLots } from './lot-proposals.service.js'
import { REST_WINDOW_MONTHS, isOverdue, monthsBefore, scheduledRestByLot, violationMinutes } from './overtime.logic.js'
import * as repo from './overtime.repository.js'
import type { BalanceQueryType, ListLotsQueryType, OvertimeBalanceType } from './overtime.schemas.js'

export async function listLots(scope: RequestScope, query: ListLotsQueryType) {
  const { db, auth } = scope
  const window = pageOf(query)
  const page = await repo.listLots(
    db,
    auth.tenantId,
    {
      userId: query.user_id,
      fromMonth: query.from,
      toMonth: query.to,
      status: query.status,
      kind: query.kind,
      teamOf: recordsLimitedToTeamOf(auth) ?? undefined,
    },
    window,
  )
  const users = [...new Set(page.rows.map((l) => l.user_id))]
  noteRecordsRead(scope, users)
  // What a lot owes depends on the other lots of its month (an adjustment down takes from them).
  const [theirLots, draws] = await Promise.all([
    repo.lotsOfUsers(db, auth.tenantId, users),
    repo.drawsOfUsers(db, auth.tenantId, users),
  ])
  const owed = new Map<string, number>()
  for (const userId of users)
    for (const [id, m] of owedOf(theirLots.filter((l) => l.user_id === userId))) owed.set(id, m)
  const today = todayIn(auth.tenant.timezone, new Date(scope.now))
  const scheduled = scheduledRestByLot(draws, today)
  return listBody(window, page, (row) => lotToApi(row, owed.get(row.id) ?? 0, today, scheduled.get(row.id) ?? 0))
}

export async function overtimeBalance(scope: RequestScope, query: BalanceQueryType): Promise<OvertimeBalanceType> {
  const { db, auth } = scope
  const tenant = auth.tenant
  const userId = query.user_id ?? auth.actor.id
  const today = todayIn(tenant.timezone, new Date(scope.now))
  const year = query.year ?? Number(today.slice(0, 4))
  const user = (await canSeeRecordsOf(db, auth, userId)) ? await findUserRow(db, auth.tenantId, userId) : undefined
  if (!user) throw notFound('User')
  noteRecordsRead(scope, [userId])
  const [lots, draws] = await Promise.all([
    repo.lotsOfUser(db, tenant.id, userId),
    repo.drawsOfUser(db, tenant.id, userId),
  ])
  const scheduled = scheduledRestByLot(draws, today)
  const owed = owedOf(lots)
  const rest = owedRestOf(lots, today)
  const minutesOf = (list: readonly { owed_minutes: number }[]) => list.reduce((total, o) => total + o.owed_minutes, 0)
  // The overtime figures are of overtime; a part-timer's complementary hours are apart (art. 12.5 ET).
  const overtime = lots.filter((l) => l.kind === 'overtime')
  const ofYear = overtime.filter((l) => l.month.startsWith(`${year}-`))
  const sum = (pick: (l: (typeof lots)[number]) => number) => ofYear.reduce((total, l) => total + pick(l), 0)
  // The cap of the year follows the schedule of its first month asked about: this month for this year.
  const cap = await capOfYear(
    scope,
    userId,
    year,
    year === Number(today.slice(0, 4)) ? today.slice(0, 7) : `${year}-01`,
  )
  return {
    user_id: userId,
    year,
    owed_rest_minutes: minutesOf(rest),
    overdue_minutes: minutesOf(rest.filter((o) => o.overdue)),
    next_deadline: rest.find((o) => !o.overdue)?.compensate_by ?? null,
    owed_pay_minutes: overtime
      .filter((l) => l.compensation === 'pay')
      .reduce((total, l) => total + (owed.get(l.id) ?? 0), 0),
    pending_minutes: sum((l) => (l.status === 'pending' ? l.minutes : 0)),
    approved_minutes: sum((l) => (l.status === 'approved' ? l.minutes : 0)),
    paid_minutes: sum((l) => l.paid_minutes),
    rested_minutes: sum((l) => l.rested_minutes - (scheduled.get(l.id) ?? 0)),
    scheduled_rest_minutes: sum((l) => scheduled.get(l.id) ?? 0),
    counted_toward_cap_minutes: cap.counted,
    at_risk_minutes: cap.atRisk,
    over_cap_minutes: cap.over,
    violation_minutes: violationMinutes(ofYear, user.birth_date),
    cap_minutes: cap.cap,
    ...complementaryYearOf(lots, user, cap.week, year),
  }
}

/**
 * Announces each rest lot that has passed its deadline with rest still owed
 * (`overtime.compensation_overdue`), once: the lot keeps its minutes and stays owed. Returns
 * how many it announced.
 */
export async function announceOverdueLots(unit: Unit, tenant: TenantRow): Promise<number> {
  const today = todayIn(tenant.timezone, new Date(unit.now))
  let announced = 0
  for (const candidate of await repo.overdueCandidates(unit.db, tenant.id, today)) {
    const scope: RequestScope = { db: unit.db, now: unit.now, auth: companyAuth(tenant) }
    announced += await inTransaction(scope, async (tx) => {
      await lockRow(tx.db, 'overtime_lots', tenant.id, candidate.id)
      const lot = await repo.findLot(tx.db, tenant.id, candidate.id)
      if (!lot || lot.overdue_announced_at !== null) return 0
      const owed = owedOf(await repo.lotsOfUser(tx.db, tenant.id, lot.user_id)).get(lot.id) ?? 0
      if (!isOverdue(owed, lot.compensate_by, today)) return 0
      const now = nowIsoOf(tx)
      await repo.updateLot(tx.db, tenant.id, lot.id, { overdue_announced_at: now, updated_at: now })
      const scheduled = scheduledRestByLot(await repo.drawsOfUser(tx.db, tenant.id, lot.user_id), today)
      await recordEvent(tx, 'overtime.compensation_overdue', lotToApi(lot, owed, today, scheduled.get(lot.id) ?? 0))
      return 1
    })
  }
  return announced
}

/**
 * Flags the employees whose rest left untaken past the four months of art. 35.2 has taken their
 * year over the annual cap (`overtime.cap_exceeded`, once per employee and year). Looks at the
 * lots whose four months ended within the last year. Returns how many it flagged.
 */
export async function flagCapsPassedByRest(unit: Unit, tenant: TenantRow): Promise<number> {
  const today = todayIn(tenant.timezone, new Date(unit.now))
  // Four months from the day worked: this month's passing windows are those of lots of the month
  // REST_WINDOW_MONTHS before it (flagCapExceeded tells which have passed).
  const lastPassed = monthsBefore(today.slice(0, 7), REST_WINDOW_MONTHS)
  const candidates = await repo.restPastWindowCandidates(unit.db, tenant.id, monthsBefore(lastPassed, 11), lastPassed)
  const years = new Map<string, { userId: string; year: number; month: string }>()
  for (const c of candidates)
    years.set(`${c.user_id} ${c.month.slice(0, 4)}`, {
      userId: c.user_id,
      year: Number(c.month.slice(0, 4)),
      month: c.month,
    })
  let flagged = 0
  for (const { userId, year, month } of years.values()) {
    const scope: RequestScope = { db: unit.db, now: unit.now, auth: companyAuth(tenant) }
    flagged += await inTransaction(scope, async (tx) => {
      await lockRow(tx.db, 'users', tenant.id, userId)
      return (await flagCapExceeded(tx, userId, year, month)) ? 1 : 0
    })
  }
  return flagged
}

/**
 * Housekeeping's overtime round for every company: proposes and follows lots, then announces
 * overdue rest. One company that fails does not hold back the others.
 */
export async function settleOvertime(
  unit: Unit,
  tenants: readonly TenantRow[],
): Promise<{ lots: number; overdue: number }> {
  const outcome = { lots: 0, overdue: 0 }
  const failures: Error[] = []
  for (const tenant of tenants) {
    try {
      outcome.lots += await proposeOvertimeLots(unit, tenant, { followPending: true })
      outcome.overdue += await announceOverdueLots(unit, tenant)
      await flagCapsPassedByRest(unit, tenant)
    } catch (error) {
      failures.push(error instanceof Error ? error : new Error(String(error)))
    }
  }
  if (failures.length > 0)
    throw new AggregateError(failures, `overtime of ${failures.length} companies could not be settled`)
  return outcome
}
