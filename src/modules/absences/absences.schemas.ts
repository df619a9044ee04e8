import { Type, type Static } from 'typebox'
import { DateString, Id, Nullable, PaginationQuery, rules } from '../../lib/schemas.js'

const Status = Type.Union([
  Type.Literal('pending'),
  Type.Literal('approved'),
  Type.Literal('rejected'),
  Type.Literal('cancelled'),
])
const TypeKey = Type.String({
  minLength: 1,
  maxLength: 50,
  pattern: '^[a-z0-9_-]+$',
  description: 'Absence type key from the company catalogue',
})
const Time = Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$', description: 'HH:MM, 24-hour' })

export const AbsenceType = Type.Object(
  {
    key: Type.String(),
    label: Type.String(),
    requires_approval: Type.Boolean({ description: 'false: requests are approved at once' }),
    allows_hourly: Type.Boolean({ description: 'Requests may cover part of one day (start_time/end_time)' }),
    consumes_vacation: Type.Boolean({ description: 'Working days requested count against vacation_days' }),
  },
  { $id: 'AbsenceType' },
)
export type AbsenceTypeType = Static<typeof AbsenceType>

export const Absence = Type.Object(
  {
    id: Type.String(),
    user_id: Type.String(),
    type: Type.Object({ key: Type.String(), label: Type.String() }),
    status: Status,
    start_date: Type.String({ format: 'date' }),
    end_date: Type.String({ format: 'date', description: 'Inclusive' }),
    start_time: Nullable(Type.String({ description: 'HH:MM; hourly absences only' })),
    end_time: Nullable(Type.String({ description: 'HH:MM; hourly absences only' })),
    created_at: Type.String({ format: 'date-time' }),
    decided_at: Nullable(
      Type.String({ format: 'date-time', description: 'null while pending; the creation time when approved at once' }),
    ),
  },
  { $id: 'Absence', description: 'Request and decision notes are stored but never returned' },
)
export type AbsenceApiType = Static<typeof Absence>

export const CreateAbsenceBody = Type.Object(
  {
    user_id: Id(),
    type: TypeKey,
    start_date: DateString('First day; not in the past (in the company’s zone)'),
    end_date: DateString('Last day, included'),
    start_time: Type.Optional(Nullable(Time)),
    end_time: Type.Optional(Nullable(Time)),
    note: Type.Optional(Type.String({ maxLength: 2000, description: 'Request note (never returned)' })),
  },
  {
    additionalProperties: false,
    ...rules.bothOrNeither('start_time', 'end_time', 'hourly absences need both start_time and end_time'),
  },
)
export type CreateAbsenceBodyType = Static<typeof CreateAbsenceBody>

export const DecideAbsenceBody = Type.Object(
  {
    decision: Type.Union([Type.Literal('approved'), Type.Literal('rejected')]),
    note: Type.Optional(Type.String({ maxLength: 2000, description: 'Decision note (never returned)' })),
  },
  { additionalProperties: false },
)
export type DecideAbsenceBodyType = Static<typeof DecideAbsenceBody>

export const ListAbsencesQuery = Type.Object(
  {
    from: DateString(),
    to: DateString(),
    user_id: Type.Optional(Id()),
    status: Type.Optional(Status),
    type: Type.Optional(TypeKey),
    page: Type.Optional(PaginationQuery.page),
    page_size: Type.Optional(PaginationQuery.page_size),
  },
  { additionalProperties: false },
)
export type ListAbsencesQueryType = Static<typeof ListAbsencesQuery>

export const AbsenceIdParams = Type.Object({ absence_id: Id() }, { additionalProperties: false })

/** Vacation is counted in working days: a type that consumes it cannot allow hourly absences. */
const vacationIsInWholeDays = rules.excludes(
  'consumes_vacation',
  true,
  'allows_hourly',
  true,
  'a type that consumes vacation days cannot allow hourly absences',
)

export const CreateAbsenceTypeBody = Type.Object(
  {
    key: TypeKey,
    label: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' }),
    requires_approval: Type.Optional(Type.Boolean({ default: true })),
    allows_hourly: Type.Optional(Type.Boolean({ default: false })),
    consumes_vacation: Type.Optional(Type.Boolean({ default: false })),
  },
  { additionalProperties: false, ...vacationIsInWholeDays },
)
export type CreateAbsenceTypeBodyType = Static<typeof CreateAbsenceTypeBody>

export const UpdateAbsenceTypeBody = Type.Object(
  {
    label: Type.Optional(Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' })),
    requires_approval: Type.Optional(Type.Boolean()),
    allows_hourly: Type.Optional(Type.Boolean()),
    consumes_vacation: Type.Optional(Type.Boolean()),
  },
  {
    additionalProperties: false,
    ...vacationIsInWholeDays,
    description:
      'Only the fields to change. A type that consumes vacation cannot allow hourly absences, whether both flags are in this body or one is already set',
  },
)
export type UpdateAbsenceTypeBodyType = Static<typeof UpdateAbsenceTypeBody>

export const AbsenceTypeKeyParams = Type.Object({ key: TypeKey }, { additionalProperties: false })
export const ListAbsenceTypesQuery = Type.Object(
  { page: Type.Optional(PaginationQuery.page), page_size: Type.Optional(PaginationQuery.page_size) },
  { additionalProperties: false },
)

export const VacationBalance = Type.Object(
  {
    user_id: Type.String(),
    year: Type.Integer(),
    annual: Type.Integer({
      description: 'The employee’s vacation days for a whole year (their own figure or the company’s)',
    }),
    employed_days: Type.Integer({
      description: 'Days of the year the employee is employed (hire date, employment periods)',
    }),
    entitled: Type.Integer({
      description:
        'Vacation days of this year: annual × employed_days ÷ days of the year, rounded as the company’s vacation_rounding says (annual when employed the whole year)',
    }),
    approved: Type.Integer({ description: 'Working days of approved vacation in the year' }),
    pending: Type.Integer({ description: 'Working days of pending vacation in the year' }),
    remaining: Type.Integer({ description: 'entitled - approved - pending' }),
  },
  { $id: 'VacationBalance' },
)
export const VacationBalanceQuery = Type.Object(
  {
    year: Type.Optional(
      Type.Integer({ minimum: 1900, maximum: 9998, description: 'Calendar year (default: this year)' }),
    ),
  },
  { additionalProperties: false },
)
export const UserIdParams = Type.Object({ user_id: Id() }, { additionalProperties: false })
