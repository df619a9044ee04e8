/**
 * Recording punches: each one judged by the sequence rules against the employee's last effective
 * punch, serialised per employee by the employee's row lock, appended and linked into the
 * employee's hash chain with its origin (who recorded it, how). Punches are never updated or
 * deleted. An administrator pushes punches for anyone (`api`); every employee clocks for
 * themselves at the server's moment (`clock`).
 */
import type { AuthContext } from '../../auth/context.js'
import { assertPersonalCredential, canAdministerEmployees } from '../../auth/policies.js'
import type { RequestScope } from '../../auth/request-scope.js'
import { lockRows, lockedRow } from '../../db/locks.js'
import type { UserRow } from '../../db/schema.js'
import type { PunchRow, PunchSource } from './attendance.tables.js'
import { type Db, inTransaction } from '../../db/unit-of-work.js'
import { AppError, invalidField, notFound, permissionDenied } from '../../errors.js'
import { newId } from '../../lib/ids.js'
import { recordEvents } from '../events/index.js'
import { credentialOriginOf, findUserRows } from '../users/index.js'
import { type LeftOpenSession, workingTimePolicyOf } from './anomalies.logic.js'
import * as logic from './attendance.logic.js'
import * as repo from './attendance.repository.js'
import type {
  BatchPunchBodyType,
  BatchPunchResultType,
  ClockBodyType,
  ClockedPunchType,
  CreatePunchBodyType,
  LeftOpenSessionType,
  PunchType,
} from './attendance.schemas.js'
import { settleLeftOpenSessions } from './left-open-sessions.service.js'
import { PUNCH_HASH_VERSION, punchHash } from './punch-chain.js'

export const MAX_FUTURE_MS = 60_000
export const MAX_AGE_MS = 60 * 86_400_000
/**
 * How long a personal punch may wait on a phone (docs/decisions/0017-web-app.md): a worker's own
 * phone is back online within days; an older punch is a correction, with the consent of both sides.
 */
export const MAX_QUEUED_AGE_MS = 7 * 86_400_000

export function punchToApi(
  row: Pick<PunchRow, 'id' | 'user_id' | 'type' | 'ts' | 'modality' | 'source' | 'created_by' | 'credential_origin'>,
): PunchType {
  return {
    id: row.id,
    user_id: row.user_id,
    type: row.type,
    ts: row.ts,
    modality: row.modality,
    source: row.source,
    created_by: row.created_by,
    // Only when the company issued the credential: absent, the employee's own.
    ...(row.credential_origin ? { credential_origin: row.credential_origin } : {}),
  }
}

type ChainLink = { seq: number; hash: string }

/**
 * The link a new chain entry follows: the recorded head, or a punch beyond it written without
 * heads. The entry links to the recorded head rather than to the table's last row: if entries
 * were removed from the end of the chain, the gap stays visible after this one too. Rows beyond
 * the head (written by an instance of a version without heads, during an upgrade) are linked to
 * as they are.
 */
function linkAfter(head: ChainLink | undefined, last: ChainLink | undefined): ChainLink | null {
  const link = head && (!last || Number(head.seq) >= Number(last.seq)) ? head : last
  return link ? { seq: Number(link.seq), hash: link.hash } : null
}

/** Where each of these employees' chains continues, in two statements however many there are. */
async function chainLinks(
  trx: Db,
  tenantId: string,
  userIds: readonly string[],
): Promise<Map<string, ChainLink | null>> {
  // One after the other: a transaction's connection runs one query at a time anyway.
  const heads = await repo.chainHeads(trx, tenantId, userIds)
  const lasts = await repo.lastPunchesBySeq(trx, tenantId, userIds)
  const headOf = new Map(heads.map((h) => [h.user_id, h]))
  const lastOf = new Map(lasts.map((l) => [l.user_id, l]))
  return new Map(userIds.map((id) => [id, linkAfter(headOf.get(id), lastOf.get(id))]))
}

/** The link a new entry of one employee's chain follows. */
export async function chainLink(trx: Db, tenantId: string, userId: string): Promise<ChainLink | null> {
  return (await chainLinks(trx, tenantId, [userId])).get(userId) ?? null
}

/** A punch row as it will be stored, hashed and linked after `link`. */
export function chainedPunchRow(
  fields: Pick<
    PunchRow,
    | 'tenant_id'
    | 'user_id'
    | 'type'
    | 'ts'
    | 'modality'
    | 'source'
    | 'created_by'
    | 'kiosk_id'
    | 'correction_id'
    | 'credential_origin'
    | 'created_at'
  >,
  link: { seq: number; hash: string } | null,
): PunchRow {
  const unhashed = {
    id: newId('punch'),
    ...fields,
    seq: (link?.seq ?? 0) + 1,
    hash_version: PUNCH_HASH_VERSION,
    prev_hash: link?.hash ?? null,
  }
  return { ...unhashed, hash: punchHash(unhashed) }
}

interface PunchRequest {
  type: PunchType['type']
  /** Epoch ms of the punch. */
  tsMs: number
  modality?: 'onsite' | 'remote'
  source: PunchSource
  kioskId?: string | null
}

/** Checks what needs no database: modality only on `in`, the moment within the accepted window. */
function assertPunchInput(request: PunchRequest, now: number): void {
  if (request.modality !== undefined && request.type !== 'in')
    throw invalidField('modality', "is only accepted on 'in' punches")
  if (request.tsMs > now + MAX_FUTURE_MS)
    throw invalidField('ts', 'must not be in the future (60 s of clock skew are tolerated)')
  if (request.tsMs < now - MAX_AGE_MS) throw invalidField('ts', 'must not be more than 60 days old')
}

/** What an employee's next punches are judged against and linked after. */
interface PunchingEmployee {
  user: UserRow
  /** The last effective punch: the one the next must follow. */
  previous: Pick<PunchRow, 'ts' | 'type' | 'modality'> | undefined
  /** The `in` of the session open after `previous`; undefined when none is open. */
  sessionStartedAt: string | undefined
  link: ChainLink | null
}

/**
 * The employees (of those asked for that exist in the company) as their next punches see them,
 * in four statements however many there are. Call it holding their row locks.
 */
async function punchingEmployees(
  trx: Db,
  tenantId: string,
  userIds: readonly string[],
): Promise<Map<string, PunchingEmployee>> {
  const users = await findUserRows(trx, tenantId, userIds)
  const lasts = await repo.lastEffectivePunches(trx, tenantId, userIds)
  const links = await chainLinks(trx, tenantId, userIds)
  const lastOf = new Map(lasts.map((p) => [p.user_id, p]))
  const open = lasts.filter((p) => p.type !== 'out').map((p) => p.user_id)
  const startOf = new Map((await repo.lastEffectiveIns(trx, tenantId, open)).map((p) => [p.user_id, p.ts]))
  return new Map(
    users.map((user) => [
      user.id,
      { user, previous: lastOf.get(user.id), sessionStartedAt: startOf.get(user.id), link: links.get(user.id) ?? null },
    ]),
  )
}

/** What judging a run of punches came to. */
interface JudgedRun {
  /** Per request, the row to store (hashed and linked) or the refusal. */
  outcomes: (PunchRow | AppError)[]
  /** The `in` of each session left open that an accepted `in` of the run followed. */
  leftOpen: string[]
}

/**
 * Judges a run of punches for one employee, in order, by the contract's rules: each against the
 * one before it (the last effective punch for the first); a refused punch is left out and the
 * next is judged against the last accepted one. A session left open is no reason to refuse: an
 * `in` past the company's maximum starts a new session (art. 34.9 ET), and the session left open
 * is named for its closing proposal. Touches no database.
 */
function judgeRun(
  auth: AuthContext,
  employee: PunchingEmployee,
  requests: readonly PunchRequest[],
  now: number,
): JudgedRun {
  const { user } = employee
  const maxSessionMs = workingTimePolicyOf(auth.tenant).maxSessionHours * 3_600_000
  let previous = employee.previous
  let sessionStartedAt = employee.sessionStartedAt
  let head = employee.link
  const createdAt = new Date(now).toISOString()
  const leftOpen: string[] = []
  const outcomes = requests.map((request): PunchRow | AppError => {
    if (user.status !== 'active') return new AppError('user_disabled', 'Punches cannot be recorded for a disabled user')
    if (request.modality === 'remote' && !user.remote_work_allowed)
      return new AppError('remote_not_allowed', 'This employee is not allowed to work remotely')
    const ts = new Date(request.tsMs).toISOString()
    if (previous && ts <= previous.ts)
      return new AppError(
        'punch_out_of_order',
        `The punch must be later than the employee's last punch (${previous.ts})`,
      )
    // Judged at the punch's own moment, whoever sends it and however late it arrives (the punch
    // log's created_at shows when): a punch kept offline is as real as one sent at once.
    const openSinceMs = sessionStartedAt === undefined ? undefined : Date.parse(sessionStartedAt)
    const lastType = previous?.type ?? null
    const problem = logic.punchProblem(lastType, openSinceMs, request.type, request.tsMs, maxSessionMs)
    if (problem) return new AppError('punch_sequence_invalid', problem)
    if (logic.startsAfterLeftOpen(lastType, openSinceMs, request.type, request.tsMs, maxSessionMs))
      leftOpen.push(sessionStartedAt!)
    const row = chainedPunchRow(
      {
        tenant_id: auth.tenantId,
        user_id: user.id,
        type: request.type,
        ts,
        // A session's modality is chosen on its `in`; its other punches carry it along.
        modality: request.type === 'in' ? (request.modality ?? 'onsite') : (previous?.modality ?? 'onsite'),
        source: request.source,
        created_by: auth.actor.id,
        kiosk_id: request.kioskId ?? null,
        correction_id: null,
        // The employee's own punch made with a credential the company issued says so
        // (docs/decisions/0024-only-the-worker-acts-as-the-worker.md).
        credential_origin: credentialOriginOf(auth, user),
        created_at: createdAt,
      },
      head,
    )
    previous = row
    if (row.type === 'in') sessionStartedAt = row.ts
    else if (row.type === 'out') sessionStartedAt = undefined
    head = { seq: row.seq, hash: row.hash }
    return row
  })
  return { outcomes, leftOpen }
}

/**
 * Stores accepted punches (of one employee or many, each employee's in chain order), moves each
 * chain's head to its employee's last punch and records their events, in the unit of work of
 * `tx`: one statement each, however many punches, so a device syncing a day of punches, or a
 * batch for many employees, costs about what one punch costs.
 */
async function storePunches(tx: RequestScope, rows: readonly PunchRow[]): Promise<void> {
  if (rows.length === 0) return
  const heads = new Map(rows.map((row) => [row.user_id, { user_id: row.user_id, seq: row.seq, hash: row.hash }]))
  await repo.insertPunches(tx.db, rows)
  await repo.moveChainHeads(tx.db, tx.auth.tenantId, [...heads.values()])
  await recordEvents(
    tx,
    rows.map((row) => ({ type: 'punch.created' as const, data: punchToApi(row) })),
  )
}

/**
 * The company's proposals closing the sessions left open that `userId`'s new punches followed,
 * in the punch's transaction (which holds the employee's row lock); the latest of them, to tell
 * the person. A proposal the record cannot take (it would not fit the punches) is left to the
 * next check: it never costs the punch.
 */
async function proposeClosings(tx: RequestScope, userId: string, leftOpen: readonly string[]) {
  if (leftOpen.length === 0) return null
  try {
    return (await settleLeftOpenSessions(tx, tx.auth.tenant, userId, leftOpen)).at(-1) ?? null
  } catch (error) {
    if (error instanceof AppError) return null
    throw error
  }
}

/**
 * Judges and appends one punch for `employee`, whose row lock `tx` holds; throws its refusal.
 * Also answers the session left open the punch followed, if any, with its closing proposal.
 */
async function appendPunch(
  tx: RequestScope,
  employee: PunchingEmployee,
  request: PunchRequest,
): Promise<{ row: PunchRow; leftOpen: LeftOpenSession | null }> {
  const judged = judgeRun(tx.auth, employee, [request], tx.now)
  const outcome = judged.outcomes[0]!
  if (outcome instanceof AppError) throw outcome
  await storePunches(tx, [outcome])
  return { row: outcome, leftOpen: await proposeClosings(tx, employee.user.id, judged.leftOpen) }
}

/** Locks one employee's row and reads what their next punch is judged against; 404 when not in the company. */
async function lockedEmployee(trx: Db, tenantId: string, userId: string): Promise<PunchingEmployee> {
  // What punchingEmployees reads for many, for one in two statements: the row with its lock, and
  // the rest at once.
  const user = await lockedRow(trx, 'users', tenantId, userId)
  if (!user) throw notFound('User')
  const state = await repo.punchingStateOf(trx, tenantId, userId)
  return {
    user,
    previous: state.last,
    sessionStartedAt: state.last && state.last.type !== 'out' ? state.lastIn?.ts : undefined,
    link: linkAfter(state.head, state.lastBySeq),
  }
}

/** Records one punch pushed by an administrator. The employee's row lock serialises concurrent pushes for that employee. */
export async function createPunch(scope: RequestScope, body: CreatePunchBodyType): Promise<PunchType> {
  const { auth } = scope
  const request: PunchRequest = { type: body.type, tsMs: Date.parse(body.ts), modality: body.modality, source: 'api' }
  assertPunchInput(request, scope.now)
  return inTransaction(scope, async (tx) => {
    const employee = await lockedEmployee(tx.db, auth.tenantId, body.user_id)
    if (!canAdministerEmployees(auth.actor)) throw permissionDenied('Only an administrator may push punches')
    return punchToApi((await appendPunch(tx, employee, request)).row)
  })
}

/**
 * The acting user punches for themselves at the scope's moment (the server's, never the
 * client's): personal clock-in, for any role. Answers the punch and, when it followed a session
 * left open, that session with its closing proposal.
 */
export async function clockPunch(
  scope: RequestScope,
  body: ClockBodyType,
  sent: { idempotencyKey: boolean },
): Promise<ClockedPunchType> {
  assertPersonalCredential(scope.auth, 'Clocking in or out')
  // A punch kept on a phone while offline carries its real moment (docs/decisions/0017-web-app.md):
  // sent once, with an Idempotency-Key, within a week.
  const tsMs = body.ts === undefined ? scope.now : Date.parse(body.ts)
  if (body.ts !== undefined && !sent.idempotencyKey)
    throw invalidField('ts', 'is only for a punch kept offline, which is sent with an Idempotency-Key header')
  if (tsMs < scope.now - MAX_QUEUED_AGE_MS)
    throw invalidField('ts', 'must not be more than 7 days old: propose a correction for an older punch')
  const { row, leftOpen } = await punchRowForSelf(scope, {
    type: body.type,
    tsMs,
    modality: body.modality,
    source: 'clock',
  })
  return { ...punchToApi(row), left_open_session: leftOpenToApi(leftOpen, row.user_id) }
}

/**
 * A session left open as the person who left it sees it: the pending correction closing it when
 * it is someone else's proposal (one they proposed themselves awaits HR: nothing for them to accept).
 */
export function leftOpenToApi(found: LeftOpenSession | null, personId: string): LeftOpenSessionType | null {
  if (!found) return null
  const theirs = found.proposedBy === personId
  return {
    started_at: found.sessionStartedAt,
    correction_id: theirs ? null : found.correctionId,
    proposed_out_at: theirs ? null : found.proposedOutAt,
  }
}

/**
 * The employee identified at a kiosk (the scope's caller) punches for themselves
 * (docs/decisions/0013-kiosks.md): at the scope's moment, or at the real moment of a punch the
 * kiosk queued while the service could not be reached (within the contract's window, judged by the
 * usual rules).
 */
export async function kioskPunch(scope: RequestScope, kioskId: string, body: ClockBodyType): Promise<PunchRow> {
  const tsMs = body.ts === undefined ? scope.now : Date.parse(body.ts)
  const { row } = await punchRowForSelf(scope, {
    type: body.type,
    tsMs,
    modality: body.modality,
    source: 'kiosk',
    kioskId,
  })
  return row
}

/** Judges and appends a punch of the acting user, holding their row lock. */
async function punchRowForSelf(scope: RequestScope, request: PunchRequest) {
  assertPunchInput(request, scope.now)
  const append = async (tx: RequestScope) =>
    appendPunch(tx, await lockedEmployee(tx.db, tx.auth.tenantId, tx.auth.actor.id), request)
  // In a request's transaction already (clock, kiosk): a refusal answers an error, which rolls the
  // whole request back, so a savepoint of its own (two more statements) would undo nothing more.
  return scope.db.isTransaction ? append(scope) : inTransaction(scope, append)
}

function refusal(index: number, error: AppError): BatchPunchResultType {
  return {
    index,
    status: error.status,
    error: { code: error.code, message: error.message, ...(error.details ? { details: error.details } : {}) },
  }
}

/**
 * Records a device's backlog (docs/decisions/0012-integrations.md): each punch judged as
 * attendance.create would judge it, an employee's punches in request order; accepted ones are
 * stored even when others are refused.
 */
export async function createPunchBatch(scope: RequestScope, body: BatchPunchBodyType): Promise<BatchPunchResultType[]> {
  const { auth, now } = scope
  if (!canAdministerEmployees(auth.actor)) throw permissionDenied('Only an administrator may push punches')
  const results: BatchPunchResultType[] = new Array(body.punches.length)
  const byEmployee = new Map<string, { index: number; request: PunchRequest }[]>()
  body.punches.forEach((item, index) => {
    const request: PunchRequest = { type: item.type, tsMs: Date.parse(item.ts), modality: item.modality, source: 'api' }
    try {
      assertPunchInput(request, now)
    } catch (error) {
      if (!(error instanceof AppError)) throw error
      results[index] = refusal(index, error)
      return
    }
    const run = byEmployee.get(item.user_id) ?? []
    run.push({ index, request })
    byEmployee.set(item.user_id, run)
  })
  const userIds = [...byEmployee.keys()].sort()
  await inTransaction(scope, async (tx) => {
    const trx = tx.db
    // Every employee of the batch at once, in id order (as any multi-row lock is taken), then
    // their state in a few statements: a batch costs a handful of statements, not a few per employee.
    await lockRows(trx, 'users', auth.tenantId, userIds)
    const employees = await punchingEmployees(trx, auth.tenantId, userIds)
    const stored: PunchRow[] = []
    const leftOpen = new Map<string, string[]>()
    for (const userId of userIds) {
      const run = byEmployee.get(userId)!
      const employee = employees.get(userId)
      const judged = employee
        ? judgeRun(
            auth,
            employee,
            run.map((r) => r.request),
            now,
          )
        : { outcomes: run.map(() => notFound('User')), leftOpen: [] }
      for (const [k, outcome] of judged.outcomes.entries()) {
        const { index } = run[k]!
        if (outcome instanceof AppError) {
          results[index] = refusal(index, outcome)
          continue
        }
        results[index] = { index, status: 201, data: punchToApi(outcome) }
        stored.push(outcome)
      }
      if (judged.leftOpen.length > 0) leftOpen.set(userId, judged.leftOpen)
    }
    await storePunches(tx, stored)
    // A backlog that carried on after a forgotten `out`: the company proposes to close the day.
    for (const [userId, starts] of leftOpen) await proposeClosings(tx, userId, starts)
  })
  return results
}
