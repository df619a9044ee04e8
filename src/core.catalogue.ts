/**
 * The error codes of the service's core, which no module owns: validation, authentication and
 * scopes, the web edge, limits, the database. `npm run docs` copies them into errors.ts with the
 * modules' own (docs/development.md, "A module").
 */
import type { ErrorDeclaration } from './errors.js'

export const errors = {
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
  personal_credential_required: {
    status: 403,
    description:
      "A personal act (clocking in, signing one's month, consenting to a correction) needs the person's own credential: their session, or a key they created themselves.",
  },
  csrf_failed: {
    status: 403,
    description:
      'A write made with the session cookie lacks the `X-CSRF-Token` the sign-in answered, or comes from another origin.',
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
  secrets_key_missing: {
    status: 409,
    description:
      'Storing this secret needs the service’s secrets key: the operator sets SECRETS_KEY (32 random bytes, base64) so that the secret is kept encrypted, out of reach of anyone holding only a copy of the database.',
  },
  payload_too_large: { status: 413, description: 'The body is larger than 1 MiB.' },
  unsupported_media_type: { status: 415, description: 'The body must be sent as application/json.' },
  headers_too_large: { status: 431, description: 'The request headers are larger than 16 KiB.' },
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
      'The service is overloaded (requests are queueing and its event loop lags behind); nothing was done. Retry after `Retry-After` seconds.',
  },
} satisfies Record<string, ErrorDeclaration>
