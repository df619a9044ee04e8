/**
 * Attendance: punches as a hash-chained, append-only record, corrections by consent, the daily
 * record and who is in now (docs/decisions/0005-attendance.md). This front door is what other
 * parts of the service may use of the module.
 */
import { defineModule } from '../../http/module.js'
import { attendanceApi } from './attendance.routes.js'
import { correctionsApi } from './corrections.routes.js'
export { PUNCH_TYPES, sequenceProblem } from './attendance.logic.js'
export { countedWorkedMinutes } from './anomalies.logic.js'
export type { AnomalyType } from './anomalies.logic.js'
export { namedPunchIds } from './corrections.logic.js'
export type { CorrectionChange } from './corrections.logic.js'
export type { PunchType } from './attendance.logic.js'
// The time record as other modules read it: they never name attendance's tables (owned-tables.ts).
export { ATTENDANCE_APPEND_ONLY_TABLES, ATTENDANCE_TABLES } from './owned-tables.js'
export {
  chainHeadOf,
  firstPunchAt,
  lastEffectiveIns,
  lastEffectivePunches,
  punchedBetween,
  punchesByIds,
  punchesWrittenSince,
  supersededPunchMoments,
  usersWithOpenSessions,
} from './attendance.repository.js'
export type { PunchSlice } from './attendance.repository.js'
export { correctionsApprovedSince, correctionsTouching, pendingCorrectionsOfCompany } from './corrections.repository.js'
export {
  chainPartsTouching,
  correctionsOfChainParts,
  punchesOfChainParts,
  recordedChainHeads,
} from './chain-parts.repository.js'
export type { ChainBounds, ChainSpan } from './chain-parts.repository.js'
export { attendanceApi } from './attendance.routes.js'
export {
  AnomalyTypeSchema,
  CredentialOriginSchema,
  DailyEntry,
  ModalitySchema,
  modalityOnlyOnIn,
  PunchTypeSchema,
  ToDateFields,
} from './attendance.schemas.js'
export { noToDateFigures, toDateFigures } from './to-date.logic.js'
export type { ToDateFigures } from './to-date.logic.js'
export type { DailyEntryType } from './attendance.schemas.js'
export { anchorsOfReport, verifyPunchChains } from './chain-verification.service.js'
export { punchesReplacedBy, verifyChain, verifyHead } from './punch-chain.js'
export type { BrokenLink, ChainEntry, ChainHead, ChainedCorrection, ChainedPunch } from './punch-chain.js'
export { correctionsApi } from './corrections.routes.js'
export { Correction } from './corrections.schemas.js'
export { correctionToApi, decideCorrection, getCorrection, proposeCorrection } from './corrections.service.js'
export { dailyEntriesOf, readAttendanceInputs } from './daily-record.service.js'
export { listPunchLog } from './punch-log.service.js'
export { createPunch, kioskPunch, leftOpenToApi } from './punch-recording.service.js'
export {
  LEFT_OPEN_CHECK_INTERVAL_MS,
  proposeClosingOfLeftOpenSessions,
  settleLeftOpenSession,
} from './left-open-sessions.service.js'

/** How the module plugs into the application (http/module.ts). */
export const attendanceModule = defineModule({
  name: 'attendance',
  dependsOn: ['events', 'tenants', 'users', 'work-calendar'],
  documentPosition: 80,
  api: [attendanceApi, correctionsApi],
})
export type { PunchCorrectionRow, PunchRow } from './attendance.tables.js'
