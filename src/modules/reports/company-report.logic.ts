/**
 * The company's monthly totals (docs/decisions/0019-representatives-and-record-export.md): one row
 * per employee with the month's totals and nothing else, the figures workers' representatives
 * receive. Pure: the rows come from the same report days as the monthly record, so the two never
 * disagree.
 */
import { summed } from '../../lib/sums.js'
import { noTotals, type ReportDay, type ReportTotals, totalsOf } from './monthly-report.logic.js'

export interface CompanyReportRow extends ReportTotals {
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
] as const

export function companyRowOf(
  employee: { id: string; full_name: string },
  days: readonly ReportDay[],
): CompanyReportRow {
  return { user_id: employee.id, full_name: employee.full_name, ...totalsOf(days) }
}

/** The company's totals: the sum of its rows. */
export function companyTotalsOf(rows: readonly ReportTotals[]): ReportTotals {
  return summed(noTotals(), rows)
}

export function companyCsvRecordOf(row: CompanyReportRow): (string | number)[] {
  return COMPANY_CSV_HEADER.map((column) => row[column])
}
