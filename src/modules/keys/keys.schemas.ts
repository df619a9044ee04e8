import { Type, type Static } from 'typebox'
import { INSPECTOR_MAX_DAYS, INSPECTOR_SCOPES } from '../../auth/policies.js'
import { Id, InstantString, Nullable, PaginationQuery } from '../../lib/schemas.js'
import { RULE_MESSAGES } from '../../lib/validation.js'

export const KeyKindSchema = Type.Union([Type.Literal('standard'), Type.Literal('inspector')], {
  description: `'inspector': read-only access to the time record for the Labour Inspectorate or workers' representatives; expires within ${INSPECTOR_MAX_DAYS} days, every request is in the access log, never sees personal data`,
})

const keyFields = {
  id: Type.String({ description: 'Also the first part of the key itself (jnd_<id>_<secret>)' }),
  name: Type.String(),
  kind: KeyKindSchema,
  scopes: Type.Array(Type.String()),
  acts_as_user_id: Type.String({ description: 'The user whose permissions authorise what the key does' }),
  created_by_user_id: Nullable(
    Type.String({
      description:
        'The person who created it with a credential of their own (session or personal key); null when a program’s key or the command line did',
    }),
  ),
  personal: Type.Boolean({
    description:
      'Created by the person it acts as: it may act as them personally (clock in, sign their month, consent to a correction)',
  }),
  created_at: Type.String({ format: 'date-time' }),
  last_used_at: Nullable(Type.String({ format: 'date-time', description: 'Updated at most once a minute' })),
  expires_at: Nullable(Type.String({ format: 'date-time' })),
  revoked_at: Nullable(
    Type.String({
      format: 'date-time',
      description: 'Revoked by an administrator, or by the deactivation of the user it acts as',
    }),
  ),
}

export const ApiKey = Type.Object(keyFields, {
  $id: 'ApiKey',
  description: 'An API key; its secret is shown only once, when it is created',
})

export const CreatedApiKey = Type.Object(
  {
    ...keyFields,
    api_key: Type.String({
      description: 'The key to send as `Authorization: Bearer <api_key>`; shown this once, never stored',
    }),
  },
  { $id: 'CreatedApiKey' },
)

export const CreateKeyBody = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    kind: Type.Optional(KeyKindSchema),
    scopes: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 64 }), {
        minItems: 1,
        maxItems: 100,
        description: `Each one held by the caller (403 scope_escalation otherwise). Required for a standard key, except a personal one (default: the caller's scopes); an inspector key may hold only ${INSPECTOR_SCOPES.join(', ')} (all of them by default)`,
      }),
    ),
    acts_as_user_id: Type.Optional(Id('An active user of the company (default: the calling key’s acting user)')),
    expires_at: Type.Optional(
      InstantString(`A future instant; required for an inspector key, at most ${INSPECTOR_MAX_DAYS} days ahead`),
    ),
    current_password: Type.Optional(
      Type.String({
        maxLength: 256,
        description:
          'From a session that signed in more than 10 minutes ago: the person’s current password (403 `recent_sign_in_required` otherwise)',
      }),
    ),
  },
  {
    additionalProperties: false,
    // An inspector key expires, and reads the time record only.
    if: { type: 'object', required: ['kind'], properties: { kind: { const: 'inspector' } } },
    // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then; a schema is never awaited
    then: {
      type: 'object',
      required: ['expires_at'],
      properties: {
        expires_at: { type: 'string' },
        scopes: {
          type: 'array',
          items: {
            enum: INSPECTOR_SCOPES,
            [RULE_MESSAGES]: { enum: `an inspector key reads the time record only (${INSPECTOR_SCOPES.join(', ')})` },
          },
        },
      },
      [RULE_MESSAGES]: {
        required: {
          field: 'expires_at',
          message: `is required for an inspector key (at most ${INSPECTOR_MAX_DAYS} days ahead)`,
        },
      },
    },
  },
)
export type CreateKeyBodyType = Static<typeof CreateKeyBody>

export const KeyIdParams = Type.Object({ key_id: Id() })

export const ListKeysQuery = Type.Object(
  {
    kind: Type.Optional(KeyKindSchema),
    acts_as_user_id: Type.Optional(Id('Only keys acting as this user')),
    active: Type.Optional(
      Type.Boolean({ description: 'true: neither revoked nor expired; false: revoked or expired' }),
    ),
    page: Type.Optional(PaginationQuery.page),
    page_size: Type.Optional(PaginationQuery.page_size),
  },
  { additionalProperties: false },
)
export type ListKeysQueryType = Static<typeof ListKeysQuery>
