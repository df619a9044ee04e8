/** Schema building blocks shared by every route: formats, envelopes, pagination, error bodies. */
import { Type, type Static, type TSchema } from 'typebox'
import { ERROR_CATALOGUE } from '../errors.js'

export const DateString = (description?: string) =>
  Type.String({ format: 'date', examples: ['2026-03-02'], ...(description ? { description } : {}) })
export const InstantString = (description?: string) =>
  Type.String({ format: 'date-time', examples: ['2026-03-02T08:00:00.000Z'], ...(description ? { description } : {}) })
export const TimeZone = (description = 'IANA time zone, e.g. Europe/Madrid') =>
  Type.String({ format: 'time-zone', description, examples: ['Europe/Madrid'] })
export const Id = (description?: string) =>
  Type.String({ minLength: 1, maxLength: 64, ...(description ? { description } : {}) })

/**
 * `T | null` written as `type: [T, "null"]` rather than `anyOf`, so that a failing value gets one
 * precise message ("must match format date") instead of one per branch.
 */
export function Nullable<T extends TSchema>(schema: T): ReturnType<typeof Type.Union<[T, ReturnType<typeof Type.Null>]>> {
  const { type, ...rest } = schema as unknown as { type: string }
  return Type.Unsafe({ ...rest, type: [type, 'null'] }) as never
}

export const IdName = Type.Object({ id: Type.String(), name: Type.String() })

export const PageMeta = Type.Object({
  page: Type.Integer({ description: 'Page number, from 1' }),
  page_size: Type.Integer({ description: 'Items per page' }),
  total: Type.Integer({ description: 'Items matching the filters, across all pages' }),
})

export const PaginationQuery = {
  page: Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1, description: 'Page number, from 1 (at most 1,000,000)' }),
  page_size: Type.Integer({ minimum: 1, maximum: 100, default: 25, description: 'Items per page, 1 to 100 (default 25)' }),
}

export function DataOf<T extends TSchema>(schema: T) {
  return Type.Object({ data: schema })
}

export function ListOf<T extends TSchema>(schema: T) {
  return Type.Object({ data: Type.Array(schema), meta: PageMeta })
}

export const ErrorBody = Type.Object(
  {
    error: Type.Object({
      code: Type.String({ enum: Object.keys(ERROR_CATALOGUE), description: 'Machine-readable code from the error catalogue' }),
      message: Type.String({ description: 'Human-readable explanation' }),
      details: Type.Optional(
        Type.Array(Type.Object({ field: Type.String(), message: Type.String() }), {
          description: 'For validation errors: one item per failing field',
        }),
      ),
    }),
  },
  { $id: 'ErrorBody', description: 'Body of every non-2xx response' },
)
export type ErrorBodyType = Static<typeof ErrorBody>

const STATUS_TEXT: Record<number, string> = {
  400: 'Invalid request',
  401: 'API key missing or invalid',
  403: 'Scope not enabled for the key, or the acting user lacks the permission',
  404: 'Not found in this tenant',
  409: 'Conflict with the current state',
  413: 'Body larger than 1 MiB',
  415: 'Body is not JSON',
  429: 'Rate limit exceeded; see Retry-After',
}

/** Response schemas for the error statuses a route can answer, besides the ones every route has. */
export function errorResponses(...statuses: number[]): Record<number, TSchema> {
  const all = new Set([401, 403, 429, ...statuses])
  return Object.fromEntries(
    [...all].sort().map((status) => [status, Type.Ref('ErrorBody', { description: STATUS_TEXT[status] ?? 'Error' })]),
  )
}
