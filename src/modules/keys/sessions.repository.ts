/**
 * Sign-in sessions as stored (docs/decisions/0016-accounts-and-sign-in.md): a row per session with
 * hashes of its cookie's secret and of its CSRF token. Ending a session sets `ended_at`, which
 * moves the authentication epoch (migration 0014) so that every instance stops accepting it at its
 * next request.
 */
import type { Kysely } from 'kysely'
import { reusableQuery } from '../../db/reusable-query.js'
import type { Database } from '../../db/schema.js'
import type { SessionRow } from './keys.tables.js'
import { ACTOR_AND_TENANT_COLUMNS, type KeyWithActor } from './keys.repository.js'

/** A session with its user and company, read in one query like a key (see KeyWithActor). */
export type SessionWithActor = Omit<
  KeyWithActor,
  'scopes' | 'kind' | 'created_by_user_id' | 'last_used_at' | 'expires_at' | 'revoked_at'
> & {
  expires_at: string
  csrf_hash: string
  last_seen_at: string
  ended_at: string | null
  created_at: string
  remembered: boolean | number
}

const sessionWithActor = reusableQuery((db: Kysely<Database>, sessionId: string) =>
  db
    .selectFrom('sessions as s')
    .innerJoin('users as u', (j) => j.onRef('u.id', '=', 's.user_id').onRef('u.tenant_id', '=', 's.tenant_id'))
    .innerJoin('tenants as t', 't.id', 's.tenant_id')
    .select([
      's.id',
      's.tenant_id',
      's.secret_hash',
      's.csrf_hash',
      's.expires_at',
      's.last_seen_at',
      's.ended_at',
      's.created_at',
      's.remembered',
      ...ACTOR_AND_TENANT_COLUMNS,
    ])
    .where('s.id', '=', sessionId),
)

/** One indexed read: the session, its user and its company. */
export async function findSessionWithActor(
  db: Kysely<Database>,
  sessionId: string,
): Promise<SessionWithActor | undefined> {
  return (await sessionWithActor(db, sessionId))[0]
}

export async function insertSession(db: Kysely<Database>, row: SessionRow): Promise<void> {
  await db.insertInto('sessions').values(row).execute()
}

export async function findSession(
  db: Kysely<Database>,
  tenantId: string,
  sessionId: string,
): Promise<SessionRow | undefined> {
  return db
    .selectFrom('sessions')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', sessionId)
    .executeTakeFirst()
}

/** Moves last_seen_at; the idle timeout counts from it. Not watched by the epoch: touching is not ending. */
export async function touchSession(db: Kysely<Database>, tenantId: string, sessionId: string, at: string) {
  await db
    .updateTable('sessions')
    .set({ last_seen_at: at })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', sessionId)
    .where('ended_at', 'is', null)
    .execute()
}

/** Ends one session; ending it twice keeps the first end. True when this call ended it. */
export async function endSession(
  db: Kysely<Database>,
  tenantId: string,
  sessionId: string,
  at: string,
  reason: string,
): Promise<boolean> {
  const result = await db
    .updateTable('sessions')
    .set({ ended_at: at, end_reason: reason })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', sessionId)
    .where('ended_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}

/** Ends every open session of a user but `exceptSessionId`; answers how many it ended. */
export async function endSessionsOf(
  db: Kysely<Database>,
  tenantId: string,
  userId: string,
  at: string,
  reason: string,
  exceptSessionId: string | null = null,
): Promise<number> {
  let query = db
    .updateTable('sessions')
    .set({ ended_at: at, end_reason: reason })
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .where('expires_at', '>', at)
  if (exceptSessionId) query = query.where('id', '!=', exceptSessionId)
  const result = await query.executeTakeFirst()
  return Number(result.numUpdatedRows)
}

/** A user's sessions still open at `at` (not ended, not past their absolute end), newest first; at most 100. */
export async function openSessionsOf(
  db: Kysely<Database>,
  tenantId: string,
  userId: string,
  at: string,
): Promise<SessionRow[]> {
  return db
    .selectFrom('sessions')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .where('expires_at', '>', at)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(100)
    .execute()
}

/** Deletes sessions that ended or expired before `before` (housekeeping): they sign nobody in. */
export async function deleteSessionsEndedBefore(db: Kysely<Database>, before: string): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('ended_at', '<', before), eb('expires_at', '<', before)]))
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}

/** A person's password hash, for a step-up's check of the current password (modules/keys/step-up). */
export async function passwordHashOf(db: Kysely<Database>, tenantId: string, userId: string) {
  return db
    .selectFrom('users')
    .select(['password_hash'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', userId)
    .executeTakeFirst()
}
