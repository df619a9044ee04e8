import { Type, type Static } from 'typebox'
import { DateString, Id, InstantString, Nullable, PaginationQuery, TimeZone, rules } from '../../lib/schemas.js'

export const Allocation = Type.Object(
  {
    id: Type.String(),
    user_id: Type.String(),
    date: Type.String({
      format: 'date',
      description: 'Local day of `start` in the zone given at creation (default the company’s)',
    }),
    start: Type.String({ format: 'date-time' }),
    end: Type.String({ format: 'date-time' }),
    minutes: Type.Integer({ description: 'Length of the span, floored to whole minutes' }),
    project: Nullable(
      Type.Object(
        { id: Type.String(), code: Type.String(), name: Type.String() },
        { description: 'null when allocated to other tasks' },
      ),
    ),
    note: Nullable(Type.String({ description: "Free text for 'other tasks'; null when a project is given" })),
    comment: Nullable(Type.String()),
    source: Type.String({ description: "'manual' for allocations made through the API" }),
    created_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'Allocation' },
)
export type AllocationType = Static<typeof Allocation>

export const CreateAllocationBody = Type.Object(
  {
    user_id: Id('Employee whose time is allocated'),
    start: InstantString('Start, ISO 8601 with Z or an offset'),
    end: InstantString('End, later than start and at most 24 hours after it'),
    project_id: Type.Optional(Nullable(Id('Project of the catalogue; exactly one of project_id and note'))),
    note: Type.Optional(
      Nullable(
        Type.String({
          minLength: 1,
          maxLength: 500,
          pattern: '\\S',
          description: 'Other tasks; exactly one of project_id and note',
        }),
      ),
    ),
    comment: Type.Optional(Nullable(Type.String({ maxLength: 2000, description: 'Remarks on what was done' }))),
    tz: Type.Optional(TimeZone('IANA zone used to derive `date` (default the company’s)')),
  },
  {
    additionalProperties: false,
    ...rules.exactlyOneOf('project_id', 'note', 'give exactly one of project_id and note'),
  },
)
export type CreateAllocationBodyType = Static<typeof CreateAllocationBody>

export const ListAllocationsQuery = Type.Object(
  {
    user_id: Type.Optional(Id()),
    project_id: Type.Optional(Id()),
    from: Type.Optional(DateString('Allocations whose `date` is on or after this day')),
    to: Type.Optional(DateString('Allocations whose `date` is on or before this day')),
    page: Type.Optional(PaginationQuery.page),
    page_size: Type.Optional(PaginationQuery.page_size),
  },
  { additionalProperties: false },
)
export type ListAllocationsQueryType = Static<typeof ListAllocationsQuery>

export const AllocationIdParams = Type.Object({ allocation_id: Id() }, { additionalProperties: false })
