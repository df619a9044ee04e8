/**
 * Accounts: signing in with passwords, passkeys and single sign-on, sessions, invitations and
 * resets (docs/decisions/0016-accounts-and-sign-in.md). This front door is what other parts of the
 * service may use of the module.
 */
import { defineModule } from '../../http/module.js'
import { type AccountsSettings, accountsApi } from './accounts.routes.js'
import { registerSingleSignOnPages } from './single-sign-on.routes.js'
export { accountsApi } from './accounts.routes.js'
export type { AccountsSettings } from './accounts.routes.js'
export { LOGIN_WINDOW_MS, MemoryLoginThrottle, RedisLoginThrottle } from './login-throttle.js'
export type { LoginThrottle } from './login-throttle.js'
export { inviteUser, purgeAccountTokens } from './account-links.service.js'
export { setOnePasswordForAll, setPassword } from './password-change.service.js'
export { purgeWebauthnChallenges } from './passkeys.service.js'
export { purgeSingleSignOns } from './single-sign-on.service.js'
export { registerSingleSignOnPages } from './single-sign-on.routes.js'

declare module '../../http/module.js' {
  interface PlugContext {
    /** How people sign in, built by the application from its options. */
    accounts: AccountsSettings
  }
}

/** How the module plugs into the application (http/module.ts). */
export const accountsModule = defineModule({
  name: 'accounts',
  dependsOn: ['audit', 'events', 'keys', 'mail', 'tenants', 'users'],
  documentPosition: 20,
  api: (context) => [accountsApi(context.accounts)],
  pages: (app, context) =>
    registerSingleSignOnPages(app, {
      publicUrl: context.publicUrl,
      secrets: context.secrets,
      session: context.accounts.session,
      cookies: { secure: context.accounts.secureCookies },
      network: context.identityProviders,
    }),
})
