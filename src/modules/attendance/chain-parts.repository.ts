/**
 * Parts of the employees' chains touching a range, as an export of the record reads them: where
 * each part lies (by `seq`), its punches with the supersessions of their time, and the
 * corrections. Each read takes a page of employees at a time, so memory follows the page, not
 * the company.
 */
import type { ExpressionBuilder } from 'kysely'
import type { Database } from '../../db/schema.js'
import type { Db } from '../../db/unit-of-work.js'

/** Where the chain's links touching [startIso, endIso) lie: an employee's part of the chain. */
export interface ChainBounds {
  first: number
  last: number
}

/** One employee's part of the chain. */
export type ChainSpan = ChainBounds & { userId: string }

/**
 * Per employee, the first and last `seq` of the links that touch the range: punches in it, and
 * approved corrections whose changes reach into it. Also the employees with corrections not
 * approved (pending, rejected, withdrawn) touching it, which have no part of the chain there.
 */
export async function chainPartsTouching(db: Db, tenantId: string, startIso: string, endIso: string) {
  const [punches, approved, others] = await Promise.all([
    db
      .selectFrom('punches')
      .select(['user_id', (eb) => eb.fn.min('seq').as('first'), (eb) => eb.fn.max('seq').as('last')])
      .where('tenant_id', '=', tenantId)
      .where('ts', '>=', startIso)
      .where('ts', '<', endIso)
      .groupBy('user_id')
      .execute(),
    db
      .selectFrom('punch_corrections')
      .select(['user_id', (eb) => eb.fn.min('seq').as('first'), (eb) => eb.fn.max('seq').as('last')])
      .where('tenant_id', '=', tenantId)
      .where('status', '=', 'approved')
      .where('first_ts', '<', endIso)
      .where('last_ts', '>=', startIso)
      .groupBy('user_id')
      .execute(),
    db
      .selectFrom('punch_corrections')
      .select('user_id')
      .distinct()
      .where('tenant_id', '=', tenantId)
      .where('status', '!=', 'approved')
      .where('first_ts', '<', endIso)
      .where('last_ts', '>=', startIso)
      .execute(),
  ])
  const bounds = new Map<string, ChainBounds>()
  for (const row of [...punches, ...approved]) {
    const first = Number(row.first)
    const last = Number(row.last)
    const known = bounds.get(row.user_id)
    bounds.set(
      row.user_id,
      known ? { first: Math.min(known.first, first), last: Math.max(known.last, last) } : { first, last },
    )
  }
  return { bounds, withOtherCorrections: new Set(others.map((r) => r.user_id)) }
}

/** A correction within its employee's part of the chain: `(user_id = u and seq between first and last)` for each. */
function inParts(eb: ExpressionBuilder<Database, 'punch_corrections'>, parts: readonly ChainSpan[]) {
  return eb.or(
    parts.map((p) => eb.and([eb('user_id', '=', p.userId), eb('seq', '>=', p.first), eb('seq', '<=', p.last)])),
  )
}

/**
 * The punches of the employees' parts, in (user_id, seq) order, each with the approved
 * correction that superseded it when that correction lies within the employee's part or before
 * it (one approved after the parts were fixed is left for the next export).
 */
export async function punchesOfChainParts(db: Db, tenantId: string, parts: readonly ChainSpan[]) {
  if (parts.length === 0) return []
  const rows = await db
    .selectFrom('punches as p')
    .leftJoin('punch_supersessions as s', 's.punch_id', 'p.id')
    .leftJoin('punch_corrections as c', 'c.id', 's.correction_id')
    .selectAll('p')
    .select(['s.correction_id as superseded_by', 'c.seq as superseded_seq'])
    .where('p.tenant_id', '=', tenantId)
    .where((eb) =>
      eb.or(
        parts.map((part) =>
          eb.and([eb('p.user_id', '=', part.userId), eb('p.seq', '>=', part.first), eb('p.seq', '<=', part.last)]),
        ),
      ),
    )
    .orderBy('p.user_id')
    .orderBy('p.seq')
    .execute()
  const lastOf = new Map(parts.map((p) => [p.userId, p.last]))
  return rows.map((r) => ({
    ...r,
    seq: Number(r.seq),
    hash_version: Number(r.hash_version),
    superseded_by:
      r.superseded_by !== null && r.superseded_seq !== null && Number(r.superseded_seq) <= lastOf.get(r.user_id)!
        ? r.superseded_by
        : null,
  }))
}

/**
 * The employees' corrections, in (user_id, proposed_at, id) order: the approved ones within
 * their parts of the chain, and those not approved that touch the range.
 */
export async function correctionsOfChainParts(
  db: Db,
  tenantId: string,
  userIds: readonly string[],
  parts: readonly ChainSpan[],
  startIso: string,
  endIso: string,
) {
  if (userIds.length === 0) return []
  const rows = await db
    .selectFrom('punch_corrections')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('user_id', 'in', userIds)
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '!=', 'approved'), eb('first_ts', '<', endIso), eb('last_ts', '>=', startIso)]),
        ...(parts.length > 0 ? [eb.and([eb('status', '=', 'approved'), inParts(eb, parts)])] : []),
      ]),
    )
    .orderBy('user_id')
    .orderBy('proposed_at')
    .orderBy('id')
    .execute()
  return rows.map((r) => ({
    ...r,
    changes: r.changes as unknown as string,
    seq: r.seq === null ? null : Number(r.seq),
  }))
}

/** The recorded heads of the employees' chains, by employee. */
export async function recordedChainHeads(db: Db, tenantId: string, userIds: readonly string[]) {
  if (userIds.length === 0) return new Map<string, { seq: number; hash: string }>()
  const rows = await db
    .selectFrom('punch_chain_heads')
    .select(['user_id', 'seq', 'hash'])
    .where('tenant_id', '=', tenantId)
    .where('user_id', 'in', userIds)
    .execute()
  return new Map(rows.map((r) => [r.user_id, { seq: Number(r.seq), hash: r.hash }]))
}
