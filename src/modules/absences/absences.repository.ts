/** Absence and absence-type queries; every function takes the tenant id. */
import type { Kysely } from 'kysely'
import { paginate } from '../../db/paginate.js'
import { teamOf } from '../../db/team.js'
import type { Database } from '../../db/schema.js'
import type { AbsenceRow, AbsenceTypeRow } from './absences.tables.js'
import type { Page } from '../../lib/pagination.js'

type Db = Kysely<Database>

/** An absence with its type's key, label and vacation flags. */
export interface AbsenceWithType extends AbsenceRow {
  type_key: string
  type_label: string
  consumes_vacation: boolean
  interrupts_vacation: boolean
}

const TYPE_COLUMNS = [
  't.key as type_key',
  't.label as type_label',
  't.consumes_vacation',
  't.interrupts_vacation',
] as const

function withType(db: Db, tenantId: string) {
  return db
    .selectFrom('absences as a')
    .innerJoin('absence_types as t', (j) => j.onRef('t.id', '=', 'a.type_id').onRef('t.tenant_id', '=', 'a.tenant_id'))
    .selectAll('a')
    .select(TYPE_COLUMNS)
    .where('a.tenant_id', '=', tenantId)
}

export async function findAbsence(db: Db, tenantId: string, id: string): Promise<AbsenceWithType | undefined> {
  return withType(db, tenantId).where('a.id', '=', id).executeTakeFirst()
}

/** The user's pending or approved absences overlapping [from, to], with their types. */
export async function activeAbsencesOf(
  db: Db,
  tenantId: string,
  userId: string,
  from: string,
  to: string,
): Promise<(AbsenceRow & { consumes_vacation: boolean; interrupts_vacation: boolean })[]> {
  return db
    .selectFrom('absences as a')
    .innerJoin('absence_types as t', 't.id', 'a.type_id')
    .selectAll('a')
    .select(['t.consumes_vacation', 't.interrupts_vacation'])
    .where('a.tenant_id', '=', tenantId)
    .where('a.user_id', '=', userId)
    .where('a.status', 'in', ['pending', 'approved'])
    .where('a.start_date', '<=', to)
    .where('a.end_date', '>=', from)
    .execute()
}

export interface AbsenceFilters {
  from: string
  to: string
  userId?: string
  status?: AbsenceRow['status']
  typeKey?: string
  /** Only the absences of this supervisor's team (need-to-know); undefined: everyone's. */
  teamOf?: string
}

function filtered(db: Db, tenantId: string, f: AbsenceFilters) {
  let q = db
    .selectFrom('absences as a')
    .innerJoin('absence_types as t', (j) => j.onRef('t.id', '=', 'a.type_id').onRef('t.tenant_id', '=', 'a.tenant_id'))
    .where('a.tenant_id', '=', tenantId)
    .where('a.start_date', '<=', f.to)
    .where('a.end_date', '>=', f.from)
  if (f.userId) q = q.where('a.user_id', '=', f.userId)
  if (f.status) q = q.where('a.status', '=', f.status)
  if (f.typeKey) q = q.where('t.key', '=', f.typeKey)
  if (f.teamOf) q = q.where('a.user_id', 'in', teamOf(tenantId, f.teamOf))
  return q
}

/** Absences overlapping [from, to], most recent first: start_date, created_at, id, all descending. */
export async function listAbsences(
  db: Db,
  tenantId: string,
  filters: AbsenceFilters,
  window: { limit: number; offset: number },
): Promise<Page<AbsenceWithType>> {
  return paginate(filtered(db, tenantId, filters), window, (q) =>
    q
      .selectAll('a')
      .select(TYPE_COLUMNS)
      .orderBy('a.start_date', 'desc')
      .orderBy('a.created_at', 'desc')
      .orderBy('a.id', 'desc'),
  )
}

/**
 * Approved full-day absences of types that interrupt vacation (art. 38.3 ET), of the given users,
 * overlapping [from, to]: what the vacations among them show as interrupted.
 */
export async function interruptionsBetween(
  db: Db,
  tenantId: string,
  userIds: readonly string[],
  from: string,
  to: string,
): Promise<AbsenceWithType[]> {
  if (userIds.length === 0) return []
  return withType(db, tenantId)
    .where('a.user_id', 'in', userIds)
    .where('a.status', '=', 'approved')
    .where('t.interrupts_vacation', '=', true)
    .where('a.start_time', 'is', null)
    .where('a.start_date', '<=', to)
    .where('a.end_date', '>=', from)
    .orderBy('a.start_date')
    .orderBy('a.id')
    .execute()
}

export async function insertAbsence(db: Db, row: AbsenceRow): Promise<void> {
  await db.insertInto('absences').values(row).execute()
}

/** Every change of an absence says when it happened: overtime follows the record by `updated_at`. */
export async function updateAbsence(
  db: Db,
  tenantId: string,
  id: string,
  patch: Partial<AbsenceRow> & { updated_at: string },
): Promise<void> {
  await db.updateTable('absences').set(patch).where('tenant_id', '=', tenantId).where('id', '=', id).execute()
}

export async function findTypeByKey(db: Db, tenantId: string, key: string): Promise<AbsenceTypeRow | undefined> {
  return db
    .selectFrom('absence_types')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('key', '=', key)
    .executeTakeFirst()
}

/** The company's absence types, by key. */
export async function listTypes(
  db: Db,
  tenantId: string,
  window: { limit: number; offset: number },
): Promise<Page<AbsenceTypeRow>> {
  return paginate(db.selectFrom('absence_types').where('tenant_id', '=', tenantId), window, (q) =>
    q.selectAll().orderBy('key'),
  )
}

export async function insertTypes(db: Db, rows: AbsenceTypeRow[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('absence_types').values(rows).execute()
}

export async function updateType(db: Db, tenantId: string, key: string, patch: Partial<AbsenceTypeRow>): Promise<void> {
  await db.updateTable('absence_types').set(patch).where('tenant_id', '=', tenantId).where('key', '=', key).execute()
}

/**
 * Every absence of some employees overlapping [from, to], whatever its status, with its type: what
 * the record export writes (docs/decisions/0023-daily-limits-and-real-life.md). By employee, first
 * day, then id.
 */
export async function absencesOfUsersBetween(
  db: Db,
  tenantId: string,
  userIds: readonly string[],
  from: string,
  to: string,
): Promise<AbsenceWithType[]> {
  if (userIds.length === 0) return []
  return withType(db, tenantId)
    .where('a.user_id', 'in', userIds)
    .where('a.start_date', '<=', to)
    .where('a.end_date', '>=', from)
    .orderBy('a.user_id')
    .orderBy('a.start_date')
    .orderBy('a.id')
    .execute()
}

/**
 * Who has absence requests waiting for a decision, and when each was asked (the daily digest of
 * the reminders: it names people and counts, never a type or a reason, so nothing else is read).
 */
export function pendingRequestsOfCompany(
  db: Db,
  tenantId: string,
): Promise<Pick<AbsenceRow, 'id' | 'user_id' | 'created_at'>[]> {
  return db
    .selectFrom('absences')
    .select(['id', 'user_id', 'created_at'])
    .where('tenant_id', '=', tenantId)
    .where('status', '=', 'pending')
    .orderBy('created_at')
    .orderBy('id')
    .execute()
}
