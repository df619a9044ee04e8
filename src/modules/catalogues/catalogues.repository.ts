/**
 * Small per-tenant catalogues with the same access pattern (id, tenant, unique name):
 * departments, work centers and schedules. The functions are generic over the table and typed by
 * it, so callers get and give that table's rows.
 */
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely'
import { paginate } from '../../db/paginate.js'
import type { Database } from '../../db/schema.js'
import type { Page } from '../../lib/pagination.js'

type Db = Kysely<Database>
export type CatalogueTable = 'departments' | 'work_centers' | 'schedules'
export type CatalogueRow<T extends CatalogueTable> = Selectable<Database[T]>
export type CataloguePatch<T extends CatalogueTable> = Updateable<Database[T]>

/**
 * The catalogue tables as one: Kysely cannot resolve columns of a table chosen by a type
 * parameter, but every catalogue has id, tenant_id and name, which is all these queries touch.
 * Rows go in and come out typed by the caller's table.
 */
function catalogue(db: Db, table: CatalogueTable) {
  return db.selectFrom(table as 'departments')
}

export async function catalogueItemExists(
  db: Db,
  table: CatalogueTable,
  tenantId: string,
  id: string,
): Promise<boolean> {
  const row = await catalogue(db, table)
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst()
  return row !== undefined
}

export async function findCatalogueItem<T extends CatalogueTable>(
  db: Db,
  table: T,
  tenantId: string,
  id: string,
): Promise<CatalogueRow<T> | undefined> {
  const row = await catalogue(db, table)
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst()
  return row as CatalogueRow<T> | undefined
}

export async function nameInUse(
  db: Db,
  table: CatalogueTable,
  tenantId: string,
  name: string,
  exceptId?: string,
): Promise<boolean> {
  let q = catalogue(db, table).select('id').where('tenant_id', '=', tenantId).where('name', '=', name)
  if (exceptId) q = q.where('id', '!=', exceptId)
  return (await q.executeTakeFirst()) !== undefined
}

/** A page of the catalogue, by name then id. */
export async function listCatalogue<T extends CatalogueTable>(
  db: Db,
  table: T,
  tenantId: string,
  window: { limit: number; offset: number },
): Promise<Page<CatalogueRow<T>>> {
  const page = await paginate(catalogue(db, table).where('tenant_id', '=', tenantId), window, (q) =>
    q.selectAll().orderBy('name').orderBy('id'),
  )
  return page as Page<CatalogueRow<T>>
}

/** Catalogue tables have no generated columns: a row is inserted exactly as it is read back. */
export async function insertCatalogueItem<T extends CatalogueTable>(
  db: Db,
  table: T,
  row: CatalogueRow<T>,
): Promise<void> {
  await db
    .insertInto(table as 'departments')
    .values(row as Insertable<Database['departments']>)
    .execute()
}

export async function updateCatalogueItem<T extends CatalogueTable>(
  db: Db,
  table: T,
  tenantId: string,
  id: string,
  patch: CataloguePatch<T>,
): Promise<void> {
  await db
    .updateTable(table as 'departments')
    .set(patch as CataloguePatch<'departments'>)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute()
}
