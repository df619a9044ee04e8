/**
 * The work calendar: the time a person is expected to work each day, from schedules, holidays and
 * approved absences. This front door is what other parts of the service may use of the module.
 */
import { defineModule } from '../../http/module.js'
import { workCalendarApi } from './work-calendar.routes.js'
export { absenceMinutesOn, dayExpectation, isHourly, minutesOfDay } from './work-calendar.logic.js'
export type { AbsenceSpan } from './work-calendar.logic.js'
export { approvedAbsencesBetween, calendarSubject, calendarSubjects } from './work-calendar.repository.js'
export type { ApprovedSpan, CalendarSubject } from './work-calendar.repository.js'
export { workCalendarApi } from './work-calendar.routes.js'
export { loadCompanyDefaultSchedule, loadWorkCalendars } from './work-calendar.service.js'
export type { PlanOfDay } from './work-calendar.service.js'
export { schedulesOfRecord } from './schedules-of-record.service.js'
export type { ScheduleOfRecord } from './schedules-of-record.service.js'

/** How the module plugs into the application (http/module.ts). */
export const workCalendarModule = defineModule({
  name: 'work-calendar',
  dependsOn: ['holidays', 'schedules', 'users'],
  documentPosition: 170,
  api: [workCalendarApi],
})
