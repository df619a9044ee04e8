/**
 * What the attendance module adds to the published catalogue: the scopes of its operations and the
 * error codes it answers with. `npm run docs` copies them into auth/scopes.ts and errors.ts.
 */
import type { ErrorDeclaration } from '../../errors.js'

/** In the order keys list them. */
export const scopes = [
  'attendance.list',
  'attendance.create',
  'attendance.summary',
  'attendance.anomalies',
  'attendance.now',
  'attendance.clock',
  'attendance.punches',
  'attendance-corrections.create',
  'attendance-corrections.list',
  'attendance-corrections.decide',
  'attendance-corrections.cancel',
]

export const errors = {
  punch_out_of_order: { status: 409, description: "The punch is not later than the employee's last punch." },
  punch_sequence_invalid: {
    status: 409,
    description:
      "The punch does not follow from the employee's last one (in -> break_start|out, break_start -> break_end, break_end -> break_start|out, out -> in). An `in` more than the company's max_session_hours after the `in` of a session still open is no error: that session was left open, and the `in` starts a new one.",
  },
  remote_not_allowed: { status: 409, description: 'The employee may not punch in remote modality.' },
  punch_superseded: {
    status: 409,
    description:
      'A change names a punch that an approved correction already moved or voided; correct the punch that replaced it.',
  },
  correction_incoherent: {
    status: 409,
    description:
      'After the correction the employee’s effective punches would not form a coherent sequence (or two would share a moment).',
  },
  correction_not_pending: { status: 409, description: 'Only a pending correction can be decided or cancelled.' },
} satisfies Record<string, ErrorDeclaration>
