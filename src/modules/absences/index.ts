/**
 * Absences: the types a company offers, requests with approvals, and vacation balances
 * (docs/decisions/0006-absences.md). This front door is what other parts of the service may use of
 * the module.
 */
export { absencesApi } from './absences.routes.js'
export { createAbsence, seedDefaultAbsenceTypes } from './absences.service.js'
