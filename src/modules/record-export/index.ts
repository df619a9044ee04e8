/**
 * The record export: the signed ZIP of the record for the Labour Inspectorate, the record key and
 * the offline verifier (docs/decisions/0019-representatives-and-record-export.md). This front door
 * is what other parts of the service may use of the module.
 */
import { defineModule } from '../../http/module.js'
import { recordExportApi } from './record-export.routes.js'
export { recordExportApi } from './record-export.routes.js'
export { listRecordKeys, rotateKeyOf } from './record-keys.service.js'
export { verifyRecordExport } from './record-verify.js'
export type { Finding, Verification } from './record-verify.js'

/** How the module plugs into the application (http/module.ts). */
export const recordExportModule = defineModule({
  name: 'record-export',
  dependsOn: ['absences', 'attendance', 'overtime', 'users', 'work-calendar'],
  documentPosition: 100,
  api: [recordExportApi],
})
