/** The calendar feeds module's front door (decisions 20). */
export { calendarFeedsApi, registerCalendarFeedPages } from './calendars.routes.js'
