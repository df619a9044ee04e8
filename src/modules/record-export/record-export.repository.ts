/**
 * What the record export reads: where each employee's chain touches the range, the links of those
 * parts, the corrections touching the range, the employees, and the chains' recorded heads. Each
 * read takes a page of employees at a time, so memory follows the page, not the company.
 */
import type { ExpressionBuilder } from 'kysely'
import type { Database } from '../../db/schema.js'
import type { Db } from '../../db/unit-of-work.js'

/** Where the chain's links touching [startIso, endIso) lie: the export's part of an employee's chain. */
export interface ChainBounds {
  first: number
  last: number
}

/**
 * Per employee, the first and last `seq` of the links that touch the range: punches in it, and
 * approved corrections whose changes reach into it. Also the employees with corrections not
 * approved (pending, rejected, withdrawn) touching it, which the export lists without a chain.
 */
export async function boundsInRange(db: Db, tenantId: string, startIso: string, endIso: string) {
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

export interface ExportedUser {
  id: string
  full_name: string
  dni: string | null
  hire_date: string | null
  employment_periods: string
  status: 'active' | 'disabled'
}

/** A page of the company's people in id order, after `afterId`. */
export async function usersAfter(db: Db, tenantId: string, afterId: string, limit: number): Promise<ExportedUser[]> {
  return db
    .selectFrom('users')
    .select(['id', 'full_name', 'dni', 'hire_date', 'employment_periods', 'status'])
    .where('tenant_id', '=', tenantId)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute() as Promise<ExportedUser[]>
}

type Part = ChainBounds & { userId: string }

/** A correction within its employee's part of the chain: `(user_id = u and seq between first and last)` for each. */
function inParts(eb: ExpressionBuilder<Database, 'punch_corrections'>, parts: readonly Part[]) {
  return eb.or(
    parts.map((p) => eb.and([eb('user_id', '=', p.userId), eb('seq', '>=', p.first), eb('seq', '<=', p.last)])),
  )
}

/**
 * The punches of the employees' parts, in (user_id, seq) order, each with the approved
 * correction that superseded it when that correction lies within the employee's part or before
 * it (one approved later than the export's reads began is left for the next export).
 */
export async function punchesOfParts(db: Db, tenantId: string, parts: readonly Part[]) {
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
 * The employees' corrections for the export, in (user_id, proposed_at, id) order: the approved
 * ones within their parts of the chain, and those not approved that touch the range.
 */
export async function correctionsOfParts(
  db: Db,
  tenantId: string,
  userIds: readonly string[],
  parts: readonly Part[],
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

/** The recorded heads of the employees' chains. */
export async function recordedHeads(db: Db, tenantId: string, userIds: readonly string[]) {
  if (userIds.length === 0) return new Map<string, { seq: number; hash: string }>()
  const rows = await db
    .selectFrom('punch_chain_heads')
    .select(['user_id', 'seq', 'hash'])
    .where('tenant_id', '=', tenantId)
    .where('user_id', 'in', userIds)
    .execute()
  return new Map(rows.map((r) => [r.user_id, { seq: Number(r.seq), hash: r.hash }]))
}
