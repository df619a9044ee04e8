/** The reports module's front door: what other parts of the service may use of it. */
export { exportMonthRecords, monthlyReport } from './monthly-report.service.js'
export { CSV_HEADER } from './monthly-report.logic.js'
export { renderMonthlyReport } from './report-formats.js'
export { reportsApi } from './reports.routes.js'
export { MONTH_PATTERN } from './reports.schemas.js'
