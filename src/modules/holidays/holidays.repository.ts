import type { Kysely } from 'kysely'
import type { CompanyHolidayRow, Database } from '../../db/schema.js'

type Db = Kysely<Database>

/** Company holidays in [from, to] that apply to a work center (or to everyone when null). */
export async function companyHolidaysBetween(
  db: Db,
  tenantId: string,
  from: string,
  to: string,
  workCenterIds: readonly (string | null)[] | 'all',
): Promise<CompanyHolidayRow[]> {
  let q = db
    .selectFrom('company_holidays')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('date', '>=', from)
    .where('date', '<=', to)
  if (workCenterIds !== 'all') {
    const ids = workCenterIds.filter((id): id is string => id !== null)
    q = q.where((eb) => (ids.length > 0 ? eb.or([eb('work_center_id', 'is', null), eb('work_center_id', 'in', ids)]) : eb('work_center_id', 'is', null)))
  }
  return q.orderBy('date').orderBy('id').execute()
}

export async function findCompanyHoliday(db: Db, tenantId: string, id: string): Promise<CompanyHolidayRow | undefined> {
  return db.selectFrom('company_holidays').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst()
}

export async function companyHolidayExists(db: Db, tenantId: string, date: string, workCenterId: string | null): Promise<boolean> {
  const row = await db
    .selectFrom('company_holidays')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('date', '=', date)
    .where('work_center_id', workCenterId === null ? 'is' : '=', workCenterId)
    .executeTakeFirst()
  return row !== undefined
}

export async function insertCompanyHoliday(db: Db, row: CompanyHolidayRow): Promise<void> {
  await db.insertInto('company_holidays').values(row).execute()
}

export async function deleteCompanyHoliday(db: Db, tenantId: string, id: string): Promise<void> {
  await db.deleteFrom('company_holidays').where('tenant_id', '=', tenantId).where('id', '=', id).execute()
}
