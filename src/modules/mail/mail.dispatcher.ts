/**
 * The mail dispatcher (docs/decisions/0025-request-phases-and-module-ownership.md): runs inside
 * `jornada serve` when a relay is configured (`SMTP_URL`), on every instance.
 *
 * It claims due messages of the outbox with a lease (FOR UPDATE SKIP LOCKED on PostgreSQL, so
 * instances share the work and a message is sent by one at a time), sends each outside any
 * transaction with a Message-ID of its own that stays the same on every attempt, and writes the
 * outcome: sent once the relay accepted it; failed at once on a final refusal (5xx); otherwise
 * tried again with exponential backoff and jitter until its deadline (a day, or the expiry of the
 * link it carries), then failed. A message committed before a crash is sent after it, by this
 * process's successor or another instance. Only a crash between the relay's acceptance and the
 * writing of "sent" sends a message twice, with the same Message-ID.
 */
import type { MailKind } from '../../db/schema.js'
import type { Db } from '../../db/unit-of-work.js'
import {
  MAIL_RETRY_POLICY,
  MAX_ERROR_LENGTH,
  type MailRetryPolicy,
  type SendFailure,
  failureText,
  isPermanentRefusal,
  messageIdOf,
  nextAttemptAt,
} from './mail.logic.js'
import * as repo from './mail.repository.js'
import type { Mailer } from './mailer.js'

export interface MailDispatcherOptions {
  mailer: Mailer
  /** The host part of every Message-ID: `PUBLIC_URL`'s host. */
  domain: string
  /** The dispatcher's only clock (epoch ms), read afresh for each claim and each outcome. */
  clock: () => number
  /** How often to look for due messages when idle; a commit in this process wakes it sooner. */
  pollMs?: number
  /** How long a claim keeps a message from other instances: well beyond an attempt's timeout. */
  leaseMs?: number
  /** An attempt the relay has not settled within this long fails, and is tried again later. */
  sendTimeoutMs?: number
  /** Messages sent at once by this instance. */
  concurrency?: number
  retry?: MailRetryPolicy
  onError?: (error: unknown) => void
  /** Told of every outcome written: for the metrics and the log. */
  onOutcome?: (outcome: MailOutcome) => void
}

/** What became of one attempt: sent, to be tried again (`retried`), or given up (`failed`). */
export interface MailOutcome {
  id: string
  tenantId: string
  kind: MailKind
  outcome: 'sent' | 'retried' | 'failed'
  /** Attempts begun, this one included. */
  attempts: number
  error: string | null
}

export interface MailDispatcher {
  /** Look for due messages now instead of at the next poll (after a commit that queued one). */
  wake(): void
  /** Stops claiming and waits (up to 5 s) for the attempts under way to finish and be written. */
  stop(): Promise<void>
}

/** How long stopping waits for the attempts under way. */
const STOP_WAIT_MS = 5_000

const DEFAULTS = { pollMs: 1_000, leaseMs: 5 * 60_000, sendTimeoutMs: 60_000, concurrency: 4 }

type Settings = Required<Omit<MailDispatcherOptions, 'onError' | 'onOutcome'>>

function settingsOf(options: MailDispatcherOptions): Settings {
  return {
    mailer: options.mailer,
    domain: options.domain,
    clock: options.clock,
    pollMs: options.pollMs ?? DEFAULTS.pollMs,
    leaseMs: options.leaseMs ?? DEFAULTS.leaseMs,
    sendTimeoutMs: options.sendTimeoutMs ?? DEFAULTS.sendTimeoutMs,
    concurrency: options.concurrency ?? DEFAULTS.concurrency,
    retry: options.retry ?? MAIL_RETRY_POLICY,
  }
}

/** The relay's answer, or a timeout: a relay that hangs must not hold the attempt for ever. */
function withTimeout(sending: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(Object.assign(new Error(`the relay did not answer within ${ms / 1000} s`), { code: 'ETIMEDOUT' })),
      ms,
    )
  })
  return Promise.race([sending, timeout]).finally(() => clearTimeout(timer))
}

const iso = (ms: number) => new Date(ms).toISOString()

/**
 * Sends one claimed message and writes what became of it; null when the outcome was not written
 * because a later claim owns the message (this attempt's lease had expired).
 */
async function attempt(db: Db, message: repo.ClaimedMessage, settings: Settings): Promise<MailOutcome | null> {
  const { clock, retry } = settings
  const deadline = Math.min(Date.parse(message.expires_at), Date.parse(message.created_at) + retry.giveUpAfterMs)
  const outcome = (result: MailOutcome['outcome'], error: string | null): MailOutcome => ({
    id: message.id,
    tenantId: message.tenant_id,
    kind: message.kind,
    outcome: result,
    attempts: message.attempts,
    error,
  })
  if (clock() >= deadline || message.body_text === null || message.body_html === null) {
    // Claimed too late (no instance ran while it was due): a link past its deadline is not sent.
    const last = message.last_error ? `; last error: ${message.last_error}` : ''
    const error = `not sent before its deadline, ${iso(deadline)}${last}`.slice(0, MAX_ERROR_LENGTH)
    const written = await repo.recordOutcome(db, message.id, message.attempts, {
      status: 'failed',
      at: iso(clock()),
      error,
    })
    return written ? outcome('failed', error) : null
  }
  let failure: unknown = null
  try {
    await withTimeout(
      settings.mailer.send({
        to: message.recipient,
        subject: message.subject,
        text: message.body_text,
        html: message.body_html,
        messageId: messageIdOf(message.id, settings.domain),
      }),
      settings.sendTimeoutMs,
    )
  } catch (error) {
    failure = error ?? new Error('the relay refused the message')
  }
  const now = clock()
  if (failure === null) {
    const written = await repo.recordOutcome(db, message.id, message.attempts, { status: 'sent', at: iso(now) })
    return written ? outcome('sent', null) : null
  }
  const error = failureText(failure)
  const next = isPermanentRefusal(failure as SendFailure) ? null : nextAttemptAt(message.attempts, now, deadline, retry)
  const written = await repo.recordOutcome(
    db,
    message.id,
    message.attempts,
    next === null ? { status: 'failed', at: iso(now), error } : { status: 'pending', nextAttemptAt: iso(next), error },
  )
  return written ? outcome(next === null ? 'failed' : 'retried', error) : null
}

/**
 * Sends the messages of `ids` that are due, now, from a process that does not run the dispatcher
 * (the command line, after the commit that queued them); answers their outcomes. A message another
 * instance has claimed, or one that fails for a while, is left to the dispatchers.
 */
export async function sendQueuedMail(
  db: Db,
  ids: readonly string[],
  options: MailDispatcherOptions,
): Promise<MailOutcome[]> {
  const settings = settingsOf(options)
  const now = settings.clock()
  const claimed = await repo.claimDueMessages(db, iso(now), iso(now + settings.leaseMs), ids.length, ids)
  const outcomes: MailOutcome[] = []
  for (const message of claimed) {
    const outcome = await attempt(db, message, settings)
    if (outcome) {
      outcomes.push(outcome)
      options.onOutcome?.(outcome)
    }
  }
  return outcomes
}

export function startMailDispatcher(db: Db, options: MailDispatcherOptions): MailDispatcher {
  const settings = settingsOf(options)
  const { clock, concurrency, leaseMs, pollMs } = settings
  const onError = options.onError ?? ((error: unknown) => console.error('mail:', error))
  const inFlight = new Set<Promise<void>>()
  let stopped = false
  let wakeUp: (() => void) | null = null
  // A wake-up that came while the loop was working: it looks again at once instead of sleeping.
  let woken = false
  const wake = () => {
    if (wakeUp) wakeUp()
    else woken = true
    wakeUp = null
  }

  function send(message: repo.ClaimedMessage): void {
    const task = attempt(db, message, settings)
      .then((outcome) => {
        if (outcome) options.onOutcome?.(outcome)
      })
      // An outcome not written leaves the lease to expire: the message is sent again later.
      .catch(onError)
      .finally(() => {
        inFlight.delete(task)
        wake() // room for another
      })
    inFlight.add(task)
  }

  /** Claims what is due and there is room for; true when it claimed anything. */
  async function step(): Promise<boolean> {
    const room = concurrency - inFlight.size
    if (room <= 0) return false
    const now = clock()
    // A cheap look first: an idle poll takes no lock and writes nothing.
    if (!(await repo.hasDueMessages(db, iso(now)))) return false
    const claimed = await repo.claimDueMessages(db, iso(now), iso(now + leaseMs), room)
    for (const message of claimed) send(message)
    return claimed.length > 0
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
          const timer = setTimeout(resolve, pollMs)
          wakeUp = () => {
            clearTimeout(timer)
            resolve()
          }
        })
      }
    }
    // The attempts under way finish and write what they found, within reason: a relay that hangs
    // must not hold a shutdown. An attempt cut off leaves its lease to expire, and the message is
    // sent by the next instance to claim it, with the same Message-ID.
    let timer: NodeJS.Timeout | undefined
    await Promise.race([
      Promise.allSettled([...inFlight]),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, STOP_WAIT_MS)
      }),
    ])
    clearTimeout(timer)
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
