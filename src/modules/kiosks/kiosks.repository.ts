/** Kiosk devices: stored, listed, revoked (never deleted: a punch names the kiosk it came from). */
import type { Kysely } from 'kysely'
import { paginate } from '../../db/paginate.js'
import type { Database, KioskRow } from '../../db/schema.js'
import type { Page } from '../../lib/pagination.js'

type Db = Kysely<Database>

export async function insertKiosk(db: Db, row: KioskRow): Promise<void> {
  await db.insertInto('kiosks').values(row).execute()
}

export async function findKiosk(db: Db, tenantId: string, id: string): Promise<KioskRow | undefined> {
  return db.selectFrom('kiosks').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst()
}

/** A device by its id alone: what a device token names, before the tenant is known. */
export async function findKioskById(db: Db, id: string): Promise<KioskRow | undefined> {
  return db.selectFrom('kiosks').selectAll().where('id', '=', id).executeTakeFirst()
}

export async function listKiosks(db: Db, tenantId: string, filter: { active?: boolean | undefined }, window: { limit: number; offset: number }): Promise<Page<KioskRow>> {
  let q = db.selectFrom('kiosks').where('tenant_id', '=', tenantId)
  if (filter.active !== undefined) q = filter.active ? q.where('revoked_at', 'is', null) : q.where('revoked_at', 'is not', null)
  return paginate(q, window, (f) => f.selectAll().orderBy('created_at').orderBy('id'))
}

export async function revokeKiosk(db: Db, tenantId: string, id: string, at: string): Promise<void> {
  await db.updateTable('kiosks').set({ revoked_at: at }).where('tenant_id', '=', tenantId).where('id', '=', id).where('revoked_at', 'is', null).execute()
}

/** Notes when a device was last seen, at most once a minute (a write per request would be waste). */
export async function recordKioskUse(db: Db, kiosk: Pick<KioskRow, 'id' | 'last_used_at'>, now: Date): Promise<void> {
  if (kiosk.last_used_at && now.getTime() - Date.parse(kiosk.last_used_at) < 60_000) return
  await db.updateTable('kiosks').set({ last_used_at: now.toISOString() }).where('id', '=', kiosk.id).execute()
}
