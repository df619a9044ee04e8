/**
 * What the reports module adds to the published catalogue: the scopes of its operations and the
 * error codes it answers with. `npm run docs` copies them into auth/scopes.ts and errors.ts.
 */
import type { ErrorDeclaration } from '../../errors.js'

/** In the order keys list them. */
export const scopes = [
  'attendance-reports.get',
  'attendance-reports.export',
  'attendance-reports.sign',
  'attendance-reports.company',
]

export const errors = {
  month_not_ended: {
    status: 409,
    description: 'A month can be signed only once it has ended (in the company’s time zone).',
  },
  month_already_signed: {
    status: 409,
    description: 'The month is already signed and no later change superseded the signature.',
  },
} satisfies Record<string, ErrorDeclaration>
