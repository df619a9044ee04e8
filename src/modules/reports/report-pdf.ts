/**
 * The monthly record as one readable A4 PDF. Made with pdfkit: it lays out and wraps text, embeds
 * and subsets TrueType fonts, writes PDF/A-2b (the archival profile: everything needed to render
 * it is inside, with its XMP metadata and colour profile) tagged with the document's language,
 * and needs no browser; pdf-lib would have left line wrapping and pagination to us.
 *
 * The font is DejaVu Sans Condensed (the `dejavu-fonts-ttf` package; condensed, so the table keeps
 * the widths it had with Helvetica): the record is handed to Czech,
 * Romanian, Polish, Greek, Ukrainian and Vietnamese workers too, and the PDF standard fonts know
 * Western European Latin only (Dvořák came out as "Dvož²rW7%"). DejaVu covers Latin Extended,
 * Greek, Cyrillic and Vietnamese; only the glyphs a report uses are embedded.
 */
import { DateTime } from 'luxon'
import {
  BOLD,
  FONT,
  heading,
  hoursAndMinutes,
  line,
  MARGIN,
  PAGE_BOTTOM,
  pageFooters,
  startPdf,
  table,
} from '../../lib/pdf-document.js'
import type { AnomalyType } from '../attendance/index.js'
import type { ToDateFigures } from '../attendance/index.js'
import { monthHasEnded } from './monthly-report.logic.js'
import { REPORT_WORDS, type ReportWords } from './report-words.js'
import type { MonthlyReportType } from './reports.schemas.js'

type Doc = PDFKit.PDFDocument
type Day = MonthlyReportType['days'][number]
type Correction = MonthlyReportType['corrections'][number]

/** Written the same way in every document (lib/pdf-document.ts). */
export { hoursAndMinutes }

function localTime(iso: string, zone: string, date: string): string {
  const at = DateTime.fromISO(iso, { zone })
  const days = Math.round(at.startOf('day').diff(DateTime.fromISO(date, { zone }), 'days').days)
  return at.toFormat('HH:mm') + (days > 0 ? ` (+${days})` : '')
}

/** An instant of the trail (proposed, decided, signed, generated) as a local date and time in the report's zone. */
function localMoment(iso: string, zone: string): string {
  return DateTime.fromISO(iso, { zone }).toFormat('dd/LL/yyyy HH:mm')
}

function spanText(span: { start: string; end: string | null }, zone: string, date: string): string {
  return `${localTime(span.start, zone, date)}–${span.end ? localTime(span.end, zone, date) : '…'}`
}

function sessionsText(day: Day, zone: string, words: ReportWords): string {
  return day.sessions
    .map((s) => `${spanText(s, zone, day.date)}${s.modality === 'remote' ? ` ${words.remote}` : ''}`)
    .join('\n')
}

/** Each break from its start to its end, then their total: the record shows when the worker rested. */
function breaksText(day: Day, zone: string): string {
  const breaks = day.sessions.flatMap((s) => s.breaks)
  if (breaks.length === 0) return ''
  let ms = 0
  for (const b of breaks) if (b.end) ms += Date.parse(b.end) - Date.parse(b.start)
  const spans = breaks.map((b) => spanText(b, zone, day.date))
  return breaks.length === 1 ? spans[0]! : `${spans.join('\n')}\n= ${hoursAndMinutes(Math.floor(ms / 60_000))}`
}

function notesText(day: Day, words: ReportWords): string {
  const notes = [
    ...(day.holiday ? [day.holiday.name] : []),
    ...day.absences.map((a) => (a.start_time ? `${a.label} ${a.start_time}–${a.end_time}` : a.label)),
    ...(day.corrected ? [words.corrected] : []),
    ...(day.company_issued_punches ? [words.companyIssued] : []),
  ]
  return notes.join('; ')
}

const COLUMNS = [
  { width: 40, align: 'left' },
  { width: 100, align: 'left' },
  { width: 74, align: 'left' },
  { width: 50, align: 'right' },
  { width: 44, align: 'right' },
  { width: 40, align: 'right' },
  { width: 40, align: 'right' },
  { width: 135, align: 'left' },
] as const

/** The same with a column of complementary hours after the overtime (art. 12.4.c ET: apart). */
const COLUMNS_WITH_COMPLEMENTARY = [
  { width: 40, align: 'left' },
  { width: 92, align: 'left' },
  { width: 66, align: 'left' },
  { width: 50, align: 'right' },
  { width: 44, align: 'right' },
  { width: 40, align: 'right' },
  { width: 40, align: 'right' },
  { width: 72, align: 'right' },
  { width: 79, align: 'left' },
] as const

/** A part-timer's record, or one with complementary hours, gives them in a column of their own. */
function showsComplementary(report: MonthlyReportType): boolean {
  return report.overtime.year.part_time || report.totals.complementary_minutes > 0
}

/** Each anomaly's mark in the day column, `!` and a number the legend explains. */
const ANOMALY_MARKS: readonly AnomalyType[] = [
  'session_too_long',
  'missing_break',
  'punch_on_day_off',
  'absence_overlaps_work',
  'short_daily_rest',
  'long_ordinary_day',
  'short_weekly_rest',
  'night_average_exceeded',
]

/** A day's marks: `!2,6` for a missing break and a long day; '' for none. */
function anomalyMarks(day: Day): string {
  if (day.anomalies.length === 0) return ''
  const numbers = [...new Set(day.anomalies.map((type) => ANOMALY_MARKS.indexOf(type) + 1))].sort((a, b) => a - b)
  return ` !${numbers.join(',')}`
}

/**
 * The legend of the marks the month uses, after the table's: the limits of the working day and
 * week flagged without changing the record (arts. 34, 36 and 37 ET), each by name and article. It
 * names only the month's, so an ordinary month stays on one page.
 */
function marksLegend(report: MonthlyReportType, words: ReportWords): string {
  const used = new Set(report.days.flatMap((d) => d.anomalies))
  if (used.size === 0) return ''
  const marks = ANOMALY_MARKS.flatMap((type, i) => (used.has(type) ? [`!${i + 1} = ${words.anomaly[type]}`] : []))
  return ` ${words.anomalyLegend} ${marks.join('; ')}.`
}

/**
 * The legend of the company-issued mark (docs/decisions/0024-only-the-worker-acts-as-the-worker.md),
 * when a day or the signature carries it.
 */
function companyIssuedLegend(report: MonthlyReportType, words: ReportWords): string {
  const used = report.days.some((d) => d.company_issued_punches) || report.signature?.credential_origin
  return used ? ` ${words.companyIssuedLegend}` : ''
}

/**
 * A part-timer's complementary hours (art. 12.5 ET): the month's lots, paid as ordinary hours, and
 * the year against the pact, with what is flagged: beyond the pact, no pact at all, a pact on a
 * contract of less than 10 hours a week (art. 12.5.a).
 */
function complementarySection(doc: Doc, report: MonthlyReportType, words: ReportWords): void {
  const o = report.overtime
  const lots = o.lots.filter((l) => l.kind === 'complementary')
  heading(doc, words.complementary)
  doc.font(FONT).fontSize(8.5)
  if (lots.length === 0) doc.text(words.noComplementary)
  for (const lot of lots) {
    const status = words.lotStatus[lot.status] ?? lot.status
    const paid = lot.compensation === 'pay' ? ` (${words.paidAsOrdinary})` : ''
    doc.text(`${words.lotLine(hoursAndMinutes(lot.minutes), status, lot.adjusts !== null)}${paid}`)
  }
  const y = o.year
  doc.text(
    words.complementaryYear(
      y.year,
      hoursAndMinutes(y.complementary_minutes),
      hoursAndMinutes(y.complementary_limit_minutes),
    ),
  )
  if (y.over_pact_minutes > 0) {
    const over = hoursAndMinutes(y.over_pact_minutes)
    doc
      .font(BOLD)
      .text(y.complementary_limit_minutes === 0 ? words.noPact(over) : words.overPact(over))
      .font(FONT)
  }
  if (y.pact_below_minimum_hours) doc.font(BOLD).text(words.pactBelowMinimum).font(FONT)
}

/**
 * The art. 35.5 summary: the month's lots, the rest owed with its deadlines, the year toward the
 * cap, and what is flagged: at risk of the cap and over it (art. 35.2), a minor's overtime (art. 6.3).
 */
function overtimeSection(doc: Doc, report: MonthlyReportType, words: ReportWords): void {
  const o = report.overtime
  heading(doc, `${words.overtime} · ${words.overtimeBasis[o.basis]}`)
  doc.font(FONT).fontSize(8.5)
  // A part-timer's complementary hours are not overtime: their own section (art. 12.4.c ET).
  const lots = o.lots.filter((l) => l.kind === 'overtime')
  if (lots.length === 0) doc.text(words.noOvertime)
  for (const lot of lots) {
    // Only an approved lot has a compensation; rest comes with its deadline.
    const compensation =
      lot.compensation === 'rest'
        ? words.restDueBy(lot.compensate_by)
        : lot.compensation === 'pay'
          ? words.toBePaid
          : null
    const details = [compensation, lot.force_majeure ? words.forceMajeure : null].filter((d): d is string => d !== null)
    const status = words.lotStatus[lot.status] ?? lot.status
    doc.text(
      `${words.lotLine(hoursAndMinutes(lot.minutes), status, lot.adjusts !== null)}${details.length > 0 ? ` (${details.join(', ')})` : ''}`,
    )
  }
  if (o.owed_rest.length > 0) {
    doc.font(BOLD).text(`${words.owedRest}:`).font(FONT)
    for (const owed of o.owed_rest)
      doc.text(words.owedLine(hoursAndMinutes(owed.owed_minutes), owed.month, owed.compensate_by, owed.overdue))
  }
  // A part-timer may do no overtime but in force majeure (art. 12.4.c ET), which the cap never
  // counts (art. 35.3): a cap would read as if they could.
  if (o.year.part_time) doc.text(words.partTimeOvertime)
  else
    doc.text(
      words.yearToCap(
        o.year.year,
        hoursAndMinutes(o.year.counted_toward_cap_minutes),
        hoursAndMinutes(o.year.cap_minutes),
        // What may still count: pending, or rest owed within the four months (art. 35.2).
        o.year.at_risk_minutes > 0 ? hoursAndMinutes(o.year.at_risk_minutes) : null,
      ),
    )
  // What the cap and the ban on minors' overtime flag, with their articles, when there is any.
  if (o.year.over_cap_minutes > 0)
    doc
      .font(BOLD)
      .text(words.overCap(hoursAndMinutes(o.year.over_cap_minutes), hoursAndMinutes(o.year.cap_minutes)))
      .font(FONT)
  if (o.violation_minutes > 0)
    doc
      .font(BOLD)
      .text(words.violation(hoursAndMinutes(o.violation_minutes)))
      .font(FONT)
}

function signatureText(report: MonthlyReportType, words: ReportWords): string {
  const s = report.signature
  if (!s) return words.notSigned
  const signed = words.signedAt(localMoment(s.signed_at, report.time_zone), s.sha256)
  const origin = s.credential_origin ? ` ${words.signedCompanyIssued}` : ''
  return `${signed}. ${s.status === 'valid' ? words.valid : words.superseded(s.superseded_by)}${origin}`
}

/** What each change of a correction does, in words: a moved punch as "17:00 -> 18:15". */
function effectsText(effects: Correction['effects'], zone: string, words: ReportWords): string {
  const at = (iso: string) => DateTime.fromISO(iso, { zone }).toFormat('HH:mm (dd/LL)')
  const time = (iso: string) => DateTime.fromISO(iso, { zone }).toFormat('HH:mm')
  return effects
    .map((e) => {
      const what = words.punch[e.type]
      if (e.action === 'add') return words.added(what, at(e.to!))
      if (e.action === 'void') return words.voided(what, at(e.from!))
      const sameDay = DateTime.fromISO(e.from!, { zone }).hasSame(DateTime.fromISO(e.to!, { zone }), 'day')
      return words.moved(what, sameDay ? time(e.from!) : at(e.from!), at(e.to!))
    })
    .join('; ')
}

/** Two boxes to sign on paper, for the worker and the company: the record is handed over signed. */
function signatureLines(doc: Doc, words: ReportWords): void {
  if (doc.y + 80 > PAGE_BOTTOM) doc.addPage()
  const top = doc.y + 14
  const width = 240
  for (const [i, label] of [words.workerSignature, words.companySignature].entries()) {
    const x = MARGIN + i * (width + 43)
    doc
      .moveTo(x, top + 44)
      .lineTo(x + width, top + 44)
      .lineWidth(0.5)
      .stroke()
    doc
      .font(FONT)
      .fontSize(8)
      .text(label, x, top + 48, { width })
    doc.text(`${words.signedOn}:`, x, top + 60, { width })
  }
  doc.x = MARGIN
  doc.y = top + 74
}

/** Renders the report as a PDF document (a Buffer), A4 portrait. */
/**
 * A month not over when the document was made says its figures to date under the totals: days
 * still to come are planned, not owed (docs/decisions/0027-figures-to-date.md). Null once it has ended.
 */
export function toDateNote(
  month: string,
  zone: string,
  generatedAt: string,
  figures: ToDateFigures,
  words: ReportWords,
): string | null {
  if (monthHasEnded(month, zone, Date.parse(generatedAt))) return null
  return words.toDate(
    DateTime.fromISO(generatedAt, { zone }).toFormat('dd/LL/yyyy'),
    hoursAndMinutes(figures.expected_to_date_minutes),
    hoursAndMinutes(figures.balance_to_date_minutes),
  )
}

export async function renderMonthlyReportPdf(report: MonthlyReportType): Promise<Buffer> {
  const words = REPORT_WORDS[report.language]
  const { doc, done } = await startPdf(words.pdfLang, {
    Title: `${words.title} ${report.month} — ${report.worker.full_name}`,
    Author: report.company.name,
    Subject: words.title,
  })
  const zone = report.time_zone

  doc.font(BOLD).fontSize(15).text(words.title)
  doc.font(FONT).fontSize(9).fillColor('#444').text(words.law).fillColor('black').moveDown(0.5)
  line(doc, words.company, `${report.company.name}${report.company.cif ? ` · CIF ${report.company.cif}` : ''}`)
  if (report.company.work_center) line(doc, words.workCenter, report.company.work_center.name)
  line(
    doc,
    words.worker,
    `${report.worker.full_name}${report.worker.dni ? ` · DNI ${report.worker.dni}` : ''} · ${report.worker.id}`,
  )
  const monthName = DateTime.fromISO(`${report.month}-01`, { zone: 'UTC' })
    .setLocale(words.locale)
    .toFormat('LLLL yyyy')
  line(doc, words.month, `${monthName} · ${zone}`)
  doc.moveDown(0.5)

  const apart = showsComplementary(report)
  const complementaryCell = (minutes: number, total = false) =>
    apart ? [minutes || total ? hoursAndMinutes(minutes) : ''] : []
  const headings = apart
    ? [...words.columns.slice(0, 7), words.complementaryColumn, ...words.columns.slice(7)]
    : words.columns
  const row = table(doc, apart ? COLUMNS_WITH_COMPLEMENTARY : COLUMNS, headings)
  for (const day of report.days) {
    const label = DateTime.fromISO(day.date, { zone: 'UTC' }).setLocale(words.locale).toFormat('ccc dd')
    row(
      [
        // A day with anomalies is marked; the legend under the table names the marks.
        `${label}${anomalyMarks(day)}`,
        sessionsText(day, zone, words),
        breaksText(day, zone),
        hoursAndMinutes(day.worked_minutes),
        hoursAndMinutes(day.expected_minutes),
        hoursAndMinutes(day.balance_minutes),
        day.overtime_minutes ? hoursAndMinutes(day.overtime_minutes) : '',
        ...complementaryCell(day.complementary_minutes),
        notesText(day, words),
      ],
      day.is_workday ? {} : { fill: '#f5f5f5' },
    )
  }
  const t = report.totals
  row(
    [
      words.total,
      words.daysWorked(t.worked_days),
      '',
      hoursAndMinutes(t.worked_minutes),
      hoursAndMinutes(t.expected_minutes),
      hoursAndMinutes(t.balance_minutes),
      hoursAndMinutes(t.overtime_minutes),
      ...complementaryCell(t.complementary_minutes, true),
      words.daysExpected(t.expected_days),
    ],
    { bold: true, fill: '#e8e8e8' },
  )
  doc
    .font(FONT)
    .fontSize(7)
    .fillColor('#444')
    .text(`${words.legend}${marksLegend(report, words)}${companyIssuedLegend(report, words)}`, MARGIN, doc.y + 2)
    .fillColor('black')
  const toDate = toDateNote(report.month, zone, report.generated_at, report, words)
  if (toDate)
    doc
      .font(FONT)
      .fontSize(8)
      .text(toDate, MARGIN, doc.y + 2)

  if (apart) complementarySection(doc, report, words)
  overtimeSection(doc, report, words)

  heading(doc, words.corrections(report.corrections.length))
  if (report.corrections.length === 0) doc.font(FONT).fontSize(8.5).text(words.none)
  for (const c of report.corrections) {
    if (doc.y + 50 > PAGE_BOTTOM) doc.addPage()
    doc
      .font(BOLD)
      .fontSize(8.5)
      .text(`${effectsText(c.effects, zone, words)} · ${words.status[c.status] ?? c.status}`)
    doc.font(FONT).fontSize(8)
    doc.text(`${words.reason}: ${c.reason}`)
    doc.text(words.proposedBy(c.proposed_by_name ?? c.proposed_by, localMoment(c.proposed_at, zone)))
    if (c.decided_at)
      doc.text(
        `${words.decidedBy(c.decided_by_name ?? c.decided_by ?? '', localMoment(c.decided_at, zone))}${c.decision_note ? `. ${words.note}: ${c.decision_note}` : ''}`,
      )
    if (c.cancelled_at) doc.text(words.withdrawn(localMoment(c.cancelled_at, zone)))
    doc.fillColor('#666').fontSize(7).text(c.id).fillColor('black').moveDown(0.3)
  }

  heading(doc, words.integrity)
  doc.font(FONT).fontSize(8)
  doc.text(
    `${words.chainHead}: ${report.chain_head ? `#${report.chain_head.seq} ${report.chain_head.hash}` : words.noPunches}`,
  )
  doc.text(`${words.contentHash}: ${report.content_sha256}`)
  doc.text(`${words.generated}: ${localMoment(report.generated_at, zone)} (${zone})`)
  doc.text(`${words.signature}: ${signatureText(report, words)}`)
  signatureLines(doc, words)

  pageFooters(doc, (i, n) => `${report.worker.full_name} · ${report.month} · ${words.page(i, n)}`)
  doc.end()
  return done
}
