/**
 * Holidays: public holidays by country and region, and a company's own. This front door is what
 * other parts of the service may use of the module.
 */
import { defineModule } from '../../http/module.js'
import { holidaysApi } from './holidays.routes.js'
export { placeOf } from './holidays.logic.js'
export type { Holiday } from './holidays.logic.js'
export { holidaysApi } from './holidays.routes.js'
export { loadHolidayCalendars } from './holidays.service.js'

/** How the module plugs into the application (http/module.ts). */
export const holidaysModule = defineModule({
  name: 'holidays',
  dependsOn: ['catalogues'],
  documentPosition: 70,
  api: [holidaysApi],
})
