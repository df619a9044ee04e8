/**
 * A new company: the tenant, its default schedule and absence types, its first administrator, and
 * a key with every scope acting as them (`jornada tenants create`, and the demo).
 */
import { SCOPES } from '../../auth/scopes.js'
import type { TenantRow } from '../../db/schema.js'
import { type Unit, inTransaction, nowIsoOf } from '../../db/unit-of-work.js'
import { AppError } from '../../errors.js'
import { newId } from '../../lib/ids.js'
import { assertValidPlace } from '../../lib/regions.js'
import { checkAgainst } from '../../lib/validation.js'
import { seedDefaultAbsenceTypes } from '../absences/index.js'
import { defaultLanguageOf } from '../../lib/company-language.js'
import { DEFAULT_OVERTIME_POLICY } from '../../lib/overtime-policy.js'
import { insertCatalogueRecord } from '../catalogues/index.js'
import { type ApiKeyView, createKey } from '../keys/index.js'
import { DEFAULT_SCHEDULE, SCHEDULES } from '../schedules/index.js'
import * as tenants from '../tenants/index.js'
import { CreateTenantInput, type CreateTenantInputType, type TenantType } from '../tenants/index.js'
import { tenantToApi } from '../tenants/index.js'
import { userRowToFull } from '../users/index.js'
import { findUser } from '../users/index.js'
import type { UserFullType } from '../users/index.js'
import { insertUserRecord, newUserInput } from '../users/index.js'

import { SINCE_ALWAYS } from '../schedules/index.js'
import { recordScheduleAssignment } from '../schedules/index.js'
import { jsonText } from '../../db/codec.js'

export const DEFAULT_TIMEZONE = 'Europe/Madrid'
export const DEFAULT_VACATION_DAYS = 22
export const DEFAULT_FOLDERS = ['Contracts', 'Payslips', 'Other']

export interface CreatedTenant {
  tenant: TenantType
  admin_user: UserFullType
  api_key: string
  key: ApiKeyView
}

/**
 * A new tenant, its first administrator, and a key with every scope acting as that administrator,
 * created at the unit's moment.
 */
export async function createTenant(unit: Unit, input: CreateTenantInputType): Promise<CreatedTenant> {
  const { db } = unit
  const issues = checkAgainst(CreateTenantInput, input)
  if (issues.length > 0)
    throw new AppError('invalid_request', `Invalid ${issues.map((i) => i.field).join(', ')}`, issues)
  assertValidPlace(input.country ?? null, input.region ?? null)
  const tenantRow: TenantRow = {
    id: newId('tenant'),
    name: input.name.trim(),
    timezone: input.timezone ?? DEFAULT_TIMEZONE,
    default_vacation_days: DEFAULT_VACATION_DAYS,
    vacation_rounding: 'up',
    vacation_unit: 'working_days',
    country: input.country ?? null,
    region: input.region ?? null,
    hr_department_id: null,
    default_folders: jsonText(DEFAULT_FOLDERS),
    default_schedule_id: null,
    max_session_hours: 14,
    break_after_minutes: 360,
    min_break_minutes: 15,
    min_daily_rest_hours: 12,
    max_ordinary_day_hours: 9,
    remember_device_hours: 0,
    notification_defaults: null,
    legal_name: null,
    cif: null,
    language: defaultLanguageOf(input.country ?? null),
    ...DEFAULT_OVERTIME_POLICY,
    created_at: nowIsoOf(unit),
  }
  const adminId = await inTransaction(unit, async (tx) => {
    const trx = tx.db
    await tenants.insertTenant(trx, tenantRow)
    const schedule = await insertCatalogueRecord(tx, tenantRow.id, SCHEDULES, DEFAULT_SCHEDULE)
    await tenants.updateTenant(trx, tenantRow.id, { default_schedule_id: schedule.id })
    await recordScheduleAssignment(trx, tenantRow.id, null, SINCE_ALWAYS, schedule.id, tenantRow.created_at)
    await seedDefaultAbsenceTypes(tx, tenantRow.id, tenantRow.language)
    return insertUserRecord(
      tx,
      tenantRow.id,
      newUserInput({ email: input.admin_email, fullName: input.admin_name.trim(), role: 'admin' }),
    )
  })
  const { apiKey, key } = await createKey(unit, {
    tenantId: tenantRow.id,
    actsAsUserId: adminId,
    scopes: SCOPES,
    name: 'Initial administrator key',
  })
  const admin = (await findUser(db, tenantRow.id, adminId))!
  const tenant = await tenants.requireTenant(db, tenantRow.id)
  return { tenant: tenantToApi(tenant), admin_user: userRowToFull(admin, null, true), api_key: apiKey, key }
}
