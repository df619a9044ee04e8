/**
 * The service's hourly round. It purges what is kept only for a while: answers of
 * Idempotency-Keys (24 hours), events, finished webhook deliveries and mail (30 days), delivered
 * reminders (400 days), expired kiosk
 * sessions and idle kiosk lockouts, sign-in sessions a month after they ended, invitation and
 * reset links a month after they expired; then refreshes SQLite's query-planner statistics; then
 * proposes the overtime lots of ended months, follows the pending ones and announces overdue
 * rest (docs/decisions/0018-overtime.md). Several instances may run it at once: a purge only
 * deletes what has expired, and lots are written under each employee's row lock.
 *
 * It never deletes the time record (punches, corrections, supersessions, chain heads, monthly
 * signatures, overtime lots and payments), the access log, the audit log or the record keys: the
 * law asks for four years at least (art. 34.9 ET,
 * docs/decisions/0019-representatives-and-record-export.md), and what a company keeps longer is its
 * own decision, not a timer's (retention.ts lists them; test/architecture checks that no code
 * deletes from them).
 */
import { optimizeQueryPlans } from '../../db/database.js'
import { runPeriodically } from '../../lib/periodic.js'
import type { Db, Unit } from '../../db/unit-of-work.js'
import { purgeAccountTokens, purgeSingleSignOns, purgeWebauthnChallenges } from '../accounts/index.js'
import { purgeEvents } from '../events/index.js'
import { purgeIdempotencyKeys } from '../idempotency/index.js'
import { purgeKioskSignIns } from '../kiosks/index.js'
import { purgeMailMessages } from '../mail/index.js'
import { purgeReminders } from '../notifications/index.js'
import { purgeSessions } from '../keys/index.js'
import { settleOvertime } from '../overtime/index.js'
import { allTenants } from '../tenants/index.js'
import { purgeDeliveries } from '../webhooks/index.js'

export const HOUSEKEEPING_INTERVAL_MS = 3_600_000

export interface PurgeReport {
  idempotency_keys: number
  events: number
  webhook_deliveries: number
  kiosk_sign_ins: number
  sessions: number
  account_tokens: number
  webauthn_challenges: number
  oidc_sign_ins: number
  mail_messages: number
  reminders: number
}

/** Purges what had expired at the unit's moment. */
export async function purgeExpired(unit: Unit): Promise<PurgeReport> {
  const { db, now } = unit
  return {
    idempotency_keys: await purgeIdempotencyKeys(unit),
    events: await purgeEvents(db, now),
    webhook_deliveries: await purgeDeliveries(unit),
    kiosk_sign_ins: await purgeKioskSignIns(db, now),
    sessions: await purgeSessions(unit),
    account_tokens: await purgeAccountTokens(unit),
    webauthn_challenges: await purgeWebauthnChallenges(unit),
    oidc_sign_ins: await purgeSingleSignOns(unit),
    mail_messages: await purgeMailMessages(unit),
    reminders: await purgeReminders(unit),
  }
}

export interface HousekeepingReport {
  purged: PurgeReport
  /** Overtime lots proposed or changed, and overdue rest lots announced. */
  overtime: { lots: number; overdue: number }
}

/**
 * Runs the round now and then every interval until stopped, each run as of the `clock` reading
 * (epoch ms) taken when it starts; a failed run is reported and the next one tries again.
 */
export function startHousekeeping(
  db: Db,
  clock: () => number,
  report: (outcome: HousekeepingReport | Error) => void,
  intervalMs = HOUSEKEEPING_INTERVAL_MS,
): () => void {
  return runPeriodically(
    async () => {
      const now = clock()
      const purged = await purgeExpired({ db, now })
      // After the purge, which may have emptied much of a table: the statistics then matter most.
      await optimizeQueryPlans(db)
      const overtime = await settleOvertime({ db, now }, await allTenants(db))
      return { purged, overtime }
    },
    report,
    intervalMs,
  )
}
