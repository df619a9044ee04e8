/**
 * The representatives' monthly overtime report (RD 1561/1995, additional provision 3;
 * docs/decisions/0023-daily-limits-and-real-life.md) as CSV and as one A4 PDF/A-2b document, both
 * in the company's language: the company's legal name and CIF at the head of the PDF, a row per
 * employee, the totals, and what the law flags (over the annual cap, a minor's overtime, rest not
 * taken in time). The PDF's building blocks are the service's (lib/pdf-document.ts).
 */
import { DateTime } from 'luxon'
import { CSV_CONTENT_TYPE, csvText } from '../../lib/csv.js'
import {
  BOLD,
  type Column,
  FONT,
  heading,
  hoursAndMinutes,
  line,
  pageFooters,
  startPdf,
  table,
} from '../../lib/pdf-document.js'
import { OVERTIME_REPORT_CSV_HEADER } from './overtime.logic.js'
import { OVERTIME_CSV_HEADINGS, OVERTIME_REPORT_WORDS } from './overtime-report-words.js'
import type { OvertimeReportType } from './overtime.schemas.js'

export interface RenderedOvertimeReport {
  contentType: string
  body: string | Buffer
  filename: string
}

type Figures = OvertimeReportType['totals']
type Row = OvertimeReportType['employees'][number]

/** Each table: the worker's name and six figures, 523 points (A4 less the margins). */
const COLUMNS: readonly Column[] = [
  { width: 145, align: 'left' },
  ...Array.from({ length: 6 }, (): Column => ({ width: 63, align: 'right' })),
]

/** The report as CSV or PDF; `timeZone` (the company's) is the one its moment of generation is told in. */
export async function renderOvertimeReport(
  report: OvertimeReportType,
  format: 'csv' | 'pdf',
  timeZone: string,
): Promise<RenderedOvertimeReport> {
  const name = `jornada-${report.month}-overtime`
  if (format === 'pdf')
    return { contentType: 'application/pdf', body: await overtimeReportPdf(report, timeZone), filename: `${name}.pdf` }
  const headings = OVERTIME_CSV_HEADINGS[report.language]
  return {
    contentType: CSV_CONTENT_TYPE,
    body: csvText(
      OVERTIME_REPORT_CSV_HEADER.map((column) => headings[column]),
      report.employees.map((e) => OVERTIME_REPORT_CSV_HEADER.map((column) => e[column])),
    ),
    filename: `${name}.csv`,
  }
}

/** The month's hours: proposed, approved (force majeure among them), how compensated, and complementary hours apart. */
function hoursCells(f: Figures): string[] {
  return [
    f.pending_minutes,
    f.approved_minutes,
    f.force_majeure_minutes,
    f.rest_minutes,
    f.pay_minutes,
    f.complementary_minutes,
  ].map(hoursAndMinutes)
}

/** What has been compensated and what is owed; the year toward the cap is the employee's, not summed. */
function compensationCells(f: Figures): string[] {
  return [f.rested_minutes, f.scheduled_rest_minutes, f.paid_minutes, f.owed_minutes, f.overdue_minutes].map(
    hoursAndMinutes,
  )
}

async function overtimeReportPdf(report: OvertimeReportType, timeZone: string): Promise<Buffer> {
  const words = OVERTIME_REPORT_WORDS[report.language]
  const company = report.company
  const { doc, done } = await startPdf(words.pdfLang, {
    Title: `${words.title} ${report.month} — ${company.name}`,
    Author: company.name,
    Subject: words.title,
  })
  const monthName = DateTime.fromISO(`${report.month}-01`, { zone: 'UTC' })
    .setLocale(words.locale)
    .toFormat('LLLL yyyy')
  doc.font(BOLD).fontSize(15).text(words.title)
  doc.font(FONT).fontSize(9).fillColor('#444').text(words.law).fillColor('black').moveDown(0.5)
  line(doc, words.company, `${company.name}${company.cif ? ` · CIF ${company.cif}` : ''}`)
  line(doc, words.month, `${monthName} · ${words.basisLabel} ${words.basis[report.basis]}`)
  line(
    doc,
    words.generated,
    `${DateTime.fromISO(report.generated_at, { zone: timeZone }).toFormat('dd/LL/yyyy HH:mm')} · ${timeZone}`,
  )
  doc.moveDown(0.5)

  const totalRow = { bold: true, fill: '#e8e8e8' }
  const total = `${words.total} · ${words.employees(report.employees.length)}`
  if (report.employees.length === 0) doc.font(FONT).fontSize(9).text(words.none)
  else {
    heading(doc, words.hoursHeading)
    const hours = table(doc, COLUMNS, words.hoursColumns)
    for (const e of report.employees) hours([e.full_name, ...hoursCells(e)])
    hours([total, ...hoursCells(report.totals)], totalRow)
    heading(doc, words.compensationHeading)
    const compensation = table(doc, COLUMNS, words.compensationColumns)
    for (const e of report.employees)
      compensation([
        e.full_name,
        ...compensationCells(e),
        `${hoursAndMinutes(e.year_counted_toward_cap_minutes)} / ${hoursAndMinutes(e.cap_minutes)}`,
      ])
    compensation([total, ...compensationCells(report.totals), ''], totalRow)
  }
  doc
    .font(FONT)
    .fontSize(7)
    .fillColor('#444')
    .text(words.legend, doc.x, doc.y + 2)
    .fillColor('black')

  const flags = report.employees.flatMap((e: Row) => [
    ...(e.year_over_cap_minutes > 0
      ? [words.overCap(e.full_name, hoursAndMinutes(e.year_over_cap_minutes), hoursAndMinutes(e.cap_minutes))]
      : []),
    ...(e.violation_minutes > 0 ? [words.violation(e.full_name, hoursAndMinutes(e.violation_minutes))] : []),
    ...(e.overdue_minutes > 0 ? [words.overdue(e.full_name, hoursAndMinutes(e.overdue_minutes))] : []),
  ])
  if (flags.length > 0) {
    heading(doc, words.flags)
    doc.font(FONT).fontSize(8.5)
    for (const flag of flags) doc.text(`• ${flag}`)
  }
  pageFooters(doc, (i, n) => `${company.name} · ${report.month} · ${words.page(i, n)}`)
  doc.end()
  return done
}
