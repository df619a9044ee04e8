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
import { BOLD, FONT, heading, line, MARGIN, PAGE_BOTTOM, pageFooters, startPdf, table } from './pdf-document.js'
import { REPORT_WORDS, type ReportWords } from './report-words.js'
import type { MonthlyReportType } from './reports.schemas.js'

type Doc = PDFKit.PDFDocument
type Day = MonthlyReportType['days'][number]
type Correction = MonthlyReportType['corrections'][number]

/** Minutes as hours and minutes, signed: 450 → 7:30, -15 → -0:15. */
export function hoursAndMinutes(minutes: number): string {
  const sign = minutes < 0 ? '-' : ''
  const abs = Math.abs(minutes)
  return `${sign}${Math.floor(abs / 60)}:${String(abs % 60).padStart(2, '0')}`
}

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

/** The art. 35.5 summary: the month's lots, the rest owed with its deadlines, the year toward the cap. */
function overtimeSection(doc: Doc, report: MonthlyReportType, words: ReportWords): void {
  const o = report.overtime
  heading(doc, `${words.overtime} · ${words.overtimeBasis[o.basis]}`)
  doc.font(FONT).fontSize(8.5)
  if (o.lots.length === 0) doc.text(words.noOvertime)
  for (const lot of o.lots) {
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
  doc.text(
    words.yearToCap(
      o.year.year,
      hoursAndMinutes(o.year.counted_toward_cap_minutes),
      hoursAndMinutes(o.year.cap_minutes),
    ),
  )
}

function signatureText(report: MonthlyReportType, words: ReportWords): string {
  const s = report.signature
  if (!s) return words.notSigned
  const signed = words.signedAt(localMoment(s.signed_at, report.time_zone), s.sha256)
  return `${signed}. ${s.status === 'valid' ? words.valid : words.superseded(s.superseded_by)}`
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
export function renderMonthlyReportPdf(report: MonthlyReportType): Promise<Buffer> {
  const words = REPORT_WORDS[report.language]
  const { doc, done } = startPdf(words.pdfLang, {
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

  const row = table(doc, COLUMNS, words.columns)
  for (const day of report.days) {
    const label = DateTime.fromISO(day.date, { zone: 'UTC' }).setLocale(words.locale).toFormat('ccc dd')
    row(
      [
        label,
        sessionsText(day, zone, words),
        breaksText(day, zone),
        hoursAndMinutes(day.worked_minutes),
        hoursAndMinutes(day.expected_minutes),
        hoursAndMinutes(day.balance_minutes),
        day.overtime_minutes ? hoursAndMinutes(day.overtime_minutes) : '',
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
      words.daysExpected(t.expected_days),
    ],
    { bold: true, fill: '#e8e8e8' },
  )
  doc
    .font(FONT)
    .fontSize(7)
    .fillColor('#444')
    .text(words.legend, MARGIN, doc.y + 2)
    .fillColor('black')

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
