/**
 * What the accounts module adds to the published catalogue: the scopes of its operations and the
 * error codes it answers with. `npm run docs` copies them into auth/scopes.ts and errors.ts.
 */
import type { ErrorDeclaration } from '../../errors.js'

/** In the order keys list them. */
export const scopes = ['users.invite']

export const errors = {
  recent_sign_in_required: {
    status: 403,
    description:
      'Adding a passkey, creating a personal key or changing an email from a session needs a sign-in within the last 10 minutes: send the current password as `current_password`, or sign in again.',
  },
  sso_required: {
    status: 403,
    description:
      'The company signs in with its identity provider only (single sign-on): sign in with it. Administrators keep their password as a break-glass way in.',
  },
  invalid_credentials: {
    status: 401,
    description:
      'The email and password do not sign anyone in (unknown email, wrong password, or a disabled user alike).',
  },
  invalid_token: {
    status: 400,
    description: 'The invitation or password-reset link is unknown, already used, or expired: ask for a new one.',
  },
  tenant_choice_required: {
    status: 409,
    description:
      'The email and password sign in to accounts of several companies: send `tenant_id`, one of those `details` names.',
  },
  login_throttled: {
    status: 429,
    description:
      'Too many failed sign-ins for this email or from this address; wait for the time `Retry-After` gives, or reset the password.',
  },
  password_already_set: {
    status: 409,
    description:
      'The person has chosen a password already: an invitation would let whoever holds its link take over the account. They reset it themselves ("Forgot your password?").',
  },
  passkey_limit_reached: {
    status: 409,
    description: 'The person already has the most passkeys allowed (20); delete one they no longer use first.',
  },
  passkey_exists: { status: 409, description: 'This passkey is registered already.' },
  passkeys_need_public_url: {
    status: 409,
    description:
      'Passkeys are bound to the host people reach the service at: set PUBLIC_URL (https), or use the service on localhost.',
  },
} satisfies Record<string, ErrorDeclaration>
