/**
 * Correction records. A correction changes only while pending (decided or cancelled once); the
 * approved ones are links of their employee's hash chain and are never written again.
 */
import { type Kysely, sql } from 'kysely'
import { paginate } from '../../db/paginate.js'
import { reusableQuery } from '../../db/reusable-query.js'
import type { Database } from '../../db/schema.js'
import type { PunchCorrectionRow } from './attendance.tables.js'
import { teamOf } from '../../db/team.js'
import type { Page } from '../../lib/pagination.js'

type Db = Kysely<Database>

export async function insertCorrection(db: Db, row: PunchCorrectionRow): Promise<void> {
  await db.insertInto('punch_corrections').values(row).execute()
}

export async function findCorrection(db: Db, tenantId: string, id: string): Promise<PunchCorrectionRow | undefined> {
  return db
    .selectFrom('punch_corrections')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst()
}

/**
 * Settles a pending correction (decision or cancellation). The `pending` condition is the guard
 * that keeps a settled correction, and with it every link of a chain, from being written again.
 */
export async function settlePendingCorrection(
  db: Db,
  tenantId: string,
  id: string,
  settlement: Partial<
    Pick<
      PunchCorrectionRow,
      | 'status'
      | 'decided_by'
      | 'decided_at'
      | 'decision_note'
      | 'decision_credential_origin'
      | 'cancelled_at'
      | 'seq'
      | 'prev_hash'
      | 'hash'
    >
  >,
): Promise<void> {
  await db
    .updateTable('punch_corrections')
    .set(settlement)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute()
}

export interface CorrectionFilters {
  userId?: string
  status?: PunchCorrectionRow['status']
  /** Corrections touching instants at or after this one. */
  fromIso?: string
  /** ... and before this one. */
  toIso?: string
  /** Only this supervisor's team (need-to-know); undefined: everyone. */
  teamOf?: string
}

/** Most recently proposed first. */
export async function listCorrections(
  db: Db,
  tenantId: string,
  f: CorrectionFilters,
  window: { limit: number; offset: number },
): Promise<Page<PunchCorrectionRow>> {
  let q = db.selectFrom('punch_corrections').where('tenant_id', '=', tenantId)
  if (f.userId) q = q.where('user_id', '=', f.userId)
  if (f.status) q = q.where('status', '=', f.status)
  if (f.fromIso) q = q.where('last_ts', '>=', f.fromIso)
  if (f.toIso) q = q.where('first_ts', '<', f.toIso)
  if (f.teamOf) q = q.where('user_id', 'in', teamOf(tenantId, f.teamOf))
  return paginate(q, window, (rows) => rows.selectAll().orderBy('proposed_at', 'desc').orderBy('id', 'desc'))
}

/** The pending corrections of these employees touching instants at or after `fromIso`, earliest first. */
export async function pendingCorrectionsFrom(
  db: Db,
  tenantId: string,
  userIds: readonly string[],
  fromIso: string,
): Promise<Pick<PunchCorrectionRow, 'id' | 'user_id' | 'first_ts' | 'last_ts' | 'proposed_by' | 'changes'>[]> {
  if (userIds.length === 0) return []
  return db
    .selectFrom('punch_corrections')
    .select(['id', 'user_id', 'first_ts', 'last_ts', 'proposed_by', 'changes'])
    .where('tenant_id', '=', tenantId)
    .where('user_id', 'in', userIds)
    .where('status', '=', 'pending')
    .where('last_ts', '>=', fromIso)
    .orderBy('first_ts')
    .orderBy('id')
    .execute()
}

/**
 * Whether the company already proposed to close the session that began at `sessionInIso` (whatever
 * became of it): a proposal of its own touching the session, which ends before `untilIso` (the
 * next session's `in`) when another session followed it.
 */
export async function companyProposedSince(
  db: Db,
  tenantId: string,
  userId: string,
  sessionInIso: string,
  untilIso?: string,
): Promise<boolean> {
  let q = db
    .selectFrom('punch_corrections')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('proposed_by', '=', 'company')
    .where('last_ts', '>=', sessionInIso)
  if (untilIso !== undefined) q = q.where('first_ts', '<', untilIso)
  const found = await q.limit(1).executeTakeFirst()
  return found !== undefined
}

/** The most corrections one read of a month lists (the earliest proposed); far beyond what a month holds in practice. */
export const MAX_CORRECTIONS_TOUCHING = 500

// A worker's monthly record reads it on every request: compiled once (the limit is a literal for that).
const touching = reusableQuery((db: Db, tenantId: string, userId: string, startIso: string, endIso: string) =>
  db
    .selectFrom('punch_corrections')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('last_ts', '>=', startIso)
    .where('first_ts', '<', endIso)
    .orderBy('proposed_at')
    .orderBy('id')
    .limit(sql.lit(MAX_CORRECTIONS_TOUCHING)),
)

/** Corrections of the employee, in any status, that touch instants of [startIso, endIso), in the order they were proposed. */
export async function correctionsTouching(
  db: Db,
  tenantId: string,
  userId: string,
  startIso: string,
  endIso: string,
): Promise<PunchCorrectionRow[]> {
  return touching(db, tenantId, userId, startIso, endIso)
}

/** Corrections approved at or after `sinceIso`, with the instants they touch. */
export async function correctionsApprovedSince(db: Db, tenantId: string, sinceIso: string) {
  return db
    .selectFrom('punch_corrections')
    .select(['user_id', 'first_ts', 'last_ts'])
    .where('tenant_id', '=', tenantId)
    .where('decided_at', '>=', sinceIso)
    .where('status', '=', 'approved')
    .execute()
}

/**
 * The company's pending corrections, oldest first: who each is for and who proposed it (the
 * reminders: one waiting for the worker's consent, or for a supervisor's or HR's decision).
 */
export function pendingCorrectionsOfCompany(
  db: Db,
  tenantId: string,
): Promise<Pick<PunchCorrectionRow, 'id' | 'user_id' | 'proposed_by' | 'proposed_at'>[]> {
  return db
    .selectFrom('punch_corrections')
    .select(['id', 'user_id', 'proposed_by', 'proposed_at'])
    .where('tenant_id', '=', tenantId)
    .where('status', '=', 'pending')
    .orderBy('proposed_at')
    .orderBy('id')
    .execute()
}
