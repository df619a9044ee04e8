/**
 * Kiosks: paired devices, employees' sign-in with a PIN, locks and kiosk punches, and the /kiosk
 * page (docs/decisions/0013-kiosks.md). This front door is what other parts of the service may use
 * of the module.
 */
import { defineModule } from '../../http/module.js'
import { kiosksApi } from './kiosks.routes.js'
import { decorateKioskSignIn, kioskApi, kioskEmployee } from './kiosk-api.routes.js'
import { registerKioskPage } from './kiosk-page.routes.js'
export { kioskApi } from './kiosk-api.routes.js'
export { registerKioskPage } from './kiosk-page.routes.js'
export { purgeKioskSignIns } from './kiosk-sign-in.service.js'
export { kiosksApi } from './kiosks.routes.js'
export { authenticateKiosk } from './kiosks.service.js'

/** How the module plugs into the application (http/module.ts). */
export const kiosksModule = defineModule({
  name: 'kiosks',
  dependsOn: ['attendance', 'catalogues', 'mail', 'tenants', 'users'],
  documentPosition: 240,
  api: (context) => [kiosksApi({ mail: context.mail }), kioskApi({ mail: context.mail })],
  pages: (app) => registerKioskPage(app),
  // An employee signs in at the device with a session or identifier and PIN in a write's body.
  bodyCredentials: (app) => {
    decorateKioskSignIn(app)
    return { kioskEmployee }
  },
})
