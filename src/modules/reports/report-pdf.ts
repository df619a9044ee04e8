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
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import PDFDocument from 'pdfkit'
import { DateTime } from 'luxon'
import type { MonthlyReportType } from './reports.schemas.js'

/** The font files, read once: every report embeds the subset of them it uses. */
let fontFiles: { regular: Buffer; bold: Buffer } | undefined
function fonts(): { regular: Buffer; bold: Buffer } {
  if (!fontFiles) {
    const dir = join(dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf')
    fontFiles = {
      regular: readFileSync(join(dir, 'DejaVuSansCondensed.ttf')),
      bold: readFileSync(join(dir, 'DejaVuSansCondensed-Bold.ttf')),
    }
  }
  return fontFiles
}

type Doc = PDFKit.PDFDocument
type Day = MonthlyReportType['days'][number]

const MARGIN = 36
const PAGE_BOTTOM = 841.89 - MARGIN - 14 // room for the footer
const FONT = 'Body'
const BOLD = 'Body-Bold'

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

function sessionsText(day: Day, zone: string): string {
  return day.sessions
    .map(
      (s) =>
        `${localTime(s.start, zone, day.date)}–${s.end ? localTime(s.end, zone, day.date) : '…'}${s.modality === 'remote' ? ' R' : ''}`,
    )
    .join('  ')
}

function breakMinutes(day: Day): number {
  let ms = 0
  for (const s of day.sessions) for (const b of s.breaks) if (b.end) ms += Date.parse(b.end) - Date.parse(b.start)
  return Math.floor(ms / 60_000)
}

function notesText(day: Day): string {
  const notes = [
    ...(day.holiday ? [day.holiday.name] : []),
    ...day.absences.map((a) => (a.start_time ? `${a.label} ${a.start_time}–${a.end_time}` : a.label)),
    ...(day.corrected ? ['corregido / corrected'] : []),
  ]
  return notes.join('; ')
}

const COLUMNS = [
  { title: 'Día\nDay', width: 50, align: 'left' },
  { title: 'Entradas y salidas\nSessions', width: 144, align: 'left' },
  { title: 'Pausas\nBreaks', width: 38, align: 'right' },
  { title: 'Trabajado\nWorked', width: 50, align: 'right' },
  { title: 'Previsto\nExpected', width: 44, align: 'right' },
  { title: 'Saldo\nBalance', width: 42, align: 'right' },
  { title: 'Extra\nOvertime', width: 42, align: 'right' },
  { title: 'Notas\nNotes', width: 113, align: 'left' },
] as const

function row(doc: Doc, cells: readonly string[], options: { bold?: boolean; fill?: string } = {}): void {
  doc.font(options.bold ? BOLD : FONT).fontSize(7.5)
  const heights = cells.map((text, i) => doc.heightOfString(text, { width: COLUMNS[i]!.width - 4 }))
  const height = Math.max(10, ...heights) + 3
  if (doc.y + height > PAGE_BOTTOM) doc.addPage()
  const top = doc.y
  if (options.fill)
    doc
      .rect(MARGIN, top - 1, 523, height)
      .fill(options.fill)
      .fillColor('black')
  let x = MARGIN
  cells.forEach((text, i) => {
    const column = COLUMNS[i]!
    doc.text(text, x + 2, top + 1, { width: column.width - 4, align: column.align, lineBreak: true })
    x += column.width
  })
  doc.x = MARGIN
  doc.y = top + height
}

function heading(doc: Doc, text: string): void {
  if (doc.y + 40 > PAGE_BOTTOM) doc.addPage()
  doc.moveDown(0.6).font(BOLD).fontSize(10).text(text, MARGIN, doc.y).moveDown(0.2)
}

function line(doc: Doc, label: string, value: string): void {
  doc.font(BOLD).fontSize(8.5).text(`${label}: `, { continued: true }).font(FONT).text(value)
}

function signatureText(report: MonthlyReportType): string {
  const s = report.signature
  if (!s) return 'Sin firmar / Not signed by the worker'
  const signed = `Firmado por el trabajador / Signed by the worker ${s.signed_at} (SHA-256 ${s.sha256})`
  return s.status === 'valid'
    ? `${signed}. Vigente / Valid.`
    : `${signed}. Sustituida por un cambio posterior / Superseded${s.superseded_by ? ` by ${s.superseded_by}` : ''}.`
}

/** Renders the report as a PDF document (a Buffer), A4 portrait. */
export function renderMonthlyReportPdf(report: MonthlyReportType): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    bufferPages: true,
    pdfVersion: '1.7',
    subset: 'PDF/A-2b',
    tagged: true,
    lang: 'es-ES',
    displayTitle: true,
    info: {
      Title: `Registro de jornada ${report.month} — ${report.worker.full_name}`,
      Author: report.company.name,
      Subject: 'Working-time record',
    },
  })
  const { regular, bold } = fonts()
  doc.registerFont(FONT, regular)
  doc.registerFont(BOLD, bold)
  const chunks: Buffer[] = []
  doc.on('data', (chunk: Buffer) => chunks.push(chunk))
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })
  const zone = report.time_zone

  doc.font(BOLD).fontSize(15).text('Registro de jornada · Working-time record')
  doc
    .font(FONT)
    .fontSize(9)
    .fillColor('#444')
    .text('Art. 34.9 Estatuto de los Trabajadores')
    .fillColor('black')
    .moveDown(0.5)
  line(doc, 'Empresa / Company', `${report.company.name}${report.company.cif ? ` (CIF ${report.company.cif})` : ''}`)
  line(
    doc,
    'Trabajador / Worker',
    `${report.worker.full_name}${report.worker.dni ? ` (DNI ${report.worker.dni})` : ''} · ${report.worker.id}`,
  )
  line(doc, 'Mes / Month', `${report.month} · ${zone}`)
  doc.moveDown(0.5)

  row(
    doc,
    COLUMNS.map((c) => c.title),
    { bold: true, fill: '#e8e8e8' },
  )
  for (const day of report.days) {
    const label = DateTime.fromISO(day.date, { zone: 'UTC' }).setLocale('es').toFormat('ccc dd')
    row(
      doc,
      [
        label,
        sessionsText(day, zone),
        day.sessions.length ? hoursAndMinutes(breakMinutes(day)) : '',
        hoursAndMinutes(day.worked_minutes),
        hoursAndMinutes(day.expected_minutes),
        hoursAndMinutes(day.balance_minutes),
        day.overtime_minutes ? hoursAndMinutes(day.overtime_minutes) : '',
        notesText(day),
      ],
      day.is_workday ? {} : { fill: '#f5f5f5' },
    )
  }
  const t = report.totals
  row(
    doc,
    [
      'Total',
      `${t.worked_days} días trabajados / days worked`,
      '',
      hoursAndMinutes(t.worked_minutes),
      hoursAndMinutes(t.expected_minutes),
      hoursAndMinutes(t.balance_minutes),
      hoursAndMinutes(t.overtime_minutes),
      `${t.expected_days} días previstos / expected`,
    ],
    { bold: true, fill: '#e8e8e8' },
  )
  doc
    .font(FONT)
    .fontSize(7)
    .fillColor('#444')
    .text('Horas en h:mm. R = trabajo a distancia / remote. (+1) = al día siguiente / next day.', MARGIN, doc.y + 2)
    .fillColor('black')

  heading(doc, `Correcciones / Corrections (${report.corrections.length})`)
  if (report.corrections.length === 0) doc.font(FONT).fontSize(8.5).text('Ninguna / None')
  for (const c of report.corrections) {
    if (doc.y + 50 > PAGE_BOTTOM) doc.addPage()
    doc.font(BOLD).fontSize(8.5).text(`${c.id} · ${c.status}`)
    doc.font(FONT).fontSize(8)
    doc.text(`Motivo / Reason: ${c.reason}`)
    doc.text(`Propuesta por / Proposed by ${c.proposed_by_name ?? c.proposed_by} · ${c.proposed_at}`)
    if (c.decided_at)
      doc.text(
        `Decidida por / Decided by ${c.decided_by_name ?? c.decided_by} · ${c.decided_at}${c.decision_note ? ` · ${c.decision_note}` : ''}`,
      )
    if (c.cancelled_at) doc.text(`Retirada / Withdrawn · ${c.cancelled_at}`)
    const changes = c.changes.map((ch) =>
      ch.action === 'add'
        ? `add ${ch.type} ${DateTime.fromISO(ch.ts, { zone }).toFormat('dd/LL HH:mm')}`
        : ch.action === 'move'
          ? `move ${ch.punch_id} -> ${DateTime.fromISO(ch.ts, { zone }).toFormat('dd/LL HH:mm')}`
          : `void ${ch.punch_id}`,
    )
    doc.text(`Cambios / Changes: ${changes.join('; ')}`).moveDown(0.3)
  }

  heading(doc, 'Integridad y firma / Integrity and signature')
  doc.font(FONT).fontSize(8)
  doc.text(
    `Cadena / Chain head: ${report.chain_head ? `#${report.chain_head.seq} ${report.chain_head.hash}` : 'sin fichajes / no punches'}`,
  )
  doc.text(`Contenido / Content SHA-256: ${report.content_sha256}`)
  doc.text(`Generado / Generated: ${report.generated_at}`)
  doc.text(`Firma / Signature: ${signatureText(report)}`)

  const range = doc.bufferedPageRange()
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i)
    doc.page.margins.bottom = 0 // the footer sits in the margin; without this pdfkit would start a page for it
    doc.font(FONT).fontSize(7).fillColor('#666')
    doc.text(`${report.worker.full_name} · ${report.month} · ${i + 1}/${range.count}`, MARGIN, 841.89 - MARGIN, {
      width: 523,
      align: 'right',
      lineBreak: false,
    })
  }
  doc.end()
  return done
}
