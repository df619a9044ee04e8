/**
 * Idempotency-Key (docs/decisions/0012-integrations.md): the first request with a key runs and its
 * answer is kept, in the transaction of its write; a retry with the same key and the same request
 * gets that answer again; the same key with another request is refused. Keys belong to the API key
 * that sent them.
 */
import { randomUUID } from 'node:crypto'
import { type Unit, nowIsoOf } from '../../db/unit-of-work.js'
import { AppError, retryLater } from '../../errors.js'
import { ABANDONED_AFTER_MS, KEEP_MS, isKeptAnswer } from './idempotency.logic.js'
import * as repo from './idempotency.repository.js'
import type { KeyRef } from './idempotency.repository.js'

export type { KeyRef }

export type ClaimOutcome = { run: true; claim: string } | { run: false; status: number; body: string }

function inUse(): AppError {
  return retryLater(
    'idempotency_key_in_use',
    'A request with this Idempotency-Key is still running; retry shortly to get its answer',
    1000,
  )
}

/**
 * Claims the key for this request, in a unit of work of its own before the write begins, so that
 * concurrent retries see it at once; the claim is dated at the unit's moment. Returns the kept
 * answer instead when there is one.
 */
export async function claimKey(unit: Unit, ref: KeyRef, fingerprint: string): Promise<ClaimOutcome> {
  const { db, now } = unit
  const claim = randomUUID()
  const at = nowIsoOf(unit)
  if (await repo.insertClaim(db, ref, fingerprint, claim, at)) return { run: true, claim }
  const kept = await repo.findKey(db, ref)
  // Purged between the two statements (a day-old key): another retry claims it anew.
  if (!kept) throw inUse()
  if (kept.fingerprint !== fingerprint) {
    throw new AppError(
      'idempotency_key_reused',
      'This Idempotency-Key was already used with a different request (method, path or body)',
    )
  }
  if (kept.state === 'done') return { run: false, status: kept.status!, body: kept.body! }
  // Abandoned: claimed a minute ago and never finished, or claimed in an earlier life of the
  // database server (restarted, or replaced by a promoted standby), which took its write with it.
  const diedWithServer = kept.claimed_on_server !== null && kept.claimed_on_server !== kept.server_now
  if (!diedWithServer && Date.parse(kept.claimed_at) > now - ABANDONED_AFTER_MS) throw inUse()
  if (await repo.takeOver(db, ref, kept.claim, claim, at)) return { run: true, claim }
  throw inUse()
}

/** Keeps a successful answer, inside the write's transaction. Throws when the claim was taken over. */
export async function keepSuccess(unit: Unit, ref: KeyRef, claim: string, status: number, body: string): Promise<void> {
  if (!(await repo.keepAnswer(unit.db, ref, claim, status, body))) throw inUse()
}

/** After a refused write: keeps the answer a retry would only meet again, or lets the key go. */
export async function settleRefusal(
  unit: Unit,
  ref: KeyRef,
  claim: string,
  status: number,
  body: string,
): Promise<void> {
  if (isKeptAnswer(status)) await repo.keepAnswer(unit.db, ref, claim, status, body)
  else await repo.releaseClaim(unit.db, ref, claim)
}

/** Removes the answers older than the keeping period, as of the unit's moment. */
export async function purgeIdempotencyKeys(unit: Unit): Promise<number> {
  return repo.purgeKeysBefore(unit.db, new Date(unit.now - KEEP_MS).toISOString())
}
