/** The calendar feeds module's front door (docs/decisions/0020-calendars-and-presence.md). */
export { calendarFeedsApi, registerCalendarFeedPages } from './calendars.routes.js'
