import { Type, type Static } from 'typebox'
import { Id, Nullable, TimeZone } from '../../lib/schemas.js'
import {
  AnomalyTypeSchema,
  CredentialOriginSchema,
  DailyEntry,
  ModalitySchema,
  PunchTypeSchema,
  ToDateFields,
} from '../attendance/index.js'
import { Correction } from '../attendance/index.js'
import { OvertimeSection } from '../overtime/index.js'

/** A month of the years the calendar takes (1900 to 9998, see lib/calendar): YYYY-MM. */
export const MONTH_PATTERN = '^(19[0-9]{2}|[2-8][0-9]{3}|9[0-8][0-9]{2}|99[0-8][0-9]|999[0-8])-(0[1-9]|1[0-2])$'

export const MonthString = (description: string) =>
  Type.String({
    pattern: MONTH_PATTERN,
    description: `${description} (YYYY-MM, years 1900 to 9998)`,
    examples: ['2026-10'],
  })

export const ReportFormat = Type.Union([Type.Literal('json'), Type.Literal('csv'), Type.Literal('pdf')], {
  description: 'Overrides the Accept header: json (default), csv or pdf',
})

export const MonthlyReportQuery = Type.Object(
  {
    user_id: Id('Employee'),
    month: MonthString('Month'),
    tz: Type.Optional(TimeZone('IANA time zone used to group punches into days (default: the company’s)')),
    format: Type.Optional(ReportFormat),
  },
  { additionalProperties: false },
)
export type MonthlyReportQueryType = Static<typeof MonthlyReportQuery>

export const ExportQuery = Type.Object(
  {
    month: MonthString('Month'),
    format: Type.Optional(Type.Literal('csv', { description: 'csv, the only format of the export' })),
    tz: Type.Optional(TimeZone('IANA time zone used to group punches into days (default: the company’s)')),
    status: Type.Optional(
      Type.Union([Type.Literal('active'), Type.Literal('disabled')], {
        description: 'Only employees in this status (default: all)',
      }),
    ),
    department_id: Type.Optional(Id()),
    work_center_id: Type.Optional(Id()),
  },
  { additionalProperties: false },
)
export type ExportQueryType = Static<typeof ExportQuery>

export const SignBody = Type.Object(
  { month: MonthString('The month to sign; it must have ended') },
  { additionalProperties: false },
)
export type SignBodyType = Static<typeof SignBody>

const SpanSchema = Type.Object({
  start: Type.String({ format: 'date-time' }),
  end: Nullable(Type.String({ format: 'date-time', description: 'null while open' })),
})

const ReportDay = Type.Object({
  date: Type.String({ format: 'date' }),
  is_workday: Type.Boolean(),
  holiday: DailyEntry.properties.holiday,
  absences: Type.Array(
    Type.Object({
      type: Type.String({ description: 'Absence type key' }),
      label: Type.String(),
      start_time: Nullable(Type.String({ description: 'HH:MM of an hourly absence; null for the whole day' })),
      end_time: Nullable(Type.String()),
    }),
    { description: 'Approved absences on the day' },
  ),
  sessions: Type.Array(
    Type.Object({ ...SpanSchema.properties, modality: ModalitySchema, breaks: Type.Array(SpanSchema) }),
    {
      description: 'Work sessions that began this day, from its effective punches',
    },
  ),
  modality: ModalitySchema,
  worked_minutes: Type.Integer(),
  expected_minutes: Type.Integer(),
  balance_minutes: Type.Integer(),
  overtime_minutes: Type.Integer({
    description:
      'The overtime counted on the day on the month’s basis (the day’s positive balance on a daily basis; the week’s on its Sunday, weekly; the month’s on its last day, monthly), as its lots count it. Overtime only: a part-timer’s hours up to full time are complementary_minutes',
  }),
  complementary_minutes: Type.Integer({
    description:
      'A part-timer’s complementary hours counted on the day, on the same basis: their hours beyond their schedule up to the company’s full-time week (art. 12.4.c, 12.5 ET); 0 for a full-timer',
  }),
  corrected: Type.Boolean({
    description: 'An approved correction added or moved a punch of the day, or voided or moved one away from it',
  }),
  anomalies: Type.Array(AnomalyTypeSchema, {
    description:
      'The kinds of the day’s anomalies, as attendance.list gives them (the limits of the working day and week: art. 34.3, 34.4, 36.1 and 37.1 ET). They flag the record and never change it; they are judged with the company’s settings as they are now, so a signature does not cover them',
  }),
  company_issued_punches: Type.Optional(
    Type.Array(Type.String({ format: 'date-time' }), {
      description:
        'Only on days that have any: the instants of the day’s punches the worker made with a credential the company issued and they had not replaced (`credential_origin: "company_issued"` in the punch log): someone else may have made them. Not covered by a signature',
    }),
  ),
})

export const Totals = Type.Object({
  worked_minutes: Type.Integer(),
  expected_minutes: Type.Integer(),
  balance_minutes: Type.Integer(),
  overtime_minutes: Type.Integer({ description: 'Sum of the days’ overtime_minutes' }),
  complementary_minutes: Type.Integer({
    description:
      'Sum of the days’ complementary_minutes: ordinary and complementary hours totalled apart, as art. 12.4.c ET requires of a part-timer’s record',
  }),
  worked_days: Type.Integer(),
  expected_days: Type.Integer(),
})

export const Signature = Type.Object(
  {
    id: Type.String(),
    user_id: Type.String(),
    month: Type.String(),
    time_zone: Type.String({ description: 'The zone of the signed record' }),
    sha256: Type.String({
      description: 'SHA-256 (hex) of the canonical JSON of { user_id, month, time_zone, days, totals } as signed',
    }),
    signed_at: Type.String({ format: 'date-time' }),
    status: Type.Union([Type.Literal('valid'), Type.Literal('superseded')], {
      description:
        "'valid' while the record still hashes to `sha256`; 'superseded' once a later change (an approved correction, an absence recorded afterwards) altered it. Kept either way.",
    }),
    superseded_by: Nullable(
      Type.String({
        description:
          'What changed the month after the signature: the approved correction (cor_…) or the absence recorded afterwards (abs_…) decided last',
      }),
    ),
    credential_origin: Type.Optional({
      ...CredentialOriginSchema,
      description:
        'Present, as `company_issued`, when the worker signed with a credential the company issued and they had not replaced: someone else may have signed. Absent: their own credential',
    }),
  },
  { $id: 'MonthSignature' },
)

export const MonthlyReport = Type.Object(
  {
    user_id: Type.String(),
    month: Type.String(),
    time_zone: Type.String(),
    worker: Type.Object({
      id: Type.String(),
      full_name: Type.String(),
      dni: Nullable(
        Type.String({
          description:
            'Shown to the worker, administrators and HR through a key with users.sensitive; null otherwise (and always to inspector keys)',
        }),
      ),
    }),
    language: Type.Union([Type.Literal('es'), Type.Literal('en')], {
      description: 'The company’s language, which the PDF is written in',
    }),
    company: Type.Object({
      name: Type.String({
        description: 'The worker’s employing company (company_name), else the company’s legal_name, else its name',
      }),
      cif: Nullable(Type.String({ description: 'The worker’s company_cif, else the company’s cif' })),
      work_center: Nullable(
        Type.Object({ id: Type.String(), name: Type.String() }, { description: 'The worker’s work center' }),
      ),
    }),
    days: Type.Array(ReportDay, {
      description: 'Every day of the month; the figures are exactly those of attendance.list',
    }),
    totals: Totals,
    // Beside totals, not in them: they change with the moment of reading, and a signature covers totals.
    ...ToDateFields,
    corrections: Type.Array(
      Type.Object({
        ...Correction.properties,
        proposed_by_name: Nullable(
          Type.String({ description: 'The proposer’s name; the company’s for a proposal it made by its policy' }),
        ),
        decided_by_name: Nullable(Type.String()),
        effects: Type.Array(
          Type.Object({
            action: Type.Union([Type.Literal('add'), Type.Literal('move'), Type.Literal('void')]),
            type: PunchTypeSchema,
            from: Nullable(
              Type.String({ format: 'date-time', description: 'Where the moved or voided punch was; null for add' }),
            ),
            to: Nullable(Type.String({ format: 'date-time', description: 'Where the punch goes; null for void' })),
          }),
          { description: 'What each change does, in the order of `changes`: a moved punch from where to where' },
        ),
      }),
      { description: 'Corrections touching the month, in any status, in the order proposed, with their trail' },
    ),
    chain_head: Nullable(
      Type.Object(
        { seq: Type.Integer(), hash: Type.String() },
        { description: 'The last link of the worker’s hash chain when the report was built' },
      ),
    ),
    generated_at: Type.String({ format: 'date-time' }),
    overtime: OvertimeSection,
    content_sha256: Type.String({
      description:
        'SHA-256 of the canonical JSON of { user_id, month, time_zone, days, totals }: equal to signature.sha256 while the signed record is unchanged',
    }),
    signature: Nullable(
      Type.Object(Signature.properties, {
        description: 'The worker’s latest signature of the month; null when never signed',
      }),
    ),
  },
  { $id: 'MonthlyReport', description: 'The monthly working-time record of a worker' },
)
export type MonthlyReportType = Static<typeof MonthlyReport>
export type SignatureType = Static<typeof Signature>

export const CompanyReportQuery = Type.Object(
  {
    month: MonthString('Month'),
    tz: Type.Optional(TimeZone('IANA time zone used to group punches into days (default: the company’s)')),
    department_id: Type.Optional(Id()),
    work_center_id: Type.Optional(Id()),
    format: Type.Optional(ReportFormat),
  },
  { additionalProperties: false },
)
export type CompanyReportQueryType = Static<typeof CompanyReportQuery>

export const CompanyReport = Type.Object(
  {
    month: Type.String(),
    time_zone: Type.String(),
    language: Type.Union([Type.Literal('es'), Type.Literal('en')]),
    company: Type.Object({ name: Type.String(), cif: Nullable(Type.String()) }),
    employees: Type.Array(
      Type.Object({ user_id: Type.String(), full_name: Type.String(), ...Totals.properties, ...ToDateFields }),
      {
        description:
          'Every employee employed on a day of the month (or who worked in it) that the caller may see, in name order: the month’s totals and figures to date only, no punches, no absence types, no personal data',
      },
    ),
    totals: Type.Object({ ...Totals.properties, ...ToDateFields }),
    generated_at: Type.String({ format: 'date-time' }),
  },
  {
    $id: 'CompanyReport',
    // docs/decisions/0019-representatives-and-record-export.md
    description:
      'The company’s monthly totals: what workers’ representatives, administrators, HR and inspector keys read for the whole company',
  },
)
export type CompanyReportType = Static<typeof CompanyReport>
