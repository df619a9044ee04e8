/**
 * Calendar feeds: absences, holidays and presence as iCalendar for people's calendars
 * (docs/decisions/0020-calendars-and-presence.md). This front door is what other parts of the
 * service may use of the module.
 */
import { defineModule } from '../../http/module.js'
import { calendarFeedsApi, registerCalendarFeedPages } from './calendars.routes.js'
export { calendarFeedsApi, registerCalendarFeedPages } from './calendars.routes.js'

/** How the module plugs into the application (http/module.ts). */
export const calendarsModule = defineModule({
  name: 'calendars',
  dependsOn: ['holidays', 'tenants', 'users'],
  documentPosition: 160,
  api: [calendarFeedsApi],
  pages: (app, context) => registerCalendarFeedPages(app, { rateLimit: context.rateLimit }),
})
