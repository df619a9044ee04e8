/**
 * What the overtime module adds to the published catalogue: the scopes of its operations and the
 * error codes it answers with. `npm run docs` copies them into auth/scopes.ts and errors.ts.
 */
import type { ErrorDeclaration } from '../../errors.js'

/** In the order keys list them. */
export const scopes = [
  'overtime-lots.list',
  'overtime-lots.decide',
  'overtime-lots.pay',
  'overtime.balance',
  'overtime-reports.monthly',
]

export const errors = {
  overtime_lot_not_pending: { status: 409, description: 'Only a pending overtime lot can be decided.' },
  overtime_not_allowed: {
    status: 409,
    description:
      'The employee may not work overtime: a minor never, force majeure included (art. 6.3 ET; their lot is paid as wages due), a night worker or a part-time employee only as force majeure.',
  },
  overtime_rest_exceeded: {
    status: 409,
    description: 'The rest asked for is more than the approved overtime still owed to the employee as rest.',
  },
  overtime_rest_after_deadline: {
    status: 409,
    description:
      'The rest falls after the deadline of the lots that owe it (art. 35.1 ET: rest within the period after the hours were worked): no lot due by its last day can take it. Rest still owed past its deadline is paid.',
  },
  overtime_lot_not_payable: {
    status: 409,
    description: 'Only an approved lot, or a minor’s, can be paid, and never more than it still owes.',
  },
} satisfies Record<string, ErrorDeclaration>
