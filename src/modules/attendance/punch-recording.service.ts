/**
 * Recording punches: each one judged by the sequence rules against the employee's last punch,
 * serialised per employee by the employee's row lock, appended and linked into the employee's
 * hash chain. Punches are never updated or deleted.
 */
import type { Kysely } from 'kysely'
import type { AuthContext } from '../../auth/context.js'
import { canAdministerEmployees } from '../../auth/policies.js'
import { lockRow } from '../../db/locks.js'
import type { Database, PunchRow } from '../../db/schema.js'
import { AppError, invalidField, notFound, permissionDenied } from '../../errors.js'
import { newId } from '../../lib/ids.js'
import { findUserRow } from '../users/users.repository.js'
import * as logic from './attendance.logic.js'
import * as repo from './attendance.repository.js'
import type { CreatePunchBodyType, PunchType } from './attendance.schemas.js'
import { punchHash } from './punch-chain.js'

type Db = Kysely<Database>

export const MAX_FUTURE_MS = 60_000
export const MAX_AGE_MS = 60 * 86_400_000

function punchToApi(row: PunchRow): PunchType {
  return { id: row.id, user_id: row.user_id, type: row.type, ts: row.ts, modality: row.modality }
}

/** Records one punch. The employee's row lock serialises concurrent pushes for that employee. */
export async function createPunch(db: Db, auth: AuthContext, body: CreatePunchBodyType, now = Date.now()): Promise<PunchType> {
  const tsMs = Date.parse(body.ts)
  if (body.modality !== undefined && body.type !== 'in') throw invalidField('modality', "is only accepted on 'in' punches")
  if (tsMs > now + MAX_FUTURE_MS) throw invalidField('ts', 'must not be in the future (60 s of clock skew are tolerated)')
  if (tsMs < now - MAX_AGE_MS) throw invalidField('ts', 'must not be more than 60 days old')
  const ts = new Date(tsMs).toISOString()

  return db.transaction().execute(async (trx) => {
    await lockRow(trx, 'users', auth.tenantId, body.user_id)
    const user = await findUserRow(trx, auth.tenantId, body.user_id)
    if (!user) throw notFound('User')
    if (!canAdministerEmployees(auth.actor)) throw permissionDenied('Only an administrator may push punches')
    if (user.status !== 'active') throw new AppError('user_disabled', 'Punches cannot be recorded for a disabled user')
    if (body.modality === 'remote' && !user.remote_work_allowed) {
      throw new AppError('remote_not_allowed', 'This employee is not allowed to work remotely')
    }
    const last = await repo.lastPunch(trx, auth.tenantId, user.id)
    const head = await repo.chainHead(trx, auth.tenantId, user.id)
    if (last && ts <= last.ts) {
      throw new AppError('punch_out_of_order', `The punch must be later than the employee's last punch (${last.ts})`)
    }
    const problem = logic.sequenceProblem(last?.type ?? null, body.type)
    if (problem) throw new AppError('punch_sequence_invalid', problem)

    // The punch links to the recorded head rather than to the table's last row: if punches were
    // removed from the end of the chain, the gap stays visible after this punch too. Rows beyond
    // the head (written by an instance of a version without heads, during an upgrade) are linked
    // to as they are.
    const link = head && (!last || head.seq >= last.seq) ? head : last
    const unhashed = {
      id: newId('punch'),
      tenant_id: auth.tenantId,
      user_id: user.id,
      seq: (link?.seq ?? 0) + 1,
      type: body.type,
      ts,
      // A session's modality is chosen on its `in`; its other punches carry it along.
      modality: body.type === 'in' ? (body.modality ?? 'onsite') : (last?.modality ?? 'onsite'),
      source: 'api',
      created_at: new Date(now).toISOString(),
      prev_hash: link?.hash ?? null,
    } satisfies Omit<PunchRow, 'hash'>
    const row: PunchRow = { ...unhashed, hash: punchHash(unhashed) }
    await repo.insertPunch(trx, row)
    return punchToApi(row)
  })
}
