import { scopeOfRequest } from '../../http/request-scope.js'
import { type ApiModule, operations } from '../../http/route.js'
import { ListOf } from '../../lib/schemas.js'
import { scheduleHistory } from './schedule-history.service.js'
import * as s from './work-calendar.schemas.js'

const operation = operations('Schedules')

export const workCalendarApi: ApiModule = {
  schemas: [s.SchedulePeriod],
  routes: () => async (app) => {
    app.get(
      '/users/:user_id/schedule-history',
      operation('users.schedule-history', {
        summary: 'Which schedule applied to an employee when, oldest first',
        description:
          'Spans of days with one schedule in one version: a new span begins when the employee’s own schedule, the company default (for employees without one) or the minutes of the schedule in force change. Changes take effect from their `effective_from`; earlier days keep what they had.',
        params: s.ScheduleHistoryParams,
        querystring: s.ScheduleHistoryQuery,
        response: { 200: ListOf(s.SchedulePeriod) },
        errors: [404],
      }),
      async (request) => scheduleHistory(scopeOfRequest(request), request.params.user_id, request.query),
    )
  },
}
