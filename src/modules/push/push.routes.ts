/**
 * Web Push for the app (docs/decisions/0026-reminders.md): the service's VAPID public key, and the
 * caller's own installations that receive their reminders.
 */
import { Type } from 'typebox'
import { scopeOfRequest } from '../../http/request-scope.js'
import { type ApiModule, operations } from '../../http/route.js'
import { DataOf, ListOf } from '../../lib/schemas.js'
import * as s from './push.schemas.js'
import { listSubscriptions, subscribe, unsubscribe, vapidPublicKey } from './push.service.js'
import type { PushSettings } from './push.sender.js'

const operation = operations('Notifications')

export function pushApi(settings: PushSettings): ApiModule {
  return {
    schemas: [s.PushKey, s.PushSubscription],
    routes: () => async (app) => {
      app.get(
        '/me/push-subscriptions/key',
        operation('push-subscriptions.key', {
          summary: 'The service’s VAPID public key, to subscribe an installation of the app to Web Push',
          description:
            'Made once, on the service’s first start, and kept sealed with its secrets key: 409 `secrets_key_missing` when the operator set no SECRETS_KEY, and then nothing can be pushed.',
          response: { 200: DataOf(s.PushKey) },
          errors: [409],
        }),
        async (request) => ({ data: await vapidPublicKey(scopeOfRequest(request), settings.secrets) }),
      )
      app.get(
        '/me/push-subscriptions',
        operation('push-subscriptions.list', {
          summary: 'The installations of the app your reminders are pushed to',
          response: { 200: ListOf(s.PushSubscription) },
        }),
        async (request) => listSubscriptions(scopeOfRequest(request)),
      )
      app.post(
        '/me/push-subscriptions',
        operation('push-subscriptions.create', {
          summary: 'Push your reminders to this installation of the app (its browser’s push subscription)',
          description:
            'The body is what `PushSubscription.toJSON()` gives, without `expirationTime`. The same installation subscribing again replaces its subscription (200); a new one is 201. A person keeps 10 installations: a new one beyond them replaces the oldest. A personal act: your session or a key you created yourself. A push service that answers 404 or 410 for an installation ends its subscription.',
          body: s.CreatePushSubscriptionBody,
          response: { 200: DataOf(s.PushSubscription), 201: DataOf(s.PushSubscription) },
        }),
        async (request, reply) => {
          const made = await subscribe(scopeOfRequest(request), request.body, settings)
          return reply.status(made.created ? 201 : 200).send({ data: made.subscription })
        },
      )
      app.delete(
        '/me/push-subscriptions/:subscription_id',
        operation('push-subscriptions.delete', {
          summary: 'Stop pushing your reminders to one installation of the app',
          params: s.PushSubscriptionIdParams,
          response: { 204: Type.Null({ description: 'Removed' }) },
          errors: [404],
        }),
        async (request, reply) => {
          await unsubscribe(scopeOfRequest(request), request.params.subscription_id)
          return reply.status(204).send(null)
        },
      )
    },
  }
}
