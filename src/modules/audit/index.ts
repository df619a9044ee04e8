/** The audit module's front door: what other parts of the service may use of it. */
export { auditApi, auditWrites } from './audit.routes.js'
export { recordWrite } from './audit.service.js'
