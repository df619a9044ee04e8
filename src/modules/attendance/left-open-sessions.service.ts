/**
 * Forgotten clock-outs. A session open longer than the company's `max_session_hours` is not work
 * but a missing `out`. No punch is refused for it: an `in` after the maximum starts a new session
 * (art. 34.9 ET: every day's start and end are recorded), and the session left open stays an
 * anomaly, counted as no more than the day's expected minutes and never as overtime. The company
 * proposes, through the consent flow of corrections, to close it when the day's expected work was
 * done. The employee accepts, or rejects it and proposes their own time, which HR or their
 * supervisor decides. Nothing is closed without a correction: the record stays append-only.
 *
 * The proposal is made when a punch starts a new session after one left open (in that punch's
 * transaction), every five minutes by `jornada serve` for each session under way that passed the
 * maximum, and when the employee identifies at a kiosk; the employee's row lock makes them one.
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
  leftOpenSessions,
  proposedOut,
  sessionLengthMs,
  workingTimePolicyOf,
} from './anomalies.logic.js'
import { buildSessions, sessionWorkedMs } from './attendance.logic.js'
import * as repo from './attendance.repository.js'
import { type CorrectionChange, MAX_CORRECTION_SPAN_DAYS } from './corrections.logic.js'
import * as store from './corrections.repository.js'
import { insertProposal } from './corrections.service.js'
import { closingReason } from './record-language.js'

/** How often the service looks for sessions left open that nobody has tried to punch past. */
export const LEFT_OPEN_CHECK_INTERVAL_MS = 5 * 60_000

/** When a day's expected work is unknown (a day off), a session is proposed to close after this. */
const FALLBACK_EXPECTED_MINUTES = 480

/** How far back a person is reminded of a session they left open: the span of one correction. */
const REMINDER_DAYS = MAX_CORRECTION_SPAN_DAYS

/**
 * `userId`'s latest session left open (one another session followed without an `out`, or the one
 * under way past the company's maximum at the unit's moment) within the last weeks, settled as
 * settleLeftOpenSessions settles it. Null when there is none. Runs in a transaction of its own
 * holding the employee's row lock.
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
    const since = new Date(tx.now - REMINDER_DAYS * 86_400_000).toISOString()
    const punches = await repo.effectivePunchesFrom(trx, tenant.id, userId, since)
    const sessions = buildSessions(punches.map((p) => ({ ...p, ms: Date.parse(p.ts) })))
    const latest = leftOpenSessions(sessions, tx.now, workingTimePolicyOf(tenant)).at(-1)
    if (!latest) return null
    return (await settleLeftOpenSessions(tx, tenant, userId, [latest.punches[0]!.ts]))[0]!
  })
}

/**
 * Settles the sessions of `userId` left open that began at `startedAt` (the `in` of each), in the
 * transaction of `tx`, which holds the employee's row lock: for each, the pending correction that
 * closes it, or else the company's new proposal when the company has not proposed one for that
 * session before.
 */
export async function settleLeftOpenSessions(
  tx: RequestScope,
  tenant: TenantRow,
  userId: string,
  startedAt: readonly string[],
): Promise<LeftOpenSession[]> {
  const settled: LeftOpenSession[] = []
  for (const start of startedAt) settled.push(await settleOne(tx, tenant, userId, start))
  return settled
}

async function settleOne(tx: RequestScope, tenant: TenantRow, userId: string, startedAt: string) {
  const trx = tx.db
  const policy = workingTimePolicyOf(tenant)
  // The day's punches from its start: earlier sessions (a split shift) have done part of the day's work.
  const date = DateTime.fromISO(startedAt, { zone: tenant.timezone }).toISODate()!
  const dayStart = new Date(startOfLocalDay(date, tenant.timezone)).toISOString()
  const punches = await repo.effectivePunchesFrom(trx, tenant.id, userId, dayStart < startedAt ? dayStart : startedAt)
  const sessions = buildSessions(punches.map((p) => ({ ...p, ms: Date.parse(p.ts) })))
  const session = sessions.find((s) => s.punches[0]!.ts === startedAt)!
  // A session another one followed: what settles it ends before the next `in`.
  const untilIso = session.openUntilMs === undefined ? undefined : new Date(session.openUntilMs).toISOString()
  const found = { userId, sessionStartedAt: startedAt, current: untilIso === undefined }
  const pending = closingCorrection(
    (await store.pendingCorrectionsFrom(trx, tenant.id, [userId], startedAt)).filter(
      (c) => untilIso === undefined || c.first_ts < untilIso,
    ),
  )
  if (pending) {
    const changes = parseJsonText(pending.changes) as CorrectionChange[]
    return { ...found, correctionId: pending.id, proposedBy: pending.proposed_by, proposedOutAt: proposedOut(changes) }
  }
  if (await store.companyProposedSince(trx, tenant.id, userId, startedAt, untilIso))
    return { ...found, correctionId: null, proposedBy: null, proposedOutAt: null }
  const user = (await findUserRow(trx, tenant.id, userId))!
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
    { ...tx, auth: companyAuth(tenant) },
    user,
    changes,
    closingReason(tenant, startedAt, new Date(outMs).toISOString()),
  )
  await recordEvent({ ...tx, auth: companyAuth(tenant) }, 'attendance.anomaly_detected', {
    user_id: userId,
    type: 'session_too_long',
    session_started_at: startedAt,
    minutes: Math.floor(sessionLengthMs(session, tx.now) / 60_000),
    limit_minutes: policy.maxSessionHours * 60,
    correction_id: proposal.id,
    proposed_out_at: proposedOut(proposal.changes),
  })
  return { ...found, correctionId: proposal.id, proposedBy: COMPANY, proposedOutAt: proposedOut(proposal.changes) }
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
