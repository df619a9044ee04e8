/**
 * Sign-off: workers' signatures of their month, and the rule that a signed month's schedule stays.
 * This front door is what other parts of the service may use of the module.
 */
export { assertNotInSignedMonth, insertSignature, latestSignature } from './sign-off.repository.js'
