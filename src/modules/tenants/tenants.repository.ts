import type { Kysely } from 'kysely'
import type { Database, TenantRow } from '../../db/schema.js'
import { notFound } from '../../errors.js'

type Db = Kysely<Database>

export async function findTenant(db: Db, tenantId: string): Promise<TenantRow | undefined> {
  return db.selectFrom('tenants').selectAll().where('id', '=', tenantId).executeTakeFirst()
}

/** The caller's tenant, which must exist while its keys do. */
export async function requireTenant(db: Db, tenantId: string): Promise<TenantRow> {
  const tenant = await findTenant(db, tenantId)
  if (!tenant) throw notFound('Tenant')
  return tenant
}

export async function insertTenant(db: Db, row: TenantRow): Promise<void> {
  await db.insertInto('tenants').values(row).execute()
}

export async function updateTenant(db: Db, tenantId: string, patch: Partial<TenantRow>): Promise<void> {
  await db.updateTable('tenants').set(patch).where('id', '=', tenantId).execute()
}

export async function countTenants(db: Db): Promise<number> {
  const { n } = await db
    .selectFrom('tenants')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(n)
}

/** Every company of the installation, for work done for each in turn (the hourly checks). */
export async function allTenants(db: Db): Promise<TenantRow[]> {
  return db.selectFrom('tenants').selectAll().orderBy('id').execute()
}
