import type { AccountTokenRow } from './accounts.tables.js'
import type { Db } from '../../db/unit-of-work.js'

export type TokenPurpose = AccountTokenRow['purpose']

export async function insertToken(db: Db, row: AccountTokenRow): Promise<void> {
  await db.insertInto('account_tokens').values(row).execute()
}

/** How many tokens of `purpose` were made for a user since `since`: the cap on reset mails. */
export async function tokensMadeSince(
  db: Db,
  tenantId: string,
  userId: string,
  purpose: TokenPurpose,
  since: string,
): Promise<number> {
  const row = await db
    .selectFrom('account_tokens')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** Marks a user's unused tokens used: a new invitation, or a password set, voids the links sent before. */
export async function voidTokensOf(db: Db, tenantId: string, userId: string, at: string): Promise<void> {
  await db
    .updateTable('account_tokens')
    .set({ used_at: at })
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute()
}

/** A token that could still be used (known, unused, unexpired), read without using it. */
export async function findUsableToken(db: Db, tokenHash: string, at: string): Promise<AccountTokenRow | undefined> {
  return db
    .selectFrom('account_tokens')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .executeTakeFirst()
}

/**
 * Uses a token once: the single statement that marks it used succeeds for one caller only, however
 * many present it at the same moment. Undefined when it is unknown, used or expired.
 */
export async function useToken(db: Db, tokenHash: string, at: string): Promise<AccountTokenRow | undefined> {
  const result = await db
    .updateTable('account_tokens')
    .set({ used_at: at })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .executeTakeFirst()
  if (Number(result.numUpdatedRows) !== 1) return undefined
  return db.selectFrom('account_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst()
}

/** Deletes tokens that expired before `before`: used or not, a month later they serve no one. */
export async function deleteTokensExpiredBefore(db: Db, before: string): Promise<number> {
  const result = await db.deleteFrom('account_tokens').where('expires_at', '<', before).executeTakeFirst()
  return Number(result.numDeletedRows)
}
