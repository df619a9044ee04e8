/**
 * Per-tenant catalogues: listed by every key with the scope, changed by administrators only,
 * names unique in the tenant. A catalogue is declared once (`CatalogueDefinition`: how a request
 * body becomes columns, how a row becomes its API object); the rules here serve all of them.
 * Departments and work centers are declared here, schedules in their own module.
 */
import type { RequestScope } from '../../auth/request-scope.js'
import { canAdministerEmployees } from '../../auth/policies.js'
import { isUniqueViolation } from '../../db/errors.js'
import { lockTenant } from '../../db/locks.js'
import type { TenantRow } from '../../db/schema.js'
import type { DepartmentRow, WorkCenterRow } from './catalogues.tables.js'
import { type Unit, inTransaction, nowIsoOf } from '../../db/unit-of-work.js'
import { AppError, notFound, permissionDenied } from '../../errors.js'
import { type IdKind, newId } from '../../lib/ids.js'
import { listBody, pageOf } from '../../lib/pagination.js'
import { assertValidPlace } from '../../lib/regions.js'
import * as repo from './catalogues.repository.js'
import type {
  CatalogueListQueryType,
  CreateDepartmentBodyType,
  CreateWorkCenterBodyType,
  DepartmentType,
  UpdateDepartmentBodyType,
  UpdateWorkCenterBodyType,
  WorkCenterType,
} from './catalogues.schemas.js'

/** What every catalogue row has: the columns the rules here fill in. */
interface CatalogueBase {
  id: string
  tenant_id: string
  name: string
  created_at: string
}

export interface CatalogueDefinition<
  T extends repo.CatalogueTable,
  Create extends { name: string },
  Update extends { name?: string },
  Api,
> {
  table: T
  /** "Department": how messages name an item. */
  label: string
  idKind: IdKind
  /** A new item's row from the common columns and the body; throws 400 for what schemas cannot check. */
  newRow(base: CatalogueBase, body: Create): repo.CatalogueRow<T>
  /** Columns an update changes besides the name, given the item as it is; throws 400 likewise. */
  changedColumns(body: Update, current: repo.CatalogueRow<T>): repo.CataloguePatch<T>
  toApi(row: repo.CatalogueRow<T>, tenant: TenantRow): Api
  /**
   * What else a write records in `unit`'s transaction, at its moment, after the item's row is
   * written (a schedule's versions). `body` is the create body when `created`, the update body
   * otherwise.
   */
  afterWrite?(
    unit: Unit,
    row: repo.CatalogueRow<T>,
    write: { created: true; body: Create } | { created: false; body: Update; tenant: TenantRow },
  ): Promise<void>
}

export function departmentToApi(row: DepartmentRow): DepartmentType {
  return { id: row.id, name: row.name, created_at: row.created_at }
}

export function workCenterToApi(row: WorkCenterRow): WorkCenterType {
  return { id: row.id, name: row.name, country: row.country, region: row.region, created_at: row.created_at }
}

export const DEPARTMENTS: CatalogueDefinition<
  'departments',
  CreateDepartmentBodyType,
  UpdateDepartmentBodyType,
  DepartmentType
> = {
  table: 'departments',
  label: 'Department',
  idKind: 'department',
  newRow: (base) => base,
  changedColumns: () => ({}),
  toApi: departmentToApi,
}

/** A work center's place, checked as a pair: the region must belong to the country. */
function placeColumns(body: { country?: string | null; region?: string | null }, current?: WorkCenterRow) {
  const country = body.country !== undefined ? body.country : (current?.country ?? null)
  const region = body.region !== undefined ? body.region : (current?.region ?? null)
  assertValidPlace(country, region)
  return { country, region }
}

export const WORK_CENTERS: CatalogueDefinition<
  'work_centers',
  CreateWorkCenterBodyType,
  UpdateWorkCenterBodyType,
  WorkCenterType
> = {
  table: 'work_centers',
  label: 'Work center',
  idKind: 'workCenter',
  newRow: (base, body) => ({ ...base, ...placeColumns(body) }),
  changedColumns: (body, current) => placeColumns(body, current),
  toApi: workCenterToApi,
}

export async function listCatalogueItems<T extends repo.CatalogueTable, Api>(
  scope: RequestScope,
  catalogue: CatalogueDefinition<T, never, never, Api>,
  query: CatalogueListQueryType,
) {
  const { db, auth } = scope
  const window = pageOf(query)
  const page = await repo.listCatalogue(db, catalogue.table, auth.tenantId, window)
  return listBody(window, page, (row) => catalogue.toApi(row, auth.tenant))
}

/** One item, to every key that may list the catalogue; another company's or an unknown id is 404. */
export async function getCatalogueItem<T extends repo.CatalogueTable, Api>(
  scope: RequestScope,
  catalogue: CatalogueDefinition<T, never, never, Api>,
  id: string,
): Promise<Api> {
  const { db, auth } = scope
  const row = await repo.findCatalogueItem(db, catalogue.table, auth.tenantId, id)
  if (!row) throw notFound(catalogue.label)
  return catalogue.toApi(row, auth.tenant)
}

function nameTaken(label: string, name: string): AppError {
  return new AppError('name_taken', `${label} "${name}" already exists`)
}

/** Inserts a catalogue item's row inside the unit's transaction, unless its name is taken. */
async function insertRow<T extends repo.CatalogueTable, Create extends { name: string }>(
  unit: Unit,
  catalogue: CatalogueDefinition<T, Create, never, unknown>,
  row: repo.CatalogueRow<T> & CatalogueBase,
  body: Create,
): Promise<repo.CatalogueRow<T>> {
  const trx = unit.db
  if (await repo.nameInUse(trx, catalogue.table, row.tenant_id, row.name)) throw nameTaken(catalogue.label, row.name)
  await repo.insertCatalogueItem(trx, catalogue.table, row)
  await catalogue.afterWrite?.(unit, row, { created: true, body })
  return row
}

/** A new item's row, created at the unit's moment. */
function newRowOf<T extends repo.CatalogueTable, Create extends { name: string }>(
  unit: Unit,
  catalogue: CatalogueDefinition<T, Create, never, unknown>,
  tenantId: string,
  body: Create,
): repo.CatalogueRow<T> & CatalogueBase {
  const base = { id: newId(catalogue.idKind), tenant_id: tenantId, name: body.name.trim(), created_at: nowIsoOf(unit) }
  return { ...catalogue.newRow(base, body), ...base }
}

/** Inserts a catalogue item inside the unit's transaction; no permission check (a new company's set-up). */
export async function insertCatalogueRecord<T extends repo.CatalogueTable, Create extends { name: string }>(
  unit: Unit,
  tenantId: string,
  catalogue: CatalogueDefinition<T, Create, never, unknown>,
  body: Create,
): Promise<repo.CatalogueRow<T>> {
  return insertRow(unit, catalogue, newRowOf(unit, catalogue, tenantId, body), body)
}

export async function createCatalogueItem<T extends repo.CatalogueTable, Create extends { name: string }, Api>(
  scope: RequestScope,
  catalogue: CatalogueDefinition<T, Create, never, Api>,
  body: Create,
): Promise<Api> {
  const { auth } = scope
  const row = newRowOf(scope, catalogue, auth.tenantId, body) // validates the body: 400 comes before 403
  if (!canAdministerEmployees(auth.actor))
    throw permissionDenied(`Only an administrator may create a ${catalogue.label.toLowerCase()}`)
  try {
    return catalogue.toApi(await inTransaction(scope, (tx) => insertRow(tx, catalogue, row, body)), auth.tenant)
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(catalogue.label, row.name)
    throw error
  }
}

export async function updateCatalogueItem<T extends repo.CatalogueTable, Update extends { name?: string }, Api>(
  scope: RequestScope,
  catalogue: CatalogueDefinition<T, never, Update, Api>,
  id: string,
  body: Update,
): Promise<Api> {
  const { db, auth } = scope
  const { table, label } = catalogue
  const name = body.name?.trim()
  try {
    await inTransaction(scope, async (tx) => {
      const trx = tx.db
      // Catalogue edits are rare; serialising them per company keeps two edits of one schedule's
      // version for the same day from both writing it.
      await lockTenant(trx, auth.tenantId)
      const current = await repo.findCatalogueItem(trx, table, auth.tenantId, id)
      if (!current) throw notFound(label)
      const patch = catalogue.changedColumns(body, current)
      if (name !== undefined) Object.assign(patch, { name })
      if (!canAdministerEmployees(auth.actor))
        throw permissionDenied(`Only an administrator may change a ${label.toLowerCase()}`)
      if (name !== undefined && (await repo.nameInUse(trx, table, auth.tenantId, name, id)))
        throw nameTaken(label, name)
      if (Object.keys(patch).length > 0) await repo.updateCatalogueItem(trx, table, auth.tenantId, id, patch)
      if (catalogue.afterWrite)
        await catalogue.afterWrite(tx, { ...current, ...patch }, { created: false, body, tenant: auth.tenant })
    })
  } catch (error) {
    if (isUniqueViolation(error) && name !== undefined) throw nameTaken(label, name)
    throw error
  }
  const row = (await repo.findCatalogueItem(db, table, auth.tenantId, id))!
  return catalogue.toApi(row, auth.tenant)
}
