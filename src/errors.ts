/**
 * The one error type of the service. Domain code throws `AppError` with a code from the catalogue;
 * the HTTP status is derived from the code here and nowhere else.
 */
export const ERROR_CATALOGUE = {
  invalid_request: { status: 400, description: 'The request is invalid; `details` lists each failing field.' },
  invalid_json: { status: 400, description: 'The body is not valid JSON.' },
  unauthenticated: {
    status: 401,
    description: 'API key missing, malformed, unknown, revoked, expired, or acting as a disabled user.',
  },
  scope_required: {
    status: 403,
    description: 'The API key does not have the scope (method) of this operation enabled.',
  },
  permission_denied: { status: 403, description: "The key's acting user lacks the permission this operation needs." },
  scope_escalation: { status: 403, description: 'A key cannot create a key with a scope it does not hold itself.' },
  personal_credential_required: {
    status: 403,
    description:
      "A personal act (clocking in, signing one's month, consenting to a correction) needs the person's own credential: their session, or a key they created themselves.",
  },
  sso_required: {
    status: 403,
    description:
      'The company signs in with its identity provider only (single sign-on): sign in with it. Administrators keep their password as a break-glass way in.',
  },
  csrf_failed: {
    status: 403,
    description:
      'A write made with the session cookie lacks the `X-CSRF-Token` the sign-in answered, or comes from another origin.',
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
  not_found: {
    status: 404,
    description: 'The resource does not exist in this tenant (resources of other tenants are never visible).',
  },
  route_not_found: { status: 404, description: 'No such path.' },
  method_not_allowed: {
    status: 405,
    description: 'The path exists but not with this method; `Allow` lists the methods it takes.',
  },
  request_timeout: {
    status: 408,
    description: 'The request (headers and body) was not received within the server’s request timeout.',
  },
  email_taken: {
    status: 409,
    description: 'Another user of the tenant already has this email (compared case-insensitively).',
  },
  kiosk_not_set_up: {
    status: 409,
    description:
      'The employee cannot use a kiosk yet: there is no DNI on file (the kiosk identifier) or no phone to derive the initial PIN from.',
  },
  kiosk_id_taken: {
    status: 409,
    description: 'Another user of the tenant already has a DNI with the same digits (the kiosk identifier).',
  },
  last_admin: { status: 409, description: 'The change would leave the tenant without an active administrator.' },
  manager_cycle: { status: 409, description: 'The manager assignment would make a user their own (indirect) manager.' },
  name_taken: { status: 409, description: 'Another item of this catalogue already has this name.' },
  user_disabled: { status: 409, description: 'The user is disabled.' },
  password_already_set: {
    status: 409,
    description:
      'The person has chosen a password already: an invitation would let whoever holds its link take over the account. They reset it themselves ("Forgot your password?").',
  },
  holiday_exists: {
    status: 409,
    description: 'A company holiday already exists on that date for the same work center (or the whole company).',
  },
  punch_out_of_order: { status: 409, description: "The punch is not later than the employee's last punch." },
  session_left_open: {
    status: 409,
    description:
      "The employee's session has been open longer than the company's max_session_hours: a forgotten clock-out. No punch may extend it; `details` name the session (`session_started_at`) and the pending correction that closes it (`correction_id`, `proposed_out_at`). Accept that correction, or propose the real time.",
  },
  punch_sequence_invalid: {
    status: 409,
    description:
      "The punch does not follow from the employee's last one (in -> break_start|out, break_start -> break_end, break_end -> break_start|out, out -> in).",
  },
  remote_not_allowed: { status: 409, description: 'The employee may not punch in remote modality.' },
  code_taken: { status: 409, description: 'Another project of the tenant already has this code.' },
  project_inactive: { status: 409, description: 'The project is inactive and accepts no new allocations.' },
  allocation_overlap: { status: 409, description: "The span overlaps another of the employee's allocations." },
  absence_type_exists: { status: 409, description: 'An absence type with this key already exists.' },
  absence_overlap: { status: 409, description: 'The absence overlaps a pending or approved absence of the employee.' },
  vacation_balance_exceeded: {
    status: 409,
    description: 'Pending and approved vacation would exceed the annual vacation days.',
  },
  absence_not_pending: { status: 409, description: 'Only a pending absence can be decided.' },
  calendar_feed_limit_reached: {
    status: 409,
    description: 'A person keeps at most 10 calendar feeds: revoke one before making another.',
  },
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
  absence_not_cancellable: {
    status: 409,
    description: 'Only a pending or approved absence that has not ended can be cancelled.',
  },
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
  month_not_ended: {
    status: 409,
    description: 'A month can be signed only once it has ended (in the company’s time zone).',
  },
  month_already_signed: {
    status: 409,
    description: 'The month is already signed and no later change superseded the signature.',
  },
  month_signed: {
    status: 409,
    description: 'A schedule change may not take effect inside (or before) a month an employee has signed.',
  },
  passkey_limit_reached: {
    status: 409,
    description: 'The person already has the most passkeys allowed (20); delete one they no longer use first.',
  },
  passkey_exists: {
    status: 409,
    description: 'This passkey is registered already.',
  },
  secrets_key_missing: {
    status: 409,
    description:
      'Storing this secret needs the service’s secrets key: the operator sets SECRETS_KEY (32 random bytes, base64) so that the secret is kept encrypted, out of reach of anyone holding only a copy of the database.',
  },
  passkeys_need_public_url: {
    status: 409,
    description:
      'Passkeys are bound to the host people reach the service at: set PUBLIC_URL (https), or use the service on localhost.',
  },
  webhook_limit_reached: {
    status: 409,
    description: 'The company already has the most webhook subscriptions allowed (25); delete one first.',
  },
  idempotency_key_in_use: {
    status: 409,
    description:
      'A request with this Idempotency-Key is still running; retry after `Retry-After` seconds to get its answer.',
  },
  idempotency_key_reused: {
    status: 422,
    description:
      'This Idempotency-Key was used with a different request (method, path or body); use a new key for a new request.',
  },
  payload_too_large: { status: 413, description: 'The body is larger than 1 MiB.' },
  unsupported_media_type: { status: 415, description: 'The body must be sent as application/json.' },
  headers_too_large: { status: 431, description: 'The request headers are larger than 16 KiB.' },
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
    description: 'At a kiosk: the PIN is still the initial one (from the phone) and must be changed before punching.',
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
  concurrency_limited: {
    status: 429,
    description:
      'This key already has as many expensive requests (summaries, reports, exports, batches) running as allowed; retry after `Retry-After` seconds.',
  },
  rate_limited: { status: 429, description: 'Too many requests; retry after the number of seconds in `Retry-After`.' },
  internal_error: { status: 500, description: 'Unexpected failure; it is logged with the request id.' },
  database_unavailable: {
    status: 503,
    description:
      'No database server takes requests right now (a failover under way, or the database is down), or the database cancelled the request’s query to go on (a read replica replaying the primary’s changes). A write whose connection was lost may or may not have been stored: retry after `Retry-After` seconds with the same `Idempotency-Key`, and it is stored once.',
  },
  overloaded: {
    status: 503,
    description:
      'The service is overloaded (its event loop lags behind); nothing was done. Retry after `Retry-After` seconds.',
  },
} as const satisfies Record<string, { status: number; description: string }>

export type ErrorCode = keyof typeof ERROR_CATALOGUE

export interface FieldIssue {
  field: string
  message: string
  /** A value the field may take, where the error offers a choice (tenant_choice_required: a company's id). */
  value?: string
}

export class AppError extends Error {
  readonly status: number
  /** Sent as `Retry-After` (seconds) with the answer: when a refusal says when to try again. */
  retryAfterSeconds?: number
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: FieldIssue[],
  ) {
    super(message)
    this.name = 'AppError'
    this.status = ERROR_CATALOGUE[code].status
  }
}

/** A 400 about one field, the commonest validation failure found after schema validation. */
export function invalidField(field: string, message: string): AppError {
  return new AppError('invalid_request', `Invalid value for ${field}: ${message}`, [{ field, message }])
}

/** A refusal that says when to try again (429). */
export function retryLater(code: ErrorCode, message: string, waitMs: number): AppError {
  const error = new AppError(code, message)
  error.retryAfterSeconds = Math.max(1, Math.ceil(waitMs / 1000))
  return error
}

export function notFound(what: string): AppError {
  return new AppError('not_found', `${what} not found`)
}

export function permissionDenied(message: string): AppError {
  return new AppError('permission_denied', message)
}
