/**
 * Absences: the types a company offers, requests with approvals, and vacation balances
 * (docs/decisions/0006-absences.md). This front door is what other parts of the service may use of
 * the module.
 */
import { defineModule } from '../../http/module.js'
import { absencesApi } from './absences.routes.js'
export { absencesApi } from './absences.routes.js'
export { createAbsence, seedDefaultAbsenceTypes } from './absences.service.js'
export { absencesShownOnDay } from './absences.logic.js'
export { absencesOfRecord } from './absences-of-record.service.js'
export { pendingRequestsOfCompany } from './absences.repository.js'
export type { AbsenceOfRecord } from './absences-of-record.service.js'

/** How the module plugs into the application (http/module.ts). */
export const absencesModule = defineModule({
  name: 'absences',
  dependsOn: ['events', 'overtime', 'users', 'work-calendar'],
  documentPosition: 140,
  api: [absencesApi],
})
export type { AbsenceRow } from './absences.tables.js'
