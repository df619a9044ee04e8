/**
 * The record export's front door (docs/decisions/0019-representatives-and-record-export.md): its
 * API, the command line's key and verifier.
 */
export { recordExportApi } from './record-export.routes.js'
export { listRecordKeys, rotateKeyOf } from './record-keys.service.js'
export { verifyRecordExport } from './record-verify.js'
export type { Finding, Verification } from './record-verify.js'
