/** The monthly record in each of its forms, for the API and the command line alike. */
import { csvRecordOf, overtimeCells } from './monthly-report.logic.js'
import { csvHeaderLine, csvLines } from './report-csv.js'
import { renderMonthlyReportPdf } from './report-pdf.js'
import type { MonthlyReportType } from './reports.schemas.js'

export type ReportFormat = 'json' | 'csv' | 'pdf'

export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8'

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
        body:
          csvHeaderLine() + csvLines(report.days.map((day) => csvRecordOf(worker, day, report.time_zone, overtime))),
        filename: `${name}.csv`,
      }
    }
    case 'pdf':
      return { contentType: 'application/pdf', body: await renderMonthlyReportPdf(report), filename: `${name}.pdf` }
  }
}
