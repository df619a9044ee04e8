import { Type, type Static } from 'typebox'
import { Id, InstantString, PaginationQuery } from '../../lib/schemas.js'

export const AccessEntry = Type.Object(
  {
    id: Type.String(),
    at: Type.String({ format: 'date-time', description: 'When the answer was complete' }),
    key_id: Type.String({ description: 'The inspector key used' }),
    user_id: Type.String({ description: 'The user the key acts as' }),
    method: Type.String(),
    route: Type.String({ description: 'The route template, e.g. /api/v1/attendance/reports/monthly' }),
    status: Type.Integer({ description: 'HTTP status of the answer' }),
    user_ids: Type.Array(Type.String(), {
      description: 'Employees whose records the request read (none when it was refused)',
    }),
  },
  { $id: 'AccessEntry' },
)
export type AccessEntryType = Static<typeof AccessEntry>

export const ListAccessQuery = Type.Object(
  {
    from: Type.Optional(InstantString('Entries at or after this instant')),
    to: Type.Optional(InstantString('Entries before this instant')),
    key_id: Type.Optional(Id('Only requests made with this key')),
    page: Type.Optional(PaginationQuery.page),
    page_size: Type.Optional(PaginationQuery.page_size),
  },
  { additionalProperties: false },
)
export type ListAccessQueryType = Static<typeof ListAccessQuery>
