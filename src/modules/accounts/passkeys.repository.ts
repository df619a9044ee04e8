/** Where passkeys and the challenges of their ceremonies are kept (migration 0017). */
import type { PasskeyRow } from './accounts.tables.js'
import type { Db } from '../../db/unit-of-work.js'

export type ChallengePurpose = 'registration' | 'login'
export interface ChallengeOwner {
  tenantId: string
  userId: string
}

export async function insertChallenge(
  db: Db,
  challenge: string,
  purpose: ChallengePurpose,
  owner: ChallengeOwner | null,
  expiresAt: string,
): Promise<void> {
  await db
    .insertInto('webauthn_challenges')
    .values({
      challenge,
      purpose,
      tenant_id: owner?.tenantId ?? null,
      user_id: owner?.userId ?? null,
      expires_at: expiresAt,
    })
    .execute()
}

/** Deletes a live challenge and says whether there was one: one statement, so only one caller takes it. */
export async function deleteLiveChallenge(
  db: Db,
  challenge: string,
  purpose: ChallengePurpose,
  owner: ChallengeOwner | null,
  at: string,
): Promise<boolean> {
  let q = db
    .deleteFrom('webauthn_challenges')
    .where('challenge', '=', challenge)
    .where('purpose', '=', purpose)
    .where('expires_at', '>', at)
  if (owner) q = q.where('tenant_id', '=', owner.tenantId).where('user_id', '=', owner.userId)
  return (await q.returning('challenge').executeTakeFirst()) !== undefined
}

export async function deleteExpiredChallenges(db: Db, at: string): Promise<number> {
  const result = await db.deleteFrom('webauthn_challenges').where('expires_at', '<=', at).executeTakeFirst()
  return Number(result.numDeletedRows)
}

export function passkeysOf(db: Db, tenantId: string, userId: string): Promise<PasskeyRow[]> {
  return db
    .selectFrom('passkeys')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute()
}

export function passkeyByCredentialId(db: Db, credentialId: string): Promise<PasskeyRow | undefined> {
  return db.selectFrom('passkeys').selectAll().where('credential_id', '=', credentialId).executeTakeFirst()
}

export function passkeyById(db: Db, id: string): Promise<PasskeyRow | undefined> {
  return db.selectFrom('passkeys').selectAll().where('id', '=', id).executeTakeFirst()
}

export async function ownPasskeyExists(db: Db, tenantId: string, userId: string, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('passkeys')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst()
  return row !== undefined
}

export async function insertPasskey(db: Db, row: PasskeyRow): Promise<void> {
  await db.insertInto('passkeys').values(row).execute()
}

export async function deletePasskeysOf(db: Db, tenantId: string, userId: string): Promise<void> {
  await db.deleteFrom('passkeys').where('tenant_id', '=', tenantId).where('user_id', '=', userId).execute()
}

export async function deletePasskey(db: Db, id: string): Promise<void> {
  await db.deleteFrom('passkeys').where('id', '=', id).execute()
}

export async function recordPasskeyUse(db: Db, id: string, counter: number, at: string): Promise<void> {
  await db.updateTable('passkeys').set({ counter, last_used_at: at }).where('id', '=', id).execute()
}
