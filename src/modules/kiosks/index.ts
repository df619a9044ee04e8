/** The kiosks module's front door: what other parts of the service may use of it. */
export { decorateKioskSignIn, kioskApi, kioskEmployee } from './kiosk-api.routes.js'
export { registerKioskPage } from './kiosk-page.routes.js'
export { purgeKioskSignIns } from './kiosk-sign-in.service.js'
export { kiosksApi } from './kiosks.routes.js'
export { authenticateKiosk } from './kiosks.service.js'
