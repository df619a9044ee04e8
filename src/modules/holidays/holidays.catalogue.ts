/**
 * What the holidays module adds to the published catalogue: the scopes of its operations and the
 * error codes it answers with. `npm run docs` copies them into auth/scopes.ts and errors.ts.
 */
import type { ErrorDeclaration } from '../../errors.js'

/** In the order keys list them. */
export const scopes = ['holidays.list', 'holidays.create', 'holidays.delete']

export const errors = {
  holiday_exists: {
    status: 409,
    description: 'A company holiday already exists on that date for the same work center (or the whole company).',
  },
} satisfies Record<string, ErrorDeclaration>
