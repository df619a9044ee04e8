/**
 * The company's monthly totals (docs/decisions/0019-representatives-and-record-export.md): one row
 * per employee with the month's totals and nothing else, the figures workers' representatives
 * receive. Pure: the rows come from the same report days as the monthly record, so the two never
 * disagree.
 */
import { summed } from '../../lib/sums.js'
import { noToDateFigures, type ToDateFigures, toDateFigures } from '../attendance/index.js'
import { noTotals, type ReportDay, type ReportTotals, totalsOf } from './monthly-report.logic.js'

/** A month's totals with its figures to date (the month's own once it has ended). */
export type CompanyTotals = ReportTotals & ToDateFigures

export interface CompanyReportRow extends CompanyTotals {
  user_id: string
  full_name: string
}

export const COMPANY_CSV_HEADER = [
  'user_id',
  'full_name',
  'worked_minutes',
  'expected_minutes',
  'balance_minutes',
  'overtime_minutes',
  'complementary_minutes',
  'worked_days',
  'expected_days',
  'expected_to_date_minutes',
  'balance_to_date_minutes',
] as const

/** `today`: the date in the report's zone at the moment of reading, for the figures to date. */
export function companyRowOf(
  employee: { id: string; full_name: string },
  days: readonly ReportDay[],
  today: string,
): CompanyReportRow {
  return { user_id: employee.id, full_name: employee.full_name, ...totalsOf(days), ...toDateFigures(days, today) }
}

/** The company's totals: the sum of its rows. */
export function companyTotalsOf(rows: readonly CompanyTotals[]): CompanyTotals {
  return summed({ ...noTotals(), ...noToDateFigures() }, rows)
}

export function companyCsvRecordOf(row: CompanyReportRow): (string | number)[] {
  return COMPANY_CSV_HEADER.map((column) => row[column])
}
