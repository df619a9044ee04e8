/**
 * The mail outbox without I/O (docs/decisions/0025-request-phases-and-module-ownership.md): when a
 * message is given up, when a failed one is tried again, which refusals are final, and the
 * Message-ID it keeps on every attempt.
 */
import { type RetryPolicy, backoffDelayMs } from '../../lib/outbox-loop.js'

/** The outbox's retry policy: the wait doubles after each failure, up to a longest wait, for a window. */
export type MailRetryPolicy = RetryPolicy

/**
 * Thirty to fifty-odd attempts over a day, as the jitter falls: after 30 s, 1 min, 2 min ... doubling
 * to an hour, then every hour (each wait between half and all of that). Early retries catch a relay
 * restarting; later ones an outage of a few hours. A day later the person has asked again, or their
 * administrator has seen the message failed.
 */
export const MAIL_RETRY_POLICY: MailRetryPolicy = {
  firstDelayMs: 30_000,
  maxDelayMs: 3_600_000,
  giveUpAfterMs: 86_400_000,
}

/**
 * When a message queued at `createdAt` is given up: after the policy's window, or sooner when the
 * link it carries expires (a password reset's lasts an hour: a later mail would carry a dead link).
 */
export function giveUpAt(createdAt: number, linkExpiresAt: number | null, policy: MailRetryPolicy): number {
  const window = createdAt + policy.giveUpAfterMs
  return linkExpiresAt === null ? window : Math.min(window, linkExpiresAt)
}

/** The wait before the next attempt after `failedAttempts` failures: the outboxes' one schedule. */
export const retryDelayMs = backoffDelayMs

/**
 * When a message whose attempt failed for a while (a temporary refusal, a failed connection, a
 * timeout) is tried again, or null when it is given up: the next attempt would come at or after its
 * deadline.
 */
export function nextAttemptAt(
  failedAttempts: number,
  now: number,
  deadline: number,
  policy: MailRetryPolicy,
  random?: () => number,
): number | null {
  const next = now + retryDelayMs(failedAttempts, policy, random)
  return next < deadline ? next : null
}

/** What a relay's refusal or a failed connection looks like (Nodemailer's errors carry these). */
export interface SendFailure {
  /** The SMTP reply code of a refusal (550, 451, ...); absent when no reply came. */
  responseCode?: number | undefined
  /** Nodemailer's kind of failure: `EENVELOPE`, `EMESSAGE`, `EAUTH`, `ECONNECTION`, `ETIMEDOUT`, ... */
  code?: string | undefined
}

/**
 * A final refusal: the relay answered 5xx to the message or its recipient, and would answer the
 * same tomorrow. A 4xx, a failed connection or a timeout is temporary and tried again. So is a
 * refused sign-in to the relay (`EAUTH`, 535): the fault is the service's configuration, not the
 * message's, and every message would otherwise fail until someone fixes `SMTP_URL`.
 */
export function isPermanentRefusal(failure: SendFailure): boolean {
  const code = failure.responseCode
  return code !== undefined && code >= 500 && code < 600 && failure.code !== 'EAUTH'
}

/** At most this much of a failure is kept: enough to tell why, not a relay's whole transcript. */
export const MAX_ERROR_LENGTH = 500

/** Why an attempt failed, in one line: the relay's reply when it gave one, else the error's message. */
export function failureText(error: unknown): string {
  const failure = error as { response?: unknown; message?: unknown }
  const text =
    typeof failure?.response === 'string' && failure.response !== ''
      ? failure.response
      : typeof failure?.message === 'string'
        ? failure.message
        : String(error)
  return text.replace(/\s+/g, ' ').trim().slice(0, MAX_ERROR_LENGTH)
}

/**
 * The Message-ID of a message (RFC 5322): its id at the service's host, the same on every attempt,
 * so that a message sent again after a crash (between the relay's acceptance and the row's marking)
 * is recognised as the same one by the mail systems that look.
 */
export function messageIdOf(id: string, domain: string): string {
  return `<${id}@${domain}>`
}
