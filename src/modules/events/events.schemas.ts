import { type Static, type TSchema, Type } from 'typebox'
import { EVENT_TYPES, type EventType } from './events.logic.js'

/** The data of `attendance.anomaly_detected`. */
export const SessionTooLongAnomaly = Type.Object(
  {
    user_id: Type.String(),
    type: Type.Literal('session_too_long'),
    session_started_at: Type.String({ format: 'date-time', description: 'The `in` of the session left open' }),
    minutes: Type.Integer({ description: 'How long the session had lasted when it was found' }),
    limit_minutes: Type.Integer({ description: 'The company’s `max_session_hours`, in minutes' }),
    correction_id: Type.String({ description: 'The closing correction the company proposed' }),
    proposed_out_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
      description: 'The `out` that correction proposes',
    }),
  },
  { $id: 'SessionTooLongAnomaly', description: 'A session left open past the company’s limit' },
)

/** The data of `overtime.cap_exceeded`. */
export const OvertimeCapExceeded = Type.Object(
  {
    user_id: Type.String(),
    year: Type.Integer(),
    counted_toward_cap_minutes: Type.Integer({ description: 'The year’s overtime minutes that count toward the cap' }),
    cap_minutes: Type.Integer({ description: 'The annual cap (80 hours, art. 35.2 ET), in minutes' }),
    over_cap_minutes: Type.Integer({ description: 'How far over the cap' }),
  },
  { $id: 'OvertimeCapExceeded', description: 'An employee’s year went over the annual cap of overtime' },
)

/**
 * The schema of each event type's `data`. The resources are the named schemas of the modules that
 * make the events, referred to by `$id` (the OpenAPI components), so an event's data is typed as
 * exactly what the API answers for that resource; the two facts that are no resource are spelled
 * out here. test/api/event-schemas.test.ts makes one event of every type through the API and
 * validates it against its schema.
 */
const EVENT_DATA: { readonly [T in EventType]: TSchema } = {
  'user.created': Type.Ref('UserFull'),
  'user.updated': Type.Ref('UserFull'),
  'user.deactivated': Type.Ref('UserFull'),
  'user.reactivated': Type.Ref('UserFull'),
  'user.invited': Type.Ref('Invitation'),
  'punch.created': Type.Ref('Punch'),
  'attendance.anomaly_detected': Type.Ref('SessionTooLongAnomaly'),
  'absence.created': Type.Ref('Absence'),
  'absence.approved': Type.Ref('Absence'),
  'absence.rejected': Type.Ref('Absence'),
  'absence.cancelled': Type.Ref('Absence'),
  'correction.proposed': Type.Ref('AttendanceCorrection'),
  'correction.approved': Type.Ref('AttendanceCorrection'),
  'correction.rejected': Type.Ref('AttendanceCorrection'),
  'allocation.created': Type.Ref('Allocation'),
  'allocation.deleted': Type.Ref('Allocation'),
  'expense.created': Type.Ref('Expense'),
  'overtime.lot_proposed': Type.Ref('OvertimeLot'),
  'overtime.lot_updated': Type.Ref('OvertimeLot'),
  'overtime.lot_approved': Type.Ref('OvertimeLot'),
  'overtime.lot_paid': Type.Ref('OvertimeLot'),
  'overtime.compensation_overdue': Type.Ref('OvertimeLot'),
  'overtime.cap_exceeded': Type.Ref('OvertimeCapExceeded'),
}

/** `absence.approved` → `AbsenceApprovedEvent`: the name of an event type's schema. */
export function eventSchemaName(type: EventType): string {
  const words = type.split(/[._]/).map((word) => word.charAt(0).toUpperCase() + word.slice(1))
  return `${words.join('')}Event`
}

export const EventActor = Type.Object(
  {
    user_id: Type.Union([Type.String(), Type.Null()], {
      description: 'The acting user; null for the command line and the company acting by its policy',
    }),
    key_id: Type.Union([Type.String(), Type.Null()], {
      description: 'The API key used; null for the command line and the company acting by its policy',
    }),
  },
  { $id: 'EventActor', description: 'Who made the change' },
)

/** One event type's envelope: `type` fixed, `data` of its schema. */
function eventOfType(type: EventType): TSchema {
  return Type.Object(
    {
      id: Type.String({ description: 'evt_…; also the cursor to read on from (`after`)' }),
      type: Type.Literal(type),
      occurred_at: Type.String({ format: 'date-time', description: 'When the change was made' }),
      tenant_id: Type.String(),
      actor: Type.Ref('EventActor'),
      data: EVENT_DATA[type],
    },
    { $id: eventSchemaName(type), description: `The \`${type}\` event` },
  )
}

/** The envelope of each event type, named `UserCreatedEvent` and so on. */
export const EventsOfEachType = EVENT_TYPES.map(eventOfType)

/**
 * An event: one of the envelopes above, told apart by `type` (a discriminated union, so a
 * generated client narrows `data` by checking `type`). The schemas of data named above
 * (`SessionTooLongAnomaly`, `OvertimeCapExceeded`) are components of their own.
 */
export const Event = Type.Unsafe<unknown>({
  $id: 'Event',
  description:
    'A change of state: its envelope, with the resource as the API returns it after the change in `data` (sensitive user fields are always null)',
  oneOf: EVENT_TYPES.map((type) => ({ $ref: eventSchemaName(type) })),
  discriminator: {
    propertyName: 'type',
    mapping: Object.fromEntries(EVENT_TYPES.map((type) => [type, `#/components/schemas/${eventSchemaName(type)}`])),
  },
})

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
