/**
 * Corrections of the working-time record, with the consent of both sides
 * (docs/decisions/0010-legal-working-time-record.md): someone proposes a change to an employee's
 * punches with a reason; the other side approves or rejects it. Applying an approved correction is
 * append-only: the correction becomes a link of the employee's hash chain, the punches it moves or
 * voids are marked superseded by rows of their own, and the punches it adds or moves are appended
 * with source `correction`. The employee's row lock serialises it with their punches and their
 * other corrections.
 */
import {
  assertPersonalCredential,
  canCancelCorrection,
  canDecideCorrection,
  recordsLimitedToTeamOf,
} from '../../auth/policies.js'
import { type RequestScope, noteRecordsRead } from '../../auth/request-scope.js'
import { canSeeRecordsOf } from '../../auth/visibility.js'
import { lockRow } from '../../db/locks.js'
import type { TenantRow, UserRow } from '../../db/schema.js'
import type { PunchCorrectionRow } from './attendance.tables.js'
import { managerChain } from '../../db/team.js'
import { type Db, inTransaction, nowIsoOf } from '../../db/unit-of-work.js'
import { AppError, invalidField, notFound, permissionDenied } from '../../errors.js'
import { addDays, assertDateRange, startOfLocalDay } from '../../lib/calendar.js'
import { newId } from '../../lib/ids.js'
import { listBody, pageOf } from '../../lib/pagination.js'
import { announced } from '../events/index.js'
import { credentialOriginOf, findUserRow } from '../users/index.js'
import * as repo from './attendance.repository.js'
import * as logic from './corrections.logic.js'
import * as store from './corrections.repository.js'
import type {
  CorrectionType,
  DecideCorrectionBodyType,
  ListCorrectionsQueryType,
  ProposeCorrectionBodyType,
} from './corrections.schemas.js'
import { correctionHash } from './punch-chain.js'
import { MAX_FUTURE_MS, chainLink, chainedPunchRow } from './punch-recording.service.js'
import { jsonText, parseJsonText } from '../../db/codec.js'

const DAY_MS = 86_400_000

export function correctionToApi(row: PunchCorrectionRow): CorrectionType {
  return {
    id: row.id,
    user_id: row.user_id,
    status: row.status,
    reason: row.reason,
    changes: parseJsonText(row.changes) as logic.CorrectionChange[],
    proposed_by: row.proposed_by,
    proposed_at: row.proposed_at,
    decided_by: row.decided_by,
    decided_at: row.decided_at,
    decision_note: row.decision_note,
    // Only when the employee decided with a credential the company issued; absent otherwise.
    ...(row.decision_credential_origin ? { decision_credential_origin: row.decision_credential_origin } : {}),
    cancelled_at: row.cancelled_at,
  }
}

/** The stored form of the changes: instants in UTC with milliseconds, an added `in`'s modality explicit. */
function normalisedChanges(changes: ProposeCorrectionBodyType['changes']): logic.CorrectionChange[] {
  return changes.map((c) => {
    if (c.action === 'void') return { action: 'void', punch_id: c.punch_id }
    if (c.action === 'move') return { action: 'move', punch_id: c.punch_id, ts: logic.normalisedInstant(c.ts) }
    const ts = logic.normalisedInstant(c.ts)
    return c.type === 'in'
      ? { action: 'add', type: c.type, ts, modality: c.modality ?? 'onsite' }
      : { action: 'add', type: c.type, ts, ...(c.modality ? { modality: c.modality } : {}) }
  })
}

/**
 * Judges the changes against the employee's effective punches as they are now: every named punch
 * is theirs (404) and not superseded (409), the stretch is at most 31 days, and the corrected
 * sequence is coherent with the punches before and after it (409). Returns the corrected stretch.
 */
async function judge(
  db: Db,
  tenant: Pick<TenantRow, 'max_session_hours'>,
  user: UserRow,
  changes: readonly logic.CorrectionChange[],
) {
  if (!user.remote_work_allowed && changes.some((c) => c.action === 'add' && c.modality === 'remote')) {
    throw new AppError('remote_not_allowed', 'This employee is not allowed to work remotely')
  }
  const ids = logic.namedPunchIds(changes)
  const rows = await repo.punchesByIds(db, user.tenant_id, user.id, ids)
  const byId = new Map(rows.map((r) => [r.id, r]))
  for (const id of ids) {
    const row = byId.get(id)
    if (!row) throw new AppError('not_found', `Punch ${id} is not a punch of this employee`)
    if (row.superseded_by)
      throw new AppError(
        'punch_superseded',
        `Punch ${id} was already corrected by ${row.superseded_by}; correct the punch that replaced it`,
      )
  }
  changes.forEach((c, i) => {
    if (c.action === 'move' && c.ts === byId.get(c.punch_id)!.ts)
      throw invalidField(`changes[${i}].ts`, 'is the moment the punch already has')
  })
  const span = logic.touchedSpan(changes, byId)
  if (Date.parse(span.last) - Date.parse(span.first) > logic.MAX_CORRECTION_SPAN_DAYS * DAY_MS) {
    throw invalidField(
      'changes',
      `must all fall within ${logic.MAX_CORRECTION_SPAN_DAYS} days of each other; propose separate corrections`,
    )
  }
  const around = await repo.effectivePunchesAround(db, user.tenant_id, user.id, span.first, span.last)
  const corrected = logic.applyChanges(around.within, changes, byId, around.before)
  // A session open on a break when the stretch begins: its `in` says whether it was left open.
  const openSince =
    around.before && around.before.type !== 'in' && around.before.type !== 'out'
      ? (await repo.lastEffectiveInBefore(db, user.tenant_id, user.id, span.first))?.ts
      : undefined
  const problem = logic.coherenceProblem(around.before, corrected, around.after, {
    openSince,
    maxSessionMs: tenant.max_session_hours * 3_600_000,
  })
  if (problem) throw new AppError('correction_incoherent', problem)
  return { span, corrected }
}

export async function proposeCorrection(scope: RequestScope, body: ProposeCorrectionBodyType): Promise<CorrectionType> {
  const { db, auth } = scope
  const changes = normalisedChanges(body.changes)
  const problems = logic.changeListProblems(changes, scope.now, MAX_FUTURE_MS)
  if (problems.length > 0) {
    const details = problems.map(([field, message]) => ({ field, message }))
    throw new AppError('invalid_request', `Invalid ${details.map((d) => d.field).join(', ')}`, details)
  }
  const user = await findUserRow(db, auth.tenantId, body.user_id)
  if (!user || !(await canSeeRecordsOf(db, auth, user.id))) throw notFound('User')
  return inTransaction(scope, async (tx) => insertProposal(tx, user, changes, body.reason.trim()))
}

/**
 * Records the caller's proposal of `changes` to `user`'s punches, judged against the record as
 * it is in the transaction of `tx`, and announces it.
 */
export async function insertProposal(
  tx: RequestScope,
  user: UserRow,
  changes: readonly logic.CorrectionChange[],
  reason: string,
): Promise<CorrectionType> {
  const { span } = await judge(tx.db, tx.auth.tenant, user, changes)
  const row: PunchCorrectionRow = {
    id: newId('correction'),
    tenant_id: user.tenant_id,
    user_id: user.id,
    status: 'pending',
    reason,
    changes: jsonText([...changes]),
    first_ts: span.first,
    last_ts: span.last,
    proposed_by: tx.auth.actor.id,
    proposed_at: nowIsoOf(tx),
    decided_by: null,
    decided_at: null,
    decision_note: null,
    decision_credential_origin: null,
    cancelled_at: null,
    seq: null,
    prev_hash: null,
    hash: null,
  }
  const proposed = correctionToApi(row)
  await store.insertCorrection(tx.db, row)
  return announced(tx, 'correction.proposed', proposed)
}

/**
 * Reads a correction in the transaction of `tx` under its employee's row lock; 404 unless the
 * caller sees the employee's records.
 */
async function lockedCorrection(tx: RequestScope, id: string): Promise<PunchCorrectionRow> {
  const { db: trx, auth } = tx
  const found = await store.findCorrection(trx, auth.tenantId, id)
  if (!found) throw notFound('Correction')
  await lockRow(trx, 'users', auth.tenantId, found.user_id)
  const correction = (await store.findCorrection(trx, auth.tenantId, id))! // as it is now that no one else can change it
  if (!(await canSeeRecordsOf(trx, auth, correction.user_id))) throw notFound('Correction')
  return correction
}

export async function decideCorrection(
  scope: RequestScope,
  id: string,
  body: DecideCorrectionBodyType,
): Promise<CorrectionType> {
  const { auth } = scope
  return inTransaction(scope, async (tx) => {
    const trx = tx.db
    const correction = await lockedCorrection(tx, id)
    const chain =
      correction.proposed_by === correction.user_id ? await managerChain(trx, auth.tenantId, correction.user_id) : []
    if (
      !canDecideCorrection(
        auth.actor,
        { employeeId: correction.user_id, proposedBy: correction.proposed_by },
        auth.tenant.hr_department_id,
        chain,
      )
    ) {
      throw permissionDenied(
        correction.proposed_by === correction.user_id
          ? 'A correction the employee proposed is decided by HR or a supervisor of the employee, never by the employee'
          : 'A correction proposed by someone else is decided by the employee; nobody decides their own proposal',
      )
    }
    if (correction.status !== 'pending')
      throw new AppError('correction_not_pending', `The correction is ${correction.status}`)
    // The employee's consent to someone else's proposal is theirs alone to give, and it says
    // whether the credential it was given with was the company's
    // (docs/decisions/0024-only-the-worker-acts-as-the-worker.md).
    let origin: 'company_issued' | null = null
    if (correction.user_id === auth.actor.id) {
      assertPersonalCredential(auth, 'Consenting to a correction of one’s record')
      const self = await findUserRow(trx, auth.tenantId, auth.actor.id)
      origin = self ? credentialOriginOf(auth, self) : null
    }
    const decision = {
      decided_by: auth.actor.id,
      decided_at: nowIsoOf(tx),
      decision_note: body.note?.trim() || null,
      decision_credential_origin: origin,
    }
    if (body.decision === 'rejected')
      await store.settlePendingCorrection(trx, auth.tenantId, id, { status: 'rejected', ...decision })
    else await applyCorrection(trx, auth.tenant, correction, decision)
    const decided = correctionToApi((await store.findCorrection(trx, auth.tenantId, id))!)
    return announced(tx, body.decision === 'approved' ? 'correction.approved' : 'correction.rejected', decided)
  })
}

/**
 * Appends an approved correction to its employee's chain, marks the punches it moves or voids as
 * superseded, and appends the punches it moves or adds. The record is judged again first: it may
 * have changed since the proposal.
 */
async function applyCorrection(
  trx: Db,
  tenant: TenantRow,
  correction: PunchCorrectionRow,
  decision: {
    decided_by: string
    decided_at: string
    decision_note: string | null
    decision_credential_origin: 'company_issued' | null
  },
): Promise<void> {
  const user = (await findUserRow(trx, correction.tenant_id, correction.user_id))!
  const changes = parseJsonText(correction.changes) as logic.CorrectionChange[]
  const { corrected } = await judge(trx, tenant, user, changes)
  const link = await chainLink(trx, correction.tenant_id, correction.user_id)
  const unhashed = {
    id: correction.id,
    tenant_id: correction.tenant_id,
    user_id: correction.user_id,
    seq: (link?.seq ?? 0) + 1,
    reason: correction.reason,
    changes: correction.changes,
    first_ts: correction.first_ts,
    last_ts: correction.last_ts,
    proposed_by: correction.proposed_by,
    proposed_at: correction.proposed_at,
    ...decision,
    prev_hash: link?.hash ?? null,
  }
  const hash = correctionHash(unhashed)
  await store.settlePendingCorrection(trx, correction.tenant_id, correction.id, {
    status: 'approved',
    ...decision,
    seq: unhashed.seq,
    prev_hash: unhashed.prev_hash,
    hash,
  })
  await repo.insertSupersessions(
    trx,
    logic.namedPunchIds(changes).map((punchId) => ({
      punch_id: punchId,
      tenant_id: correction.tenant_id,
      user_id: correction.user_id,
      correction_id: correction.id,
      created_at: decision.decided_at,
    })),
  )
  let head = { seq: unhashed.seq, hash }
  for (const punch of corrected.filter((p) => p.fromChange)) {
    const row = chainedPunchRow(
      {
        tenant_id: correction.tenant_id,
        user_id: correction.user_id,
        type: punch.type,
        ts: punch.ts,
        modality: punch.modality,
        source: 'correction',
        created_by: correction.proposed_by, // who wrote the change; decided_by on the correction consented to it
        kiosk_id: null,
        correction_id: correction.id,
        // The correction's link carries how the employee consented; its punches are the proposer's.
        credential_origin: null,
        created_at: decision.decided_at,
      },
      head,
    )
    await repo.insertPunch(trx, row)
    head = { seq: row.seq, hash: row.hash }
  }
  await repo.moveChainHeads(trx, correction.tenant_id, [{ user_id: correction.user_id, ...head }])
}

export async function cancelCorrection(scope: RequestScope, id: string): Promise<CorrectionType> {
  const { db, auth } = scope
  await inTransaction(scope, async (tx) => {
    const trx = tx.db
    const correction = await lockedCorrection(tx, id)
    if (!canCancelCorrection(auth.actor, correction.proposed_by))
      throw permissionDenied('Only whoever proposed a correction may cancel it')
    if (correction.status !== 'pending')
      throw new AppError('correction_not_pending', `The correction is ${correction.status}`)
    await store.settlePendingCorrection(trx, auth.tenantId, id, {
      status: 'cancelled',
      cancelled_at: nowIsoOf(tx),
    })
  })
  return correctionToApi((await store.findCorrection(db, auth.tenantId, id))!)
}

export async function getCorrection(scope: RequestScope, id: string): Promise<CorrectionType> {
  const { db, auth } = scope
  const correction = await store.findCorrection(db, auth.tenantId, id)
  if (!correction || !(await canSeeRecordsOf(db, auth, correction.user_id))) throw notFound('Correction')
  noteRecordsRead(scope, [correction.user_id])
  return correctionToApi(correction)
}

/** Corrections of the employees the caller sees, most recently proposed first; from/to select those touching punches of those days. */
export async function listCorrections(scope: RequestScope, query: ListCorrectionsQueryType) {
  const { db, auth } = scope
  if (query.from && query.to) assertDateRange(query.from, query.to)
  const zone = query.tz ?? auth.tenant.timezone
  const window = pageOf(query)
  const page = await store.listCorrections(
    db,
    auth.tenantId,
    {
      userId: query.user_id,
      status: query.status,
      fromIso: query.from ? new Date(startOfLocalDay(query.from, zone)).toISOString() : undefined,
      toIso: query.to ? new Date(startOfLocalDay(addDays(query.to, 1), zone)).toISOString() : undefined,
      teamOf: recordsLimitedToTeamOf(auth) ?? undefined,
    },
    window,
  )
  noteRecordsRead(
    scope,
    page.rows.map((c) => c.user_id),
  )
  return listBody(window, page, correctionToApi)
}
