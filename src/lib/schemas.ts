/**
 * The vocabulary of the API's schemas (TypeBox): formats, ids, nullable fields, the data and list
 * envelopes, pagination parameters. Module schemas are built from these; so is the OpenAPI document.
 */
import { Type, type TSchema } from 'typebox'
import { RULE_MESSAGES } from './validation.js'

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
  options: { description?: string } = {},
): ReturnType<typeof Type.Union<[T, ReturnType<typeof Type.Null>]>> {
  const { type, ...rest } = schema as unknown as { type: string }
  return Type.Unsafe({ ...rest, ...options, type: [type, 'null'] }) as never
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

/** The field is there and not null; `message` says so when it is null. */
function given(field: string, message?: string) {
  const notNull = { not: { type: 'null' }, ...(message ? { [RULE_MESSAGES]: { not: message } } : {}) }
  return { type: 'object', required: [field], properties: { [field]: notNull } }
}

/**
 * Rules between fields, stated in JSON Schema so the document shows them and generated validators
 * check them, each with the message a caller reads when it fails (validation.ts RULE_MESSAGES).
 * Spread one of them into an object schema's options; an object takes one `if` rule at most.
 */
export const rules = {
  /** `field` is refused unless `condition` holds. */
  onlyWhen(condition: object, field: string, message: string) {
    return {
      if: { type: 'object', ...condition },
      else: { type: 'object', properties: { [field]: { not: {}, [RULE_MESSAGES]: { not: message } } } },
    }
  },
  /** When `field` is `value`, `other` may not be `otherValue`. */
  excludes(field: string, value: unknown, other: string, otherValue: unknown, message: string) {
    return {
      if: { type: 'object', required: [field], properties: { [field]: { const: value } } },
      // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then; a schema is never awaited
      then: {
        type: 'object',
        properties: { [other]: { not: { const: otherValue }, [RULE_MESSAGES]: { not: message } } },
      },
    }
  },
  /**
   * Exactly one of two fields of `type` is given (a null counts as not given). Each branch names
   * the field's type rather than "not null", so generators type the body as one form or the other
   * (`{ project_id: string } | { note: string }`) instead of `unknown`.
   */
  exactlyOneOf(first: string, second: string, message: string, type: 'string' | 'integer' = 'string') {
    const present = (field: string) => ({ type: 'object', required: [field], properties: { [field]: { type } } })
    return {
      oneOf: [present(first), present(second)],
      [RULE_MESSAGES]: { oneOf: { field: [first, second], message } },
    }
  },
  /** Both fields are given or neither is (a null counts as not given). */
  bothOrNeither(first: string, second: string, message: string) {
    return {
      if: given(first),
      // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then; a schema is never awaited
      then: { ...given(second, message), [RULE_MESSAGES]: { required: { field: second, message } } },
      else: { type: 'object', not: given(second), [RULE_MESSAGES]: { not: { field: first, message } } },
    }
  },
}
