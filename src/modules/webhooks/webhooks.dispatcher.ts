/**
 * The webhook dispatcher: runs inside `jornada serve`, or alone as `jornada webhooks work`.
 *
 * 1. Fan-out reads the event outbox in commit order from the position kept in the database and
 *    writes one delivery per matching active subscription, moving the position in the same
 *    transaction. Events made by any instance or by the command line are all delivered, and an
 *    event committed before a crash is still fanned out after it.
 * 2. Attempts lease due deliveries (FOR UPDATE SKIP LOCKED on PostgreSQL, so several instances
 *    share the work and each delivery is attempted by one at a time), send them concurrently, and
 *    write each outcome: delivered, or the next attempt with backoff, or given up after three days.
 *    A subscription failing for three days is deactivated. Polling, waking, the bound on attempts
 *    at once, each attempt's timeout and the stop are the outbox loop's (lib/outbox-loop.ts),
 *    shared with the mail outbox.
 */
import type { WebhookDeliveriesTable } from './webhooks.tables.js'
import { type Db, type Unit, inTransaction, nowIsoOf } from '../../db/unit-of-work.js'
import { newId } from '../../lib/ids.js'
import { AttemptTimedOut, startOutboxLoop } from '../../lib/outbox-loop.js'
import { eventsAfter } from '../events/index.js'
import { eventJson } from '../events/index.js'
import {
  DELIVERY_TIMEOUT_MS,
  RETRY_POLICY,
  type RetryPolicy,
  failedTooLong,
  nextAttemptAt,
  selects,
  signedHeaders,
} from './webhooks.logic.js'
import * as repo from './webhooks.repository.js'
import { type AttemptOutcome, type Sender, createSender } from './webhooks.sender.js'
import { parseJsonText } from '../../db/codec.js'

export interface DispatcherOptions {
  allowPrivateNetworks: boolean
  /** Deliveries attempted at once by this instance. */
  concurrency?: number
  /** How often to look for new events and due deliveries when idle. */
  pollMs?: number
  /** How long an attempt keeps its delivery from other instances; well beyond the 5 s timeout. */
  leaseMs?: number
  timeoutMs?: number
  retry?: RetryPolicy
  /** The dispatcher's only clock (epoch ms), read afresh for each attempt, fan-out, claim and write of outcomes. */
  clock: () => number
  onError?: (error: unknown) => void
}

export interface Dispatcher {
  /** Look for work now instead of at the next poll (after a commit in this process). */
  wake(): void
  /** Stops taking work and waits for the attempts under way to finish and be written. */
  stop(): Promise<void>
}

const FAN_OUT_PAGE = 1_000
/**
 * Outcomes are written together, and deliveries claimed together: one transaction (one fsync on
 * SQLite) for many attempts. An outcome waits at most RECORD_WAIT_MS for others to join it.
 */
const RECORD_BATCH = 64
const RECORD_WAIT_MS = 20

/**
 * Turns the next page of settled events into deliveries, created at the unit's moment; returns how
 * many events it read.
 */
export async function fanOut(unit: Unit): Promise<number> {
  const { db } = unit
  // A cheap look first: an idle poll takes no lock and writes nothing.
  if (!(await repo.hasEventsAfter(db, await repo.dispatchPosition(db)))) return 0
  return inTransaction(unit, async (tx) => {
    const trx = tx.db
    const position = await repo.claimDispatchPosition(trx)
    if (!position) return 0 // another instance is fanning out
    const events = await eventsAfter(trx, null, position, null, FAN_OUT_PAGE)
    if (events.length === 0) return 0
    const subscriptions = await repo.activeWebhooksOf(trx, [...new Set(events.map((e) => e.tenant_id))])
    const createdAt = nowIsoOf(tx)
    const deliveries: WebhookDeliveriesTable[] = []
    for (const event of events) {
      for (const subscription of subscriptions) {
        // A subscription receives the events that happened after it was made.
        if (subscription.tenant_id !== event.tenant_id || subscription.created_at > event.occurred_at) continue
        if (!selects(parseJsonText(subscription.events), event.type)) continue
        deliveries.push({
          id: newId('webhookDelivery'),
          tenant_id: event.tenant_id,
          webhook_id: subscription.id,
          event_id: event.id,
          event_type: event.type,
          payload: eventJson(event),
          status: 'pending',
          attempts: 0,
          next_attempt_at: createdAt,
          last_attempt_at: null,
          response_status: null,
          duration_ms: null,
          error: null,
          created_at: createdAt,
          finished_at: null,
        })
      }
    }
    await repo.insertDeliveries(trx, deliveries)
    const last = events.at(-1)!
    await repo.moveDispatchPosition(trx, { tx: Number(last.tx), seq: Number(last.seq) })
    return events.length
  })
}

interface Finished {
  delivery: repo.ClaimedDelivery
  outcome: AttemptOutcome
  at: number
}

/**
 * Writes the outcomes of finished attempts in one transaction; the next attempts, the deliveries
 * finished and the subscriptions given up are judged at the unit's moment.
 */
export async function recordOutcomes(unit: Unit, finished: readonly Finished[], policy: RetryPolicy): Promise<void> {
  if (finished.length === 0) return
  const { now } = unit
  const nowIso = nowIsoOf(unit)
  await inTransaction(unit, async (tx) => {
    const trx = tx.db
    const healthy = new Set<string>()
    // Failing since the creation of the oldest event it could not take.
    const failing = new Map<string, string>()
    for (const { delivery, outcome, at } of finished) {
      const attempts = delivery.attempts + 1
      const attemptedAt = new Date(at).toISOString()
      const common = {
        attempts,
        last_attempt_at: attemptedAt,
        response_status: outcome.status,
        duration_ms: outcome.durationMs,
        error: outcome.error,
      }
      if (outcome.ok) {
        healthy.add(delivery.webhook_id)
        await repo.recordAttempt(trx, delivery.id, {
          ...common,
          status: 'delivered',
          next_attempt_at: null,
          finished_at: nowIso,
        })
        continue
      }
      const since = failing.get(delivery.webhook_id)
      if (since === undefined || delivery.created_at < since) failing.set(delivery.webhook_id, delivery.created_at)
      const next = nextAttemptAt(attempts, Date.parse(delivery.created_at), now, policy)
      await repo.recordAttempt(
        trx,
        delivery.id,
        next === null
          ? { ...common, status: 'failed', next_attempt_at: null, finished_at: nowIso }
          : { ...common, status: 'pending', next_attempt_at: new Date(next).toISOString(), finished_at: null },
      )
    }
    await repo.markWebhookHealthy(trx, [...healthy])
    for (const id of healthy) failing.delete(id)
    for (const webhook of await repo.markWebhooksFailing(trx, failing)) {
      if (webhook.active && webhook.failing_since && failedTooLong(Date.parse(webhook.failing_since), now, policy)) {
        await repo.updateWebhook(trx, webhook.tenant_id, webhook.id, {
          active: 0,
          disabled_reason: 'failing',
          updated_at: nowIso,
        })
        await repo.cancelPendingDeliveries(
          trx,
          webhook.id,
          'the subscription was deactivated after three days of failed deliveries',
          nowIso,
        )
      }
    }
  })
}

/** A claimed delivery and the moment its attempt was made (signed into it and recorded). */
interface Job {
  delivery: repo.ClaimedDelivery
  at: number
}

export function startWebhookDispatcher(db: Db, options: DispatcherOptions): Dispatcher {
  const clock = options.clock
  const concurrency = options.concurrency ?? 64
  const leaseMs = options.leaseMs ?? 60_000
  const timeoutMs = options.timeoutMs ?? DELIVERY_TIMEOUT_MS
  const policy = options.retry ?? RETRY_POLICY
  const onError = options.onError ?? ((error: unknown) => console.error('webhooks:', error))
  const sender: Sender = createSender({ allowPrivateNetworks: options.allowPrivateNetworks, maxSockets: concurrency })

  let finished: Finished[] = []
  let firstFinishedAt = 0

  /** Writes the outcomes waiting; unwritten ones leave their leases to expire, and are attempted again. */
  async function record(): Promise<void> {
    const done = finished
    finished = []
    await recordOutcomes({ db, now: clock() }, done, policy).catch(onError)
  }

  return startOutboxLoop<Job, AttemptOutcome>({
    concurrency,
    // Claim when a quarter of the slots are free, not for every single one.
    claimWhenFree: Math.max(1, Math.floor(concurrency / 4)),
    pollMs: options.pollMs ?? 200,
    // Outcomes waiting to be written are written within RECORD_WAIT_MS.
    nextTurnWithinMs: () =>
      finished.length > 0 ? Math.max(1, RECORD_WAIT_MS - (performance.now() - firstFinishedAt)) : null,
    attemptTimeoutMs: timeoutMs,
    onError,
    async beforeClaim(loop) {
      let busy = false
      if (
        finished.length > 0 &&
        (loop.stopping ||
          loop.inFlight === 0 ||
          finished.length >= RECORD_BATCH ||
          performance.now() - firstFinishedAt >= RECORD_WAIT_MS)
      ) {
        await record()
        busy = true
      }
      if (loop.stopping) return busy
      return (await fanOut({ db, now: clock() })) > 0 || busy
    },
    async claim(room) {
      const now = clock()
      const nowIso = new Date(now).toISOString()
      if (!(await repo.hasDueDeliveries(db, nowIso))) return []
      const claimed = await repo.claimDueDeliveries(db, nowIso, new Date(now + leaseMs).toISOString(), room)
      const at = clock()
      return claimed.map((delivery) => ({ delivery, at }))
    },
    send: ({ delivery, at }, signal) =>
      sender.send(
        delivery.url,
        signedHeaders(delivery.secret, delivery.event_id, delivery.payload, at),
        delivery.payload,
        signal,
      ),
    settle({ delivery, at }, attempted) {
      const outcome: AttemptOutcome = attempted.ok
        ? attempted.value
        : {
            status: null,
            ok: false,
            durationMs: attempted.error instanceof AttemptTimedOut ? attempted.error.timeoutMs : 0,
            error: attempted.error instanceof Error ? attempted.error.message : String(attempted.error),
          }
      if (finished.length === 0) firstFinishedAt = performance.now()
      finished.push({ delivery, outcome, at })
      // A batch of outcomes is ready: written at once rather than after RECORD_WAIT_MS.
      return finished.length >= RECORD_BATCH
    },
    // The outcomes of the attempts that ended while stopping are written before the stop ends.
    async afterStop() {
      if (finished.length > 0) await record()
      sender.close()
    },
  })
}
