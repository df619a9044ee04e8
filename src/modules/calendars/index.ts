/**
 * Calendar feeds: absences, holidays and presence as iCalendar for people's calendars
 * (docs/decisions/0020-calendars-and-presence.md). This front door is what other parts of the
 * service may use of the module.
 */
export { calendarFeedsApi, registerCalendarFeedPages } from './calendars.routes.js'
