import { Type, type Static } from 'typebox'
import { Id, InstantString, PaginationQuery } from '../../lib/schemas.js'

export const AuditEntry = Type.Object(
  {
    id: Type.String(),
    at: Type.String({ format: 'date-time', description: 'When the write was made' }),
    source: Type.Union([Type.Literal('api'), Type.Literal('cli')], {
      description: 'Through the API or the command line',
    }),
    key_id: Type.Union([Type.String(), Type.Null()], { description: 'The API key used; null from the command line' }),
    user_id: Type.Union([Type.String(), Type.Null()], { description: 'The acting user; null from the command line' }),
    operation: Type.String({
      description: 'The operation (scope name), e.g. users.update; CLI commands as keys.create, tenants.create ...',
    }),
    resource_id: Type.Union([Type.String(), Type.Null()], { description: 'The resource written, when there is one' }),
    fields: Type.Array(Type.String(), { description: 'Names of the fields the write sent; never their values' }),
  },
  { $id: 'AuditEntry' },
)
export type AuditEntryType = Static<typeof AuditEntry>

export const ListAuditQuery = Type.Object(
  {
    from: Type.Optional(InstantString('Entries at or after this instant')),
    to: Type.Optional(InstantString('Entries before this instant')),
    user_id: Type.Optional(Id('Only writes by this acting user')),
    key_id: Type.Optional(Id('Only writes with this API key')),
    operation: Type.Optional(
      Type.String({ minLength: 1, maxLength: 64, description: 'Only this operation, e.g. users.update' }),
    ),
    resource_id: Type.Optional(Id('Only writes to this resource')),
    page: Type.Optional(PaginationQuery.page),
    page_size: Type.Optional(PaginationQuery.page_size),
  },
  { additionalProperties: false },
)
export type ListAuditQueryType = Static<typeof ListAuditQuery>
