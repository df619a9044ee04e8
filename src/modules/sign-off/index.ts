/** The sign-off module's front door: what other parts of the service may use of it. */
export { assertNotInSignedMonth, insertSignature, latestSignature } from './sign-off.repository.js'
