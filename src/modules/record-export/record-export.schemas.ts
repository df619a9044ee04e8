import { type Static, Type } from 'typebox'
import { DateString, Nullable } from '../../lib/schemas.js'

export const RecordKey = Type.Object(
  {
    id: Type.String({ description: '`rk_` and the first 16 hex digits of the SHA-256 of the raw public key' }),
    algorithm: Type.Literal('Ed25519'),
    public_key: Type.String({
      description: 'The raw 32-byte public key, base64: what `jornada record verify --public-key` takes',
    }),
    public_key_pem: Type.String({ description: 'The same key as PEM (SubjectPublicKeyInfo)' }),
    valid_from: Type.String({ format: 'date-time' }),
    valid_until: Nullable(Type.String({ format: 'date-time' }), {
      description: 'When it was rotated; null for the current key, the one that signs new exports',
    }),
  },
  { $id: 'RecordKey' },
)
export type RecordKeyType = Static<typeof RecordKey>

export const RecordExportQuery = Type.Object(
  {
    from: DateString('First day, in the company’s time zone'),
    to: DateString('Last day, included; at most 366 days after from'),
  },
  { additionalProperties: false },
)
export type RecordExportQueryType = Static<typeof RecordExportQuery>
