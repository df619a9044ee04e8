/** The expenses module's front door: what other parts of the service may use of it. */
export { DEFAULT_BATCH_SIZE, MAX_REPORTED_ERRORS, importExpensesCsv } from './expenses.import.js'
export type { ImportProgress, ImportReport } from './expenses.import.js'
export { expensesApi } from './expenses.routes.js'
