import type { Db } from '../../db/unit-of-work.js'
import type { Selectable } from 'kysely'
import type { OidcSignInsTable } from './accounts.tables.js'

export type PendingSignIn = Selectable<OidcSignInsTable>

export async function insertPendingSignIn(db: Db, row: PendingSignIn): Promise<void> {
  await db.insertInto('oidc_sign_ins').values(row).execute()
}

/** Deletes a live pending sign-in and answers it: one statement, so a callback replayed finds nothing. */
export async function takePendingSignIn(db: Db, stateHash: string, at: string): Promise<PendingSignIn | undefined> {
  return db
    .deleteFrom('oidc_sign_ins')
    .where('state_hash', '=', stateHash)
    .where('expires_at', '>', at)
    .returningAll()
    .executeTakeFirst()
}

export async function deleteExpiredSignIns(db: Db, at: string): Promise<number> {
  const result = await db.deleteFrom('oidc_sign_ins').where('expires_at', '<=', at).executeTakeFirst()
  return Number(result.numDeletedRows)
}
