/**
 * Me: who the caller is and what they may do (GET /me). This front door is what other parts of the
 * service may use of the module.
 */
export { meApi } from './me.routes.js'
