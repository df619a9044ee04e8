/**
 * The access log: every request of an inspector key and every read of the record by
 * representatives (docs/decisions/0011-reports-sign-off-and-inspector-keys.md). This front door is
 * what other parts of the service may use of the module.
 */
import { defineModule } from '../../http/module.js'
import { accessLogApi } from './access-log.routes.js'
export { accessLogApi } from './access-log.routes.js'
export { recordAccess } from './access-log.service.js'

/** How the module plugs into the application (http/module.ts). */
export const accessLogModule = defineModule({
  name: 'access-log',
  documentPosition: 200,
  api: [accessLogApi],
})
