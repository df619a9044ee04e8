/** The error side of every operation's responses: the contract's error body and its statuses. */
import { Type, type Static, type TSchema } from 'typebox'
import { ERROR_CATALOGUE, type ErrorCode, type FieldIssue } from '../errors.js'

export const ErrorBody = Type.Object(
  {
    error: Type.Object({
      code: Type.String({
        enum: Object.keys(ERROR_CATALOGUE),
        description: 'Machine-readable code from the error catalogue',
      }),
      message: Type.String({ description: 'Human-readable explanation' }),
      details: Type.Optional(
        Type.Array(
          Type.Object({
            field: Type.String(),
            message: Type.String(),
            value: Type.Optional(
              Type.String({
                description:
                  'A value the field may take, where the error offers a choice: for `tenant_choice_required`, the id of a company whose name is the message',
              }),
            ),
          }),
          {
            description:
              'For validation errors: one item per failing field; for `tenant_choice_required`: one item per company to choose from',
          },
        ),
      ),
    }),
  },
  { $id: 'ErrorBody', description: 'Body of every non-2xx response' },
)
export type ErrorBodyType = Static<typeof ErrorBody>

/** The contract's error body: `details` only when there are some. */
export function errorBody(code: ErrorCode, message: string, details?: FieldIssue[]): ErrorBodyType {
  return { error: { code, message, ...(details && details.length > 0 ? { details } : {}) } }
}

/** Repeats at most `max` characters of caller input in a message. */
export function quoted(text: string, max = 80): string {
  return text.length > max ? `${text.slice(0, max)}…` : text
}

// Where the catalogue says it, in its words: the answers are then alike wherever they are
// documented, and the OpenAPI document names them once (http/openapi-document.ts).
const STATUS_TEXT: Record<number, string> = {
  400: ERROR_CATALOGUE.invalid_request.description,
  401: 'API key or session missing or invalid',
  403: 'Scope not enabled for the key, or the acting user lacks the permission',
  404: 'Not found in this tenant',
  409: 'Conflict with the current state',
  413: ERROR_CATALOGUE.payload_too_large.description,
  415: ERROR_CATALOGUE.unsupported_media_type.description,
  429: ERROR_CATALOGUE.rate_limited.description,
}

/** Response schemas for the error statuses a route can answer, besides the ones every route has. */
export function errorResponses(...statuses: number[]): Record<number, TSchema> {
  const all = new Set([401, 403, 429, ...statuses])
  return Object.fromEntries(
    [...all].sort().map((status) => [status, Type.Ref('ErrorBody', { description: STATUS_TEXT[status] ?? 'Error' })]),
  )
}
