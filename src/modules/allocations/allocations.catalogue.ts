/**
 * What the allocations module adds to the published catalogue: the scopes of its operations and the
 * error codes it answers with. `npm run docs` copies them into auth/scopes.ts and errors.ts.
 */
import type { ErrorDeclaration } from '../../errors.js'

/** In the order keys list them. */
export const scopes = ['allocations.create', 'allocations.list', 'allocations.get', 'allocations.delete']

export const errors = {
  project_inactive: { status: 409, description: 'The project is inactive and accepts no new allocations.' },
  allocation_overlap: { status: 409, description: "The span overlaps another of the employee's allocations." },
} satisfies Record<string, ErrorDeclaration>
