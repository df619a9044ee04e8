/**
 * What the monthly record reads besides the daily record and the time record (which attendance's
 * front door gives): identity, absence labels, the late approval of an absence, names. A
 * worker's report runs each once; those of one worker are compiled once (reusableQuery), as
 * building a query costs more than running it.
 */
import { type Kysely, sql } from 'kysely'
import { reusableQuery } from '../../db/reusable-query.js'
import type { Database } from '../../db/schema.js'

type Db = Kysely<Database>

export interface ReportIdentity {
  id: string
  full_name: string
  dni: string | null
  company_name: string | null
  company_cif: string | null
  work_center_id: string | null
  work_center_name: string | null
}

const identityOf = reusableQuery((db: Db, tenantId: string, userId: string) =>
  db
    .selectFrom('users as u')
    .leftJoin('work_centers as w', (j) =>
      j.onRef('w.id', '=', 'u.work_center_id').onRef('w.tenant_id', '=', 'u.tenant_id'),
    )
    .select([
      'u.id',
      'u.full_name',
      'u.dni',
      'u.company_name',
      'u.company_cif',
      'u.work_center_id',
      'w.name as work_center_name',
    ])
    .where('u.tenant_id', '=', tenantId)
    .where('u.id', '=', userId),
)

export async function reportIdentity(db: Db, tenantId: string, userId: string): Promise<ReportIdentity | undefined> {
  return (await identityOf(db, tenantId, userId))[0]
}

export interface LabelledAbsence {
  user_id: string
  start_date: string
  end_date: string
  start_time: string | null
  end_time: string | null
  type: string
  label: string
  consumes_vacation: boolean
  interrupts_vacation: boolean
}

function labelledAbsences(db: Db, tenantId: string, users: string | readonly string[], from: string, to: string) {
  const q = db
    .selectFrom('absences as a')
    .innerJoin('absence_types as t', (j) => j.onRef('t.id', '=', 'a.type_id').onRef('t.tenant_id', '=', 'a.tenant_id'))
    .select(['a.user_id', 'a.start_date', 'a.end_date', 'a.start_time', 'a.end_time', 't.key as type', 't.label'])
    .select(['t.consumes_vacation', 't.interrupts_vacation'])
    .where('a.tenant_id', '=', tenantId)
  return (typeof users === 'string' ? q.where('a.user_id', '=', users) : q.where('a.user_id', 'in', users))
    .where('a.status', '=', sql.lit('approved'))
    .where('a.start_date', '<=', to)
    .where('a.end_date', '>=', from)
    .orderBy('a.start_date')
    .orderBy('a.start_time')
}

const labelledAbsencesOfOne = reusableQuery((db: Db, tenantId: string, userId: string, from: string, to: string) =>
  labelledAbsences(db, tenantId, userId, from, to),
)

/** Approved absences of the users overlapping [from, to], with their type's key and label. */
export async function approvedAbsencesWithLabels(
  db: Db,
  tenantId: string,
  userIds: readonly string[],
  from: string,
  to: string,
): Promise<LabelledAbsence[]> {
  if (userIds.length === 0) return []
  if (userIds.length === 1) return labelledAbsencesOfOne(db, tenantId, userIds[0]!, from, to)
  return labelledAbsences(db, tenantId, userIds, from, to).execute()
}

/**
 * The absence approved last, after `since`, among the employee's absences touching the month's
 * days: recorded afterwards (or approved late), it changed a month that may have been signed.
 */
export async function latestAbsenceApprovedAfter(
  db: Db,
  tenantId: string,
  userId: string,
  month: string,
  since: string,
): Promise<{ id: string; decided_at: string } | undefined> {
  const row = await db
    .selectFrom('absences')
    .select(['id', 'decided_at'])
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('status', '=', 'approved')
    .where('start_date', '<=', `${month}-31`)
    .where('end_date', '>=', `${month}-01`)
    .where('decided_at', '>', since)
    .orderBy('decided_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst()
  return row?.decided_at ? { id: row.id, decided_at: row.decided_at } : undefined
}

/** The full names of the given users of the company (the people in a report's trail). */
export async function namesOf(db: Db, tenantId: string, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map()
  const rows = await db
    .selectFrom('users')
    .select(['id', 'full_name'])
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .execute()
  return new Map(rows.map((r) => [r.id, r.full_name]))
}
