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

const LabelText = Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' })
const Labels = Type.Object(
  { es: Type.Optional(LabelText), en: Type.Optional(LabelText) },
  {
    additionalProperties: false,
    description:
      'The type’s name in Spanish and English, as far as the company gives them (both for the built-in types); a client shows the one of its person’s language, else `label`',
  },
)

export const AbsenceType = Type.Object(
  {
    key: Type.String(),
    label: Type.String(),
    labels: Labels,
    requires_approval: Type.Boolean({ description: 'false: requests are approved at once' }),
    allows_hourly: Type.Boolean({ description: 'Requests may cover part of one day (start_time/end_time)' }),
    consumes_vacation: Type.Boolean({
      description:
        'Days requested count against vacation_days (working or calendar days, as the company’s vacation_unit says)',
    }),
    interrupts_vacation: Type.Boolean({
      description:
        'Art. 38.3 ET: a full-day absence of this type may be recorded over approved vacation, whose days it covers go back to the balance (true for the built-in sick leave)',
    }),
  },
  { $id: 'AbsenceType' },
)
export type AbsenceTypeType = Static<typeof AbsenceType>

const Interruption = Type.Object({
  absence_id: Type.String({ description: 'The absence that interrupts the vacation (sick leave, say)' }),
  type: Type.Object({ key: Type.String(), label: Type.String() }),
  start_date: Type.String({ format: 'date', description: 'First day of the vacation it covers' }),
  end_date: Type.String({ format: 'date', description: 'Last day of the vacation it covers, included' }),
})

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
    interrupted_by: Type.Array(Interruption, {
      description:
        'Approved vacation only (empty otherwise): the approved absences over it that interrupt it (art. 38.3 ET), in date order, each clipped to the vacation’s dates. The vacation keeps its own dates; those days go back to the balance.',
    }),
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

/** Vacation is counted in whole days: a type that consumes it cannot allow hourly absences. */
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
    labels: Type.Optional(Labels),
    requires_approval: Type.Optional(Type.Boolean({ default: true })),
    allows_hourly: Type.Optional(Type.Boolean({ default: false })),
    consumes_vacation: Type.Optional(Type.Boolean({ default: false })),
    interrupts_vacation: Type.Optional(
      Type.Boolean({
        default: false,
        description: 'Art. 38.3 ET: may lie over approved vacation and give its days back (not with consumes_vacation)',
      }),
    ),
  },
  { additionalProperties: false, ...vacationIsInWholeDays },
)
export type CreateAbsenceTypeBodyType = Static<typeof CreateAbsenceTypeBody>

export const UpdateAbsenceTypeBody = Type.Object(
  {
    label: Type.Optional(Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' })),
    labels: Type.Optional(Labels),
    requires_approval: Type.Optional(Type.Boolean()),
    allows_hourly: Type.Optional(Type.Boolean()),
    consumes_vacation: Type.Optional(Type.Boolean()),
    interrupts_vacation: Type.Optional(Type.Boolean()),
  },
  {
    additionalProperties: false,
    ...vacationIsInWholeDays,
    description:
      'Only the fields to change. `labels` replaces the names in each language; a new `label` without `labels` clears them (they named the old one). A type that consumes vacation cannot allow hourly absences, whether both flags are in this body or one is already set',
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
    unit: Type.Union([Type.Literal('working_days'), Type.Literal('calendar_days')], {
      description: 'What the days are: the company’s vacation_unit (art. 38.1 ET)',
    }),
    approved: Type.Integer({ description: 'Days of approved vacation in the year, less the interrupted ones' }),
    pending: Type.Integer({ description: 'Days of pending vacation in the year' }),
    interrupted: Type.Integer({
      description:
        'Days of the year’s vacation interrupted by an absence over it (sick leave, art. 38.3 ET): given back, counted in neither approved nor pending',
    }),
    carried_in: Type.Array(
      Type.Object({
        year: Type.Integer({ description: 'The year the days were returned in' }),
        days: Type.Integer({ description: 'Days still to be taken at the start of this year' }),
        until: Type.String({ format: 'date', description: 'Last day they may be taken: 30 June of year + 2' }),
      }),
      {
        description:
          'Art. 38.3 ET: days returned by an interruption in an earlier year and not taken in it, carried on for 18 months after that year’s end; vacation beyond this year’s own days draws on them, the ones due soonest first',
      },
    ),
    remaining: Type.Integer({ description: 'entitled + carried_in days - approved - pending' }),
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
