/**
 * What the absences module adds to the published catalogue: the scopes of its operations and the
 * error codes it answers with. `npm run docs` copies them into auth/scopes.ts and errors.ts.
 */
import type { ErrorDeclaration } from '../../errors.js'

/** In the order keys list them. */
export const scopes = [
  'absence-types.list',
  'absence-types.create',
  'absence-types.update',
  'absences.list',
  'absences.get',
  'absences.create',
  'absences.decide',
  'absences.cancel',
  'absences.record',
  'users.vacation-balance',
]

export const errors = {
  absence_type_exists: { status: 409, description: 'An absence type with this key already exists.' },
  absence_overlap: { status: 409, description: 'The absence overlaps a pending or approved absence of the employee.' },
  vacation_balance_exceeded: {
    status: 409,
    description: 'Pending and approved vacation would exceed the annual vacation days.',
  },
  absence_not_pending: { status: 409, description: 'Only a pending absence can be decided.' },
  absence_not_cancellable: {
    status: 409,
    description: 'Only a pending or approved absence that has not ended can be cancelled.',
  },
} satisfies Record<string, ErrorDeclaration>
