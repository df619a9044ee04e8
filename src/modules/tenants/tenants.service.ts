/** Tenants: creation with a first administrator and key (CLI), and company settings (API). */
import type { Kysely } from 'kysely'
import type { AuthContext } from '../../auth/context.js'
import { canAdministerEmployees } from '../../auth/permissions.js'
import { SCOPES } from '../../auth/scopes.js'
import type { Database, TenantRow } from '../../db/schema.js'
import { AppError, notFound, permissionDenied } from '../../errors.js'
import { checkAgainst } from '../../http/validation.js'
import { newId } from '../../lib/ids.js'
import { assertValidPlace } from '../../lib/regions.js'
import { nowIso } from '../../lib/time.js'
import { catalogueItemExists } from '../catalogues/catalogues.repository.js'
import { insertCatalogueRecord } from '../catalogues/catalogues.service.js'
import { seedDefaultAbsenceTypes } from '../absences/absences.service.js'
import { createKey, type ApiKeyView } from '../keys/keys.service.js'
import { insertUserRecord, newUserInput } from '../users/users.service.js'
import { userRowToFull } from '../users/users.mapper.js'
import { findUser } from '../users/users.repository.js'
import type { UserFullType } from '../users/users.schemas.js'
import * as repo from './tenants.repository.js'
import { CreateTenantInput, type CreateTenantInputType, type TenantType, type UpdateTenantBodyType } from './tenants.schemas.js'

type Db = Kysely<Database>

export const DEFAULT_TIMEZONE = 'Europe/Madrid'
export const DEFAULT_VACATION_DAYS = 22
export const DEFAULT_FOLDERS = ['Contracts', 'Payslips', 'Other']
export const DEFAULT_SCHEDULE = {
  name: 'Standard (Mon-Fri, 8 h)',
  weekday_minutes: { mon: 480, tue: 480, wed: 480, thu: 480, fri: 480, sat: 0, sun: 0 },
}

export function tenantToApi(row: TenantRow): TenantType {
  return {
    id: row.id,
    name: row.name,
    timezone: row.timezone,
    default_vacation_days: row.default_vacation_days,
    country: row.country,
    region: row.region,
    hr_department_id: row.hr_department_id,
    default_folders: JSON.parse(row.default_folders) as string[],
    default_schedule_id: row.default_schedule_id,
    created_at: row.created_at,
  }
}

export interface CreatedTenant {
  tenant: TenantType
  admin_user: UserFullType
  api_key: string
  key: ApiKeyView
}

/** A new tenant, its first administrator, and a key with every scope acting as that administrator. */
export async function createTenant(db: Db, input: CreateTenantInputType): Promise<CreatedTenant> {
  const issues = checkAgainst(CreateTenantInput, input)
  if (issues.length > 0) throw new AppError('invalid_request', `Invalid ${issues.map((i) => i.field).join(', ')}`, issues)
  assertValidPlace(input.country ?? null, input.region ?? null)
  const tenantRow: TenantRow = {
    id: newId('tenant'),
    name: input.name.trim(),
    timezone: input.timezone ?? DEFAULT_TIMEZONE,
    default_vacation_days: DEFAULT_VACATION_DAYS,
    country: input.country ?? null,
    region: input.region ?? null,
    hr_department_id: null,
    default_folders: JSON.stringify(DEFAULT_FOLDERS),
    default_schedule_id: null,
    created_at: nowIso(),
  }
  const adminId = await db.transaction().execute(async (trx) => {
    await repo.insertTenant(trx, tenantRow)
    const schedule = await insertCatalogueRecord(trx, tenantRow.id, 'schedules', DEFAULT_SCHEDULE)
    await repo.updateTenant(trx, tenantRow.id, { default_schedule_id: schedule.id })
    await seedDefaultAbsenceTypes(trx, tenantRow.id)
    return insertUserRecord(trx, tenantRow.id, newUserInput({ email: input.admin_email, fullName: input.admin_name.trim(), role: 'admin' }))
  })
  const { apiKey, key } = await createKey(db, {
    tenantId: tenantRow.id,
    actsAsUserId: adminId,
    scopes: SCOPES,
    name: 'Initial administrator key',
  })
  const admin = (await findUser(db, tenantRow.id, adminId))!
  const tenant = await repo.requireTenant(db, tenantRow.id)
  return { tenant: tenantToApi(tenant), admin_user: userRowToFull(admin, null), api_key: apiKey, key }
}

/** The company as read with the caller's key, in this same request. */
export function getTenantSettings(auth: AuthContext): TenantType {
  return tenantToApi(auth.tenant)
}

export async function updateTenantSettings(db: Db, auth: AuthContext, body: UpdateTenantBodyType): Promise<TenantType> {
  await db.transaction().execute(async (trx) => {
    const current = await repo.requireTenant(trx, auth.tenantId)
    assertValidPlace(
      body.country !== undefined ? body.country : current.country,
      body.region !== undefined ? body.region : current.region,
    )
    if (body.hr_department_id && !(await catalogueItemExists(trx, 'departments', auth.tenantId, body.hr_department_id))) {
      throw notFound('Department')
    }
    if (body.default_schedule_id && !(await catalogueItemExists(trx, 'schedules', auth.tenantId, body.default_schedule_id))) {
      throw notFound('Schedule')
    }
    if (!canAdministerEmployees(auth.actor)) throw permissionDenied('Only an administrator may change company settings')
    const { default_folders, name, ...rest } = body
    const patch: Partial<TenantRow> = { ...rest }
    if (name !== undefined) patch.name = name.trim()
    if (default_folders !== undefined) patch.default_folders = JSON.stringify(default_folders.map((f) => f.trim()))
    if (Object.keys(patch).length > 0) await repo.updateTenant(trx, auth.tenantId, patch)
  })
  return tenantToApi(await repo.requireTenant(db, auth.tenantId))
}
