/** Punch and attendance queries. Punches are only ever inserted: there is no update or delete here. */
import type { Kysely } from 'kysely'
import { reusableQuery } from '../../db/reusable-query.js'
import type { Database, PunchChainHeadRow, PunchRow } from '../../db/schema.js'

type Db = Kysely<Database>

/** Appends a punch and moves its employee's chain head to it (call inside the punch's transaction). */
export async function insertPunch(db: Db, row: PunchRow): Promise<void> {
  await db.insertInto('punches').values(row).execute()
  await db
    .insertInto('punch_chain_heads')
    .values({ user_id: row.user_id, tenant_id: row.tenant_id, seq: row.seq, hash: row.hash })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ seq: row.seq, hash: row.hash }))
    .execute()
}

export async function lastPunch(db: Db, tenantId: string, userId: string): Promise<PunchRow | undefined> {
  return db
    .selectFrom('punches')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst()
}

export type PunchSlice = Pick<PunchRow, 'user_id' | 'type' | 'ts' | 'modality'>

/** Punches with fromIso <= ts < toIso of one employee or of several, by employee then time. */
function punchSlices(db: Db, tenantId: string, users: string | readonly string[], fromIso: string, toIso: string) {
  const q = db.selectFrom('punches').select(['user_id', 'type', 'ts', 'modality']).where('tenant_id', '=', tenantId)
  return (typeof users === 'string' ? q.where('user_id', '=', users) : q.where('user_id', 'in', users))
    .where('ts', '>=', fromIso)
    .where('ts', '<', toIso)
    .orderBy('user_id')
    .orderBy('ts')
}

// One employee's (every page of the daily record) is compiled once; IN lists vary in length.
const punchesOfOneUser = reusableQuery((db: Db, tenantId: string, userId: string, fromIso: string, toIso: string) =>
  punchSlices(db, tenantId, userId, fromIso, toIso),
)

/** Punches of the given users with fromIso <= ts < toIso, by user then time. */
export async function punchesBetween(db: Db, tenantId: string, userIds: readonly string[], fromIso: string, toIso: string): Promise<PunchSlice[]> {
  if (userIds.length === 0) return []
  if (userIds.length === 1) return punchesOfOneUser(db, tenantId, userIds[0]!, fromIso, toIso)
  return punchSlices(db, tenantId, userIds, fromIso, toIso).execute()
}

/**
 * The punches after `fromIso` up to and including the user's next `out`: the rest of a session
 * that started inside a range and ended after it (a night shift on the last day).
 */
export async function restOfSession(db: Db, tenantId: string, userId: string, fromIso: string): Promise<PunchSlice[]> {
  const nextOut = await db
    .selectFrom('punches')
    .select('ts')
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('ts', '>=', fromIso)
    .where('type', '=', 'out')
    .orderBy('ts')
    .limit(1)
    .executeTakeFirst()
  let q = db
    .selectFrom('punches')
    .select(['user_id', 'type', 'ts', 'modality'])
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('ts', '>=', fromIso)
  if (nextOut) q = q.where('ts', '<=', nextOut.ts)
  return q.orderBy('ts').execute()
}

/** One user's chain in order, for verification. */
export async function punchChain(db: Db, tenantId: string, userId: string): Promise<PunchRow[]> {
  return db.selectFrom('punches').selectAll().where('tenant_id', '=', tenantId).where('user_id', '=', userId).orderBy('seq').execute()
}

/** The recorded head of an employee's punch chain: its last seq and hash. */
export async function chainHead(db: Db, tenantId: string, userId: string): Promise<PunchChainHeadRow | undefined> {
  return db.selectFrom('punch_chain_heads').selectAll().where('tenant_id', '=', tenantId).where('user_id', '=', userId).executeTakeFirst()
}

/** Every employee id of the company. */
export async function employeeIds(db: Db, tenantId: string): Promise<string[]> {
  return (await db.selectFrom('users').select('id').where('tenant_id', '=', tenantId).execute()).map((r) => r.id)
}

/** Employees with a punch chain: with punches, or with a recorded head (their punches may be gone). */
export async function usersWithChains(db: Db, tenantId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('punches')
    .select('user_id')
    .where('tenant_id', '=', tenantId)
    .union(db.selectFrom('punch_chain_heads').select('user_id').where('tenant_id', '=', tenantId))
    .execute()
  return rows.map((r) => r.user_id).sort()
}
