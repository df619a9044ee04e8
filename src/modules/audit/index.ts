/**
 * The audit log: every write, who made it and from where, and GET /audit-log
 * (docs/decisions/0002-tenants-keys-and-permissions.md). This front door is what other parts of
 * the service may use of the module.
 */
export { auditApi, auditWrites } from './audit.routes.js'
export { recordWrite } from './audit.service.js'
