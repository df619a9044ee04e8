/** Absence and absence-type queries; every function takes the tenant id. */
import { type Kysely, sql } from 'kysely'
import { reusableQuery } from '../../db/reusable-query.js'
import type { AbsenceRow, AbsenceTypeRow, Database } from '../../db/schema.js'
import type { AbsenceSpan } from './absences.logic.js'

type Db = Kysely<Database>

/** An absence with its type's key and label. */
export interface AbsenceWithType extends AbsenceRow {
  type_key: string
  type_label: string
}

function withType(db: Db, tenantId: string) {
  return db
    .selectFrom('absences as a')
    .innerJoin('absence_types as t', (j) => j.onRef('t.id', '=', 'a.type_id').onRef('t.tenant_id', '=', 'a.tenant_id'))
    .selectAll('a')
    .select(['t.key as type_key', 't.label as type_label'])
    .where('a.tenant_id', '=', tenantId)
}

export async function findAbsence(db: Db, tenantId: string, id: string): Promise<AbsenceWithType | undefined> {
  return withType(db, tenantId).where('a.id', '=', id).executeTakeFirst()
}

/** An approved absence as the daily record needs it: whose, and which days or hours. */
export type ApprovedSpan = AbsenceSpan & { user_id: string }

const SPAN_COLUMNS = ['user_id', 'start_date', 'end_date', 'start_time', 'end_time'] as const

/** Approved absences overlapping [from, to] of one employee or of several. */
function approvedSpans(db: Db, tenantId: string, users: string | readonly string[], from: string, to: string) {
  const q = db.selectFrom('absences').select(SPAN_COLUMNS).where('tenant_id', '=', tenantId)
  return (typeof users === 'string' ? q.where('user_id', '=', users) : q.where('user_id', 'in', users))
    .where('status', '=', sql.lit('approved')) // a literal: a reusable query takes every parameter from its arguments
    .where('start_date', '<=', to)
    .where('end_date', '>=', from)
}

// One employee's (the daily record's) is compiled once; IN lists vary in length.
const approvedOfOneUser = reusableQuery((db: Db, tenantId: string, userId: string, from: string, to: string) => approvedSpans(db, tenantId, userId, from, to))

/** Approved absences of the given users overlapping [from, to]: what reduces expected time. */
export async function approvedAbsencesBetween(db: Db, tenantId: string, userIds: readonly string[], from: string, to: string): Promise<ApprovedSpan[]> {
  if (userIds.length === 0) return []
  if (userIds.length === 1) return approvedOfOneUser(db, tenantId, userIds[0]!, from, to)
  return approvedSpans(db, tenantId, userIds, from, to).execute()
}

/** The user's pending or approved absences overlapping [from, to], with their types. */
export async function activeAbsencesOf(db: Db, tenantId: string, userId: string, from: string, to: string): Promise<(AbsenceRow & { consumes_vacation: boolean | number })[]> {
  return db
    .selectFrom('absences as a')
    .innerJoin('absence_types as t', 't.id', 'a.type_id')
    .selectAll('a')
    .select('t.consumes_vacation')
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
  return q
}

/** Absences overlapping [from, to], most recent first: start_date, created_at, id, all descending. */
export async function listAbsences(
  db: Db,
  tenantId: string,
  filters: AbsenceFilters,
  page: { limit: number; offset: number },
): Promise<{ rows: AbsenceWithType[]; total: number }> {
  const rows = await filtered(db, tenantId, filters)
    .selectAll('a')
    .select(['t.key as type_key', 't.label as type_label'])
    .orderBy('a.start_date', 'desc')
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute()
  const { total } = await filtered(db, tenantId, filters)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow()
  return { rows, total: Number(total) }
}

export async function insertAbsence(db: Db, row: AbsenceRow): Promise<void> {
  await db.insertInto('absences').values(row).execute()
}

export async function updateAbsence(db: Db, tenantId: string, id: string, patch: Partial<AbsenceRow>): Promise<void> {
  await db.updateTable('absences').set(patch).where('tenant_id', '=', tenantId).where('id', '=', id).execute()
}

export async function findTypeByKey(db: Db, tenantId: string, key: string): Promise<AbsenceTypeRow | undefined> {
  return db.selectFrom('absence_types').selectAll().where('tenant_id', '=', tenantId).where('key', '=', key).executeTakeFirst()
}

export async function listTypes(db: Db, tenantId: string, page: { limit: number; offset: number }): Promise<{ rows: AbsenceTypeRow[]; total: number }> {
  const rows = await db
    .selectFrom('absence_types')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .orderBy('key')
    .limit(page.limit)
    .offset(page.offset)
    .execute()
  const { total } = await db
    .selectFrom('absence_types')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where('tenant_id', '=', tenantId)
    .executeTakeFirstOrThrow()
  return { rows, total: Number(total) }
}

export async function insertTypes(db: Db, rows: AbsenceTypeRow[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('absence_types').values(rows).execute()
}

export async function updateType(db: Db, tenantId: string, key: string, patch: Partial<AbsenceTypeRow>): Promise<void> {
  await db.updateTable('absence_types').set(patch).where('tenant_id', '=', tenantId).where('key', '=', key).execute()
}
