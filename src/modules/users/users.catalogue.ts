/**
 * What the users module adds to the published catalogue: the scopes of its operations and the error
 * codes it answers with. `npm run docs` copies them into auth/scopes.ts and errors.ts.
 */
import type { ErrorDeclaration } from '../../errors.js'

/** In the order keys list them. */
export const scopes = [
  'users.list',
  'users.get',
  'users.create',
  'users.update',
  'users.deactivate',
  'users.reactivate',
  'users.sensitive',
]

export const errors = {
  email_taken: {
    status: 409,
    description: 'Another user of the tenant already has this email (compared case-insensitively).',
  },
  kiosk_id_taken: {
    status: 409,
    description: 'Another user of the tenant already has a DNI with the same digits (the kiosk identifier).',
  },
  last_admin: { status: 409, description: 'The change would leave the tenant without an active administrator.' },
  manager_cycle: { status: 409, description: 'The manager assignment would make a user their own (indirect) manager.' },
  user_disabled: { status: 409, description: 'The user is disabled.' },
} satisfies Record<string, ErrorDeclaration>
