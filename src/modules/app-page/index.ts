/**
 * The app for workers and managers, served at /app with its icons
 * (docs/decisions/0017-web-app.md). This front door is what other parts of the service may use of
 * the module.
 */
import { defineModule } from '../../http/module.js'
import { registerAppPage } from './app-page.routes.js'
export { registerAppPage } from './app-page.routes.js'

/** How the module plugs into the application (http/module.ts). */
export const appPageModule = defineModule({
  name: 'app-page',
  pages: (app) => registerAppPage(app),
})
