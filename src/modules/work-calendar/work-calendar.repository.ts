/**
 * What the work calendar reads: employees with their schedule and place, and their approved
 * absences. Company holidays are read by the holidays module.
 */
import { type Expression, type Kysely, type SqlBool, sql } from 'kysely'
import { paginate } from '../../db/paginate.js'
import { teamOf } from '../../db/team.js'
import { reusableQuery } from '../../db/reusable-query.js'
import type { Database } from '../../db/schema.js'
import type { Page } from '../../lib/pagination.js'
import type { AbsenceSpan } from './work-calendar.logic.js'

type Db = Kysely<Database>

/** What the work calendar needs to know about an employee: their place and employment (their schedule has a history of its own). */
export interface CalendarSubject {
  id: string
  full_name: string
  works_holidays: boolean
  hire_date: string | null
  /** JSON, see users.logic EmploymentPeriod. */
  employment_periods: string
  work_center_id: string | null
  work_center_country: string | null
  work_center_region: string | null
  /** Under 18 on a day: art. 34.3, 34.4 and 37.1 ET set shorter days and longer rests. */
  birth_date: string | null
  /** Art. 36.1 ET: a night worker's day is at most 8 hours averaged over 15 days. */
  night_worker: boolean
}

export interface SubjectFilters {
  userId?: string
  /** Only these employees (at most a page's worth: the list is one IN). */
  userIds?: readonly string[]
  status?: 'active' | 'disabled'
  departmentId?: string
  workCenterId?: string
  /** Only this supervisor's team (need-to-know); undefined: everyone. */
  teamOf?: string
  /**
   * Only employees for whom this condition on their id holds: one another module builds over its
   * own tables (attendance's punchedBetween, say), so that this list need not name them.
   */
  condition?: (userId: Expression<string>) => Expression<SqlBool>
}

function subjects(db: Db, tenantId: string, f: SubjectFilters) {
  let q = db
    .selectFrom('users as u')
    .leftJoin('work_centers as w', (j) =>
      j.onRef('w.id', '=', 'u.work_center_id').onRef('w.tenant_id', '=', 'u.tenant_id'),
    )
    .where('u.tenant_id', '=', tenantId)
  if (f.userId) q = q.where('u.id', '=', f.userId)
  if (f.userIds) q = f.userIds.length > 0 ? q.where('u.id', 'in', f.userIds) : q.where(sql.lit(false))
  if (f.status) q = q.where('u.status', '=', f.status)
  if (f.departmentId) q = q.where('u.department_id', '=', f.departmentId)
  if (f.workCenterId) q = q.where('u.work_center_id', '=', f.workCenterId)
  if (f.teamOf) q = q.where('u.id', 'in', teamOf(tenantId, f.teamOf))
  const condition = f.condition
  if (condition) q = q.where((eb) => condition(eb.ref('u.id')))
  return q
}

const SUBJECT_COLUMNS = [
  'u.id',
  'u.full_name',
  'u.works_holidays',
  'u.hire_date',
  'u.employment_periods',
  'u.work_center_id',
  'w.country as work_center_country',
  'w.region as work_center_region',
  'u.birth_date',
  'u.night_worker',
] as const

const subjectById = reusableQuery((db: Db, tenantId: string, userId: string) =>
  subjects(db, tenantId, { userId }).select(SUBJECT_COLUMNS),
)

/** One employee, for their daily record or their vacation balance. */
export async function calendarSubject(db: Db, tenantId: string, userId: string): Promise<CalendarSubject | undefined> {
  return (await subjectById(db, tenantId, userId))[0]
}

/** A page of employees in summary order: full name (case- and accent-insensitive), then id. */
export async function calendarSubjects(
  db: Db,
  tenantId: string,
  filters: SubjectFilters,
  window: { limit: number; offset: number },
): Promise<Page<CalendarSubject>> {
  return paginate(subjects(db, tenantId, filters), window, (q) =>
    q.select(SUBJECT_COLUMNS).orderBy('u.full_name_normalized').orderBy('u.id'),
  )
}

/**
 * An approved absence as the daily record needs it: whose, which days or hours, and whether it is
 * vacation (its type consumes vacation): work on a full day of any other absence (sick leave over
 * a worked day) is an anomaly and never overtime.
 */
export type ApprovedSpan = AbsenceSpan & { user_id: string; consumes_vacation: boolean }

const SPAN_COLUMNS = [
  'a.user_id',
  'a.start_date',
  'a.end_date',
  'a.start_time',
  'a.end_time',
  't.consumes_vacation',
] as const

/** Approved absences overlapping [from, to] of one employee or of several. */
function approvedSpans(db: Db, tenantId: string, users: string | readonly string[], from: string, to: string) {
  const q = db
    .selectFrom('absences as a')
    .innerJoin('absence_types as t', (j) => j.onRef('t.id', '=', 'a.type_id').onRef('t.tenant_id', '=', 'a.tenant_id'))
    .select(SPAN_COLUMNS)
    .where('a.tenant_id', '=', tenantId)
  return (typeof users === 'string' ? q.where('a.user_id', '=', users) : q.where('a.user_id', 'in', users))
    .where('a.status', '=', sql.lit('approved')) // a literal: a reusable query takes every parameter from its arguments
    .where('a.start_date', '<=', to)
    .where('a.end_date', '>=', from)
}

// One employee's (the daily record's) is compiled once; IN lists vary in length.
const approvedOfOneUser = reusableQuery((db: Db, tenantId: string, userId: string, from: string, to: string) =>
  approvedSpans(db, tenantId, userId, from, to),
)

/** Approved absences of the given users overlapping [from, to]: what reduces expected time. */
export async function approvedAbsencesBetween(
  db: Db,
  tenantId: string,
  userIds: readonly string[],
  from: string,
  to: string,
): Promise<ApprovedSpan[]> {
  if (userIds.length === 0) return []
  const rows =
    userIds.length === 1
      ? await approvedOfOneUser(db, tenantId, userIds[0]!, from, to)
      : await approvedSpans(db, tenantId, userIds, from, to).execute()
  return rows.map((row) => ({ ...row, consumes_vacation: Boolean(row.consumes_vacation) }))
}
