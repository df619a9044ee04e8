/**
 * Sign-off: workers' signatures of their month, and the rule that a signed month's schedule stays.
 * This front door is what other parts of the service may use of the module.
 */
import { defineModule } from '../../http/module.js'
export { assertNotInSignedMonth, insertSignature, latestSignature, signersOfMonth } from './sign-off.repository.js'

/** How the module plugs into the application (http/module.ts). */
export const signOffModule = defineModule({
  name: 'sign-off',
})
export type { MonthSignatureRow } from './sign-off.tables.js'
