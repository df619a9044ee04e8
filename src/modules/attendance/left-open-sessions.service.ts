/**
 * Forgotten clock-outs. A session open longer than the company's `max_session_hours` is not work
 * but a missing `out`: punches that would extend it are refused (409 `session_left_open`), and
 * the company proposes, through the consent flow of corrections, to close it when the day's
 * expected work was done. The employee accepts, or rejects it and proposes their own time, which
 * HR or their supervisor decides. Nothing is closed without a correction: the record stays
 * append-only.
 *
 * The proposal is made every five minutes by `jornada serve` for each session that passed the
 * maximum (a refused punch cannot write it: its transaction rolls back), and when the employee
 * identifies at a kiosk; the employee's row lock makes them one. A refused punch names the
 * pending correction when there is one.
 */
import { COMPANY, companyAuth } from '../../auth/context.js'
import type { RequestScope } from '../../auth/request-scope.js'
import { lockRow } from '../../db/locks.js'
import type { TenantRow } from '../../db/schema.js'
import { type Db, type Unit, inTransaction } from '../../db/unit-of-work.js'
import { localDays, startOfLocalDay } from '../../lib/calendar.js'
import { DateTime } from 'luxon'
import { parseJsonText } from '../../db/codec.js'
import { recordEvent } from '../events/index.js'
import { findUserRow } from '../users/index.js'
import { calendarSubject, loadWorkCalendars } from '../work-calendar/index.js'
import {
  type LeftOpenSession,
  closingChanges,
  closingCorrection,
  isPastMaximum,
  proposedOut,
  sessionLengthMs,
  workingTimePolicyOf,
} from './anomalies.logic.js'
import { buildSessions, sessionWorkedMs } from './attendance.logic.js'
import * as repo from './attendance.repository.js'
import type { CorrectionChange } from './corrections.logic.js'
import * as store from './corrections.repository.js'
import { insertProposal } from './corrections.service.js'
import { closingReason } from './record-language.js'

/** How often the service looks for sessions left open that nobody has tried to punch past. */
export const LEFT_OPEN_CHECK_INTERVAL_MS = 5 * 60_000

/** When a day's expected work is unknown (a day off), a session is proposed to close after this. */
const FALLBACK_EXPECTED_MINUTES = 480

/**
 * If `userId`'s current session is past the company's maximum at `now`: the session and the
 * pending correction touching it, the company's new proposal when there is none and the company
 * has not proposed one for this session before. Null when no session is left open. Runs in a
 * transaction of its own holding the employee's row lock.
 */
export async function settleLeftOpenSession(
  unit: Unit,
  tenant: TenantRow,
  userId: string,
): Promise<LeftOpenSession | null> {
  const scope: RequestScope = { db: unit.db, now: unit.now, auth: companyAuth(tenant) }
  return inTransaction(scope, async (tx) => {
    const trx = tx.db
    await lockRow(trx, 'users', tenant.id, userId)
    const [last] = await repo.lastEffectivePunches(trx, tenant.id, [userId])
    if (!last || last.type === 'out') return null
    const [start] = await repo.lastEffectiveIns(trx, tenant.id, [userId])
    const policy = workingTimePolicyOf(tenant)
    if (!start || !isPastMaximum(Date.parse(start.ts), tx.now, policy)) return null
    const found = { userId, sessionStartedAt: start.ts }
    const pending = closingCorrection(await store.pendingCorrectionsFrom(trx, tenant.id, [userId], start.ts))
    if (pending) {
      const changes = parseJsonText(pending.changes) as CorrectionChange[]
      return {
        ...found,
        correctionId: pending.id,
        proposedBy: pending.proposed_by,
        proposedOutAt: proposedOut(changes),
      }
    }
    if (await store.companyProposedSince(trx, tenant.id, userId, start.ts))
      return { ...found, correctionId: null, proposedBy: null, proposedOutAt: null }
    const user = (await findUserRow(trx, tenant.id, userId))!
    // The day's punches from its start: earlier sessions (a split shift) have done part of the day's work.
    const date = DateTime.fromISO(start.ts, { zone: tenant.timezone }).toISODate()!
    const dayStart = new Date(startOfLocalDay(date, tenant.timezone)).toISOString()
    const punches = await repo.effectivePunchesFrom(trx, tenant.id, userId, dayStart < start.ts ? dayStart : start.ts)
    const sessions = buildSessions(punches.map((p) => ({ ...p, ms: Date.parse(p.ts) })))
    const session = sessions.find((s) => s.punches[0]!.ts === start.ts)!
    const earlierMs = sessions
      .filter((s) => s.inMs < session.inMs)
      .reduce((sum, s) => sum + sessionWorkedMs(s, session.inMs), 0)
    const expected = await expectedMinutesOn(trx, tenant, userId, date)
    const { changes, outMs } = closingChanges(
      session,
      expected || FALLBACK_EXPECTED_MINUTES,
      policy,
      Math.floor(earlierMs / 60_000),
    )
    const proposal = await insertProposal(
      tx,
      user,
      changes,
      closingReason(tenant, start.ts, new Date(outMs).toISOString()),
    )
    await recordEvent(tx, 'attendance.anomaly_detected', {
      user_id: userId,
      type: 'session_too_long',
      session_started_at: start.ts,
      minutes: Math.floor(sessionLengthMs(session, tx.now) / 60_000),
      limit_minutes: policy.maxSessionHours * 60,
      correction_id: proposal.id,
      proposed_out_at: proposedOut(proposal.changes),
    })
    return { ...found, correctionId: proposal.id, proposedBy: COMPANY, proposedOutAt: proposedOut(proposal.changes) }
  })
}

/** The minutes the employee's schedule expected on a local day. */
async function expectedMinutesOn(db: Db, tenant: TenantRow, userId: string, date: string): Promise<number> {
  const subject = await calendarSubject(db, tenant.id, userId)
  if (!subject) return 0
  const planOf = (await loadWorkCalendars(db, tenant, [userId], date, date))(subject)
  return planOf(date, localDays(date, date, tenant.timezone).weekdays[0]!).scheduleMinutes
}

/**
 * The periodic check: proposes to close every session left open past its company's maximum
 * that has no proposal yet, as of the unit's moment. Returns how many it proposed.
 */
export async function proposeClosingOfLeftOpenSessions(unit: Unit, tenants: readonly TenantRow[]): Promise<number> {
  let proposed = 0
  const failures: Error[] = []
  for (const tenant of tenants) {
    const policy = workingTimePolicyOf(tenant)
    for (const userId of await repo.usersWithOpenSessions(unit.db, tenant.id)) {
      const [start] = await repo.lastEffectiveIns(unit.db, tenant.id, [userId])
      if (!start || !isPastMaximum(Date.parse(start.ts), unit.now, policy)) continue
      const before = await store.pendingCorrectionsFrom(unit.db, tenant.id, [userId], start.ts)
      if (closingCorrection(before)) continue
      // One employee whose record cannot be judged must not hold back everyone after them.
      try {
        const found = await settleLeftOpenSession(unit, tenant, userId)
        if (found?.correctionId && found.proposedBy === COMPANY) proposed++
      } catch (error) {
        failures.push(error instanceof Error ? error : new Error(String(error)))
      }
    }
  }
  if (failures.length > 0)
    throw new AggregateError(failures, `${failures.length} sessions left open could not be settled; ${proposed} were`)
  return proposed
}
