/** The access-log module's front door: what other parts of the service may use of it. */
export { accessLogApi, logInspectorAccess } from './access-log.routes.js'
