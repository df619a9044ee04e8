/** The overtime module's front door (decisions 18): for now its pure rules. */
export {
  annualCapMinutes,
  compensateBy,
  countedTowardCap,
  daysNeeded,
  drawRest,
  effectiveTerms,
  isOverdue,
  overtimeBan,
  overtimeMinutes,
} from './overtime.logic.js'
export type { DayBalance, LotFacts, OwedRest } from './overtime.logic.js'
