import type { Kysely } from 'kysely'
import { paginate } from '../../db/paginate.js'
import type { Database } from '../../db/schema.js'
import type { AuditLogRow } from './audit.tables.js'
import type { Page } from '../../lib/pagination.js'

type Db = Kysely<Database>

/** The only write to the audit log: it is append-only, no code updates or deletes a row. */
export async function appendAuditEntry(db: Db, row: AuditLogRow): Promise<void> {
  await db.insertInto('audit_log').values(row).execute()
}

export interface AuditFilters {
  from?: string | undefined
  to?: string | undefined
  userId?: string | undefined
  keyId?: string | undefined
  operation?: string | undefined
  resourceId?: string | undefined
}

/** Newest first: `at` then id, both descending. */
export async function listAuditEntries(
  db: Db,
  tenantId: string,
  f: AuditFilters,
  window: { limit: number; offset: number },
): Promise<Page<AuditLogRow>> {
  let q = db.selectFrom('audit_log').where('tenant_id', '=', tenantId)
  if (f.from !== undefined) q = q.where('at', '>=', f.from)
  if (f.to !== undefined) q = q.where('at', '<', f.to)
  if (f.userId !== undefined) q = q.where('user_id', '=', f.userId)
  if (f.keyId !== undefined) q = q.where('key_id', '=', f.keyId)
  if (f.operation !== undefined) q = q.where('operation', '=', f.operation)
  if (f.resourceId !== undefined) q = q.where('resource_id', '=', f.resourceId)
  return paginate(q, window, (rows) => rows.selectAll().orderBy('at', 'desc').orderBy('id', 'desc'))
}
