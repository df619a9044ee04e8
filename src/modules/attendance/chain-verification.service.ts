/**
 * `jornada punches verify`: walks the hash chains of the punch record (punches and approved
 * corrections) and reports every broken link, every chain that does not end at its recorded head,
 * every superseded mark no approved correction accounts for, and every punch anchored by an
 * earlier report that is gone or changed.
 */
import { type Static, Type } from 'typebox'
import type { Db } from '../../db/unit-of-work.js'
import { invalidField, notFound } from '../../errors.js'
import { checkAgainst } from '../../lib/validation.js'
import { requireTenant } from '../tenants/index.js'
import { findUserRow } from '../users/index.js'
import * as repo from './attendance.repository.js'
import {
  type BrokenLink,
  type ChainAnchor,
  verifyAnchor,
  verifyChain,
  verifyHead,
  verifySupersessions,
} from './punch-chain.js'

export interface VerificationReport {
  tenant_id: string
  users_checked: number
  /** Links checked: punches and approved corrections. */
  punches_checked: number
  ok: boolean
  broken: BrokenLink[]
  /** How many punches anchored by the `--against` report were compared (0 without one). */
  anchors_checked: number
  /** The last punch of each chain as verified: what a later `--against` checks is still there. */
  anchors: ChainAnchor[]
}

const ReportAnchors = Type.Object({
  tenant_id: Type.String(),
  anchors: Type.Array(
    Type.Object({
      user_id: Type.String(),
      seq: Type.Integer({ minimum: 1 }),
      hash: Type.String({ pattern: '^[0-9a-f]{64}$' }),
    }),
  ),
})

/** The anchors of an earlier report (its parsed `--json` output) of the same company. */
export function anchorsOfReport(report: unknown, tenantId: string): ChainAnchor[] {
  if (checkAgainst(ReportAnchors, report).length > 0)
    throw invalidField('against', 'is not the --json report of punches verify')
  const { tenant_id, anchors } = report as Static<typeof ReportAnchors>
  if (tenant_id !== tenantId) throw invalidField('against', `is a report of another company (${tenant_id})`)
  return anchors
}

/**
 * Walks every employee's punch chain (or one employee's) and reports each broken link, each chain
 * that does not end at its recorded head, and each punch anchored by an earlier report (`against`)
 * that is gone or changed. Employees whose punches are all gone still have a head, so they are
 * checked too.
 */
export async function verifyPunchChains(
  db: Db,
  tenantId: string,
  userId?: string,
  against: readonly ChainAnchor[] = [],
): Promise<VerificationReport> {
  await requireTenant(db, tenantId)
  if (userId && !(await findUserRow(db, tenantId, userId))) throw notFound('User')
  const anchorsOf = new Map<string, Map<string, ChainAnchor>>() // by employee, then by seq and hash (once each)
  for (const anchor of against) {
    if (userId && anchor.user_id !== userId) continue
    let ofUser = anchorsOf.get(anchor.user_id)
    if (!ofUser) {
      ofUser = new Map()
      anchorsOf.set(anchor.user_id, ofUser)
    }
    ofUser.set(`${anchor.seq}:${anchor.hash}`, anchor)
  }
  if (anchorsOf.size > 0) {
    const employees = new Set(await repo.employeeIds(db, tenantId))
    const strangers = [...anchorsOf.keys()].filter((id) => !employees.has(id))
    if (strangers.length > 0)
      throw invalidField(
        'against',
        `anchors punches of ids that are no employees of this company: ${strangers.slice(0, 5).join(', ')}`,
      )
  }
  const userIds = userId
    ? [userId]
    : [...new Set([...(await repo.usersWithChains(db, tenantId)), ...anchorsOf.keys()])].sort()
  const broken: BrokenLink[] = []
  const anchors: ChainAnchor[] = []
  let punches = 0
  let anchorsChecked = 0
  for (const id of userIds) {
    // The head and the chain from one snapshot: a punch recorded meanwhile is in both or in neither.
    // A transaction of its own rather than inTransaction, which cannot choose the isolation level
    // (under PostgreSQL's default, read committed, each read would see a later snapshot).
    const { head, chain, links, outOfStep } = await db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => ({
        head: await repo.chainHead(trx, tenantId, id),
        chain: await repo.punchChain(trx, tenantId, id),
        links: await repo.supersessionsOf(trx, tenantId, id),
        outOfStep: await repo.correctionsOutOfStep(trx, tenantId, id),
      }))
    punches += chain.length
    const anchored = [...(anchorsOf.get(id)?.values() ?? [])]
    anchorsChecked += anchored.length
    broken.push(
      ...verifyChain(chain),
      ...verifyHead(id, chain, head ?? null),
      ...verifySupersessions(id, chain, links),
      ...outOfStep.map(
        (c): BrokenLink => ({
          user_id: id,
          punch_id: c.id,
          seq: Number(c.seq ?? 0),
          problem: 'correction_status_mismatch',
        }),
      ),
      ...anchored.flatMap((a) => verifyAnchor(chain, a)),
    )
    const last = chain.at(-1)
    if (last) anchors.push({ user_id: id, seq: last.seq, hash: last.hash })
  }
  return {
    tenant_id: tenantId,
    users_checked: userIds.length,
    punches_checked: punches,
    ok: broken.length === 0,
    broken,
    anchors_checked: anchorsChecked,
    anchors,
  }
}
