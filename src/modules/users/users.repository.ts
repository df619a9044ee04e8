/** Every users query. Each function takes the tenant id and filters by it. */
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely'
import { paginate } from '../../db/paginate.js'
import { reusableQuery } from '../../db/reusable-query.js'
import type { Page } from '../../lib/pagination.js'
import type { Database, NewUserRow, UserRow, UserUpdate, UsersTable } from '../../db/schema.js'
import type { FolderRow } from './users.tables.js'
import { PROFILE_FIELDS } from './users.logic.js'

type Db = Kysely<Database>

/**
 * The columns of a user its API forms show (users.mapper): 39 of 47. The password and PIN hashes,
 * the kiosk identifier and PIN state, the lower-cased search keys, the tenant and `updated_at` stay
 * in the database: they are not carried through a request that does not need them, and reading
 * fewer columns costs less (each value read becomes a new JavaScript string or number).
 */
const FORM_COLUMNS = [
  'id',
  'email',
  'full_name',
  'role',
  'status',
  'hire_date',
  'vacation_days',
  'works_holidays',
  'remote_work_allowed',
  'overtime_compensation',
  'overtime_comp_expiry',
  'night_worker',
  'complementary_pact_percent',
  'complementary_voluntary_percent',
  'representative',
  'has_photo',
  'department_id',
  'work_center_id',
  'manager_id',
  'schedule_id',
  'employment_periods',
  'created_at',
  ...PROFILE_FIELDS,
] as const satisfies readonly (keyof UserRow)[]

/** A user as its API forms need it: the form's columns and names from other tables. */
export interface UserWithRefs extends Pick<UserRow, (typeof FORM_COLUMNS)[number]> {
  department_name: string | null
  work_center_name: string | null
  default_vacation_days: number
}

const FORM_SELECTION = FORM_COLUMNS.map((column) => `u.${column}` as const)

/**
 * Adds to a query of `users as u` what the user's API form needs: its columns, and from other
 * tables as scalar subqueries rather than joins: on SQLite, reading every column of a user joined
 * to two other tables took about four times as long as reading it alone (about 55 µs against 14 µs
 * a user on the benchmark machine), and the subqueries cost one indexed read each. PostgreSQL plans
 * both alike.
 */
function withRefs(query: SelectQueryBuilder<Database & { u: UsersTable }, 'u', object>) {
  return query
    .select(FORM_SELECTION)
    .select((eb) => [
      eb
        .selectFrom('departments as d')
        .select('d.name')
        .whereRef('d.id', '=', 'u.department_id')
        .whereRef('d.tenant_id', '=', 'u.tenant_id')
        .as('department_name'),
      eb
        .selectFrom('work_centers as w')
        .select('w.name')
        .whereRef('w.id', '=', 'u.work_center_id')
        .whereRef('w.tenant_id', '=', 'u.tenant_id')
        .as('work_center_name'),
      eb
        .selectFrom('tenants as t')
        .select('t.default_vacation_days')
        .whereRef('t.id', '=', 'u.tenant_id')
        .as('default_vacation_days'),
    ])
}

const userById = reusableQuery((db: Db, tenantId: string, userId: string) =>
  withRefs(db.selectFrom('users as u')).where('u.tenant_id', '=', tenantId).where('u.id', '=', userId),
)

export async function findUser(db: Db, tenantId: string, userId: string): Promise<UserWithRefs | undefined> {
  return (await userById(db, tenantId, userId))[0] as UserWithRefs | undefined
}

/** The bare row, for checks inside write transactions. */
export async function findUserRow(db: Db, tenantId: string, userId: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', userId)
    .executeTakeFirst()
}

/** The user a kiosk identifier (the digits of their DNI) belongs to. */
export async function findUserByKioskId(db: Db, tenantId: string, kioskId: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('kiosk_id', '=', kioskId)
    .executeTakeFirst()
}

/**
 * Sets a user's kiosk PIN (its scrypt hash; null: no PIN, the kiosk signs them in no more),
 * whether it must be changed at first use, and since when the company issued it (null: the
 * person's own, docs/decisions/0024-only-the-worker-acts-as-the-worker.md).
 */
export async function setKioskPin(
  db: Db,
  tenantId: string,
  userId: string,
  pinHash: string | null,
  initial: boolean,
  at: string,
  companyIssuedAt: string | null,
): Promise<void> {
  await db
    .updateTable('users')
    .set({
      kiosk_pin_hash: pinHash,
      kiosk_pin_initial: initial,
      kiosk_pin_company_issued_at: pinHash === null ? null : companyIssuedAt,
      updated_at: at,
    })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', userId)
    .execute()
}

export async function findUserRows(db: Db, tenantId: string, userIds: readonly string[]): Promise<UserRow[]> {
  if (userIds.length === 0) return []
  return db.selectFrom('users').selectAll().where('tenant_id', '=', tenantId).where('id', 'in', userIds).execute()
}

export interface UserFilters {
  status?: 'active' | 'disabled'
  role?: 'member' | 'admin'
  departmentId?: string
  workCenterId?: string
  managerId?: string
  emailNormalized?: string
  /** Already lower-cased. */
  q?: string
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`)
}

function applyFilters<O>(
  query: SelectQueryBuilder<Database & { u: UsersTable }, 'u', O>,
  tenantId: string,
  f: UserFilters,
) {
  let q = query.where('u.tenant_id', '=', tenantId)
  if (f.status) q = q.where('u.status', '=', f.status)
  if (f.role) q = q.where('u.role', '=', f.role)
  if (f.departmentId) q = q.where('u.department_id', '=', f.departmentId)
  if (f.workCenterId) q = q.where('u.work_center_id', '=', f.workCenterId)
  if (f.managerId) q = q.where('u.manager_id', '=', f.managerId)
  if (f.emailNormalized !== undefined) q = q.where('u.email_normalized', '=', f.emailNormalized)
  if (f.q) {
    // Both columns are stored lower-cased, so plain LIKE behaves the same on both engines.
    const pattern = `%${escapeLike(f.q)}%`
    q = q.where((eb) =>
      eb.or([
        eb(sql`u.full_name_normalized`, 'like', sql`${pattern} escape '\\'`),
        eb(sql`u.email_normalized`, 'like', sql`${pattern} escape '\\'`),
      ]),
    )
  }
  return q
}

/** A page of users in the documented order: full name (case-insensitive), then id. */
export async function listUsers(
  db: Db,
  tenantId: string,
  filters: UserFilters,
  window: { limit: number; offset: number },
): Promise<Page<UserWithRefs>> {
  const page = await paginate(applyFilters(db.selectFrom('users as u'), tenantId, filters), window, (q) =>
    withRefs(q).orderBy('u.full_name_normalized').orderBy('u.id'),
  )
  return page as Page<UserWithRefs>
}

export async function insertUser(db: Db, row: NewUserRow): Promise<void> {
  await db.insertInto('users').values(row).execute()
}

export async function updateUser(db: Db, tenantId: string, userId: string, patch: UserUpdate): Promise<void> {
  await db.updateTable('users').set(patch).where('tenant_id', '=', tenantId).where('id', '=', userId).execute()
}

export async function emailInUse(db: Db, tenantId: string, emailNormalized: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('email_normalized', '=', emailNormalized)
    .executeTakeFirst()
  return row !== undefined
}

export async function kioskIdInUse(db: Db, tenantId: string, kioskId: string, exceptUserId?: string): Promise<boolean> {
  let q = db.selectFrom('users').select('id').where('tenant_id', '=', tenantId).where('kiosk_id', '=', kioskId)
  if (exceptUserId) q = q.where('id', '!=', exceptUserId)
  return (await q.executeTakeFirst()) !== undefined
}

export async function countActiveAdmins(db: Db, tenantId: string): Promise<number> {
  const { n } = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('role', '=', 'admin')
    .where('status', '=', 'active')
    .executeTakeFirstOrThrow()
  return Number(n)
}

export async function insertFolders(db: Db, rows: FolderRow[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('folders').values(rows).execute()
}

export async function listFolders(db: Db, tenantId: string, userId: string): Promise<FolderRow[]> {
  return db
    .selectFrom('folders')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .orderBy('position')
    .orderBy('id')
    .execute()
}

/**
 * Marks a person's sign-in credential as issued by the company since `at`, or clears the mark
 * (null) once the person replaced it (docs/decisions/0024-only-the-worker-acts-as-the-worker.md).
 */
export async function markCredentialsCompanyIssued(
  db: Db,
  tenantId: string,
  userId: string,
  at: string | null,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ credentials_company_issued_at: at })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', userId)
    .execute()
}
