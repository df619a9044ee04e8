import { type Static, Type } from 'typebox'
import { kindChoicesChangeSchema, kindChoicesSchema } from '../../lib/notification-settings.js'

const Language = Type.Union([Type.Literal('es'), Type.Literal('en')], {
  description: 'The language of one’s reminders',
})

export const NotificationSettings = Type.Object(
  {
    language: Language,
    language_chosen: Type.Boolean({
      description: 'Whether the person chose the language; false: the company’s, which follows its changes',
    }),
    kinds: kindChoicesSchema(
      'Each reminder on or off by channel, as the person gets it: their choices over the company’s defaults',
    ),
    company_defaults: kindChoicesSchema('The company’s defaults, for what the person did not choose'),
  },
  {
    $id: 'NotificationSettings',
    description:
      'What the person is reminded of and how (docs/notifications.md). No reminder is sent at night (21:00 to 08:00 in the company’s zone): it waits for 08:00',
  },
)
export type NotificationSettingsType = Static<typeof NotificationSettings>

export const UpdateNotificationSettings = Type.Object(
  {
    kinds: Type.Optional(kindChoicesChangeSchema('The kinds and channels to change; the others stay as they were')),
    language: Type.Optional(
      Type.Union([Type.Literal('es'), Type.Literal('en'), Type.Null()], {
        description: 'The language of one’s reminders; null: the company’s',
      }),
    ),
  },
  { additionalProperties: false, minProperties: 1 },
)
export type UpdateNotificationSettingsType = Static<typeof UpdateNotificationSettings>

export const UnsubscribeQuery = Type.Object(
  {
    token: Type.String({
      minLength: 1,
      maxLength: 200,
      description: 'The token of the link in the reminder’s mail: single purpose, works once',
    }),
  },
  { additionalProperties: false },
)
export type UnsubscribeQueryType = Static<typeof UnsubscribeQuery>
