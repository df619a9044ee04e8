import { Type, type Static } from 'typebox'
import { DateString, Id, InstantString, Nullable, PaginationQuery, TimeZone, rules } from '../../lib/schemas.js'

export const PunchTypeSchema = Type.Union([
  Type.Literal('in'),
  Type.Literal('out'),
  Type.Literal('break_start'),
  Type.Literal('break_end'),
])
export const ModalitySchema = Type.Union([Type.Literal('onsite'), Type.Literal('remote')])

/** A punch's modality is the work session's, set by its `in`. */
export const modalityOnlyOnIn = rules.onlyWhen(
  { required: ['type'], properties: { type: { const: 'in' } } },
  'modality',
  "is only accepted on 'in' punches",
)

const createPunchFields = {
  user_id: Id('Employee who punched'),
  type: PunchTypeSchema,
  ts: InstantString(
    'Real moment of the punch, with Z or an offset; at most 60 s in the future and 60 days in the past, later than the employee’s last punch',
  ),
  modality: Type.Optional({
    ...ModalitySchema,
    description: "Only on 'in': 'onsite' (default) or 'remote' (employees with remote work)",
  }),
}

export const CreatePunchBody = Type.Object(createPunchFields, { additionalProperties: false, ...modalityOnlyOnIn })
export type CreatePunchBodyType = Static<typeof CreatePunchBody>

/**
 * A punch of a batch: the rules between its fields are judged per item, so that one refused punch
 * gets its own 400 in the results rather than refusing the batch.
 */
const BatchItem = Type.Object(createPunchFields, {
  additionalProperties: false,
  description: "As attendance.create takes it; `modality` only on 'in' (judged per item)",
})

export const MAX_BATCH_PUNCHES = 1000

export const BatchPunchBody = Type.Object(
  {
    punches: Type.Array(BatchItem, {
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
    ts: Type.Optional(
      InstantString(
        'Only for a punch the app kept while the service could not be reached, sent with an Idempotency-Key: its real moment. At most 60 s in the future and 7 days in the past, later than the employee’s last punch; the punch log’s `created_at` shows when it arrived. Absent, the moment is the service’s',
      ),
    ),
    modality: Type.Optional({
      ...ModalitySchema,
      description: "Only on 'in': 'onsite' (default) or 'remote' (employees with remote work)",
    }),
  },
  { additionalProperties: false, ...modalityOnlyOnIn },
)
export type ClockBodyType = Static<typeof ClockBody>

export const PunchSourceSchema = Type.Union(
  [Type.Literal('api'), Type.Literal('clock'), Type.Literal('kiosk'), Type.Literal('correction')],
  {
    description:
      "How it was recorded: 'api' pushed by an administrator, 'clock' by the employee themselves, 'kiosk' at a kiosk, 'correction' appended by an approved correction",
  },
)

/**
 * A personal act made with a credential the company issued
 * (docs/decisions/0024-only-the-worker-acts-as-the-worker.md); absent when the credential was the
 * person's own.
 */
export const CredentialOriginSchema = Type.Literal('company_issued', {
  description:
    'Present, as `company_issued`, when the person made this act with a credential the company issued and they had not replaced (a password set through an invitation link handed to an administrator, a kiosk PIN the company set): someone else may have made it. Absent: the person’s own credential',
})

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
  credential_origin: Type.Optional(CredentialOriginSchema),
}

export const Punch = Type.Object(punchFields, { $id: 'Punch', description: 'A recorded punch' })
export type PunchType = Static<typeof Punch>

export const LeftOpenSession = Type.Object(
  {
    started_at: Type.String({ format: 'date-time', description: 'The `in` of the session left open' }),
    correction_id: Nullable(
      Type.String({
        description:
          'The pending correction closing it that the person may accept (the company’s proposal, or HR’s); null while there is none, or when the pending one is their own proposal (HR or a supervisor decides it)',
      }),
    ),
    proposed_out_at: Nullable(
      Type.String({ format: 'date-time', description: 'Where that correction puts the `out`' }),
    ),
  },
  {
    description:
      'A session of the person left open past the company’s max_session_hours (a forgotten clock-out): recorded punches go on regardless, and the session stays an anomaly until a correction closes it',
  },
)
export type LeftOpenSessionType = Static<typeof LeftOpenSession>

export const ClockedPunch = Type.Object(
  {
    ...punchFields,
    left_open_session: Nullable(LeftOpenSession, {
      description:
        'When this punch began a new session after one left open: that session, and the correction that would close it (tell the person, offer it). null otherwise',
    }),
  },
  { $id: 'ClockedPunch', description: 'A punch the person recorded for themselves' },
)
export type ClockedPunchType = Static<typeof ClockedPunch>

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

/** The kinds of anomaly, each with its rule and article. */
export const AnomalyTypeSchema = Type.Union(
  [
    Type.Literal('session_too_long'),
    Type.Literal('missing_break'),
    Type.Literal('punch_on_day_off'),
    Type.Literal('short_daily_rest'),
    Type.Literal('long_ordinary_day'),
    Type.Literal('short_weekly_rest'),
    Type.Literal('night_average_exceeded'),
    Type.Literal('absence_overlaps_work'),
  ],
  {
    description:
      'session_too_long: a session lasted (or is still open) longer than the company’s max_session_hours, usually a forgotten clock-out; missing_break: continuous work passed break_after_minutes without a pause of min_break_minutes (art. 34.4 ET; under-18s 30 minutes past 4.5 hours); punch_on_day_off: work on a rest day, a holiday or a day of full-day vacation; short_daily_rest: less than the company’s min_daily_rest_hours (12) between the previous day’s last `out` and this day’s first `in` (art. 34.3 ET); long_ordinary_day: more than max_ordinary_day_hours (9; under-18s 8) worked in the day (art. 34.3 ET); short_weekly_rest: the ISO week ending with this day’s last `in` had less than 36 hours of uninterrupted rest, also on average with the week before (under-18s 48 hours every week; art. 37.1 ET); night_average_exceeded: a night worker above 8 hours a day averaged over the days worked in 15 days (art. 36.1 ET); absence_overlaps_work: work on a day of full-day absence other than vacation (sick leave over a worked day), which counts no worked minutes',
  },
)

const anomalyFields = {
  type: AnomalyTypeSchema,
  session_started_at: Type.String({
    format: 'date-time',
    description:
      'The `in` of the session concerned (the day’s first for punch_on_day_off, missing_break, long_ordinary_day, short_daily_rest, night_average_exceeded and absence_overlaps_work; the day’s last for short_weekly_rest)',
  }),
  minutes: Type.Integer({
    description:
      'The session’s length (up to now when open), the longest stretch worked without the break, the work on the day off or under the absence, the day’s work (long_ordinary_day), the rest before the day (short_daily_rest), the week’s longest uninterrupted rest (short_weekly_rest), or the average day of the days worked in the 15 (night_average_exceeded)',
  }),
  limit_minutes: Nullable(
    Type.Integer({
      description:
        'What the company or the law allows (a minimum for rests); null for punch_on_day_off and absence_overlaps_work',
    }),
  ),
  day_off: Type.Unsafe<'rest_day' | 'holiday' | 'absence' | null>({
    type: ['string', 'null'],
    enum: ['rest_day', 'holiday', 'absence', null],
    description:
      'Why the day is off, for punch_on_day_off (rest_day, holiday or absence) and absence_overlaps_work (absence); null otherwise',
  }),
}

export const Anomaly = Type.Object(anomalyFields, {
  $id: 'AttendanceAnomaly',
  description: 'Something in a day’s punches that needs attention; the record itself is unchanged',
})

export const DailyEntry = Type.Object(
  {
    user_id: Type.String(),
    date: Type.String({ format: 'date' }),
    is_workday: Type.Boolean({
      description: 'The schedule expects work this weekday, and it is no holiday (or the employee works holidays)',
    }),
    holiday: Nullable(
      Type.Object(
        {
          name: Type.String(),
          names: Type.Optional(
            Type.Object(
              { es: Type.Optional(Type.String()), en: Type.Optional(Type.String()) },
              {
                description:
                  'The name in Spanish and English where there is one (public holidays); empty for a company holiday, named by `name`',
              },
            ),
          ),
          type: Type.Union([Type.Literal('public'), Type.Literal('company')]),
        },
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
    anomalies: Type.Array(Anomaly, { description: 'What in this day’s punches needs attention; empty when nothing' }),
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

/**
 * A running period's figures up to today (to-date.logic.ts): what a balance owes so far, leaving
 * out days still to come. They depend on the moment of reading, so no signature covers them.
 */
export const ToDateFields = {
  expected_to_date_minutes: Type.Integer({
    description:
      'Expected minutes of the days up to today in the zone: the days before today in full, today only as far as it has been worked (up to its expected). Equal to expected_minutes once the last day is over; 0 before the first',
  }),
  balance_to_date_minutes: Type.Integer({
    description:
      'Worked minutes of the days up to today less expected_to_date_minutes: the balance so far, with days still to come planned, not owed',
  }),
}

export const SummaryRow = Type.Object(
  {
    user_id: Type.String(),
    full_name: Type.String(),
    worked_minutes: Type.Integer(),
    expected_minutes: Type.Integer(),
    balance_minutes: Type.Integer(),
    ...ToDateFields,
    worked_days: Type.Integer({ description: 'Days with worked_minutes > 0' }),
    expected_days: Type.Integer({ description: 'Days with expected_minutes > 0' }),
    anomaly_count: Type.Integer({
      description: 'Anomalies of the daily entries (GET /attendance/anomalies lists them)',
    }),
  },
  {
    $id: 'AttendanceSummaryRow',
    description: 'Totals of one employee over the range; equal to the sum of their daily entries',
  },
)
export type SummaryRowType = Static<typeof SummaryRow>

/** At most this many days of anomalies at a time: the list reads every punch of the range. */
export const MAX_ANOMALY_RANGE_DAYS = 62

export const AnomaliesQuery = Type.Object(
  {
    from: DateString('First day'),
    to: DateString(`Last day, included; at most ${MAX_ANOMALY_RANGE_DAYS} days from \`from\``),
    tz: Range.tz,
    user_id: Type.Optional(Id('Only this employee')),
    type: Type.Optional(anomalyFields.type),
    page: Type.Optional(PaginationQuery.page),
    page_size: Type.Optional(PaginationQuery.page_size),
  },
  { additionalProperties: false },
)
export type AnomaliesQueryType = Static<typeof AnomaliesQuery>

export const AnomalyRow = Type.Object(
  {
    user_id: Type.String(),
    full_name: Type.String(),
    date: Type.String({ format: 'date', description: 'The day the session belongs to (of its `in`)' }),
    ...anomalyFields,
    pending_correction_id: Nullable(
      Type.String({
        description:
          'A pending correction touching the session (for session_too_long, the closing one the company proposed or the employee’s answer to it)',
      }),
    ),
  },
  { $id: 'AttendanceAnomalyRow', description: 'An anomaly of one employee’s day' },
)
export type AnomalyRowType = Static<typeof AnomalyRow>

export const NowQuery = Type.Object(
  {
    department_id: Type.Optional(Id()),
    work_center_id: Type.Optional(Id()),
    page: Type.Optional(PaginationQuery.page),
    page_size: Type.Optional({
      ...PaginationQuery.page_size,
      description: 'Employees per page, 1 to 100 (default 25)',
    }),
  },
  { additionalProperties: false },
)
export type NowQueryType = Static<typeof NowQuery>

export const PresenceRow = Type.Object(
  {
    user_id: Type.String(),
    full_name: Type.String(),
    state: Type.Union(
      [
        Type.Literal('in'),
        Type.Literal('on_break'),
        Type.Literal('out'),
        Type.Literal('absent'),
        Type.Literal('holiday'),
        Type.Literal('off'),
      ],
      {
        description:
          'in or on_break while a session is under way (whatever else the day is); otherwise absent (an approved absence covers this moment: a full day, or an hourly one now), holiday, off (the schedule has no work today) or out',
      },
    ),
    since: Nullable(
      Type.String({
        format: 'date-time',
        description:
          'When the state began: the punch (in, on_break), the absence’s start (absent), today’s last clock-out (out; null when there was none today); null for holiday and off',
      }),
    ),
    modality: Type.Union([Type.Literal('onsite'), Type.Literal('remote'), Type.Null()], {
      description: 'The session’s modality while in or on a break; null otherwise',
    }),
  },
  { $id: 'PresenceRow' },
)
export type PresenceRowType = Static<typeof PresenceRow>
