/**
 * The audit log: every write, who made it and from where, and GET /audit-log
 * (docs/decisions/0002-tenants-keys-and-permissions.md). This front door is what other parts of
 * the service may use of the module.
 */
import { defineModule } from '../../http/module.js'
import { auditApi, auditWrites } from './audit.routes.js'
export { auditApi } from './audit.routes.js'
export { recordWrite } from './audit.service.js'

/** How the module plugs into the application (http/module.ts). */
export const auditModule = defineModule({
  name: 'audit',
  documentPosition: 190,
  api: [auditApi],
  // The last step of a write: its entry is written once the answer is final, before the commit.
  writeStep: { order: 90, create: auditWrites },
})
