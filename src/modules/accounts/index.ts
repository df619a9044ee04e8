/**
 * Accounts: signing in with passwords, passkeys and single sign-on, sessions, invitations and
 * resets (docs/decisions/0016-accounts-and-sign-in.md). This front door is what other parts of the
 * service may use of the module.
 */
export { accountsApi } from './accounts.routes.js'
export type { AccountsSettings } from './accounts.routes.js'
export { LOGIN_WINDOW_MS, MemoryLoginThrottle, RedisLoginThrottle } from './login-throttle.js'
export type { LoginThrottle } from './login-throttle.js'
export { inviteUser, purgeAccountTokens } from './account-links.service.js'
export { setOnePasswordForAll, setPassword } from './password-change.service.js'
export { purgeWebauthnChallenges } from './passkeys.service.js'
export { purgeSingleSignOns } from './single-sign-on.service.js'
export { registerSingleSignOnPages } from './single-sign-on.routes.js'
