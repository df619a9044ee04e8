/**
 * A company's overtime policy and an employee's own terms (docs/decisions/0018-overtime.md,
 * Workers' Statute art. 35): the shapes, the defaults the law falls back on, and how a period of
 * months is written. Shared by the company settings, the users and the overtime rules; no I/O.
 */
import { type Static, Type } from 'typebox'
import { Nullable } from './schemas.js'

/** The law's ceiling (art. 35.2): eighty hours a year; a company may set less, never more. */
export const LEGAL_ANNUAL_CAP_HOURS = 80
/** Two years: far beyond any collective agreement's period for resting overtime off. */
export const MAX_COMP_EXPIRY_MONTHS = 24

/** The policy as the company's columns hold it (db/schema.ts takes its types from here). */
export interface OvertimePolicy {
  overtime_basis: OvertimeBasis
  overtime_compensation: OvertimeCompensation
  /** ISO 8601 months, e.g. P4M. */
  overtime_comp_expiry: string
  overtime_annual_cap_hours: number
  overtime_approval: OvertimeApproval
}

/** What the law says when nothing is agreed: rest within the four months after (art. 35.1). */
export const DEFAULT_OVERTIME_POLICY: OvertimePolicy = {
  overtime_basis: 'daily',
  overtime_compensation: 'rest',
  overtime_comp_expiry: 'P4M',
  overtime_annual_cap_hours: LEGAL_ANNUAL_CAP_HOURS,
  overtime_approval: 'manual',
}

/** `P<n>M`, 1 to 24 months: the one form a period of compensation takes. */
export const MONTHS_PATTERN = '^P([1-9]|1[0-9]|2[0-4])M$'

/** The months of a `P<n>M` period, or null when it is not one. */
export function monthsOf(period: string): number | null {
  return new RegExp(MONTHS_PATTERN).test(period) ? Number(period.slice(1, -1)) : null
}

const Basis = Type.Union([Type.Literal('daily'), Type.Literal('weekly'), Type.Literal('monthly')], {
  description:
    'How overtime is counted: daily (the positive part of each day’s balance, the default), weekly (each ISO week’s net balance, in the month of the week’s last day) or monthly (the month’s net balance)',
})
const Compensation = Type.Union([Type.Literal('rest'), Type.Literal('pay'), Type.Literal('mixed')], {
  description: 'rest (paid time off, the law’s fallback), pay, or mixed (decided lot by lot)',
})
const CompExpiry = Type.String({
  pattern: MONTHS_PATTERN,
  description: `Within how many months after the end of a lot’s month its rest must be taken: an ISO 8601 period of whole months, P1M to P${MAX_COMP_EXPIRY_MONTHS}M (default P4M, art. 35.1)`,
  'x-messages': {
    pattern: `must be a period of whole months written P<n>M, from P1M to P${MAX_COMP_EXPIRY_MONTHS}M, e.g. P4M`,
  },
})
const AnnualCap = Type.Integer({
  minimum: 0,
  maximum: LEGAL_ANNUAL_CAP_HOURS,
  description:
    'Overtime hours an employee may have approved in a year (pro rata for part-time; rest taken within four months and force majeure do not count); at most the law’s 80',
})
const Approval = Type.Union([Type.Literal('manual'), Type.Literal('automatic')], {
  description:
    'manual (HR or an administrator decides each lot, the default) or automatic (lots are approved as proposed, within the cap)',
})

/** The values each part takes, from the schemas that validate them: one list of each. */
export type OvertimeBasis = Static<typeof Basis>
export type OvertimeCompensation = Static<typeof Compensation>
export type OvertimeApproval = Static<typeof Approval>

export const OvertimePolicySchema = Type.Object(
  {
    basis: Basis,
    compensation: Compensation,
    comp_expiry: Type.String({ description: 'ISO 8601 months, e.g. P4M' }),
    annual_cap_hours: Type.Integer(),
    approval: Approval,
  },
  { description: 'Overtime (Workers’ Statute art. 35): how it is counted, compensated, capped and decided' },
)
export type OvertimePolicyType = Static<typeof OvertimePolicySchema>

export const UpdateOvertimePolicy = Type.Object(
  {
    basis: Type.Optional(Basis),
    compensation: Type.Optional(Compensation),
    comp_expiry: Type.Optional(CompExpiry),
    annual_cap_hours: Type.Optional(AnnualCap),
    approval: Type.Optional(Approval),
  },
  { additionalProperties: false, description: 'Partial: the parts sent change, the others keep their value' },
)
export type UpdateOvertimePolicyType = Static<typeof UpdateOvertimePolicy>

export function overtimePolicyToApi(policy: OvertimePolicy): OvertimePolicyType {
  return {
    basis: policy.overtime_basis,
    compensation: policy.overtime_compensation,
    comp_expiry: policy.overtime_comp_expiry,
    annual_cap_hours: policy.overtime_annual_cap_hours,
    approval: policy.overtime_approval,
  }
}

/** The columns a partial update of the policy changes. */
export function overtimePolicyPatch(update: UpdateOvertimePolicyType): Partial<OvertimePolicy> {
  return {
    ...(update.basis !== undefined ? { overtime_basis: update.basis } : {}),
    ...(update.compensation !== undefined ? { overtime_compensation: update.compensation } : {}),
    ...(update.comp_expiry !== undefined ? { overtime_comp_expiry: update.comp_expiry } : {}),
    ...(update.annual_cap_hours !== undefined ? { overtime_annual_cap_hours: update.annual_cap_hours } : {}),
    ...(update.approval !== undefined ? { overtime_approval: update.approval } : {}),
  }
}

/** An employee's own terms (the contract's two user fields): null follows the company. */
export const UserOvertimeCompensation = Type.Union(
  [Type.Literal('rest'), Type.Literal('pay'), Type.Literal('mixed'), Type.Null()],
  { description: 'How this employee’s overtime is compensated: rest, pay or mixed; null follows the company’s policy' },
)
export const UserOvertimeCompExpiry = Nullable(CompExpiry, {
  description: `Within how many months after a lot’s month this employee’s rest is due (P1M to P${MAX_COMP_EXPIRY_MONTHS}M); null follows the company’s policy`,
})
