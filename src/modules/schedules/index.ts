/** The schedules module's front door: what other parts of the service may use of it. */
export {
  SINCE_ALWAYS,
  assignmentsOf,
  schedulePeriods,
  scheduledMinutesOn,
  timelineOf,
  versionsBySchedule,
} from './schedule-history.logic.js'
export {
  recordScheduleAssignment,
  scheduleAssignmentsUpTo,
  scheduleNames,
  scheduleVersionsUpTo,
} from './schedule-history.repository.js'
export { schedulesApi } from './schedules.routes.js'
export { WeekdayMinutes } from './schedules.schemas.js'
export { DEFAULT_SCHEDULE, SCHEDULES, weekdayMinutesOf } from './schedules.service.js'
