/**
 * The access log: every request of an inspector key and every read of the record by
 * representatives (docs/decisions/0011-reports-sign-off-and-inspector-keys.md). This front door is
 * what other parts of the service may use of the module.
 */
export { accessLogApi, logInspectorAccess } from './access-log.routes.js'
