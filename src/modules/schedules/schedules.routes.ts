import type { ApiModule } from '../../http/route.js'
import { catalogueRoutes } from '../catalogues/index.js'
import * as schemas from './schedules.schemas.js'
import { SCHEDULES } from './schedules.service.js'

export const schedulesApi: ApiModule = {
  schemas: [schemas.Schedule],
  routes: () =>
    catalogueRoutes({
      catalogue: SCHEDULES,
      path: '/schedules',
      scopePrefix: 'schedules',
      tag: 'Schedules',
      item: schemas.Schedule,
      createBody: schemas.CreateScheduleBody,
      updateBody: schemas.UpdateScheduleBody,
    }),
}
