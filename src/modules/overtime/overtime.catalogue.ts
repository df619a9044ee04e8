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
  overtime_reduction_not_rejectable: {
    status: 409,
    description:
      'The lot takes minutes away (the record of an approved month now holds less overtime): it follows the record and can only be approved.',
  },
  overtime_cap_exceeded: {
    status: 409,
    description:
      'Approving the lot would take the employee’s overtime of the year past the annual cap (pro rata for part-time). Force majeure does not count (approve it as such if it was), nor hours already compensated by rest taken within four months of the month worked.',
  },
  overtime_not_allowed: {
    status: 409,
    description:
      'The employee may not work overtime (a minor, a night worker or a part-time employee): the lot can only be approved as force majeure.',
  },
  overtime_rest_exceeded: {
    status: 409,
    description: 'The rest asked for is more than the approved overtime still owed to the employee as rest.',
  },
  overtime_lot_not_payable: {
    status: 409,
    description: 'Only an approved lot can be paid, and never more than it still owes.',
  },
} satisfies Record<string, ErrorDeclaration>
