import { Type, type Static } from 'typebox'
import { EVENT_TYPES } from './events.logic.js'

export const Event = Type.Object(
  {
    id: Type.String({ description: 'evt_…; also the cursor to read on from (`after`)' }),
    type: Type.Union(
      EVENT_TYPES.map((t) => Type.Literal(t)),
      { description: 'What changed' },
    ),
    occurred_at: Type.String({ format: 'date-time', description: 'When the change was made' }),
    tenant_id: Type.String(),
    actor: Type.Object(
      {
        user_id: Type.Union([Type.String(), Type.Null()], {
          description: 'The acting user; null for the command line',
        }),
        key_id: Type.Union([Type.String(), Type.Null()], {
          description: 'The API key used; null for the command line',
        }),
      },
      { description: 'Who made the change' },
    ),
    data: Type.Unknown({
      description: 'The resource as the API returns it after the change (sensitive user fields are always null)',
    }),
  },
  { $id: 'Event' },
)

export const EventsPage = Type.Object({
  data: Type.Array(Type.Ref('Event')),
  meta: Type.Object({
    page_size: Type.Integer(),
    next_after: Type.Union([Type.String(), Type.Null()], {
      description:
        'Pass as `after` to read on: the last event of this page, or the `after` given when the page is empty',
    }),
    has_more: Type.Boolean({ description: 'Whether more events follow right now' }),
  }),
})

export const ListEventsQuery = Type.Object(
  {
    after: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 64,
        description: 'Read the events after this one (oldest first); omit to start at the oldest kept',
      }),
    ),
    type: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 400,
        description: 'Only these types, separated by commas, e.g. `absence.approved,absence.rejected`',
      }),
    ),
    page_size: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 500, default: 100, description: 'Events per page, 1 to 500 (default 100)' }),
    ),
  },
  { additionalProperties: false },
)
export type ListEventsQueryType = Static<typeof ListEventsQuery>
