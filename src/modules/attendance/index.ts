/**
 * Attendance: punches as a hash-chained, append-only record, corrections by consent, the daily
 * record and who is in now (docs/decisions/0005-attendance.md). This front door is what other
 * parts of the service may use of the module.
 */
export { PUNCH_TYPES, sequenceProblem } from './attendance.logic.js'
export { namedPunchIds } from './corrections.logic.js'
export type { CorrectionChange } from './corrections.logic.js'
export type { PunchType } from './attendance.logic.js'
export { lastEffectivePunches } from './attendance.repository.js'
export type { PunchSlice } from './attendance.repository.js'
export { attendanceApi } from './attendance.routes.js'
export { DailyEntry, ModalitySchema, modalityOnlyOnIn, PunchTypeSchema } from './attendance.schemas.js'
export type { DailyEntryType } from './attendance.schemas.js'
export { anchorsOfReport, verifyPunchChains } from './chain-verification.service.js'
export { punchesReplacedBy, verifyChain, verifyHead } from './punch-chain.js'
export type { BrokenLink, ChainEntry, ChainHead, ChainedCorrection, ChainedPunch } from './punch-chain.js'
export { correctionsApi } from './corrections.routes.js'
export { Correction } from './corrections.schemas.js'
export { correctionToApi, decideCorrection, getCorrection, proposeCorrection } from './corrections.service.js'
export { dailyEntriesOf, readAttendanceInputs } from './daily-record.service.js'
export { listPunchLog } from './punch-log.service.js'
export { createPunch, kioskPunch } from './punch-recording.service.js'
export {
  LEFT_OPEN_CHECK_INTERVAL_MS,
  proposeClosingOfLeftOpenSessions,
  settleLeftOpenSession,
} from './left-open-sessions.service.js'
