/**
 * What the keys module adds to the published catalogue: the scopes of its operations and the error
 * codes it answers with. `npm run docs` copies them into auth/scopes.ts and errors.ts.
 */
import type { ErrorDeclaration } from '../../errors.js'

/** In the order keys list them. */
export const scopes = ['keys.list', 'keys.create', 'keys.revoke']

export const errors = {
  scope_escalation: { status: 403, description: 'A key cannot create a key with a scope it does not hold itself.' },
} satisfies Record<string, ErrorDeclaration>
