/** What record keys read and write: a company's signing keys, current and rotated. */
import type { RecordKeyRow } from './record-export.tables.js'
import type { Db } from '../../db/unit-of-work.js'

export async function currentRecordKey(db: Db, tenantId: string): Promise<RecordKeyRow | undefined> {
  return db
    .selectFrom('record_keys')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('valid_until', 'is', null)
    .executeTakeFirst()
}

/** Every key the company ever had: the current one first, then the others newest first. */
export async function recordKeysOf(db: Db, tenantId: string): Promise<RecordKeyRow[]> {
  const rows = await db
    .selectFrom('record_keys')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .orderBy('valid_from', 'desc')
    .orderBy('id', 'desc')
    .execute()
  return [...rows.filter((r) => r.valid_until === null), ...rows.filter((r) => r.valid_until !== null)]
}

export async function insertRecordKey(db: Db, row: RecordKeyRow): Promise<void> {
  await db.insertInto('record_keys').values(row).execute()
}

/** Ends the validity of the company's current key: the one step that ever changes a key's row. */
export async function retireRecordKey(db: Db, tenantId: string, keyId: string, untilIso: string): Promise<void> {
  await db
    .updateTable('record_keys')
    .set({ valid_until: untilIso })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', keyId)
    .where('valid_until', 'is', null)
    .execute()
}
