/** The monthly record and the company's totals in each of their forms, for the API and the command line alike. */
import { COMPANY_CSV_HEADER, companyCsvRecordOf } from './company-report.logic.js'
import { renderCompanyReportPdf } from './company-report-pdf.js'
import { CSV_HEADER, csvRecordOf, overtimeCells } from './monthly-report.logic.js'
import { CSV_CONTENT_TYPE, csvText } from '../../lib/csv.js'
import { renderMonthlyReportPdf } from './report-pdf.js'
import type { CompanyReportType, MonthlyReportType } from './reports.schemas.js'

export type ReportFormat = 'json' | 'csv' | 'pdf'

export interface RenderedReport {
  contentType: string
  body: string | Buffer
  filename: string
}

export async function renderMonthlyReport(report: MonthlyReportType, format: ReportFormat): Promise<RenderedReport> {
  const name = `jornada-${report.month}-${report.user_id}`
  switch (format) {
    case 'json':
      return {
        contentType: 'application/json; charset=utf-8',
        body: `${JSON.stringify({ data: report }, null, 2)}\n`,
        filename: `${name}.json`,
      }
    case 'csv': {
      const worker = { id: report.user_id, full_name: report.worker.full_name }
      const overtime = overtimeCells(report.overtime)
      return {
        contentType: CSV_CONTENT_TYPE,
        body: csvText(
          CSV_HEADER,
          report.days.map((day) => csvRecordOf(worker, day, report.time_zone, overtime)),
        ),
        filename: `${name}.csv`,
      }
    }
    case 'pdf':
      return { contentType: 'application/pdf', body: await renderMonthlyReportPdf(report), filename: `${name}.pdf` }
  }
}

/** The company's totals as CSV (a row per employee, then none for the total: a sheet sums it) or PDF. */
export async function renderCompanyReport(
  report: CompanyReportType,
  format: Exclude<ReportFormat, 'json'>,
): Promise<RenderedReport> {
  const name = `jornada-${report.month}-company`
  if (format === 'pdf')
    return { contentType: 'application/pdf', body: await renderCompanyReportPdf(report), filename: `${name}.pdf` }
  return {
    contentType: CSV_CONTENT_TYPE,
    body: csvText(COMPANY_CSV_HEADER, report.employees.map(companyCsvRecordOf)),
    filename: `${name}.csv`,
  }
}
