/** The holidays module's front door: what other parts of the service may use of it. */
export { placeOf } from './holidays.logic.js'
export type { Holiday } from './holidays.logic.js'
export { holidaysApi } from './holidays.routes.js'
export { loadHolidayCalendars } from './holidays.service.js'
