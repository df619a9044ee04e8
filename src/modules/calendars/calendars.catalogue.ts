/**
 * What the calendars module adds to the published catalogue: the scopes of its operations and the
 * error codes it answers with. `npm run docs` copies them into auth/scopes.ts and errors.ts.
 */
import type { ErrorDeclaration } from '../../errors.js'

/** In the order keys list them. */
export const scopes = ['calendar-feeds.create', 'calendar-feeds.list', 'calendar-feeds.delete']

export const errors = {
  calendar_feed_limit_reached: {
    status: 409,
    description: 'A person keeps at most 10 calendar feeds: revoke one before making another.',
  },
} satisfies Record<string, ErrorDeclaration>
