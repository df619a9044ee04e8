/**
 * Small per-tenant catalogues with the same access pattern (id, tenant, unique name): departments,
 * work centers and schedules.
 */
import type { Kysely } from 'kysely'
import type { Database, DepartmentRow, ScheduleRow, WorkCenterRow } from '../../db/schema.js'

type Db = Kysely<Database>
export type CatalogueTable = 'departments' | 'work_centers' | 'schedules'
// The tables share id, tenant_id and name; queries name `departments` for Kysely's typing only.
type RowOf<T extends CatalogueTable> = T extends 'departments' ? DepartmentRow : T extends 'work_centers' ? WorkCenterRow : ScheduleRow

export async function catalogueItemExists(db: Db, table: CatalogueTable, tenantId: string, id: string): Promise<boolean> {
  const row = await db.selectFrom(table as 'departments').select('id').where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst()
  return row !== undefined
}

export async function findCatalogueItem<T extends CatalogueTable>(
  db: Db,
  table: T,
  tenantId: string,
  id: string,
): Promise<RowOf<T> | undefined> {
  return (await db
    .selectFrom(table as 'departments')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst()) as RowOf<T> | undefined
}

export async function nameInUse(db: Db, table: CatalogueTable, tenantId: string, name: string, exceptId?: string): Promise<boolean> {
  let q = db.selectFrom(table as 'departments').select('id').where('tenant_id', '=', tenantId).where('name', '=', name)
  if (exceptId) q = q.where('id', '!=', exceptId)
  return (await q.executeTakeFirst()) !== undefined
}

export async function listCatalogue<T extends CatalogueTable>(
  db: Db,
  table: T,
  tenantId: string,
  page: { limit: number; offset: number },
): Promise<{ rows: RowOf<T>[]; total: number }> {
  const rows = (await db
    .selectFrom(table as 'departments')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .orderBy('name')
    .orderBy('id')
    .limit(page.limit)
    .offset(page.offset)
    .execute()) as RowOf<T>[]
  const { total } = await db
    .selectFrom(table as 'departments')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where('tenant_id', '=', tenantId)
    .executeTakeFirstOrThrow()
  return { rows, total: Number(total) }
}

export async function insertCatalogueItem<T extends CatalogueTable>(db: Db, table: T, row: RowOf<T>): Promise<void> {
  await db.insertInto(table as 'departments').values(row as never).execute()
}

export async function updateCatalogueItem<T extends CatalogueTable>(
  db: Db,
  table: T,
  tenantId: string,
  id: string,
  patch: Partial<RowOf<T>>,
): Promise<void> {
  await db.updateTable(table as 'departments').set(patch as never).where('tenant_id', '=', tenantId).where('id', '=', id).execute()
}
