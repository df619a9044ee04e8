/** The keys module's front door: what other parts of the service may use of it. */
export { revokeKeysActingAs, revokePersonalKeysOf } from './keys.repository.js'
export { keysApi } from './keys.routes.js'
export { authenticate, createKey, listKeys, revokeKey, tenantOfKey } from './keys.service.js'
export type { ApiKeyView } from './keys.service.js'
export {
  DEFAULT_SESSION_POLICY,
  authenticateSession,
  csrfTokenMatches,
  endOneSession,
  endSessionsOf,
  ownSession,
  purgeSessions,
  sessionsOf,
  startSession,
} from './sessions.service.js'
export type { SessionCaller, SessionPolicy, SessionView, SignInMethod, StartedSession } from './sessions.service.js'
