/**
 * What the idempotency module adds to the published catalogue: the error codes it answers with.
 * `npm run docs` copies them into errors.ts.
 */
import type { ErrorDeclaration } from '../../errors.js'

export const errors = {
  idempotency_key_in_use: {
    status: 409,
    description:
      'A request with this Idempotency-Key is still running; retry after `Retry-After` seconds to get its answer.',
  },
  idempotency_key_reused: {
    status: 422,
    description:
      'This Idempotency-Key was used with a different request (method, path or body); use a new key for a new request.',
  },
} satisfies Record<string, ErrorDeclaration>
