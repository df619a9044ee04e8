import type { Kysely } from 'kysely'
import { reusableQuery } from '../../db/reusable-query.js'
import type { Database } from '../../db/schema.js'
import type { CompanyHolidayRow } from './holidays.tables.js'

type Db = Kysely<Database>

const companyHolidaysQuery = reusableQuery((db: Db, tenantId: string, from: string, to: string) =>
  db
    .selectFrom('company_holidays')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('date', '>=', from)
    .where('date', '<=', to)
    .orderBy('date')
    .orderBy('id'),
)

/** The company's own holidays in [from, to], for everyone and for each work center. */
export async function companyHolidaysBetween(
  db: Db,
  tenantId: string,
  from: string,
  to: string,
): Promise<CompanyHolidayRow[]> {
  return companyHolidaysQuery(db, tenantId, from, to)
}

export async function findCompanyHoliday(db: Db, tenantId: string, id: string): Promise<CompanyHolidayRow | undefined> {
  return db
    .selectFrom('company_holidays')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst()
}

export async function companyHolidayExists(
  db: Db,
  tenantId: string,
  date: string,
  workCenterId: string | null,
): Promise<boolean> {
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
