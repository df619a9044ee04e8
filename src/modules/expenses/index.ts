/**
 * Expenses: one at a time through the API, or many from a CSV import
 * (docs/decisions/0007-expenses-and-allocations.md). This front door is what other parts of the
 * service may use of the module.
 */
import { defineModule } from '../../http/module.js'
import { expensesApi } from './expenses.routes.js'
export { DEFAULT_BATCH_SIZE, MAX_REPORTED_ERRORS, importExpensesCsv } from './expenses.import.js'
export type { ImportProgress, ImportReport } from './expenses.import.js'
export { expensesApi } from './expenses.routes.js'

/** How the module plugs into the application (http/module.ts). */
export const expensesModule = defineModule({
  name: 'expenses',
  dependsOn: ['events', 'tenants', 'users'],
  documentPosition: 110,
  api: [expensesApi],
})
