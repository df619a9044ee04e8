import { Type, type Static } from 'typebox'
import { DateString, Id, InstantString, Nullable, PaginationQuery, TimeZone } from '../../lib/schemas.js'

export const PunchTypeSchema = Type.Union([
  Type.Literal('in'),
  Type.Literal('out'),
  Type.Literal('break_start'),
  Type.Literal('break_end'),
])
export const ModalitySchema = Type.Union([Type.Literal('onsite'), Type.Literal('remote')])

export const CreatePunchBody = Type.Object(
  {
    user_id: Id('Employee who punched'),
    type: PunchTypeSchema,
    ts: InstantString(
      'Real moment of the punch, with Z or an offset; at most 60 s in the future and 60 days in the past, later than the employee’s last punch',
    ),
    modality: Type.Optional({
      ...ModalitySchema,
      description: "Only on 'in': 'onsite' (default) or 'remote' (employees with remote work)",
    }),
  },
  { additionalProperties: false },
)
export type CreatePunchBodyType = Static<typeof CreatePunchBody>

export const MAX_BATCH_PUNCHES = 1000

export const BatchPunchBody = Type.Object(
  {
    punches: Type.Array(CreatePunchBody, {
      minItems: 1,
      maxItems: MAX_BATCH_PUNCHES,
      description: `1 to ${MAX_BATCH_PUNCHES} punches, each as attendance.create takes it; an employee's punches are judged in this order`,
    }),
  },
  { additionalProperties: false },
)
export type BatchPunchBodyType = Static<typeof BatchPunchBody>

export const BatchPunchResult = Type.Object(
  {
    index: Type.Integer({ description: 'Position of the punch in the request, from 0' }),
    status: Type.Integer({
      description: 'What attendance.create would have answered: 201 stored, or the refusal’s status',
    }),
    data: Type.Optional(Type.Ref('Punch')),
    error: Type.Optional(
      Type.Object({
        code: Type.String({ description: 'Code from the error catalogue' }),
        message: Type.String(),
        details: Type.Optional(Type.Array(Type.Object({ field: Type.String(), message: Type.String() }))),
      }),
    ),
  },
  { description: 'One result per punch, in request order: `data` when stored, `error` when refused' },
)
export type BatchPunchResultType = Static<typeof BatchPunchResult>

export const ClockBody = Type.Object(
  {
    type: PunchTypeSchema,
    modality: Type.Optional({
      ...ModalitySchema,
      description: "Only on 'in': 'onsite' (default) or 'remote' (employees with remote work)",
    }),
  },
  { additionalProperties: false },
)
export type ClockBodyType = Static<typeof ClockBody>

export const PunchSourceSchema = Type.Union(
  [Type.Literal('api'), Type.Literal('clock'), Type.Literal('kiosk'), Type.Literal('correction')],
  {
    description:
      "How it was recorded: 'api' pushed by an administrator, 'clock' by the employee themselves, 'kiosk' at a kiosk, 'correction' appended by an approved correction",
  },
)

const punchFields = {
  id: Type.String(),
  user_id: Type.String(),
  type: PunchTypeSchema,
  ts: Type.String({ format: 'date-time' }),
  modality: { ...ModalitySchema, description: 'Modality of the work session the punch belongs to' },
  source: PunchSourceSchema,
  created_by: Nullable(
    Type.String({ description: 'Acting user who recorded it; null for punches recorded before origins were kept' }),
  ),
}

export const Punch = Type.Object(punchFields, { $id: 'Punch', description: 'A recorded punch' })
export type PunchType = Static<typeof Punch>

export const PunchLogEntry = Type.Object(
  {
    ...punchFields,
    kiosk_id: Nullable(Type.String({ description: 'Kiosk it was punched at' })),
    created_at: Type.String({ format: 'date-time', description: 'When it was stored' }),
    correction_id: Nullable(Type.String({ description: 'The approved correction that appended it' })),
    superseded_by: Nullable(
      Type.String({ description: 'The approved correction that moved or voided it; it then no longer counts' }),
    ),
  },
  { $id: 'PunchLogEntry', description: 'A stored punch, as the punch log shows it' },
)
export type PunchLogEntryType = Static<typeof PunchLogEntry>

export const DailyEntry = Type.Object(
  {
    user_id: Type.String(),
    date: Type.String({ format: 'date' }),
    is_workday: Type.Boolean({
      description: 'The schedule expects work this weekday, and it is no holiday (or the employee works holidays)',
    }),
    holiday: Nullable(
      Type.Object(
        { name: Type.String(), type: Type.Union([Type.Literal('public'), Type.Literal('company')]) },
        { description: 'null when none' },
      ),
    ),
    modality: { ...ModalitySchema, description: "Modality of the day's first 'in'; 'onsite' when there is none" },
    punches: Type.Array(
      Type.Object({
        type: PunchTypeSchema,
        at: Type.String({ format: 'date-time' }),
        edited: Type.Boolean({ description: 'true when an approved correction added it or moved it here' }),
      }),
      {
        description:
          'Effective punches of the work sessions that started this day (a night shift stays on the day it began); superseded punches are in the punch log',
      },
    ),
    worked_minutes: Type.Integer({
      description: 'Session time less breaks, floored to whole minutes; an open session counts up to now',
    }),
    expected_minutes: Type.Integer({
      description:
        'From the schedule that applied that day, on workdays while employed (from the hire date, outside deactivations), less approved absences; 0 otherwise',
    }),
    balance_minutes: Type.Integer({ description: 'worked_minutes - expected_minutes' }),
  },
  { $id: 'DailyAttendance' },
)
export type DailyEntryType = Static<typeof DailyEntry>

const Range = {
  from: DateString('First day'),
  to: DateString('Last day, included; at most 366 days from `from`'),
  tz: Type.Optional(TimeZone('IANA time zone used to group punches into days (default: the company’s)')),
  page: Type.Optional(PaginationQuery.page),
}

export const ListAttendanceQuery = Type.Object(
  {
    user_id: Id('Employee'),
    ...Range,
    page_size: Type.Optional({ ...PaginationQuery.page_size, description: 'Days per page, 1 to 100 (default 25)' }),
  },
  { additionalProperties: false },
)
export type ListAttendanceQueryType = Static<typeof ListAttendanceQuery>

export const PunchLogQuery = Type.Object(
  {
    user_id: Id('Employee'),
    ...Range,
    page_size: Type.Optional(PaginationQuery.page_size),
  },
  { additionalProperties: false },
)
export type PunchLogQueryType = Static<typeof PunchLogQuery>

export const SummaryQuery = Type.Object(
  {
    ...Range,
    page_size: Type.Optional({
      ...PaginationQuery.page_size,
      description: 'Employees per page, 1 to 100 (default 25)',
    }),
    status: Type.Optional(Type.Union([Type.Literal('active'), Type.Literal('disabled')])),
    department_id: Type.Optional(Id()),
    work_center_id: Type.Optional(Id()),
  },
  { additionalProperties: false },
)
export type SummaryQueryType = Static<typeof SummaryQuery>

export const SummaryRow = Type.Object(
  {
    user_id: Type.String(),
    full_name: Type.String(),
    worked_minutes: Type.Integer(),
    expected_minutes: Type.Integer(),
    balance_minutes: Type.Integer(),
    worked_days: Type.Integer({ description: 'Days with worked_minutes > 0' }),
    expected_days: Type.Integer({ description: 'Days with expected_minutes > 0' }),
  },
  {
    $id: 'AttendanceSummaryRow',
    description: 'Totals of one employee over the range; equal to the sum of their daily entries',
  },
)
export type SummaryRowType = Static<typeof SummaryRow>
