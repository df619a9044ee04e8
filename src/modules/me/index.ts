/**
 * Me: who the caller is and what they may do (GET /me). This front door is what other parts of the
 * service may use of the module.
 */
import { defineModule } from '../../http/module.js'
import { meApi } from './me.routes.js'
export { meApi } from './me.routes.js'

/** How the module plugs into the application (http/module.ts). */
export const meModule = defineModule({
  name: 'me',
  documentPosition: 10,
  api: [meApi],
})
