export { registerAppPage } from './app-page.routes.js'
