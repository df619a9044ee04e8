/**
 * What the webhooks module adds to the published catalogue: the scopes of its operations and the
 * error codes it answers with. `npm run docs` copies them into auth/scopes.ts and errors.ts.
 */
import type { ErrorDeclaration } from '../../errors.js'

/** In the order keys list them. */
export const scopes = ['webhooks.list', 'webhooks.create', 'webhooks.update', 'webhooks.delete']

export const errors = {
  webhook_limit_reached: {
    status: 409,
    description: 'The company already has the most webhook subscriptions allowed (25); delete one first.',
  },
} satisfies Record<string, ErrorDeclaration>
