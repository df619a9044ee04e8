/**
 * What overtime reads and writes: lots, the rest drawn from them and the payments made on them,
 * each company's settlement (how far lots have been proposed), and the absences changed since a
 * settlement. The changes of the time record it looks for come from attendance's front door.
 */
import { sql } from 'kysely'
import { paginate } from '../../db/paginate.js'
import { teamOf } from '../../db/team.js'
import type {
  OvertimeCapFlagsTable,
  OvertimeLotRow,
  OvertimeLotsTable,
  OvertimePaymentsTable,
  OvertimeRestDrawsTable,
  OvertimeSettlementsTable,
} from './overtime.tables.js'
import type { Db } from '../../db/unit-of-work.js'
import type { Page } from '../../lib/pagination.js'

// ---------------------------------------------------------------------------------------------
// Settlements

export async function settlementOf(db: Db, tenantId: string): Promise<OvertimeSettlementsTable | undefined> {
  return db.selectFrom('overtime_settlements').selectAll().where('tenant_id', '=', tenantId).executeTakeFirst()
}

/**
 * Records how far a settlement went. Two instances may settle at once: each value only moves
 * forward (the first month fully settled only back), so the later of their readings stays.
 */
export async function saveSettlement(db: Db, row: OvertimeSettlementsTable): Promise<void> {
  await db
    .insertInto('overtime_settlements')
    .values(row)
    .onConflict((oc) =>
      oc.column('tenant_id').doUpdateSet({
        first_month: sql`case when excluded.first_month < overtime_settlements.first_month then excluded.first_month else overtime_settlements.first_month end`,
        settled_month: sql`case when excluded.settled_month > overtime_settlements.settled_month then excluded.settled_month else overtime_settlements.settled_month end`,
        changes_seen_until: sql`case when excluded.changes_seen_until > overtime_settlements.changes_seen_until then excluded.changes_seen_until else overtime_settlements.changes_seen_until end`,
      }),
    )
    .execute()
}

/** Absences whose status changed (or that were written) at or after `sinceIso` and begin before `beforeDate`. */
export async function absencesChangedSince(db: Db, tenantId: string, sinceIso: string, beforeDate: string) {
  return db
    .selectFrom('absences')
    .select(['user_id', 'start_date', 'end_date'])
    .where('tenant_id', '=', tenantId)
    .where('updated_at', '>=', sinceIso)
    .where('start_date', '<', beforeDate)
    .execute()
}

// ---------------------------------------------------------------------------------------------
// Lots

/** The lots of a month, of the given employees or of all. */
export async function lotsOfMonth(
  db: Db,
  tenantId: string,
  month: string,
  userIds?: readonly string[],
): Promise<OvertimeLotRow[]> {
  let q = db.selectFrom('overtime_lots').selectAll().where('tenant_id', '=', tenantId).where('month', '=', month)
  if (userIds) q = q.where('user_id', 'in', userIds.length > 0 ? userIds : [''])
  // Overtime before complementary hours (`kind` descending), each kind's lots in sequence.
  return q.orderBy('user_id').orderBy('kind', 'desc').orderBy('sequence').execute()
}

/** The employees and months that have a pending lot: what follows the record. */
export async function monthsWithPendingLots(db: Db, tenantId: string) {
  return db
    .selectFrom('overtime_lots')
    .select(['user_id', 'month'])
    .where('tenant_id', '=', tenantId)
    .where('status', '=', 'pending')
    .execute()
}

export async function findLot(db: Db, tenantId: string, id: string): Promise<OvertimeLotRow | undefined> {
  return db
    .selectFrom('overtime_lots')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst()
}

/** Every lot of an employee, oldest month first: what a balance and the drawing of rest read. */
export async function lotsOfUser(db: Db, tenantId: string, userId: string): Promise<OvertimeLotRow[]> {
  return lotsOfUsers(db, tenantId, [userId])
}

/** Every lot of some employees (a page of a report or an export), oldest month first. */
export async function lotsOfUsers(db: Db, tenantId: string, userIds: readonly string[]): Promise<OvertimeLotRow[]> {
  if (userIds.length === 0) return []
  return db
    .selectFrom('overtime_lots')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('user_id', 'in', userIds)
    .orderBy('month')
    .orderBy('kind', 'desc')
    .orderBy('sequence')
    .execute()
}

export async function insertLots(db: Db, rows: readonly OvertimeLotsTable[]): Promise<void> {
  if (rows.length > 0)
    await db
      .insertInto('overtime_lots')
      .values([...rows])
      .execute()
}

export async function updateLot(
  db: Db,
  tenantId: string,
  id: string,
  patch: Partial<OvertimeLotsTable> & { updated_at: string },
): Promise<void> {
  await db.updateTable('overtime_lots').set(patch).where('tenant_id', '=', tenantId).where('id', '=', id).execute()
}

/** Rest still owed is kept on the lot; rest and pay change it by a difference, never by a read value. */
export async function addToLot(
  db: Db,
  tenantId: string,
  id: string,
  column: 'rested_minutes' | 'paid_minutes',
  minutes: number,
  nowIso: string,
): Promise<void> {
  await db
    .updateTable('overtime_lots')
    .set({ [column]: sql`${sql.ref(column)} + ${minutes}`, updated_at: nowIso })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute()
}

export interface LotFilters {
  userId?: string
  fromMonth?: string
  toMonth?: string
  status?: OvertimeLotRow['status']
  kind?: OvertimeLotRow['kind']
  /** Only this supervisor's team (need-to-know); undefined: everyone. */
  teamOf?: string
}

export async function listLots(
  db: Db,
  tenantId: string,
  f: LotFilters,
  window: { limit: number; offset: number },
): Promise<Page<OvertimeLotRow>> {
  let q = db.selectFrom('overtime_lots').where('tenant_id', '=', tenantId)
  if (f.userId) q = q.where('user_id', '=', f.userId)
  if (f.fromMonth) q = q.where('month', '>=', f.fromMonth)
  if (f.toMonth) q = q.where('month', '<=', f.toMonth)
  if (f.status) q = q.where('status', '=', f.status)
  if (f.kind) q = q.where('kind', '=', f.kind)
  if (f.teamOf) q = q.where('user_id', 'in', teamOf(tenantId, f.teamOf))
  return paginate(q, window, (rows) =>
    rows
      .selectAll()
      .orderBy('month', 'desc')
      .orderBy('user_id')
      .orderBy('kind', 'desc')
      .orderBy('sequence')
      .orderBy('id'),
  )
}

/**
 * Rest lots past their deadline that still hold minutes neither rested nor paid and have not been
 * announced yet (a lot settled in full, or an adjustment down, never is one).
 */
export async function overdueCandidates(db: Db, tenantId: string, today: string): Promise<OvertimeLotRow[]> {
  return db
    .selectFrom('overtime_lots')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('status', '=', 'approved')
    .where('compensation', '=', 'rest')
    .where('overdue_announced_at', 'is', null)
    .where('compensate_by', '<', today)
    .where(sql<boolean>`minutes > rested_minutes + paid_minutes`)
    .execute()
}

// ---------------------------------------------------------------------------------------------
// Rest and pay

export async function insertDraws(db: Db, rows: readonly OvertimeRestDrawsTable[]): Promise<void> {
  if (rows.length > 0)
    await db
      .insertInto('overtime_rest_draws')
      .values([...rows])
      .execute()
}

export async function drawsOfAbsence(db: Db, tenantId: string, absenceId: string) {
  return db
    .selectFrom('overtime_rest_draws')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('absence_id', '=', absenceId)
    .execute()
}

export async function deleteDrawsOfAbsence(db: Db, tenantId: string, absenceId: string): Promise<void> {
  await db
    .deleteFrom('overtime_rest_draws')
    .where('tenant_id', '=', tenantId)
    .where('absence_id', '=', absenceId)
    .execute()
}

/** The rest taken from an employee's lots, each with the day it was taken. */
export async function drawsOfUser(db: Db, tenantId: string, userId: string) {
  return drawsOfUsers(db, tenantId, [userId])
}

/** The rest taken from the lots of some employees. */
export async function drawsOfUsers(db: Db, tenantId: string, userIds: readonly string[]) {
  if (userIds.length === 0) return []
  return db
    .selectFrom('overtime_rest_draws')
    .select(['lot_id', 'minutes', 'taken_on'])
    .where('tenant_id', '=', tenantId)
    .where('user_id', 'in', userIds)
    .execute()
}

export async function insertPayment(db: Db, row: OvertimePaymentsTable): Promise<void> {
  await db.insertInto('overtime_payments').values(row).execute()
}

// ---------------------------------------------------------------------------------------------
// The annual cap

export async function capFlagOf(db: Db, tenantId: string, userId: string, year: number) {
  return db
    .selectFrom('overtime_cap_flags')
    .select('flagged_at')
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('year', '=', year)
    .executeTakeFirst()
}

/** Once per employee and year: a second instance flagging at the same time writes nothing. */
export async function insertCapFlag(db: Db, row: OvertimeCapFlagsTable): Promise<void> {
  await db
    .insertInto('overtime_cap_flags')
    .values(row)
    .onConflict((oc) => oc.columns(['tenant_id', 'user_id', 'year']).doNothing())
    .execute()
}

/**
 * Employees and years whose rest may have just started counting toward the cap: approved rest
 * lots, not force majeure, with minutes neither rested nor paid, of the months from `fromMonth`
 * to `toMonth` (those whose four months have passed lately), in a year not flagged yet.
 */
export async function restPastWindowCandidates(db: Db, tenantId: string, fromMonth: string, toMonth: string) {
  return db
    .selectFrom('overtime_lots as l')
    .select(['l.user_id', 'l.month'])
    .where('l.tenant_id', '=', tenantId)
    .where('l.status', '=', 'approved')
    .where('l.compensation', '=', 'rest')
    .where('l.force_majeure', '=', false)
    .where('l.month', '>=', fromMonth)
    .where('l.month', '<=', toMonth)
    .where(sql<boolean>`l.minutes > l.rested_minutes + l.paid_minutes`)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('overtime_cap_flags as f')
            .select('f.year')
            .whereRef('f.tenant_id', '=', 'l.tenant_id')
            .whereRef('f.user_id', '=', 'l.user_id')
            .where(sql<boolean>`${sql.ref('f.year')} = cast(substr(${sql.ref('l.month')}, 1, 4) as integer)`),
        ),
      ),
    )
    .execute()
}

// ---------------------------------------------------------------------------------------------
// The record export (docs/decisions/0023-daily-limits-and-real-life.md)

/** The lots of some employees of the months from `fromMonth` to `toMonth`, by employee, month, kind and sequence. */
export async function lotsOfUsersBetween(
  db: Db,
  tenantId: string,
  userIds: readonly string[],
  fromMonth: string,
  toMonth: string,
): Promise<OvertimeLotRow[]> {
  if (userIds.length === 0) return []
  return db
    .selectFrom('overtime_lots')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('user_id', 'in', userIds)
    .where('month', '>=', fromMonth)
    .where('month', '<=', toMonth)
    .orderBy('user_id')
    .orderBy('month')
    .orderBy('kind')
    .orderBy('sequence')
    .execute()
}

/** The rest drawn from the given lots, each with its absence and day, in the order it was taken. */
export async function restDrawsOfLots(db: Db, tenantId: string, lotIds: readonly string[]) {
  if (lotIds.length === 0) return []
  return db
    .selectFrom('overtime_rest_draws')
    .select(['lot_id', 'absence_id', 'minutes', 'taken_on'])
    .where('tenant_id', '=', tenantId)
    .where('lot_id', 'in', lotIds)
    .orderBy('taken_on')
    .orderBy('absence_id')
    .execute()
}

/** The payments of the given lots, in the order they were made. */
export async function paymentsOfLots(db: Db, tenantId: string, lotIds: readonly string[]) {
  if (lotIds.length === 0) return []
  return db
    .selectFrom('overtime_payments')
    .select(['id', 'lot_id', 'minutes', 'payroll_month', 'paid_by', 'created_at'])
    .where('tenant_id', '=', tenantId)
    .where('lot_id', 'in', lotIds)
    .orderBy('created_at')
    .orderBy('id')
    .execute()
}

/**
 * Approved lots to be rested with minutes still owed whose deadline (`compensate_by`) falls in
 * [from, to], for the reminders of a near rest deadline.
 */
export async function restDueBetween(
  db: Db,
  tenantId: string,
  from: string,
  to: string,
): Promise<{ id: string; user_id: string; compensate_by: string; owed_minutes: number }[]> {
  const rows = await db
    .selectFrom('overtime_lots')
    .select(['id', 'user_id', 'compensate_by', 'minutes', 'rested_minutes', 'paid_minutes'])
    .where('tenant_id', '=', tenantId)
    .where('status', '=', 'approved')
    .where('compensation', '=', 'rest')
    .where('compensate_by', '>=', from)
    .where('compensate_by', '<=', to)
    .orderBy('compensate_by')
    .orderBy('id')
    .execute()
  return rows
    .map((r) => ({
      id: r.id,
      user_id: r.user_id,
      compensate_by: r.compensate_by,
      owed_minutes: r.minutes - r.rested_minutes - r.paid_minutes,
    }))
    .filter((r) => r.owed_minutes > 0)
}
