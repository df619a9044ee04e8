/**
 * Webhooks without I/O (docs/decisions/0012-integrations.md): which URLs may receive them, the
 * Standard Webhooks signature, which events a subscription takes, and when a failed delivery is
 * tried again.
 */
import { createHmac, randomBytes } from 'node:crypto'
import { type RetryPolicy, backoffDelayMs } from '../../lib/outbox-loop.js'
import { hostProblem } from '../../lib/public-network.js'
import { EVENT_TYPES, type EventType } from '../events/index.js'

/** A company may have this many subscriptions: each one multiplies the work of every event. */
export const MAX_WEBHOOKS_PER_TENANT = 25
export const MAX_URL_LENGTH = 2048

/** A 2xx within this long is a success; anything else is a failure and is tried again. */
export const DELIVERY_TIMEOUT_MS = 5_000

/**
 * The outboxes' retry policy: a delivery still failing `giveUpAfterMs` after its event is given up,
 * and a subscription failing that long is deactivated.
 */
export type { RetryPolicy }

/**
 * About 20 attempts over three days: 5 s, 10 s, 20 s ... doubling to 8 hours, then every 8 hours.
 * Early retries catch a receiver restarting; late ones an outage over a weekend.
 */
export const RETRY_POLICY: RetryPolicy = {
  firstDelayMs: 5_000,
  maxDelayMs: 8 * 3_600_000,
  giveUpAfterMs: 3 * 86_400_000,
}

/**
 * When a delivery that just failed is tried again, or null when it is given up. The last attempt
 * is made at the deadline itself, so a receiver that fails throughout has failed for the whole
 * window when its subscription is judged (see failedTooLong).
 */
export function nextAttemptAt(
  failedAttempts: number,
  createdAt: number,
  now: number,
  policy: RetryPolicy,
  random?: () => number,
): number | null {
  const deadline = createdAt + policy.giveUpAfterMs
  if (now >= deadline) return null
  return Math.min(now + backoffDelayMs(failedAttempts, policy, random), deadline)
}

/**
 * True when a subscription has failed for so long that it should stop receiving events: failing
 * since the creation of the oldest event it could not take, for the whole retry window.
 */
export function failedTooLong(failingSince: number, now: number, policy: RetryPolicy): boolean {
  return now - failingSince >= policy.giveUpAfterMs
}

export const SECRET_PREFIX = 'whsec_'

/** A signing secret as Standard Webhooks writes them: `whsec_` and 32 random bytes in base64. */
export function newWebhookSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString('base64')
}

/**
 * `webhook-signature` of Standard Webhooks: HMAC-SHA256, keyed by the secret's base64-decoded
 * bytes, of `id.timestamp.body`, in base64 after the version tag `v1,`.
 */
export function signatureOf(secret: string, messageId: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64')
  return `v1,${createHmac('sha256', key).update(`${messageId}.${timestampSeconds}.${body}`).digest('base64')}`
}

/** The headers of one attempt; the id is the event's, the same on every attempt and subscription. */
export function signedHeaders(secret: string, eventId: string, body: string, now: number): Record<string, string> {
  const timestamp = Math.floor(now / 1000)
  return {
    'content-type': 'application/json',
    'user-agent': 'Jornada-Webhooks/1',
    'webhook-id': eventId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signatureOf(secret, eventId, timestamp, body),
  }
}

export type EventSelection = EventType[] | ['*']

/** The `events` of a subscription as stored, or why they are refused. */
export function eventSelectionProblem(events: readonly string[]): string | null {
  if (events.length === 0) return 'must name at least one event type, or be ["*"] for all'
  if (events.includes('*')) return events.length === 1 ? null : '"*" stands alone: it already means every event type'
  const unknown = events.filter((e) => !(EVENT_TYPES as readonly string[]).includes(e))
  if (unknown.length > 0)
    return `unknown event types: ${unknown.slice(0, 5).join(', ')}; known: ${EVENT_TYPES.join(', ')}`
  if (new Set(events).size !== events.length) return 'names an event type twice'
  return null
}

export function selects(selection: readonly string[], type: string): boolean {
  return selection[0] === '*' || selection.includes(type)
}

/**
 * Why a subscription URL is refused, or null. Checked when it is given; the address a name
 * resolves to is checked again at every delivery (see webhooks.sender).
 */
export function webhookUrlProblem(raw: string, allowPrivateNetworks: boolean): string | null {
  if (raw.length > MAX_URL_LENGTH) return `must be at most ${MAX_URL_LENGTH} characters`
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return 'must be an absolute URL such as https://hooks.example.com/jornada'
  }
  const schemes = allowPrivateNetworks ? ['https:', 'http:'] : ['https:']
  if (!schemes.includes(url.protocol))
    return allowPrivateNetworks ? 'must be an http or https URL' : 'must be an https URL'
  if (url.username || url.password) return 'must not carry credentials; authenticate deliveries by their signature'
  return allowPrivateNetworks ? null : hostProblem(url)
}
