import type { Kysely } from 'kysely'
import { reusableQuery } from '../../db/reusable-query.js'
import type { ApiKeyRow, Database } from '../../db/schema.js'

export interface KeyWithActor {
  id: string
  tenant_id: string
  secret_hash: string
  scopes: string
  expires_at: string | null
  revoked_at: string | null
  last_used_at: string | null
  user_id: string
  user_email: string
  user_full_name: string
  user_role: 'member' | 'admin'
  user_status: 'active' | 'disabled'
  user_department_id: string | null
  tenant_name: string
  hr_department_id: string | null
}

const keyWithActor = reusableQuery((db: Kysely<Database>, keyId: string) =>
  db
    .selectFrom('api_keys as k')
    .innerJoin('users as u', (j) => j.onRef('u.id', '=', 'k.acts_as_user_id').onRef('u.tenant_id', '=', 'k.tenant_id'))
    .innerJoin('tenants as t', 't.id', 'k.tenant_id')
    .select([
      'k.id',
      'k.tenant_id',
      'k.secret_hash',
      'k.scopes',
      'k.expires_at',
      'k.revoked_at',
      'k.last_used_at',
      'u.id as user_id',
      'u.email as user_email',
      'u.full_name as user_full_name',
      'u.role as user_role',
      'u.status as user_status',
      'u.department_id as user_department_id',
      't.name as tenant_name',
      't.hr_department_id',
    ])
    .where('k.id', '=', keyId),
)

/** One indexed read per request: the key, its acting user and its tenant. */
export async function findKeyWithActor(db: Kysely<Database>, keyId: string): Promise<KeyWithActor | undefined> {
  return (await keyWithActor(db, keyId))[0]
}

export async function touchKey(db: Kysely<Database>, tenantId: string, keyId: string, at: string): Promise<void> {
  await db.updateTable('api_keys').set({ last_used_at: at }).where('tenant_id', '=', tenantId).where('id', '=', keyId).execute()
}

export async function insertKey(db: Kysely<Database>, row: ApiKeyRow): Promise<void> {
  await db.insertInto('api_keys').values(row).execute()
}

export async function listKeys(db: Kysely<Database>, tenantId: string): Promise<ApiKeyRow[]> {
  return db.selectFrom('api_keys').selectAll().where('tenant_id', '=', tenantId).orderBy('created_at').orderBy('id').execute()
}

export async function findKey(db: Kysely<Database>, keyId: string): Promise<ApiKeyRow | undefined> {
  return db.selectFrom('api_keys').selectAll().where('id', '=', keyId).executeTakeFirst()
}

export async function revokeKey(db: Kysely<Database>, tenantId: string, keyId: string, at: string): Promise<void> {
  await db
    .updateTable('api_keys')
    .set({ revoked_at: at })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', keyId)
    .where('revoked_at', 'is', null)
    .execute()
}
