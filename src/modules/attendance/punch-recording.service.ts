/**
 * Recording punches: each one judged by the sequence rules against the employee's last effective
 * punch, serialised per employee by the employee's row lock, appended and linked into the
 * employee's hash chain with its origin (who recorded it, how). Punches are never updated or
 * deleted. An administrator pushes punches for anyone (`api`); every employee clocks for
 * themselves at the server's moment (`clock`).
 */
import type { Kysely } from 'kysely'
import type { AuthContext } from '../../auth/context.js'
import { canAdministerEmployees } from '../../auth/policies.js'
import { lockRow } from '../../db/locks.js'
import type { Database, PunchRow, PunchSource, UserRow } from '../../db/schema.js'
import { AppError, invalidField, notFound, permissionDenied } from '../../errors.js'
import { newId } from '../../lib/ids.js'
import { recordEvents } from '../events/events.service.js'
import { findUserRow } from '../users/users.repository.js'
import * as logic from './attendance.logic.js'
import * as repo from './attendance.repository.js'
import type { BatchPunchBodyType, BatchPunchResultType, ClockBodyType, CreatePunchBodyType, PunchType } from './attendance.schemas.js'
import { PUNCH_HASH_VERSION, punchHash } from './punch-chain.js'

type Db = Kysely<Database>

export const MAX_FUTURE_MS = 60_000
export const MAX_AGE_MS = 60 * 86_400_000

export function punchToApi(row: Pick<PunchRow, 'id' | 'user_id' | 'type' | 'ts' | 'modality' | 'source' | 'created_by'>): PunchType {
  return { id: row.id, user_id: row.user_id, type: row.type, ts: row.ts, modality: row.modality, source: row.source, created_by: row.created_by }
}

/** The link a new chain entry follows: the recorded head, or a punch beyond it written without heads. */
export async function chainLink(trx: Db, tenantId: string, userId: string): Promise<{ seq: number; hash: string } | null> {
  const [head, last] = await Promise.all([repo.chainHead(trx, tenantId, userId), repo.lastPunchBySeq(trx, tenantId, userId)])
  // The entry links to the recorded head rather than to the table's last row: if entries were
  // removed from the end of the chain, the gap stays visible after this one too. Rows beyond the
  // head (written by an instance of a version without heads, during an upgrade) are linked to as
  // they are.
  const link = head && (!last || Number(head.seq) >= Number(last.seq)) ? head : last
  return link ? { seq: Number(link.seq), hash: link.hash } : null
}

/** A punch row as it will be stored, hashed and linked after `link`. */
export function chainedPunchRow(
  fields: Pick<PunchRow, 'tenant_id' | 'user_id' | 'type' | 'ts' | 'modality' | 'source' | 'created_by' | 'kiosk_id' | 'correction_id' | 'created_at'>,
  link: { seq: number; hash: string } | null,
): PunchRow {
  const unhashed = { id: newId('punch'), ...fields, seq: (link?.seq ?? 0) + 1, hash_version: PUNCH_HASH_VERSION, prev_hash: link?.hash ?? null }
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
  if (request.modality !== undefined && request.type !== 'in') throw invalidField('modality', "is only accepted on 'in' punches")
  if (request.tsMs > now + MAX_FUTURE_MS) throw invalidField('ts', 'must not be in the future (60 s of clock skew are tolerated)')
  if (request.tsMs < now - MAX_AGE_MS) throw invalidField('ts', 'must not be more than 60 days old')
}

/**
 * Appends a run of punches for `user`, in order, inside `trx`, which holds the employee's row
 * lock. Each is judged by the contract's rules against the one before it (the last effective
 * punch for the first); a refused punch is left out and the next is judged against the last
 * accepted one. Returns, per request, the stored row or the refusal. Reads and writes are one
 * statement each for the whole run, however long: a device syncing a day of punches costs about
 * what one punch costs.
 */
async function appendPunches(trx: Db, auth: AuthContext, user: UserRow, requests: readonly PunchRequest[], now: number): Promise<(PunchRow | AppError)[]> {
  const [last, link] = await Promise.all([repo.lastEffectivePunch(trx, auth.tenantId, user.id), chainLink(trx, auth.tenantId, user.id)])
  let previous: Pick<PunchRow, 'ts' | 'type' | 'modality'> | undefined = last
  let head = link
  const createdAt = new Date(now).toISOString()
  const outcomes = requests.map((request): PunchRow | AppError => {
    if (user.status !== 'active') return new AppError('user_disabled', 'Punches cannot be recorded for a disabled user')
    if (request.modality === 'remote' && !user.remote_work_allowed) return new AppError('remote_not_allowed', 'This employee is not allowed to work remotely')
    const ts = new Date(request.tsMs).toISOString()
    if (previous && ts <= previous.ts) return new AppError('punch_out_of_order', `The punch must be later than the employee's last punch (${previous.ts})`)
    const problem = logic.sequenceProblem(previous?.type ?? null, request.type)
    if (problem) return new AppError('punch_sequence_invalid', problem)
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
        created_at: createdAt,
      },
      head,
    )
    previous = row
    head = { seq: row.seq, hash: row.hash }
    return row
  })
  const stored = outcomes.filter((o): o is PunchRow => !(o instanceof AppError))
  if (stored.length > 0) {
    await repo.insertPunches(trx, stored)
    await repo.moveChainHead(trx, auth.tenantId, user.id, head!)
    await recordEvents(trx, auth, stored.map((row) => ({ type: 'punch.created' as const, data: punchToApi(row) })), now)
  }
  return outcomes
}

/** Appends one punch for `user` inside `trx`, which holds the employee's row lock; throws its refusal. */
async function appendPunch(trx: Db, auth: AuthContext, user: UserRow, request: PunchRequest, now: number): Promise<PunchRow> {
  const [outcome] = await appendPunches(trx, auth, user, [request], now)
  if (outcome instanceof AppError) throw outcome
  return outcome!
}

/** Records one punch pushed by an administrator. The employee's row lock serialises concurrent pushes for that employee. */
export async function createPunch(db: Db, auth: AuthContext, body: CreatePunchBodyType, now = Date.now()): Promise<PunchType> {
  const request: PunchRequest = { type: body.type, tsMs: Date.parse(body.ts), modality: body.modality, source: 'api' }
  assertPunchInput(request, now)
  return db.transaction().execute(async (trx) => {
    await lockRow(trx, 'users', auth.tenantId, body.user_id)
    const user = await findUserRow(trx, auth.tenantId, body.user_id)
    if (!user) throw notFound('User')
    if (!canAdministerEmployees(auth.actor)) throw permissionDenied('Only an administrator may push punches')
    return punchToApi(await appendPunch(trx, auth, user, request, now))
  })
}

/** The acting user punches for themselves, at the server's moment: personal clock-in, for any role. */
export async function clockPunch(db: Db, auth: AuthContext, body: ClockBodyType, now = Date.now()): Promise<PunchType> {
  const request: PunchRequest = { type: body.type, tsMs: now, modality: body.modality, source: 'clock' }
  assertPunchInput(request, now)
  return db.transaction().execute(async (trx) => {
    await lockRow(trx, 'users', auth.tenantId, auth.actor.id)
    const user = await findUserRow(trx, auth.tenantId, auth.actor.id)
    if (!user) throw notFound('User')
    return punchToApi(await appendPunch(trx, auth, user, request, now))
  })
}

function refusal(index: number, error: AppError): BatchPunchResultType {
  return { index, status: error.status, error: { code: error.code, message: error.message, ...(error.details ? { details: error.details } : {}) } }
}

/**
 * Records a device's backlog (decisions 12): each punch judged as attendance.create would judge
 * it, an employee's punches in request order; accepted ones are stored even when others are
 * refused. Employees are locked one at a time in id order, so concurrent batches cannot deadlock.
 */
export async function createPunchBatch(db: Db, auth: AuthContext, body: BatchPunchBodyType, now = Date.now()): Promise<BatchPunchResultType[]> {
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
  for (const userId of [...byEmployee.keys()].sort()) {
    const run = byEmployee.get(userId)!
    await db.transaction().execute(async (trx) => {
      await lockRow(trx, 'users', auth.tenantId, userId)
      const user = await findUserRow(trx, auth.tenantId, userId)
      const outcomes = user ? await appendPunches(trx, auth, user, run.map((r) => r.request), now) : run.map(() => notFound('User'))
      outcomes.forEach((outcome, k) => {
        const { index } = run[k]!
        results[index] = outcome instanceof AppError ? refusal(index, outcome) : { index, status: 201, data: punchToApi(outcome) }
      })
    })
  }
  return results
}
