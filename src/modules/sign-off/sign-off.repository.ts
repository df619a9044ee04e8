/**
 * Workers' signatures of their monthly record. A signature is never changed or deleted: a later
 * correction supersedes it, and the worker may sign the month again. Read by the reports (to show
 * and judge a signature) and by schedule changes (which may not reach back into a signed month).
 */
import { type Kysely, sql } from 'kysely'
import { reusableQuery } from '../../db/reusable-query.js'
import type { Database } from '../../db/schema.js'
import type { MonthSignatureRow } from './sign-off.tables.js'
import { AppError } from '../../errors.js'
import { firstDayOfNextMonth } from '../../lib/calendar.js'

type Db = Kysely<Database>

export async function insertSignature(db: Db, row: MonthSignatureRow): Promise<void> {
  await db.insertInto('month_signatures').values(row).execute()
}

const latest = reusableQuery((db: Db, tenantId: string, userId: string, month: string) =>
  db
    .selectFrom('month_signatures')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('month', '=', month)
    .orderBy('signed_at', 'desc')
    .orderBy('id', 'desc')
    .limit(sql.lit(1)),
)

/** The worker's latest signature of the month, or undefined when they never signed it. */
export async function latestSignature(
  db: Db,
  tenantId: string,
  userId: string,
  month: string,
): Promise<MonthSignatureRow | undefined> {
  return (await latest(db, tenantId, userId, month))[0]
}

/** The latest month signed by the user (or by anyone in the company, for null), e.g. '2026-10'. */
export async function latestSignedMonth(db: Db, tenantId: string, userId: string | null): Promise<string | null> {
  let q = db
    .selectFrom('month_signatures')
    .select((eb) => eb.fn.max('month').as('month'))
    .where('tenant_id', '=', tenantId)
  if (userId !== null) q = q.where('user_id', '=', userId)
  return (await q.executeTakeFirst())?.month ?? null
}

/**
 * A schedule change takes effect from a date on; it may not reach into a month a worker has
 * signed, or the figures they signed would move under their signature. A change of a schedule
 * or of the company default may concern anyone, so it is judged against every signature of the
 * company; a change of one employee's schedule against theirs.
 */
export async function assertNotInSignedMonth(
  db: Db,
  tenantId: string,
  userId: string | null,
  effectiveFrom: string,
  field: string,
): Promise<void> {
  const signed = await latestSignedMonth(db, tenantId, userId)
  if (signed === null || effectiveFrom.slice(0, 7) > signed) return
  const earliest = firstDayOfNextMonth(signed)
  throw new AppError(
    'month_signed',
    `${field} ${effectiveFrom} falls in or before ${signed}, a month ${userId === null ? 'an employee has' : 'the employee has'} signed; the change can take effect from ${earliest}`,
  )
}

/** The workers who have signed the month (a reminder to sign goes to the others). */
export async function signersOfMonth(db: Db, tenantId: string, month: string): Promise<string[]> {
  const rows = await db
    .selectFrom('month_signatures')
    .select('user_id')
    .distinct()
    .where('tenant_id', '=', tenantId)
    .where('month', '=', month)
    .execute()
  return rows.map((r) => r.user_id)
}
