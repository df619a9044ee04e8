/** The record export's front door (decisions 19): its API, the command line's key and verifier. */
export { recordExportApi } from './record-export.routes.js'
export { listRecordKeys, rotateKeyOf } from './record-keys.service.js'
export { verifyRecordExport } from './record-verify.js'
export type { Finding, Verification } from './record-verify.js'
