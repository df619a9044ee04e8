import { scopeOfRequest } from '../../http/request-scope.js'
import { type ApiModule, operations } from '../../http/route.js'
import {
  Event,
  EventActor,
  EventsOfEachType,
  EventsPage,
  ListEventsQuery,
  OvertimeCapExceeded,
  SessionTooLongAnomaly,
} from './events.schemas.js'
import * as service from './events.service.js'

const operation = operations('Events')

export const eventsApi: ApiModule = {
  schemas: [EventActor, SessionTooLongAnomaly, OvertimeCapExceeded, ...EventsOfEachType, Event],
  routes: () => async (app) => {
    app.get(
      '/events',
      operation('events.list', {
        summary: 'The event stream, oldest first from a cursor (administrators)',
        description:
          'Every change of state, written in the transaction of the change, kept 30 days. Read on with `after` = `meta.next_after`; an event appears once every transaction that began before it has ended, so a reader never finds an older event behind one it has passed.',
        querystring: ListEventsQuery,
        response: { 200: EventsPage },
        errors: [404],
      }),
      async (request, reply) => {
        const page = await service.listEvents(scopeOfRequest(request), request.query)
        // JSON text already, which Fastify sends as it is (the response schema documents it).
        return reply.type('application/json; charset=utf-8').send(page as never)
      },
    )
  },
}
