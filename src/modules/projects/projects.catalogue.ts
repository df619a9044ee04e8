/**
 * What the projects module adds to the published catalogue: the scopes of its operations and the
 * error codes it answers with. `npm run docs` copies them into auth/scopes.ts and errors.ts.
 */
import type { ErrorDeclaration } from '../../errors.js'

/** In the order keys list them. */
export const scopes = ['projects.list', 'projects.create', 'projects.update']

export const errors = {
  code_taken: { status: 409, description: 'Another project of the tenant already has this code.' },
} satisfies Record<string, ErrorDeclaration>
