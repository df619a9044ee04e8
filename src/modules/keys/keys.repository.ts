import type { Actor } from '../../auth/context.js'
import type { Kysely } from 'kysely'
import { paginate } from '../../db/paginate.js'
import type { Page } from '../../lib/pagination.js'
import { reusableQuery } from '../../db/reusable-query.js'
import type { Database, TenantRow } from '../../db/schema.js'
import type { ApiKeyRow } from './keys.tables.js'
import type { JsonText } from '../../db/codec.js'

export interface KeyWithActor {
  id: string
  tenant_id: string
  secret_hash: string
  scopes: JsonText<string[]>
  expires_at: string | null
  revoked_at: string | null
  last_used_at: string | null
  user_id: string
  user_email: string
  user_full_name: string
  user_role: 'member' | 'admin'
  user_status: 'active' | 'disabled'
  user_department_id: string | null
  user_representative: boolean | number
  kind: 'standard' | 'inspector'
  created_by_user_id: string | null
  tenant_name: string
  tenant_timezone: string
  tenant_default_vacation_days: number
  tenant_vacation_rounding: TenantRow['vacation_rounding']
  tenant_vacation_unit: TenantRow['vacation_unit']
  tenant_country: string | null
  tenant_region: string | null
  tenant_hr_department_id: string | null
  tenant_default_folders: JsonText<string[]>
  tenant_default_schedule_id: string | null
  tenant_max_session_hours: number
  tenant_break_after_minutes: number
  tenant_min_break_minutes: number
  tenant_min_daily_rest_hours: number
  tenant_max_ordinary_day_hours: number
  tenant_remember_device_hours: number
  tenant_notification_defaults: string | null
  tenant_legal_name: string | null
  tenant_cif: string | null
  tenant_language: TenantRow['language']
  tenant_overtime_basis: TenantRow['overtime_basis']
  tenant_overtime_compensation: TenantRow['overtime_compensation']
  tenant_overtime_comp_expiry: string
  tenant_overtime_annual_cap_hours: number
  tenant_overtime_approval: TenantRow['overtime_approval']
  tenant_created_at: string
}

/** The acting user of a key or a session, as the caller of its requests. */
export function actorOfKey(
  found: Pick<
    KeyWithActor,
    'user_id' | 'user_email' | 'user_full_name' | 'user_role' | 'user_department_id' | 'user_representative'
  >,
): Actor {
  return {
    id: found.user_id,
    email: found.user_email,
    fullName: found.user_full_name,
    role: found.user_role,
    departmentId: found.user_department_id,
    representative: Boolean(found.user_representative),
  }
}

/** The tenant columns of a key or session lookup, as the tenant row they came from. */
export function tenantOfKey(
  found: Pick<KeyWithActor, 'tenant_id' | (`tenant_${string}` & keyof KeyWithActor)>,
): TenantRow {
  return {
    id: found.tenant_id,
    name: found.tenant_name,
    timezone: found.tenant_timezone,
    default_vacation_days: found.tenant_default_vacation_days,
    vacation_rounding: found.tenant_vacation_rounding,
    vacation_unit: found.tenant_vacation_unit,
    country: found.tenant_country,
    region: found.tenant_region,
    hr_department_id: found.tenant_hr_department_id,
    default_folders: found.tenant_default_folders,
    default_schedule_id: found.tenant_default_schedule_id,
    max_session_hours: found.tenant_max_session_hours,
    break_after_minutes: found.tenant_break_after_minutes,
    min_break_minutes: found.tenant_min_break_minutes,
    min_daily_rest_hours: found.tenant_min_daily_rest_hours,
    max_ordinary_day_hours: found.tenant_max_ordinary_day_hours,
    remember_device_hours: found.tenant_remember_device_hours,
    notification_defaults: found.tenant_notification_defaults,
    legal_name: found.tenant_legal_name,
    cif: found.tenant_cif,
    language: found.tenant_language,
    overtime_basis: found.tenant_overtime_basis,
    overtime_compensation: found.tenant_overtime_compensation,
    overtime_comp_expiry: found.tenant_overtime_comp_expiry,
    overtime_annual_cap_hours: found.tenant_overtime_annual_cap_hours,
    overtime_approval: found.tenant_overtime_approval,
    created_at: found.tenant_created_at,
  }
}

/**
 * The acting user and the company, read with a key or a session in the same query (users as `u`,
 * tenants as `t`): authenticating a request is one round trip.
 */
export const ACTOR_AND_TENANT_COLUMNS = [
  'u.id as user_id',
  'u.email as user_email',
  'u.full_name as user_full_name',
  'u.role as user_role',
  'u.status as user_status',
  'u.department_id as user_department_id',
  'u.representative as user_representative',
  't.name as tenant_name',
  't.timezone as tenant_timezone',
  't.default_vacation_days as tenant_default_vacation_days',
  't.vacation_rounding as tenant_vacation_rounding',
  't.vacation_unit as tenant_vacation_unit',
  't.country as tenant_country',
  't.region as tenant_region',
  't.hr_department_id as tenant_hr_department_id',
  't.default_folders as tenant_default_folders',
  't.default_schedule_id as tenant_default_schedule_id',
  't.max_session_hours as tenant_max_session_hours',
  't.break_after_minutes as tenant_break_after_minutes',
  't.min_break_minutes as tenant_min_break_minutes',
  't.min_daily_rest_hours as tenant_min_daily_rest_hours',
  't.max_ordinary_day_hours as tenant_max_ordinary_day_hours',
  't.remember_device_hours as tenant_remember_device_hours',
  't.notification_defaults as tenant_notification_defaults',
  't.legal_name as tenant_legal_name',
  't.cif as tenant_cif',
  't.language as tenant_language',
  't.overtime_basis as tenant_overtime_basis',
  't.overtime_compensation as tenant_overtime_compensation',
  't.overtime_comp_expiry as tenant_overtime_comp_expiry',
  't.overtime_annual_cap_hours as tenant_overtime_annual_cap_hours',
  't.overtime_approval as tenant_overtime_approval',
  't.created_at as tenant_created_at',
] as const

const keyWithActor = reusableQuery((db: Kysely<Database>, keyId: string) =>
  db
    .selectFrom('api_keys as k')
    .innerJoin('users as u', (j) => j.onRef('u.id', '=', 'k.acts_as_user_id').onRef('u.tenant_id', '=', 'k.tenant_id'))
    .innerJoin('tenants as t', 't.id', 'k.tenant_id')
    .select([
      'k.id',
      'k.tenant_id',
      'k.secret_hash',
      'k.scopes',
      'k.expires_at',
      'k.revoked_at',
      'k.last_used_at',
      'k.kind',
      'k.created_by_user_id',
      ...ACTOR_AND_TENANT_COLUMNS,
    ])
    .where('k.id', '=', keyId),
)

/** One indexed read per request: the key, its acting user and its tenant. */
export async function findKeyWithActor(db: Kysely<Database>, keyId: string): Promise<KeyWithActor | undefined> {
  return (await keyWithActor(db, keyId))[0]
}

const authEpoch = reusableQuery((db: Kysely<Database>) => db.selectFrom('auth_epoch').select('n').where('id', '=', 1))

/**
 * The authentication epoch (migration 0013): moved forward by every committed change to what a
 * key lookup reads. Read at once on a free SQLite connection, else with a query.
 */
export function currentAuthEpoch(db: Kysely<Database>): number | Promise<number> {
  const rows = authEpoch(db)
  return Array.isArray(rows) ? Number(rows[0]!.n) : rows.then((read) => Number(read[0]!.n))
}

/** last_used_at is written at most this often per key, to keep reads free of writes. */
const TOUCH_INTERVAL_MS = 60_000
/**
 * When this process last wrote last_used_at of each key: concurrent requests that all see a
 * stale value in the database must not all write it (each write is a durable commit).
 */
const lastTouched = new Map<string, number>()

/** Records that a key was used now: writes last_used_at when it is a minute old, once per process. */
export async function recordKeyUse(
  db: Kysely<Database>,
  key: Pick<KeyWithActor, 'id' | 'tenant_id' | 'last_used_at'>,
  now: Date,
): Promise<void> {
  const stale = key.last_used_at === null || Date.parse(key.last_used_at) + TOUCH_INTERVAL_MS <= now.getTime()
  if (!stale || (lastTouched.get(key.id) ?? 0) + TOUCH_INTERVAL_MS > now.getTime()) return
  lastTouched.set(key.id, now.getTime())
  if (lastTouched.size > 100_000) lastTouched.clear()
  await db
    .updateTable('api_keys')
    .set({ last_used_at: now.toISOString() })
    .where('tenant_id', '=', key.tenant_id)
    .where('id', '=', key.id)
    .execute()
}

export async function insertKey(db: Kysely<Database>, row: ApiKeyRow): Promise<void> {
  await db.insertInto('api_keys').values(row).execute()
}

export async function listKeys(db: Kysely<Database>, tenantId: string): Promise<ApiKeyRow[]> {
  return db
    .selectFrom('api_keys')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .orderBy('created_at')
    .orderBy('id')
    .execute()
}

export async function findKey(db: Kysely<Database>, keyId: string): Promise<ApiKeyRow | undefined> {
  return db.selectFrom('api_keys').selectAll().where('id', '=', keyId).executeTakeFirst()
}

export async function revokeKey(db: Kysely<Database>, tenantId: string, keyId: string, at: string): Promise<void> {
  await db
    .updateTable('api_keys')
    .set({ revoked_at: at })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', keyId)
    .where('revoked_at', 'is', null)
    .execute()
}

/** Revokes every key still working that acts as the user. */
export async function revokeKeysActingAs(
  db: Kysely<Database>,
  tenantId: string,
  userId: string,
  at: string,
): Promise<void> {
  await db
    .updateTable('api_keys')
    .set({ revoked_at: at })
    .where('tenant_id', '=', tenantId)
    .where('acts_as_user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute()
}

/**
 * Revokes the person's own personal keys made at or after `since`: keys made while their sign-in was
 * one the company issued, which whoever held that sign-in may have made
 * (docs/decisions/0024-only-the-worker-acts-as-the-worker.md).
 */
export async function revokePersonalKeysMadeSince(
  db: Kysely<Database>,
  tenantId: string,
  userId: string,
  since: string,
  at: string,
): Promise<void> {
  await db
    .updateTable('api_keys')
    .set({ revoked_at: at })
    .where('tenant_id', '=', tenantId)
    .where('acts_as_user_id', '=', userId)
    .where('created_by_user_id', '=', userId)
    .where('created_at', '>=', since)
    .where('revoked_at', 'is', null)
    .execute()
}

export interface KeyFilters {
  kind?: 'standard' | 'inspector' | undefined
  actsAsUserId?: string | undefined
  /** true: neither revoked nor expired at `now`; false: revoked or expired. */
  active?: boolean | undefined
}

/** Oldest first: created_at then id. */
export async function pageOfKeys(
  db: Kysely<Database>,
  tenantId: string,
  f: KeyFilters,
  window: { limit: number; offset: number },
  now: string,
): Promise<Page<ApiKeyRow>> {
  let q = db.selectFrom('api_keys').where('tenant_id', '=', tenantId)
  if (f.kind !== undefined) q = q.where('kind', '=', f.kind)
  if (f.actsAsUserId !== undefined) q = q.where('acts_as_user_id', '=', f.actsAsUserId)
  if (f.active === true)
    q = q
      .where('revoked_at', 'is', null)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
  if (f.active === false) q = q.where((eb) => eb.or([eb('revoked_at', 'is not', null), eb('expires_at', '<=', now)]))
  return paginate(q, window, (rows) => rows.selectAll().orderBy('created_at').orderBy('id'))
}

/** The user a new key is to act as: whether they exist in the company and are active. */
export async function findActingUser(
  db: Kysely<Database>,
  tenantId: string,
  userId: string,
): Promise<{ id: string; status: 'active' | 'disabled' } | undefined> {
  return db
    .selectFrom('users')
    .select(['id', 'status'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', userId)
    .executeTakeFirst()
}

/**
 * The personal keys of a user still working at `now` (created by them, acting as them, neither
 * revoked nor expired), oldest first: what the mail of a password change or reset lists.
 */
export async function workingPersonalKeysOf(
  db: Kysely<Database>,
  tenantId: string,
  userId: string,
  now: string,
): Promise<Pick<ApiKeyRow, 'id' | 'name' | 'created_at' | 'last_used_at'>[]> {
  return db
    .selectFrom('api_keys')
    .select(['id', 'name', 'created_at', 'last_used_at'])
    .where('tenant_id', '=', tenantId)
    .where('acts_as_user_id', '=', userId)
    .where('created_by_user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .orderBy('created_at')
    .orderBy('id')
    .limit(100)
    .execute()
}
