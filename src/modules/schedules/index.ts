/**
 * Schedules: the week a person is expected to work, with its history. This front door is what
 * other parts of the service may use of the module.
 */
import { defineModule } from '../../http/module.js'
import { schedulesApi } from './schedules.routes.js'
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

/** How the module plugs into the application (http/module.ts). */
export const schedulesModule = defineModule({
  name: 'schedules',
  dependsOn: ['catalogues', 'sign-off'],
  documentPosition: 50,
  api: [schedulesApi],
})
