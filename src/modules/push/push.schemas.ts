import { type Static, Type } from 'typebox'
import { Id, Nullable } from '../../lib/schemas.js'

const Base64url = (description: string, maxLength: number) =>
  Type.String({ minLength: 1, maxLength, pattern: '^[A-Za-z0-9_-]+={0,2}$', description })

export const PushKey = Type.Object(
  {
    public_key: Type.String({
      description:
        'The service’s VAPID public key (RFC 8292): an uncompressed P-256 point, base64url. The app passes it as `applicationServerKey` to `PushManager.subscribe()`',
    }),
  },
  { $id: 'PushKey' },
)
export type PushKeyType = Static<typeof PushKey>

export const PushSubscription = Type.Object(
  {
    id: Type.String(),
    endpoint: Type.String({ format: 'uri', description: 'The push service’s address for this installation' }),
    created_at: Type.String({ format: 'date-time' }),
    last_sent_at: Nullable(Type.String({ format: 'date-time' }), {
      description: 'When its push service last accepted a reminder; null: none yet',
    }),
  },
  {
    $id: 'PushSubscription',
    description:
      'An installation of the app that receives your reminders by Web Push (docs/decisions/0026-reminders.md)',
  },
)
export type PushSubscriptionType = Static<typeof PushSubscription>

export const CreatePushSubscriptionBody = Type.Object(
  {
    endpoint: Type.String({
      minLength: 1,
      maxLength: 2048,
      description: '`PushSubscription.endpoint` as the browser gives it: an https URL of its push service',
    }),
    keys: Type.Object(
      {
        p256dh: Base64url('The installation’s P-256 public key, uncompressed (65 bytes), base64url', 100),
        auth: Base64url('The installation’s authentication secret (16 bytes), base64url', 40),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
)
export type CreatePushSubscriptionBodyType = Static<typeof CreatePushSubscriptionBody>

export const PushSubscriptionIdParams = Type.Object({ subscription_id: Id() }, { additionalProperties: false })
