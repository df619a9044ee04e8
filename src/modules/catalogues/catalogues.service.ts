/** Departments and work centers: listed by every key with the scope, changed by admins only. */
import type { Kysely } from 'kysely'
import type { AuthContext } from '../../auth/context.js'
import { canAdministerEmployees } from '../../auth/permissions.js'
import { isUniqueViolation } from '../../db/errors.js'
import type { Database, DepartmentRow, WorkCenterRow } from '../../db/schema.js'
import { AppError, notFound, permissionDenied } from '../../errors.js'
import { newId } from '../../lib/ids.js'
import { countryRegionProblem } from '../../lib/regions.js'
import { nowIso } from '../../lib/time.js'
import * as repo from './catalogues.repository.js'
import type { CatalogueBody, CatalogueListQueryType, DepartmentType, WorkCenterType } from './catalogues.schemas.js'

type Db = Kysely<Database>

export const CATALOGUES = {
  departments: { label: 'Department', idKind: 'department' as const },
  work_centers: { label: 'Work center', idKind: 'workCenter' as const },
}

export function departmentToApi(row: DepartmentRow): DepartmentType {
  return { id: row.id, name: row.name, created_at: row.created_at }
}

export function workCenterToApi(row: WorkCenterRow): WorkCenterType {
  return { id: row.id, name: row.name, country: row.country, region: row.region, created_at: row.created_at }
}

function toApi(table: repo.CatalogueTable, row: DepartmentRow | WorkCenterRow) {
  return table === 'departments' ? departmentToApi(row) : workCenterToApi(row as WorkCenterRow)
}

export async function listCatalogue(db: Db, auth: AuthContext, table: repo.CatalogueTable, query: CatalogueListQueryType) {
  const page = query.page ?? 1
  const pageSize = query.page_size ?? 25
  const { rows, total } = await repo.listCatalogue(db, table, auth.tenantId, { limit: pageSize, offset: (page - 1) * pageSize })
  return { data: rows.map((r) => toApi(table, r)), meta: { page, page_size: pageSize, total } }
}

function assertValidPlace(body: CatalogueBody, current?: WorkCenterRow): void {
  const country = body.country !== undefined ? body.country : (current?.country ?? null)
  const region = body.region !== undefined ? body.region : (current?.region ?? null)
  const problem = countryRegionProblem(country, region)
  if (problem) throw new AppError('invalid_request', `Invalid ${problem.field}: ${problem.message}`, [problem])
}

function nameTaken(label: string, name: string): AppError {
  return new AppError('name_taken', `${label} "${name}" already exists`)
}

export async function createCatalogueItem(db: Db, auth: AuthContext, table: repo.CatalogueTable, body: CatalogueBody) {
  const { label, idKind } = CATALOGUES[table]
  const name = body.name!.trim()
  if (table === 'work_centers') assertValidPlace(body)
  if (!canAdministerEmployees(auth.actor)) throw permissionDenied(`Only an administrator may create a ${label.toLowerCase()}`)
  const row = {
    id: newId(idKind),
    tenant_id: auth.tenantId,
    name,
    created_at: nowIso(),
    ...(table === 'work_centers' ? { country: body.country ?? null, region: body.region ?? null } : {}),
  } as DepartmentRow & WorkCenterRow
  try {
    await db.transaction().execute(async (trx) => {
      if (await repo.nameInUse(trx, table, auth.tenantId, name)) throw nameTaken(label, name)
      await repo.insertCatalogueItem(trx, table, row)
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(label, name)
    throw error
  }
  return toApi(table, row)
}

export async function updateCatalogueItem(db: Db, auth: AuthContext, table: repo.CatalogueTable, id: string, body: CatalogueBody) {
  const { label } = CATALOGUES[table]
  const name = body.name?.trim()
  try {
    await db.transaction().execute(async (trx) => {
      const current = await repo.findCatalogueItem(trx, table, auth.tenantId, id)
      if (!current) throw notFound(label)
      if (table === 'work_centers') assertValidPlace(body, current as WorkCenterRow)
      if (!canAdministerEmployees(auth.actor)) throw permissionDenied(`Only an administrator may change a ${label.toLowerCase()}`)
      if (name !== undefined && (await repo.nameInUse(trx, table, auth.tenantId, name, id))) throw nameTaken(label, name)
      const patch = Object.fromEntries(
        Object.entries({ ...body, ...(name !== undefined ? { name } : {}) }).filter(([, v]) => v !== undefined),
      )
      if (Object.keys(patch).length > 0) await repo.updateCatalogueItem(trx, table, auth.tenantId, id, patch)
    })
  } catch (error) {
    if (isUniqueViolation(error) && name !== undefined) throw nameTaken(label, name)
    throw error
  }
  return toApi(table, (await repo.findCatalogueItem(db, table, auth.tenantId, id))!)
}
