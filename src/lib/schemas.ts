/**
 * The vocabulary of the API's schemas (TypeBox): formats, ids, nullable fields, the data and list
 * envelopes, pagination parameters. Module schemas are built from these; so is the OpenAPI document.
 */
import { Type, type TSchema } from 'typebox'

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
export function Nullable<T extends TSchema>(
  schema: T,
): ReturnType<typeof Type.Union<[T, ReturnType<typeof Type.Null>]>> {
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
  page: Type.Integer({
    minimum: 1,
    maximum: 1_000_000,
    default: 1,
    description: 'Page number, from 1 (at most 1,000,000)',
  }),
  page_size: Type.Integer({
    minimum: 1,
    maximum: 100,
    default: 25,
    description: 'Items per page, 1 to 100 (default 25)',
  }),
}

export function DataOf<T extends TSchema>(schema: T) {
  return Type.Object({ data: schema })
}

export function ListOf<T extends TSchema>(schema: T) {
  return Type.Object({ data: Type.Array(schema), meta: PageMeta })
}
