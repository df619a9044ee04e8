import type { Db } from '../../db/unit-of-work.js'

/** An account as sign-in sees it: one user of one company, with what deciding the sign-in needs. */
export interface Account {
  user_id: string
  tenant_id: string
  tenant_name: string
  status: 'active' | 'disabled'
  role: 'member' | 'admin'
  password_hash: string | null
}

/**
 * The most accounts one email is looked up in: a person works for a handful of companies, and each
 * costs a password check, so the work of one sign-in stays bounded.
 */
export const MAX_ACCOUNTS_PER_EMAIL = 10

/** The accounts with this email (normalized), in one company when `tenantId` is given. */
export async function accountsByEmail(db: Db, emailNormalized: string, tenantId?: string): Promise<Account[]> {
  let query = db
    .selectFrom('users as u')
    .innerJoin('tenants as t', 't.id', 'u.tenant_id')
    .select(['u.id as user_id', 'u.tenant_id', 't.name as tenant_name', 'u.status', 'u.role', 'u.password_hash'])
    .where('u.email_normalized', '=', emailNormalized)
  if (tenantId !== undefined) query = query.where('u.tenant_id', '=', tenantId)
  return query.orderBy('u.tenant_id').limit(MAX_ACCOUNTS_PER_EMAIL).execute()
}

/** The password hash of one user, or undefined when there is no such user. */
export async function passwordHashOf(db: Db, tenantId: string, userId: string) {
  return db
    .selectFrom('users')
    .select(['password_hash', 'status', 'role'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', userId)
    .executeTakeFirst()
}

export async function setPasswordHash(db: Db, tenantId: string, userId: string, hash: string, at: string) {
  await db
    .updateTable('users')
    .set({ password_hash: hash, updated_at: at })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', userId)
    .execute()
}
