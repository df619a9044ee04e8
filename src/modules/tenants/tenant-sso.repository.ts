import type { Db } from '../../db/unit-of-work.js'
import type { TenantSsoRow } from './tenants.tables.js'

export async function findSsoSettings(db: Db, tenantId: string): Promise<TenantSsoRow | undefined> {
  return db.selectFrom('tenant_sso').selectAll().where('tenant_id', '=', tenantId).executeTakeFirst()
}

export async function saveSsoSettings(db: Db, row: TenantSsoRow): Promise<void> {
  const { tenant_id, ...rest } = row
  await db
    .insertInto('tenant_sso')
    .values(row)
    .onConflict((oc) => oc.column('tenant_id').doUpdateSet(rest))
    .execute()
}

export async function deleteSsoSettings(db: Db, tenantId: string): Promise<void> {
  await db.deleteFrom('tenant_sso').where('tenant_id', '=', tenantId).execute()
}
