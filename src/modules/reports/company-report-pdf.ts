/**
 * The company's monthly totals (docs/decisions/0019-representatives-and-record-export.md) as one A4
 * PDF/A-2b document, in the company's language.
 */
import { DateTime } from 'luxon'
import { BOLD, FONT, type Column, hoursAndMinutes, line, pageFooters, startPdf, table } from '../../lib/pdf-document.js'
import { toDateNote } from './report-pdf.js'
import { REPORT_WORDS } from './report-words.js'
import type { CompanyReportType } from './reports.schemas.js'

// Overtime and part-timers' complementary hours apart (art. 12.4.c ET).
const COLUMNS: readonly Column[] = [
  { width: 121, align: 'left' },
  { width: 55, align: 'right' },
  { width: 55, align: 'right' },
  { width: 55, align: 'right' },
  { width: 55, align: 'right' },
  { width: 72, align: 'right' },
  { width: 55, align: 'right' },
  { width: 55, align: 'right' },
]

export async function renderCompanyReportPdf(report: CompanyReportType): Promise<Buffer> {
  const words = REPORT_WORDS[report.language]
  const { doc, done } = await startPdf(words.pdfLang, {
    Title: `${words.companyTitle} ${report.month} — ${report.company.name}`,
    Author: report.company.name,
    Subject: words.companyTitle,
  })
  const monthName = DateTime.fromISO(`${report.month}-01`, { zone: 'UTC' })
    .setLocale(words.locale)
    .toFormat('LLLL yyyy')
  doc.font(BOLD).fontSize(15).text(words.companyTitle)
  doc.font(FONT).fontSize(9).fillColor('#444').text(words.law).fillColor('black').moveDown(0.5)
  line(doc, words.company, `${report.company.name}${report.company.cif ? ` · CIF ${report.company.cif}` : ''}`)
  line(doc, words.month, `${monthName} · ${report.time_zone}`)
  line(
    doc,
    words.generated,
    DateTime.fromISO(report.generated_at, { zone: report.time_zone }).toFormat('dd/LL/yyyy HH:mm'),
  )
  doc.moveDown(0.5)

  const row = table(doc, COLUMNS, words.companyColumns)
  const cells = (t: CompanyReportType['totals']) => [
    hoursAndMinutes(t.worked_minutes),
    hoursAndMinutes(t.expected_minutes),
    hoursAndMinutes(t.balance_minutes),
    hoursAndMinutes(t.overtime_minutes),
    hoursAndMinutes(t.complementary_minutes),
    String(t.worked_days),
    String(t.expected_days),
  ]
  for (const employee of report.employees) row([employee.full_name, ...cells(employee)])
  row([`${words.total} · ${words.employees(report.employees.length)}`, ...cells(report.totals)], {
    bold: true,
    fill: '#e8e8e8',
  })
  doc
    .font(FONT)
    .fontSize(7)
    .fillColor('#444')
    .text(words.companyNote, doc.x, doc.y + 2)
    .fillColor('black')
  // The workforce's figures to date, while the month is under way.
  const toDate = toDateNote(report.month, report.time_zone, report.generated_at, report.totals, words)
  if (toDate) doc.font(FONT).fontSize(8).text(toDate)
  pageFooters(doc, (i, n) => `${report.company.name} · ${report.month} · ${words.page(i, n)}`)
  doc.end()
  return done
}
