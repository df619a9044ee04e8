/**
 * The app for workers and managers, served at /app with its icons
 * (docs/decisions/0017-web-app.md). This front door is what other parts of the service may use of
 * the module.
 */
export { registerAppPage } from './app-page.routes.js'
