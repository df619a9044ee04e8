/**
 * Web Push subscriptions (docs/decisions/0026-reminders.md): the service's VAPID key pair, made
 * once and kept sealed with SECRETS_KEY like the record keys, and each person's installations of
 * the app that receive their reminders. Subscribing is a personal act: a key someone else made
 * acting as a person cannot send that person's reminders to an address of its choosing.
 */
import { assertPersonalCredential } from '../../auth/policies.js'
import type { RequestScope } from '../../auth/request-scope.js'
import { lockRow } from '../../db/locks.js'
import { type Unit, inTransaction, nowIsoOf } from '../../db/unit-of-work.js'
import { AppError, invalidField, notFound } from '../../errors.js'
import { newId } from '../../lib/ids.js'
import type { SecretBox } from '../../lib/secret-box.js'
import {
  MAX_SUBSCRIPTIONS_PER_PERSON,
  authProblem,
  endpointHash,
  endpointProblem,
  newVapidKeyPair,
  p256dhProblem,
} from './push.logic.js'
import * as repo from './push.repository.js'
import type { CreatePushSubscriptionBodyType, PushKeyType, PushSubscriptionType } from './push.schemas.js'
import type { PushSubscriptionRow, PushVapidKeyRow } from './push.tables.js'

/** What a sealed VAPID private key is bound to: copied into another row, it does not open. */
const KEY_PLACE = `push-vapid-key:${repo.VAPID_KEY_ID}`

function needSecrets(secrets: SecretBox | null): SecretBox {
  if (secrets) return secrets
  throw new AppError(
    'secrets_key_missing',
    'Web Push needs the service’s VAPID key, kept sealed with its secrets key: the operator sets SECRETS_KEY (see docs/operations.md) and you try again',
  )
}

/**
 * The service's VAPID key, made now if there is none yet. Two instances starting at once both
 * try; the row's fixed id lets one insert win and both read the same key back.
 */
export async function ensureVapidKey(unit: Unit, secrets: SecretBox | null): Promise<PushVapidKeyRow> {
  const existing = await repo.findVapidKey(unit.db)
  if (existing) return existing
  const box = needSecrets(secrets)
  const made = newVapidKeyPair()
  await repo.insertVapidKeyUnlessPresent(unit.db, {
    id: repo.VAPID_KEY_ID,
    public_key: made.publicKey,
    private_key_sealed: box.seal(made.privateKey, KEY_PLACE),
    created_at: nowIsoOf(unit),
  })
  const kept = await repo.findVapidKey(unit.db)
  if (!kept) throw new Error('The VAPID key was not kept')
  return kept
}

/** The key pair with its private half opened, to sign the VAPID token of a push. */
export async function openVapidKey(
  unit: Unit,
  secrets: SecretBox | null,
): Promise<{ publicKey: string; privateKey: string }> {
  const row = await ensureVapidKey(unit, secrets)
  const privateKey = needSecrets(secrets).open(row.private_key_sealed, KEY_PLACE)
  if (privateKey === null)
    throw new AppError(
      'secrets_key_missing',
      'The VAPID key does not open with this service’s SECRETS_KEY: the operator sets the key it was sealed with (or SECRETS_KEY_PREVIOUS)',
    )
  return { publicKey: row.public_key, privateKey }
}

export async function vapidPublicKey(scope: RequestScope, secrets: SecretBox | null): Promise<PushKeyType> {
  return { public_key: (await ensureVapidKey(scope, secrets)).public_key }
}

function subscriptionToApi(row: PushSubscriptionRow): PushSubscriptionType {
  return { id: row.id, endpoint: row.endpoint, created_at: row.created_at, last_sent_at: row.last_sent_at }
}

/**
 * Keeps this installation's subscription for the caller: a new one (created), or the same
 * installation subscribing again, perhaps with new keys or for another person who signed in on it
 * (replaced). Beyond the most a person keeps, their oldest installation goes.
 */
export async function subscribe(
  scope: RequestScope,
  body: CreatePushSubscriptionBodyType,
  policy: { allowPrivateNetworks: boolean },
): Promise<{ created: boolean; subscription: PushSubscriptionType }> {
  const { auth } = scope
  assertPersonalCredential(auth, 'Receiving one’s reminders on a phone')
  const problems: [string, string | null][] = [
    ['endpoint', endpointProblem(body.endpoint, policy.allowPrivateNetworks)],
    ['keys.p256dh', p256dhProblem(body.keys.p256dh)],
    ['keys.auth', authProblem(body.keys.auth)],
  ]
  const problem = problems.find(([, message]) => message !== null)
  if (problem) throw invalidField(problem[0], problem[1]!)
  const hash = endpointHash(body.endpoint)
  return inTransaction(scope, async (tx) => {
    // One person's subscriptions change one at a time: the limit holds under concurrent requests.
    await lockRow(tx.db, 'users', auth.tenantId, auth.actor.id)
    const nowIso = nowIsoOf(tx)
    const existing = await repo.subscriptionByEndpoint(tx.db, auth.tenantId, hash)
    let row: PushSubscriptionRow
    if (existing) {
      const fields = {
        user_id: auth.actor.id,
        p256dh: body.keys.p256dh,
        auth: body.keys.auth,
        created_at: nowIso,
        last_sent_at: existing.user_id === auth.actor.id ? existing.last_sent_at : null,
      }
      await repo.replaceSubscription(tx.db, auth.tenantId, existing.id, fields)
      row = { ...existing, ...fields }
    } else {
      row = {
        id: newId('pushSubscription'),
        tenant_id: auth.tenantId,
        user_id: auth.actor.id,
        endpoint: body.endpoint,
        endpoint_hash: hash,
        p256dh: body.keys.p256dh,
        auth: body.keys.auth,
        created_at: nowIso,
        last_sent_at: null,
      }
      await repo.insertSubscription(tx.db, row)
    }
    const mine = await repo.subscriptionsOf(tx.db, auth.tenantId, auth.actor.id)
    for (const old of mine.filter((s) => s.id !== row.id).slice(MAX_SUBSCRIPTIONS_PER_PERSON - 1))
      await repo.deleteSubscription(tx.db, auth.tenantId, old.id)
    return { created: !existing, subscription: subscriptionToApi(row) }
  })
}

export async function listSubscriptions(scope: RequestScope) {
  const { auth } = scope
  assertPersonalCredential(auth, 'Reading the phones one’s reminders go to')
  const rows = await repo.subscriptionsOf(scope.db, auth.tenantId, auth.actor.id)
  return {
    data: rows.map(subscriptionToApi),
    meta: { page: 1, page_size: MAX_SUBSCRIPTIONS_PER_PERSON, total: rows.length },
  }
}

/** Stops reminders to one of the caller's installations. Another person's, or another company's, is 404. */
export async function unsubscribe(scope: RequestScope, id: string): Promise<void> {
  const { auth } = scope
  const mine = await repo.subscriptionsOf(scope.db, auth.tenantId, auth.actor.id)
  if (!mine.some((s) => s.id === id)) throw notFound('Push subscription')
  assertPersonalCredential(auth, 'Changing the phones one’s reminders go to')
  await repo.deleteSubscription(scope.db, auth.tenantId, id)
}
