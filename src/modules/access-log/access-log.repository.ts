import type { Kysely } from 'kysely'
import { paginate } from '../../db/paginate.js'
import type { Database } from '../../db/schema.js'
import type { AccessLogRow, NewAccessLogRow } from './access-log.tables.js'
import type { Page } from '../../lib/pagination.js'

type Db = Kysely<Database>

/**
 * The only write to the access log: it is append-only, no code updates or deletes a row. The
 * database numbers the entry (`seq`) as it is written.
 */
export async function appendAccessEntry(db: Db, row: NewAccessLogRow): Promise<void> {
  await db.insertInto('access_log').values(row).execute()
}

export interface AccessFilters {
  from?: string | undefined
  to?: string | undefined
  keyId?: string | undefined
}

/**
 * Newest first: `at` then `seq`, both descending, so that entries of one millisecond come last
 * written first. `seq` is unique: the order is total and pages neither repeat nor skip an entry.
 */
export async function listAccessEntries(
  db: Db,
  tenantId: string,
  f: AccessFilters,
  window: { limit: number; offset: number },
): Promise<Page<AccessLogRow>> {
  let q = db.selectFrom('access_log').where('tenant_id', '=', tenantId)
  if (f.from !== undefined) q = q.where('at', '>=', f.from)
  if (f.to !== undefined) q = q.where('at', '<', f.to)
  if (f.keyId !== undefined) q = q.where('key_id', '=', f.keyId)
  return paginate(q, window, (rows) => rows.selectAll().orderBy('at', 'desc').orderBy('seq', 'desc'))
}
