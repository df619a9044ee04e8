/**
 * Overtime: lots of hours beyond the schedule, their approval as pay or rest, the annual cap and
 * the report (docs/decisions/0018-overtime.md, as docs/decisions/0022-overtime-as-the-law-counts-it.md
 * replaces parts of it). This front door is what other parts of the service may use of the module.
 */
import { defineModule } from '../../http/module.js'
import { overtimeApi } from './overtime.routes.js'
export {
  annualCapMinutes,
  compensateBy,
  countedTowardCap,
  dayBalanceOf,
  daysNeeded,
  drawRest,
  effectiveTerms,
  extraOf,
  isOverdue,
  overtimeBan,
  overtimeDays,
  overtimeMinutes,
  splitDaysNeeded,
} from './overtime.logic.js'
export type { DayBalance, ExtraDays, LotFacts, OwedRest } from './overtime.logic.js'
export { overtimeApi } from './overtime.routes.js'
export { settleOvertime } from './lots.service.js'
export { restDueBetween } from './overtime.repository.js'
export { lotsOfRecord } from './lots-of-record.service.js'
export type { LotOfRecord } from './lots-of-record.service.js'
export { OVERTIME_REST_TYPE, assertRestOwed, giveBackRest, takeRest } from './overtime-rest.service.js'
export { bringOvertimeUpToDate, overtimeBasesOf, overtimeSectionsOf } from './overtime-summary.service.js'
export { OvertimeSection } from './overtime.schemas.js'
export type { OvertimeSectionType } from './overtime.schemas.js'

/** How the module plugs into the application (http/module.ts). */
export const overtimeModule = defineModule({
  name: 'overtime',
  dependsOn: ['attendance', 'events', 'users', 'work-calendar'],
  documentPosition: 150,
  api: [overtimeApi],
})
