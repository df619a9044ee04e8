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
 *    A subscription failing for three days is deactivated.
 */
import type { WebhookDeliveriesTable } from '../../db/schema.js'
import { type Db, type Unit, inTransaction, nowIsoOf } from '../../db/unit-of-work.js'
import { newId } from '../../lib/ids.js'
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

export function startWebhookDispatcher(db: Db, options: DispatcherOptions): Dispatcher {
  const clock = options.clock
  const concurrency = options.concurrency ?? 64
  // Claim when a quarter of the slots are free, not for every single one.
  const claimWhenFree = Math.max(1, Math.floor(concurrency / 4))
  const pollMs = options.pollMs ?? 200
  const leaseMs = options.leaseMs ?? 60_000
  const policy = options.retry ?? RETRY_POLICY
  const onError = options.onError ?? ((error: unknown) => console.error('webhooks:', error))
  const sender: Sender = createSender({
    allowPrivateNetworks: options.allowPrivateNetworks,
    timeoutMs: options.timeoutMs ?? DELIVERY_TIMEOUT_MS,
    maxSockets: concurrency,
  })

  const inFlight = new Set<Promise<void>>()
  let finished: Finished[] = []
  let firstFinishedAt = 0
  let stopped = false
  let wakeUp: (() => void) | null = null
  // A wake-up that came while the loop was working: it looks again at once instead of sleeping.
  let woken = false
  const wake = () => {
    if (wakeUp) wakeUp()
    else woken = true
    wakeUp = null
  }

  function attempt(delivery: repo.ClaimedDelivery): void {
    const at = clock()
    const task = sender
      .send(delivery.url, signedHeaders(delivery.secret, delivery.event_id, delivery.payload, at), delivery.payload)
      .then((outcome) => {
        if (finished.length === 0) firstFinishedAt = performance.now()
        finished.push({ delivery, outcome, at })
      })
      .finally(() => {
        inFlight.delete(task)
        // Worth a look: everything is back, a batch of outcomes is ready, or there is room to claim.
        if (inFlight.size === 0 || finished.length >= RECORD_BATCH || concurrency - inFlight.size === claimWhenFree)
          wake()
      })
    inFlight.add(task)
  }

  async function step(): Promise<boolean> {
    let busy = false
    const recordNow =
      finished.length > 0 &&
      (stopped ||
        inFlight.size === 0 ||
        finished.length >= RECORD_BATCH ||
        performance.now() - firstFinishedAt >= RECORD_WAIT_MS)
    if (recordNow) {
      const done = finished
      finished = []
      await recordOutcomes({ db, now: clock() }, done, policy).catch((error: unknown) => {
        // Unwritten outcomes leave their leases to expire: those deliveries are attempted again.
        onError(error)
      })
      busy = true
    }
    if (stopped) return busy
    if ((await fanOut({ db, now: clock() })) > 0) busy = true
    const room = concurrency - inFlight.size
    if (room >= claimWhenFree || inFlight.size === 0) {
      const now = clock()
      const nowIso = new Date(now).toISOString()
      if (await repo.hasDueDeliveries(db, nowIso)) {
        const claimed = await repo.claimDueDeliveries(db, nowIso, new Date(now + leaseMs).toISOString(), room)
        for (const delivery of claimed) attempt(delivery)
        if (claimed.length > 0) busy = true
      }
    }
    return busy
  }

  const loop = (async () => {
    while (!stopped) {
      woken = false
      let busy = false
      try {
        busy = await step()
      } catch (error) {
        onError(error)
      }
      if (!busy && !stopped && !woken) {
        await new Promise<void>((resolve) => {
          // Outcomes waiting to be written are written within RECORD_WAIT_MS.
          const wait =
            finished.length > 0 ? Math.max(1, RECORD_WAIT_MS - (performance.now() - firstFinishedAt)) : pollMs
          const timer = setTimeout(resolve, wait)
          wakeUp = () => {
            clearTimeout(timer)
            resolve()
          }
        })
      }
    }
    // Let the attempts under way finish and write what they found.
    await Promise.allSettled([...inFlight])
    try {
      await step()
    } catch (error) {
      onError(error)
    }
    sender.close()
  })()

  return {
    wake,
    async stop() {
      stopped = true
      wake()
      await loop
    },
  }
}
