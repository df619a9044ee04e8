/** The absences module's front door: what other parts of the service may use of it. */
export { absencesApi } from './absences.routes.js'
export { createAbsence, seedDefaultAbsenceTypes } from './absences.service.js'
