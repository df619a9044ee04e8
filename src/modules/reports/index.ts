/**
 * Reports: each worker's monthly record as JSON, CSV and PDF, and the company's month as one CSV
 * (docs/decisions/0011-reports-sign-off-and-inspector-keys.md). This front door is what other
 * parts of the service may use of the module.
 */
import { defineModule } from '../../http/module.js'
import { reportsApi } from './reports.routes.js'
export { exportMonthRecords, monthlyReport } from './monthly-report.service.js'
export { CSV_HEADER } from './monthly-report.logic.js'
export { renderMonthlyReport } from './report-formats.js'
export { reportsApi } from './reports.routes.js'
export { MONTH_PATTERN } from './reports.schemas.js'

/** How the module plugs into the application (http/module.ts). */
export const reportsModule = defineModule({
  name: 'reports',
  dependsOn: ['absences', 'attendance', 'overtime', 'sign-off', 'users', 'work-calendar'],
  documentPosition: 90,
  api: [reportsApi],
})
