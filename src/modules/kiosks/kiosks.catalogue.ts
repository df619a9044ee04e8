/**
 * What the kiosks module adds to the published catalogue: the scopes of its operations and the
 * error codes it answers with. `npm run docs` copies them into auth/scopes.ts and errors.ts.
 */
import type { ErrorDeclaration } from '../../errors.js'

/** In the order keys list them. */
export const scopes = ['kiosks.list', 'kiosks.create', 'kiosks.revoke', 'users.reset-kiosk-pin']

export const errors = {
  kiosk_not_set_up: {
    status: 409,
    description: 'The employee cannot use a kiosk yet: there is no DNI on file (the kiosk identifier).',
  },
  kiosk_credentials_invalid: {
    status: 401,
    description:
      'At a kiosk: the identifier or the PIN is wrong (which one is not said). Five wrong PINs in a row lock the identifier.',
  },
  kiosk_session_expired: {
    status: 401,
    description: 'At a kiosk: the session is unknown or has expired (they last about a minute); identify again.',
  },
  kiosk_pin_change_required: {
    status: 403,
    description:
      'At a kiosk: the PIN is still a one-time PIN (mailed after a reset) and must be changed before punching.',
  },
  kiosk_locked: {
    status: 429,
    description:
      'At a kiosk: five wrong PINs locked this identifier for 15 minutes; retry after `Retry-After` seconds.',
  },
  kiosk_throttled: {
    status: 429,
    description:
      'At a kiosk: this device made too many failed sign-ins across identifiers; retry after `Retry-After` seconds.',
  },
} satisfies Record<string, ErrorDeclaration>
