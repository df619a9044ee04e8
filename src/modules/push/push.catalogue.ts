/**
 * What the push module adds to the published catalogue: the scopes of its operations. It answers
 * with the core's error codes only (`secrets_key_missing` when the operator set no SECRETS_KEY).
 * `npm run docs` copies them into auth/scopes.ts.
 */
import type { ErrorDeclaration } from '../../errors.js'

/** In the order keys list them. */
export const scopes = [
  'push-subscriptions.key',
  'push-subscriptions.list',
  'push-subscriptions.create',
  'push-subscriptions.delete',
]

export const errors = {} satisfies Record<string, ErrorDeclaration>
