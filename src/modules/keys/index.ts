/**
 * Keys: API keys and inspector keys, issued, revoked and authenticated, and the sessions they open
 * (docs/decisions/0002-tenants-keys-and-permissions.md). This front door is what other parts of
 * the service may use of the module.
 */
import { defineModule } from '../../http/module.js'
import { keysApi } from './keys.routes.js'
import type { PasswordGuessThrottle } from './step-up.service.js'
export { revokeKeysActingAs, revokePersonalKeysMadeSince } from './keys.repository.js'
export { keysApi } from './keys.routes.js'
export { assertRecentSignIn } from './step-up.service.js'
export type { GuessAttempt, PasswordGuessThrottle, StepUpGuard } from './step-up.service.js'
export { STEP_UP_WINDOW_MS } from './step-up.logic.js'
export {
  authenticate,
  createKey,
  listKeys,
  revokeKey,
  standingPersonalKeysOf,
  tenantOfKey,
} from './keys.service.js'
export type { ApiKeyView, StandingKey } from './keys.service.js'
export {
  DEFAULT_SESSION_POLICY,
  authenticateSession,
  csrfTokenMatches,
  endOneSession,
  endSessionsOf,
  ownSession,
  purgeSessions,
  sessionLifetime,
  sessionsOf,
  startSession,
} from './sessions.service.js'
export type { SessionCaller, SessionPolicy, SessionView, SignInMethod, StartedSession } from './sessions.service.js'

declare module '../../http/module.js' {
  interface PlugContext {
    /**
     * The failed-sign-in counters (the accounts module's throttle, built by the application): a
     * step-up's password is counted in them like a sign-in's.
     */
    passwordThrottle: PasswordGuessThrottle
  }
}

/** How the module plugs into the application (http/module.ts). */
export const keysModule = defineModule({
  name: 'keys',
  documentPosition: 180,
  dependsOn: ['mail'],
  api: (context) => [keysApi({ mail: context.mail, throttle: context.passwordThrottle })],
})
