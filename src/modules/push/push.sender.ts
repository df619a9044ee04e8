/**
 * Sending a reminder to every installation of a person's app by Web Push: the message encrypted
 * to each installation's keys as RFC 8291 says (aes128gcm) and signed for its push service with
 * the service's VAPID key (RFC 8292), both by the maintained web-push library; the request itself
 * is made as webhooks' are (lib/outside-post), so that the push service's address is checked after
 * DNS resolution (a company's people cannot make the service call its own network) and no redirect
 * is followed. A push service's 404 or 410 means the installation is gone: its subscription is
 * removed. Called by the reminders' dispatcher, never inside a transaction.
 */
import type webpush from 'web-push'
import { type Unit, nowIsoOf } from '../../db/unit-of-work.js'
import { type OutsideAnswer, postOutside } from '../../lib/outside-post.js'
import type { SecretBox } from '../../lib/secret-box.js'
import { type Delivery, type PushMessage, deliveryOf, payloadOf, topicOf } from './push.logic.js'
import * as repo from './push.repository.js'
import { openVapidKey } from './push.service.js'
import type { PushSubscriptionRow } from './push.tables.js'
import { onFirstUse } from '../../lib/first-use.js'

/**
 * web-push, with the encryption, JWT and proxy libraries under it, is loaded with the first push,
 * not by every process that starts the service (a CLI command, each test file), most of which push
 * nothing.
 */
// A CommonJS module: its functions are on the default export, which its typings do not declare.
const loadWebPush = onFirstUse(() =>
  import('web-push').then((module) => (module as unknown as { default: typeof webpush }).default),
)

/** How the service pushes: set once from its configuration. */
export interface PushSettings {
  /** SECRETS_KEY: opens the sealed VAPID key; null: nothing can be pushed. */
  secrets: SecretBox | null
  /** VAPID_SUBJECT: the operator's contact for push services, a `mailto:` or `https:` URL. */
  subject: string
  /** PUSH_ALLOW_PRIVATE_NETWORKS: endpoints on loopback and private networks, over http too (tests, trials). */
  allowPrivateNetworks: boolean
  /** How long one push service may take to answer (10 s by default). */
  timeoutMs?: number
}

/** What became of a message: each installation sent to, removed (gone) or failed (tried again later, by the caller). */
export interface PushOutcome {
  sent: number
  removed: number
  failed: number
  /** Why each failed one failed, for the log. */
  errors: string[]
}

/** How long a push service keeps a message for a phone that is off: a reminder a day old is no reminder. */
const TTL_SECONDS = 24 * 60 * 60

/**
 * Sends `message` (already in the person's language) to every installation of the app where
 * `userId` turned notifications on. Never throws for a push service's refusal: the outcome counts
 * it. Throws `secrets_key_missing` when the VAPID key cannot be opened.
 */
export async function sendPushToUser(
  unit: Unit,
  settings: PushSettings,
  to: { tenantId: string; userId: string },
  message: PushMessage,
): Promise<PushOutcome> {
  const outcome: PushOutcome = { sent: 0, removed: 0, failed: 0, errors: [] }
  const subscriptions = await repo.subscriptionsOf(unit.db, to.tenantId, to.userId)
  if (subscriptions.length === 0) return outcome
  const payload = payloadOf(message)
  const vapid = await openVapidKey(unit, settings.secrets)
  const results = await Promise.all(
    subscriptions.map(async (subscription) => {
      const answer = await pushTo(subscription, payload, message.tag, { ...vapid, subject: settings.subject }, settings)
      return { subscription, answer, delivery: deliveryOf(answer.status) }
    }),
  )
  for (const { subscription, answer, delivery } of results) {
    count(outcome, delivery, answer.error)
    if (delivery === 'sent') await repo.markSent(unit.db, to.tenantId, subscription.id, nowIsoOf(unit))
    if (delivery === 'gone') await repo.deleteGoneSubscription(unit.db, subscription)
  }
  return outcome
}

function count(outcome: PushOutcome, delivery: Delivery, error: string | null): void {
  if (delivery === 'sent') outcome.sent += 1
  else if (delivery === 'gone') outcome.removed += 1
  else {
    outcome.failed += 1
    outcome.errors.push(error ?? 'failed')
  }
}

async function pushTo(
  subscription: PushSubscriptionRow,
  payload: string,
  tag: string,
  vapid: { subject: string; publicKey: string; privateKey: string },
  settings: PushSettings,
): Promise<OutsideAnswer> {
  const webPushLibrary = await loadWebPush()
  let request: webpush.RequestDetails
  try {
    request = webPushLibrary.generateRequestDetails(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      payload,
      { vapidDetails: vapid, TTL: TTL_SECONDS, urgency: 'normal', topic: topicOf(tag), contentEncoding: 'aes128gcm' },
    )
  } catch (error) {
    return { status: null, error: `not encrypted: ${(error as Error).message}`.slice(0, 300) }
  }
  const protocol = new URL(request.endpoint).protocol
  if (protocol !== 'https:' && !(settings.allowPrivateNetworks && protocol === 'http:'))
    return { status: null, error: 'the endpoint is not https' }
  const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]))
  const timeout = new AbortController()
  const timer = setTimeout(
    () => timeout.abort(new Error('the push service did not answer in time')),
    settings.timeoutMs ?? 10_000,
  )
  try {
    return await postOutside(request.endpoint, headers, request.body ?? '', {
      allowPrivateNetworks: settings.allowPrivateNetworks,
      peer: 'the push service',
      signal: timeout.signal,
    })
  } finally {
    clearTimeout(timer)
  }
}

/** `sendPushToUser` with the service's settings bound: what the reminders' dispatcher is handed. */
export function pushSenderWith(
  settings: PushSettings,
): (unit: Unit, to: { tenantId: string; userId: string }, message: PushMessage) => Promise<PushOutcome> {
  return (unit, to, message) => sendPushToUser(unit, settings, to, message)
}
