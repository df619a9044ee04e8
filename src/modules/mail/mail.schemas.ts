import { Type, type Static } from 'typebox'
import { Nullable, PaginationQuery } from '../../lib/schemas.js'

const MailStatus = Type.Union([Type.Literal('pending'), Type.Literal('sent'), Type.Literal('failed')], {
  description:
    "'pending': queued, or waiting for its next attempt; 'sent': the mail server accepted it; 'failed': refused for good, or given up after a day (sooner when its link expired first)",
})

export const MailMessageItem = Type.Object(
  {
    id: Type.String({ description: 'Also the left part of the mail’s Message-ID, the same on every attempt' }),
    kind: Type.Union(
      [
        Type.Literal('invitation'),
        Type.Literal('password_reset'),
        Type.Literal('kiosk_pin'),
        Type.Literal('credential_changed'),
        Type.Literal('reminder'),
      ],
      {
        description:
          "'kiosk_pin': a one-time kiosk PIN after a reset; 'credential_changed': a person told that their password, passkeys, personal keys or kiosk PIN changed; 'reminder': a reminder (a session left open, a correction waiting for consent, the digest of what waits for a decision, a month to sign, a rest deadline)",
      },
    ),
    to: Type.String({ description: 'The address it is sent to' }),
    status: MailStatus,
    attempts: Type.Integer({ minimum: 0, description: 'Attempts begun so far' }),
    last_error: Nullable(
      Type.String({
        description: 'Why the last failed attempt failed: the mail server’s answer, or the connection error',
      }),
    ),
    created_at: Type.String({ format: 'date-time', description: 'When the write that made it committed it' }),
    sent_at: Nullable(Type.String({ format: 'date-time', description: 'When the mail server accepted it' })),
    next_attempt_at: Nullable(
      Type.String({ format: 'date-time', description: 'When it is attempted next, while pending' }),
    ),
  },
  {
    $id: 'MailMessage',
    description: 'A mail the service sends for the company, and what became of it; never its body or its link',
  },
)

export const ListMailMessagesQuery = Type.Object(
  {
    status: Type.Optional(MailStatus),
    page: Type.Optional(PaginationQuery.page),
    page_size: Type.Optional(PaginationQuery.page_size),
  },
  { additionalProperties: false },
)
export type ListMailMessagesQueryType = Static<typeof ListMailMessagesQuery>
