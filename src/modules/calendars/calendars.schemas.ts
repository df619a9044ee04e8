import { type Static, Type } from 'typebox'
import { Id } from '../../lib/schemas.js'

const Scope = Type.Union([Type.Literal('me'), Type.Literal('team'), Type.Literal('company')], {
  description:
    'me: your own absences; team: yours and those of everyone below you in the manager chain; company: every active employee’s (HR and administrators only)',
})

const feedFields = {
  id: Type.String(),
  scope: Scope,
  show_types: Type.Boolean({
    description:
      'Titles name vacation (the types that consume vacation days); every other absence reads "Out of office", as all do without it, so that sick leave cannot be told apart',
  }),
  created_at: Type.String({ format: 'date-time' }),
}

export const CalendarFeed = Type.Object(feedFields, {
  $id: 'CalendarFeed',
  description: 'A calendar subscription; its address holds a secret shown only when it is made',
})
export type CalendarFeedType = Static<typeof CalendarFeed>

export const CreatedCalendarFeed = Type.Object(
  {
    ...feedFields,
    url: Type.String({
      format: 'uri',
      description:
        'The address to subscribe to in a calendar application (webcal clients take it as is). It is the feed’s only credential: shown once, stored as a hash',
    }),
  },
  { $id: 'CreatedCalendarFeed' },
)
export type CreatedCalendarFeedType = Static<typeof CreatedCalendarFeed>

export const CreateCalendarFeedBody = Type.Object(
  { scope: Scope, show_types: Type.Optional(Type.Boolean({ default: false })) },
  { additionalProperties: false },
)
export type CreateCalendarFeedBodyType = Static<typeof CreateCalendarFeedBody>

export const FeedIdParams = Type.Object({ feed_id: Id() }, { additionalProperties: false })
