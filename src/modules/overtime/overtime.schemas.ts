import { type Static, Type } from 'typebox'
import { Id, Nullable, PaginationQuery } from '../../lib/schemas.js'

const Month = (description: string) =>
  Type.String({
    pattern: '^[0-9]{4}-(0[1-9]|1[0-2])$',
    description,
    examples: ['2026-03'],
    'x-messages': { pattern: 'must be a month written YYYY-MM, e.g. 2026-03' },
  })
const LotKind = Type.Union([Type.Literal('overtime'), Type.Literal('complementary')], {
  description:
    'overtime (art. 35 ET), or complementary: a part-timer’s hours beyond their schedule up to the company’s full-time week (art. 12.4.c, 12.5 ET), which are not overtime: never toward the annual cap, paid as ordinary hours. Each kind of a month is its own lot',
})
const LotStatus = Type.Union([Type.Literal('pending'), Type.Literal('approved')], {
  description:
    'A lot is a fact of the record, never rejected (art. 35 ET): pending until approved with its compensation',
})

export const OvertimeLot = Type.Object(
  {
    id: Type.String(),
    user_id: Type.String(),
    month: Type.String({ description: 'YYYY-MM: the month the overtime was worked' }),
    kind: LotKind,
    minutes: Type.Integer({
      description:
        'Overtime minutes of the month on the company’s basis. A pending lot follows the record; a decided one never changes. An adjustment (adjusts not null) may be negative',
    }),
    days: Type.Array(
      Type.Object({
        date: Type.String({
          format: 'date',
          description: 'The day (daily basis), the ISO week’s Sunday (weekly) or the month’s last day (monthly)',
        }),
        minutes: Type.Integer({
          description: 'Overtime counted on it; negative in an adjustment that takes minutes away',
        }),
      }),
      {
        description:
          'When the lot’s minutes were worked (art. 35.1 ET), in date order: its deadlines run from the first. Empty for a lot proposed before lots kept their days, whose deadlines run from the end of its month',
      },
    ),
    basis: Type.Union([Type.Literal('daily'), Type.Literal('weekly'), Type.Literal('monthly')], {
      description:
        'The basis the month was counted on: the company’s when its first lot was proposed, kept by its adjustments if the policy changes',
    }),
    status: LotStatus,
    compensation: Type.Union([Type.Literal('rest'), Type.Literal('pay'), Type.Null()], {
      description: 'rest or pay, set when the lot is approved (null while pending)',
    }),
    force_majeure: Type.Boolean({
      description: 'Approved as force majeure (art. 35.3): outside the annual cap and allowed to anyone',
    }),
    compensate_by: Type.String({
      format: 'date',
      description:
        'When the hours were worked (the first of days[]) plus the employee’s comp_expiry, the same day number (5 October with P4M: 5 February): rest must be taken by then (art. 35.1 ET). An adjustment gets at least that long from the end of the month it was proposed in',
    }),
    rested_minutes: Type.Integer({
      description:
        'Rest taken for it through approved overtime_rest absences whose last day has passed (in the company’s zone): rest counts once taken',
    }),
    scheduled_rest_minutes: Type.Integer({
      description: 'Rest approved for it on days still to come: it counts as rested once its last day has passed',
    }),
    paid_minutes: Type.Integer({ description: 'Paid, through POST /overtime/lots/{id}/pay' }),
    owed_minutes: Type.Integer({
      description: 'Still to be compensated: minutes less rest taken or scheduled and pay made (0 unless approved)',
    }),
    overdue: Type.Boolean({ description: 'A rest lot past compensate_by with rest still owed' }),
    adjusts: Nullable(Type.String(), {
      description: 'For a later change of a month already decided, the id of the month’s first lot',
    }),
    decided_by: Nullable(Type.String(), {
      description: 'Who approved it; "company" when approved by the automatic policy or as a reduction',
    }),
    decided_at: Nullable(Type.String({ format: 'date-time' })),
    created_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'OvertimeLot', description: 'Decision notes are stored but never returned' },
)
export type OvertimeLotType = Static<typeof OvertimeLot>

export const ListLotsQuery = Type.Object(
  {
    user_id: Type.Optional(Id()),
    from: Type.Optional(Month('First month, included')),
    to: Type.Optional(Month('Last month, included')),
    status: Type.Optional(LotStatus),
    kind: Type.Optional(LotKind),
    page: Type.Optional(PaginationQuery.page),
    page_size: Type.Optional(PaginationQuery.page_size),
  },
  { additionalProperties: false },
)
export type ListLotsQueryType = Static<typeof ListLotsQuery>

export const LotIdParams = Type.Object({ lot_id: Id() }, { additionalProperties: false })

export const DecideLotBody = Type.Object(
  {
    decision: Type.Literal('approved', {
      description:
        'Only approved: hours worked beyond the ordinary day were worked (art. 35 ET). Hours in dispute are a correction of the time record, which the lot follows (a pending lot changes its minutes; an approved month gets an adjustment lot)',
    }),
    compensation: Type.Optional(
      Type.Union([Type.Literal('rest'), Type.Literal('pay')], {
        description:
          'How an approved lot is compensated; default the employee’s terms (required when they are mixed). A complementary lot is paid as ordinary hours (art. 12.5.h ET): pay, its default, only',
      }),
    ),
    force_majeure: Type.Optional(
      Type.Boolean({
        default: false,
        description:
          'Work to prevent or repair extraordinary and urgent damage (art. 35.3): not counted toward the cap, and the one overtime night workers and part-time employees may do (minors none, art. 6.3). Not for a complementary lot, which is not overtime',
      }),
    ),
    note: Type.Optional(Type.String({ maxLength: 2000, description: 'Decision note (never returned)' })),
  },
  { additionalProperties: false },
)
export type DecideLotBodyType = Static<typeof DecideLotBody>

export const PayLotBody = Type.Object(
  {
    minutes: Type.Integer({ minimum: 1, maximum: 100_000, description: 'At most what the lot still owes' }),
    payroll_month: Month('The payroll (YYYY-MM) the minutes are paid in; not before the lot’s month'),
  },
  { additionalProperties: false },
)
export type PayLotBodyType = Static<typeof PayLotBody>

/** A year's complementary hours against the pact (art. 12.5 ET), in the balance and the monthly report. */
const ComplementaryYear = {
  complementary_minutes: Type.Integer({
    description:
      'The year’s complementary hours (art. 12.5 ET), pending and approved: a part-timer’s hours beyond their schedule up to the company’s full-time week',
  }),
  complementary_limit_minutes: Type.Integer({
    description:
      'What the pact allows: (complementary_pact_percent + complementary_voluntary_percent) % of the year’s ordinary hours of the contract (their schedule’s week over the year’s weeks, reduced for days not employed as the cap is)',
  }),
  over_pact_minutes: Type.Integer({
    description:
      'complementary_minutes beyond complementary_limit_minutes: flagged, never refused (the hours were worked). With no pact, every complementary minute',
  }),
  pact_below_minimum_hours: Type.Boolean({
    description:
      'A pact (complementary_pact_percent > 0) on a schedule of less than 10 hours a week: art. 12.5.a ET allows none. Flagged, never refused',
  }),
}

export const BalanceQuery = Type.Object(
  {
    user_id: Type.Optional(Id('Default: the caller')),
    year: Type.Optional(
      Type.Integer({ minimum: 1900, maximum: 9998, description: 'Calendar year (default: this year)' }),
    ),
  },
  { additionalProperties: false },
)
export type BalanceQueryType = Static<typeof BalanceQuery>

export const OvertimeBalance = Type.Object(
  {
    user_id: Type.String(),
    year: Type.Integer(),
    owed_rest_minutes: Type.Integer({
      description: 'Rest still owed today on approved rest lots of any year (overdue included)',
    }),
    overdue_minutes: Type.Integer({ description: 'Of owed_rest_minutes, what is past its lot’s compensate_by' }),
    next_deadline: Nullable(Type.String({ format: 'date' }), {
      description: 'The earliest compensate_by of a lot that still owes rest and is not overdue',
    }),
    owed_pay_minutes: Type.Integer({ description: 'Approved pay overtime lots of any year not paid yet' }),
    pending_minutes: Type.Integer({ description: 'Minutes of the year’s overtime lots waiting for a decision' }),
    approved_minutes: Type.Integer({ description: 'Minutes of the year’s approved overtime lots' }),
    paid_minutes: Type.Integer({ description: 'Paid on the year’s overtime lots' }),
    rested_minutes: Type.Integer({ description: 'Rest taken for the year’s lots, on days that have passed' }),
    scheduled_rest_minutes: Type.Integer({
      description: 'Rest approved for the year’s lots on days still to come (today included)',
    }),
    counted_toward_cap_minutes: Type.Integer({
      description:
        'The year’s minutes the annual cap counts (art. 35.2): approved as pay, paid, and rest not taken within four months of when the hours were worked; never force majeure',
    }),
    at_risk_minutes: Type.Integer({
      description:
        'The year’s minutes that will count toward the cap unless rested in time: pending lots, and rest still owed within the four months',
    }),
    over_cap_minutes: Type.Integer({
      description:
        'counted_toward_cap_minutes beyond cap_minutes: flagged, never refused (the hours were worked and are owed)',
    }),
    violation_minutes: Type.Integer({
      description:
        'The year’s overtime worked as a minor (art. 6.3 ET forbids it, force majeure included): its lots stay pending and are paid as wages due',
    }),
    cap_minutes: Type.Integer({
      description: 'The annual cap: the company’s annual_cap_hours, pro rata for a part-time schedule',
    }),
    ...ComplementaryYear,
  },
  {
    $id: 'OvertimeBalance',
    description:
      'The year’s overtime (lots of kind overtime) and, apart, a part-timer’s complementary hours (art. 12.5 ET), which are not overtime',
  },
)
export type OvertimeBalanceType = Static<typeof OvertimeBalance>

/** The overtime part of a worker's monthly record (art. 35.5 ET). */
export const OvertimeSection = Type.Object(
  {
    basis: Type.Union([Type.Literal('daily'), Type.Literal('weekly'), Type.Literal('monthly')], {
      description:
        'The basis the month’s overtime is counted on: that of its lots, else the company’s. The report’s daily and total overtime follow it',
    }),
    violation_minutes: Type.Integer({
      description: 'Of this month’s lots, the minutes worked as a minor (art. 6.3 ET forbids them any overtime)',
    }),
    lots: Type.Array(Type.Object({ ...OvertimeLot.properties }), {
      description:
        'The lots of this month (its first lot and any adjustment); none until the month has ended, or when it had no overtime',
    }),
    owed_rest: Type.Array(
      Type.Object({
        lot_id: Type.String(),
        month: Type.String({ description: 'The month the overtime was worked' }),
        owed_minutes: Type.Integer(),
        compensate_by: Type.String({ format: 'date' }),
        overdue: Type.Boolean(),
      }),
      { description: 'Rest still owed when the report was generated, on lots of any month, due first first' },
    ),
    year: Type.Object(
      {
        year: Type.Integer(),
        approved_minutes: Type.Integer(),
        counted_toward_cap_minutes: Type.Integer({
          description: 'Counts toward the annual cap (art. 35.2 ET): paid, or rest not taken within four months',
        }),
        at_risk_minutes: Type.Integer({
          description:
            'May still count toward the cap: pending, or rest still owed within the four months (art. 35.2 ET)',
        }),
        cap_minutes: Type.Integer(),
        over_cap_minutes: Type.Integer({ description: 'Counted beyond the cap: flagged, never refused' }),
        violation_minutes: Type.Integer({ description: 'The year’s overtime worked as a minor (art. 6.3 ET)' }),
        part_time: Type.Boolean({
          description:
            'A schedule below the company’s full-time week in the report’s month (art. 12 ET): their extra hours are complementary hours, and overtime only in force majeure (art. 12.4.c)',
        }),
        ...ComplementaryYear,
      },
      { description: 'The report’s year toward the annual cap, and a part-timer’s complementary hours' },
    ),
  },
  {
    // The art. 35.5 summary of docs/decisions/0018-overtime.md.
    description:
      'Overtime (art. 35 ET): the summary handed to the worker with the month’s record. Not part of the signed content: decisions on lots do not supersede a signature',
  },
)
export type OvertimeSectionType = Static<typeof OvertimeSection>

export const OvertimeReportQuery = Type.Object(
  {
    month: Month('The month the overtime was worked, YYYY-MM'),
    department_id: Type.Optional(Id()),
    work_center_id: Type.Optional(Id()),
    format: Type.Optional(
      Type.Union([Type.Literal('json'), Type.Literal('csv'), Type.Literal('pdf')], {
        description: 'Overrides the Accept header',
      }),
    ),
  },
  { additionalProperties: false },
)
export type OvertimeReportQueryType = Static<typeof OvertimeReportQuery>

const OvertimeReportFigures = {
  pending_minutes: Type.Integer({ description: 'The month’s overtime waiting for a decision' }),
  approved_minutes: Type.Integer({ description: 'Approved (adjustments included)' }),
  force_majeure_minutes: Type.Integer({ description: 'Of approved_minutes, approved as force majeure (art. 35.3)' }),
  rest_minutes: Type.Integer({ description: 'Of approved_minutes, compensated by rest' }),
  pay_minutes: Type.Integer({ description: 'Of approved_minutes, compensated by pay' }),
  rested_minutes: Type.Integer({ description: 'Rest taken so far for the month’s lots, on days that have passed' }),
  scheduled_rest_minutes: Type.Integer({ description: 'Rest approved for the month’s lots on days still to come' }),
  paid_minutes: Type.Integer({ description: 'Paid so far for the month’s lots' }),
  owed_minutes: Type.Integer({ description: 'Still to be compensated, by rest or pay' }),
  overdue_minutes: Type.Integer({ description: 'Of owed_minutes, rest past its deadline' }),
  violation_minutes: Type.Integer({
    description:
      'The month’s overtime of a minor (art. 6.3 ET forbids it, force majeure included): recorded, payable as wages due, never approved',
  }),
  complementary_minutes: Type.Integer({
    description:
      'The month’s complementary hours of part-timers (art. 12.5 ET), pending and approved: not overtime, so in none of the figures above',
  }),
}

export const OvertimeReport = Type.Object(
  {
    month: Type.String(),
    basis: Type.Union([Type.Literal('daily'), Type.Literal('weekly'), Type.Literal('monthly')]),
    company: Type.Object(
      {
        name: Type.String({ description: 'The company’s legal name when it has one, else its name' }),
        cif: Nullable(Type.String({ description: 'The company’s tax id (CIF), when set' })),
      },
      { description: 'Whose report it is: the heading of the PDF' },
    ),
    language: Type.Union([Type.Literal('es'), Type.Literal('en')], {
      description: 'The company’s language, which the PDF and the CSV headers are written in',
    }),
    employees: Type.Array(
      Type.Object({
        user_id: Type.String(),
        full_name: Type.String(),
        ...OvertimeReportFigures,
        year_counted_toward_cap_minutes: Type.Integer({ description: 'The year so far toward the annual cap' }),
        year_at_risk_minutes: Type.Integer({
          description:
            'The year’s minutes that may still count toward the cap: pending, or rest still owed within the four months (art. 35.2 ET)',
        }),
        cap_minutes: Type.Integer(),
        year_over_cap_minutes: Type.Integer({
          description: 'The year so far beyond the annual cap (art. 35.2): flagged, never refused',
        }),
        lots: Type.Array(OvertimeLot, { description: 'The month’s lots: its first lot and any adjustment' }),
      }),
      { description: 'Every employee the caller may see with overtime in the month, in name order' },
    ),
    totals: Type.Object(OvertimeReportFigures),
    generated_at: Type.String({ format: 'date-time' }),
  },
  {
    $id: 'OvertimeReport',
    description:
      'The month’s overtime per employee and its compensation: what workers’ representatives are told every month (RD 1561/1995, additional provision 3)',
  },
)
export type OvertimeReportType = Static<typeof OvertimeReport>
