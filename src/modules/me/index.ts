/** The me module's front door: what other parts of the service may use of it. */
export { meApi } from './me.routes.js'
