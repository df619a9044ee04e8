/**
 * Per-tenant catalogues (departments, work centers, schedules): listed by every key with the
 * scope, changed by administrators only, names unique in the tenant. Each catalogue declares how
 * a request body becomes columns and how a row becomes its API object; the rules are shared.
 */
import type { Kysely } from 'kysely'
import type { AuthContext } from '../../auth/context.js'
import { canAdministerEmployees } from '../../auth/permissions.js'
import { isUniqueViolation } from '../../db/errors.js'
import type { Database, DepartmentRow, ScheduleRow, TenantRow, WorkCenterRow } from '../../db/schema.js'
import { AppError, notFound, permissionDenied } from '../../errors.js'
import { type IdKind, newId } from '../../lib/ids.js'
import { assertValidPlace } from '../../lib/regions.js'
import { nowIso } from '../../lib/time.js'
import { WEEKDAY_KEYS, type ScheduleBody, type ScheduleType, type WeekdayMinutesType } from '../schedules/schedules.schemas.js'
import * as repo from './catalogues.repository.js'
import type { CatalogueBody, CatalogueListQueryType, DepartmentType, WorkCenterType } from './catalogues.schemas.js'
import { pageOf } from '../../http/pagination.js'

type Db = Kysely<Database>
type AnyRow = DepartmentRow | WorkCenterRow | ScheduleRow
export type AnyCatalogueBody = CatalogueBody & ScheduleBody

interface CatalogueDefinition {
  label: string
  idKind: IdKind
  /** Columns to write besides id, tenant and name; validates what schemas cannot (throws 400). */
  columns(body: AnyCatalogueBody, current?: AnyRow): Record<string, unknown>
  toApi(row: AnyRow, tenant: TenantRow): { id: string; name: string }
}

export function departmentToApi(row: DepartmentRow): DepartmentType {
  return { id: row.id, name: row.name, created_at: row.created_at }
}

export function workCenterToApi(row: WorkCenterRow): WorkCenterType {
  return { id: row.id, name: row.name, country: row.country, region: row.region, created_at: row.created_at }
}

export function weekdayMinutesFromColumn(json: string): WeekdayMinutesType {
  const minutes = JSON.parse(json) as number[]
  return Object.fromEntries(WEEKDAY_KEYS.map((key, i) => [key, minutes[i] ?? 0])) as WeekdayMinutesType
}

export function scheduleToApi(row: ScheduleRow, tenant: TenantRow): ScheduleType {
  return {
    id: row.id,
    name: row.name,
    weekday_minutes: weekdayMinutesFromColumn(row.weekday_minutes),
    is_default: tenant.default_schedule_id === row.id,
    created_at: row.created_at,
  }
}

function placeColumns(body: AnyCatalogueBody, current?: AnyRow): Record<string, unknown> {
  const previous = current as WorkCenterRow | undefined
  const country = body.country !== undefined ? body.country : (previous?.country ?? null)
  const region = body.region !== undefined ? body.region : (previous?.region ?? null)
  assertValidPlace(country, region)
  return { country, region }
}

export const CATALOGUES: Record<repo.CatalogueTable, CatalogueDefinition> = {
  departments: { label: 'Department', idKind: 'department', columns: () => ({}), toApi: (row) => departmentToApi(row as DepartmentRow) },
  work_centers: { label: 'Work center', idKind: 'workCenter', columns: placeColumns, toApi: (row) => workCenterToApi(row as WorkCenterRow) },
  schedules: {
    label: 'Schedule',
    idKind: 'schedule',
    columns: (body) =>
      body.weekday_minutes ? { weekday_minutes: JSON.stringify(WEEKDAY_KEYS.map((k) => body.weekday_minutes![k])) } : {},
    toApi: (row, tenant) => scheduleToApi(row as ScheduleRow, tenant),
  },
}

export async function listCatalogue(db: Db, auth: AuthContext, table: repo.CatalogueTable, query: CatalogueListQueryType) {
  const { page, pageSize, limit, offset } = pageOf(query)
  const tenant = auth.tenant
  const { rows, total } = await repo.listCatalogue(db, table, auth.tenantId, { limit, offset })
  return { data: rows.map((r) => CATALOGUES[table].toApi(r, tenant)), meta: { page, page_size: pageSize, total } }
}

function nameTaken(label: string, name: string): AppError {
  return new AppError('name_taken', `${label} "${name}" already exists`)
}

/** Inserts a catalogue item inside the caller's transaction; no permission check (bootstrap use). */
export async function insertCatalogueRecord(trx: Db, tenantId: string, table: repo.CatalogueTable, body: AnyCatalogueBody): Promise<AnyRow> {
  const { label, idKind, columns } = CATALOGUES[table]
  const name = body.name!.trim()
  if (await repo.nameInUse(trx, table, tenantId, name)) throw nameTaken(label, name)
  const row = { id: newId(idKind), tenant_id: tenantId, name, created_at: nowIso(), ...columns(body) } as AnyRow
  await repo.insertCatalogueItem(trx, table, row as never)
  return row
}

export async function createCatalogueItem(db: Db, auth: AuthContext, table: repo.CatalogueTable, body: AnyCatalogueBody) {
  const { label, columns } = CATALOGUES[table]
  columns(body) // validate before the permission check: 400 comes before 403
  if (!canAdministerEmployees(auth.actor)) throw permissionDenied(`Only an administrator may create a ${label.toLowerCase()}`)
  let row: AnyRow
  try {
    row = await db.transaction().execute((trx) => insertCatalogueRecord(trx, auth.tenantId, table, body))
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(label, body.name!.trim())
    throw error
  }
  return CATALOGUES[table].toApi(row, auth.tenant)
}

export async function updateCatalogueItem(db: Db, auth: AuthContext, table: repo.CatalogueTable, id: string, body: AnyCatalogueBody) {
  const { label, columns } = CATALOGUES[table]
  const name = body.name?.trim()
  try {
    await db.transaction().execute(async (trx) => {
      const current = await repo.findCatalogueItem(trx, table, auth.tenantId, id)
      if (!current) throw notFound(label)
      const patch: Record<string, unknown> = columns(body, current)
      if (!canAdministerEmployees(auth.actor)) throw permissionDenied(`Only an administrator may change a ${label.toLowerCase()}`)
      if (name !== undefined) {
        if (await repo.nameInUse(trx, table, auth.tenantId, name, id)) throw nameTaken(label, name)
        patch.name = name
      }
      if (Object.keys(patch).length > 0) await repo.updateCatalogueItem(trx, table, auth.tenantId, id, patch as never)
    })
  } catch (error) {
    if (isUniqueViolation(error) && name !== undefined) throw nameTaken(label, name)
    throw error
  }
  const row = (await repo.findCatalogueItem(db, table, auth.tenantId, id))!
  return CATALOGUES[table].toApi(row, auth.tenant)
}
