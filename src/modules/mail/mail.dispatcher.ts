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
 *
 * Polling, waking, the bound on attempts at once, the send's timeout and the stop are the outbox
 * loop's (lib/outbox-loop.ts), shared with the webhook deliveries; this file says what a message
 * is, how it is sent and what each outcome means.
 */
import type { MailKind } from './mail.tables.js'
import type { Db } from '../../db/unit-of-work.js'
import { type Attempt, AttemptTimedOut, runAttempt, startOutboxLoop } from '../../lib/outbox-loop.js'
import {
  MAIL_RETRY_POLICY,
  MAX_ERROR_LENGTH,
  type MailRetryPolicy,
  type SendFailure,
  failureText,
  giveUpAt,
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

const iso = (ms: number) => new Date(ms).toISOString()

/** When a message is given up: a day after it was queued, or when the link it carries expires. */
const deadlineOf = (message: repo.ClaimedMessage, retry: MailRetryPolicy) =>
  giveUpAt(Date.parse(message.created_at), Date.parse(message.expires_at), retry)

/** What sending a claimed message came to, short of a failure: the relay took it, or it was too late to send. */
type Sent = 'accepted' | 'past its deadline'

/**
 * One attempt at a claimed message (its send bounded by `sendTimeoutMs`) and the writing of its
 * outcome; the outcome is null when it was not written because a later claim owns the message (this
 * attempt's lease had expired).
 */
function mailAttempt(db: Db, settings: Settings): Attempt<repo.ClaimedMessage, Sent, MailOutcome | null> {
  const { clock, retry } = settings
  return {
    attemptTimeoutMs: settings.sendTimeoutMs,
    async send(message) {
      // Claimed too late (no instance ran while it was due): a link past its deadline is not sent.
      if (clock() >= deadlineOf(message, retry) || message.body_text === null || message.body_html === null)
        return 'past its deadline'
      await settings.mailer.send({
        to: message.recipient,
        subject: message.subject,
        text: message.body_text,
        html: message.body_html,
        ...(message.headers ? { headers: JSON.parse(message.headers) as Record<string, string> } : {}),
        messageId: messageIdOf(message.id, settings.domain),
      })
      return 'accepted'
    },
    async settle(message, attempted) {
      const deadline = deadlineOf(message, retry)
      const now = clock()
      const outcome = (result: MailOutcome['outcome'], error: string | null): MailOutcome => ({
        id: message.id,
        tenantId: message.tenant_id,
        kind: message.kind,
        outcome: result,
        attempts: message.attempts,
        error,
      })
      if (attempted.ok && attempted.value === 'past its deadline') {
        const last = message.last_error ? `; last error: ${message.last_error}` : ''
        const error = `not sent before its deadline, ${iso(deadline)}${last}`.slice(0, MAX_ERROR_LENGTH)
        const written = await repo.recordOutcome(db, message.id, message.attempts, {
          status: 'failed',
          at: iso(now),
          error,
        })
        return written ? outcome('failed', error) : null
      }
      if (attempted.ok) {
        const written = await repo.recordOutcome(db, message.id, message.attempts, { status: 'sent', at: iso(now) })
        return written ? outcome('sent', null) : null
      }
      const failure =
        attempted.error instanceof AttemptTimedOut
          ? Object.assign(new Error(`the relay did not answer within ${attempted.error.timeoutMs / 1000} s`), {
              code: 'ETIMEDOUT',
            })
          : (attempted.error ?? new Error('the relay refused the message'))
      const error = failureText(failure)
      const next = isPermanentRefusal(failure as SendFailure)
        ? null
        : nextAttemptAt(message.attempts, now, deadline, retry)
      const written = await repo.recordOutcome(
        db,
        message.id,
        message.attempts,
        next === null
          ? { status: 'failed', at: iso(now), error }
          : { status: 'pending', nextAttemptAt: iso(next), error },
      )
      return written ? outcome(next === null ? 'failed' : 'retried', error) : null
    },
  }
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
  const attempt = mailAttempt(db, settings)
  const outcomes: MailOutcome[] = []
  for (const message of claimed) {
    const outcome = await runAttempt(message, attempt)
    if (outcome) {
      outcomes.push(outcome)
      options.onOutcome?.(outcome)
    }
  }
  return outcomes
}

export function startMailDispatcher(db: Db, options: MailDispatcherOptions): MailDispatcher {
  const settings = settingsOf(options)
  const { clock, leaseMs } = settings
  const attempt = mailAttempt(db, settings)
  return startOutboxLoop<repo.ClaimedMessage, Sent>({
    ...attempt,
    async settle(message, attempted) {
      const outcome = await attempt.settle(message, attempted)
      if (outcome) options.onOutcome?.(outcome)
      return false // the loop's own look, once there is room, is soon enough
    },
    async claim(room) {
      const now = clock()
      // A cheap look first: an idle poll takes no lock and writes nothing.
      if (!(await repo.hasDueMessages(db, iso(now)))) return []
      return repo.claimDueMessages(db, iso(now), iso(now + leaseMs), room)
    },
    concurrency: settings.concurrency,
    pollMs: settings.pollMs,
    // A relay that hangs must not hold a shutdown: an attempt cut off leaves its lease to expire,
    // and the message is sent by the next instance to claim it, with the same Message-ID.
    stopWaitMs: STOP_WAIT_MS,
    onError: options.onError ?? ((error: unknown) => console.error('mail:', error)),
  })
}
