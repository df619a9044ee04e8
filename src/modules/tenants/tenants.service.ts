/** Company settings (the API's /tenant). A company is created by onboarding (the CLI). */
import type { RequestScope } from '../../auth/request-scope.js'
import { canAdministerEmployees } from '../../auth/policies.js'
import { lockTenant } from '../../db/locks.js'
import type { TenantRow } from '../../db/schema.js'
import { inTransaction } from '../../db/unit-of-work.js'
import { invalidField, notFound, permissionDenied } from '../../errors.js'
import { todayIn } from '../../lib/calendar.js'
import { assertValidPlace } from '../../lib/regions.js'
import { compactTaxId, employerTaxIdProblem } from '../../lib/spanish-tax-ids.js'
import { catalogueItemExists } from '../catalogues/index.js'
import { recordScheduleAssignment } from '../schedules/index.js'
import { assertNotInSignedMonth } from '../sign-off/index.js'
import * as repo from './tenants.repository.js'
import type { TenantType, UpdateTenantBodyType } from './tenants.schemas.js'
import { jsonText, parseJsonText } from '../../db/codec.js'
import { notificationDefaultsOf, notificationDefaultsPatch } from '../../lib/notification-settings.js'
import { overtimePolicyPatch, overtimePolicyToApi } from '../../lib/overtime-policy.js'
import type { SecretBox } from '../../lib/secret-box.js'
import { applySsoSettings, ssoSettingsOf } from './tenant-sso.service.js'

export function tenantToApi(row: TenantRow, sso: TenantType['sso'] = null): TenantType {
  return {
    id: row.id,
    name: row.name,
    timezone: row.timezone,
    default_vacation_days: row.default_vacation_days,
    vacation_rounding: row.vacation_rounding,
    vacation_unit: row.vacation_unit,
    country: row.country,
    region: row.region,
    hr_department_id: row.hr_department_id,
    default_folders: parseJsonText(row.default_folders),
    default_schedule_id: row.default_schedule_id,
    max_session_hours: row.max_session_hours,
    break_after_minutes: row.break_after_minutes,
    min_break_minutes: row.min_break_minutes,
    min_daily_rest_hours: row.min_daily_rest_hours,
    max_ordinary_day_hours: row.max_ordinary_day_hours,
    remember_device_hours: row.remember_device_hours,
    legal_name: row.legal_name,
    cif: row.cif,
    language: row.language,
    overtime_policy: overtimePolicyToApi(row),
    notification_defaults: notificationDefaultsOf(row.notification_defaults),
    sso,
    created_at: row.created_at,
  }
}

/** The company as read with the caller's key, in this same request. */
export async function getTenantSettings(scope: RequestScope): Promise<TenantType> {
  return tenantToApi(scope.auth.tenant, await ssoSettingsOf(scope.db, scope.auth.tenantId))
}

/** `secrets` seals a single sign-on client secret; without it, setting one is 409 `secrets_key_missing`. */
export async function updateTenantSettings(
  scope: RequestScope,
  body: UpdateTenantBodyType,
  secrets: SecretBox | null = null,
): Promise<TenantType> {
  const { db, auth } = scope
  if (body.default_schedule_effective_from !== undefined && body.default_schedule_id === undefined) {
    throw invalidField('default_schedule_effective_from', 'is only accepted with default_schedule_id')
  }
  const cif = typeof body.cif === 'string' ? compactTaxId(body.cif) : body.cif
  const cifProblem = typeof cif === 'string' ? employerTaxIdProblem(cif) : null
  if (cifProblem) throw invalidField('cif', cifProblem)
  await inTransaction(scope, async (tx) => {
    const trx = tx.db
    await lockTenant(trx, auth.tenantId) // one change of the company default per day at a time
    const current = await repo.requireTenant(trx, auth.tenantId)
    assertValidPlace(
      body.country !== undefined ? body.country : current.country,
      body.region !== undefined ? body.region : current.region,
    )
    if (
      body.hr_department_id &&
      !(await catalogueItemExists(trx, 'departments', auth.tenantId, body.hr_department_id))
    ) {
      throw notFound('Department')
    }
    if (
      body.default_schedule_id &&
      !(await catalogueItemExists(trx, 'schedules', auth.tenantId, body.default_schedule_id))
    ) {
      throw notFound('Schedule')
    }
    if (!canAdministerEmployees(auth.actor)) throw permissionDenied('Only an administrator may change company settings')
    const {
      default_folders,
      name,
      legal_name,
      default_schedule_effective_from,
      sso,
      overtime_policy,
      notification_defaults,
      ...rest
    } = body
    const patch: Partial<TenantRow> = {
      ...rest,
      ...(cif !== undefined ? { cif } : {}),
      ...(overtime_policy ? overtimePolicyPatch(overtime_policy) : {}),
      ...(notification_defaults
        ? { notification_defaults: notificationDefaultsPatch(current.notification_defaults, notification_defaults) }
        : {}),
    }
    if (name !== undefined) patch.name = name.trim()
    if (legal_name !== undefined) patch.legal_name = legal_name === null ? null : legal_name.trim()
    if (default_folders !== undefined) patch.default_folders = jsonText(default_folders.map((f) => f.trim()))
    if (Object.keys(patch).length > 0) await repo.updateTenant(trx, auth.tenantId, patch)
    if (sso !== undefined) await applySsoSettings(trx, auth.tenantId, sso, secrets, new Date(tx.now).toISOString())
    if (body.default_schedule_id !== undefined) {
      // The new default applies from its date on; earlier days keep the default they had.
      const from = default_schedule_effective_from ?? todayIn(body.timezone ?? current.timezone, new Date(tx.now))
      await assertNotInSignedMonth(trx, auth.tenantId, null, from, 'default_schedule_effective_from')
      await recordScheduleAssignment(
        trx,
        auth.tenantId,
        null,
        from,
        body.default_schedule_id,
        new Date(tx.now).toISOString(),
      )
    }
  })
  return tenantToApi(await repo.requireTenant(db, auth.tenantId), await ssoSettingsOf(db, auth.tenantId))
}
