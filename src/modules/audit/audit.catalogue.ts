/**
 * What the audit module adds to the published catalogue: the scopes of its operations.
 * `npm run docs` copies them into auth/scopes.ts.
 */

/** In the order keys list them. */
export const scopes = ['audit-log.list']
