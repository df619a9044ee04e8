/**
 * What the catalogues module adds to the published catalogue: the scopes of its operations and the
 * error codes it answers with. `npm run docs` copies them into auth/scopes.ts and errors.ts.
 */
import type { ErrorDeclaration } from '../../errors.js'

/** In the order keys list them. */
export const scopes = [
  'departments.list',
  'departments.create',
  'departments.update',
  'work-centers.list',
  'work-centers.create',
  'work-centers.update',
]

export const errors = {
  name_taken: { status: 409, description: 'Another item of this catalogue already has this name.' },
} satisfies Record<string, ErrorDeclaration>
