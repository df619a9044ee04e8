/**
 * What the sign-off module adds to the published catalogue: the error codes it answers with.
 * `npm run docs` copies them into errors.ts.
 */
import type { ErrorDeclaration } from '../../errors.js'

export const errors = {
  month_signed: {
    status: 409,
    description: 'A schedule change may not take effect inside (or before) a month an employee has signed.',
  },
} satisfies Record<string, ErrorDeclaration>
