/**
 * The record export: the signed ZIP of the record for the Labour Inspectorate, the record key and
 * the offline verifier (docs/decisions/0019-representatives-and-record-export.md). This front door
 * is what other parts of the service may use of the module.
 */
export { recordExportApi } from './record-export.routes.js'
export { listRecordKeys, rotateKeyOf } from './record-keys.service.js'
export { verifyRecordExport } from './record-verify.js'
export type { Finding, Verification } from './record-verify.js'
