/** Kiosk devices: stored, listed, revoked (never deleted: a punch names the kiosk it came from). */
import type { Kysely } from 'kysely'
import { paginate } from '../../db/paginate.js'
import type { Database } from '../../db/schema.js'
import type { KioskLockoutRow, KioskRow, KioskSessionRow } from './kiosks.tables.js'
import type { Page } from '../../lib/pagination.js'
import type { DeviceFailures } from './kiosk-sign-in.logic.js'

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

export async function listKiosks(
  db: Db,
  tenantId: string,
  filter: { active?: boolean | undefined },
  window: { limit: number; offset: number },
): Promise<Page<KioskRow>> {
  let q = db.selectFrom('kiosks').where('tenant_id', '=', tenantId)
  if (filter.active !== undefined)
    q = filter.active ? q.where('revoked_at', 'is', null) : q.where('revoked_at', 'is not', null)
  return paginate(q, window, (f) => f.selectAll().orderBy('created_at').orderBy('id'))
}

export async function revokeKiosk(db: Db, tenantId: string, id: string, at: string): Promise<void> {
  await db
    .updateTable('kiosks')
    .set({ revoked_at: at })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute()
}

/** Notes when a device was last seen, at most once a minute (a write per request would be waste). */
export async function recordKioskUse(db: Db, kiosk: Pick<KioskRow, 'id' | 'last_used_at'>, now: Date): Promise<void> {
  if (kiosk.last_used_at && now.getTime() - Date.parse(kiosk.last_used_at) < 60_000) return
  await db.updateTable('kiosks').set({ last_used_at: now.toISOString() }).where('id', '=', kiosk.id).execute()
}

/**
 * The lockout row of an identifier, created when missing and locked until the transaction ends:
 * PostgreSQL's ON CONFLICT DO UPDATE locks the row it meets (SQLite runs one transaction at a
 * time anyway), so concurrent attempts at one identifier are counted one after the other.
 */
export async function lockedLockout(
  trx: Db,
  tenantId: string,
  identifier: string,
  at: string,
): Promise<KioskLockoutRow> {
  return trx
    .insertInto('kiosk_lockouts')
    .values({ tenant_id: tenantId, identifier, failures: 0, locked_until: null, last_attempt_at: at })
    .onConflict((oc) => oc.columns(['tenant_id', 'identifier']).doUpdateSet({ last_attempt_at: at }))
    .returningAll()
    .executeTakeFirstOrThrow()
}

export async function saveLockout(
  trx: Db,
  tenantId: string,
  identifier: string,
  state: Pick<KioskLockoutRow, 'failures' | 'locked_until'>,
): Promise<void> {
  await trx
    .updateTable('kiosk_lockouts')
    .set(state)
    .where('tenant_id', '=', tenantId)
    .where('identifier', '=', identifier)
    .execute()
}

/** A right PIN forgives the identifier's wrong ones, unless more attempts were counted since its own (`failures`). */
export async function clearLockout(db: Db, tenantId: string, identifier: string, failures: number): Promise<void> {
  await db
    .deleteFrom('kiosk_lockouts')
    .where('tenant_id', '=', tenantId)
    .where('identifier', '=', identifier)
    .where('failures', '=', failures)
    .execute()
}

/** An administrator lifts an identifier's lock; says whether it was holding the identifier back at `at`. */
export async function liftLockout(db: Db, tenantId: string, identifier: string, at: string): Promise<boolean> {
  const lifted = await db
    .deleteFrom('kiosk_lockouts')
    .where('tenant_id', '=', tenantId)
    .where('identifier', '=', identifier)
    .returning('locked_until')
    .executeTakeFirst()
  return lifted?.locked_until != null && lifted.locked_until > at
}

/** Ends the sessions an employee has open at the company's kiosks; returns how many (expired ones are housekeeping's). */
export async function endSessionsOf(db: Db, tenantId: string, userId: string, at: string): Promise<number> {
  const ended = await db
    .deleteFrom('kiosk_sessions')
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('expires_at', '>', at)
    .executeTakeFirst()
  return Number(ended.numDeletedRows)
}

export async function findDeviceFailures(db: Db, kioskId: string): Promise<DeviceFailures | undefined> {
  return db
    .selectFrom('kiosks')
    .select(['failure_window_start', 'failures_in_window', 'last_failure_at'])
    .where('id', '=', kioskId)
    .executeTakeFirst()
}

export async function saveDeviceFailures(trx: Db, kioskId: string, failures: DeviceFailures): Promise<void> {
  await trx.updateTable('kiosks').set(failures).where('id', '=', kioskId).execute()
}

/** Takes back the failure an attempt was counted as before its PIN proved right. */
export async function forgiveDeviceFailure(db: Db, kioskId: string): Promise<void> {
  await db
    .updateTable('kiosks')
    .set((eb) => ({ failures_in_window: eb('failures_in_window', '-', 1) }))
    .where('id', '=', kioskId)
    .where('failures_in_window', '>', 0)
    .execute()
}

export async function insertSession(db: Db, row: KioskSessionRow): Promise<void> {
  await db.insertInto('kiosk_sessions').values(row).execute()
}

/** A session of this device that has not expired. */
export async function findLiveSession(
  db: Db,
  kioskId: string,
  tokenHash: string,
  at: string,
): Promise<KioskSessionRow | undefined> {
  return db
    .selectFrom('kiosk_sessions')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('kiosk_id', '=', kioskId)
    .where('expires_at', '>', at)
    .executeTakeFirst()
}

/** Removes expired sessions and lockouts that no longer hold anything back; returns how many went. */
export async function purgeSignInState(db: Db, at: string, lockoutsIdleBefore: string): Promise<number> {
  const sessions = await db.deleteFrom('kiosk_sessions').where('expires_at', '<=', at).executeTakeFirst()
  const lockouts = await db
    .deleteFrom('kiosk_lockouts')
    .where('last_attempt_at', '<', lockoutsIdleBefore)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', at)]))
    .executeTakeFirst()
  return Number(sessions.numDeletedRows) + Number(lockouts.numDeletedRows)
}
