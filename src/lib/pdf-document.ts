/**
 * What the service's PDF documents share (the monthly record and the company's totals of the
 * reports module, the representatives' overtime report of the overtime module): pdfkit set up for
 * PDF/A-2b with DejaVu Sans Condensed embedded (modules/reports/report-pdf.ts says why both), A4
 * with the same margins, table rows that wrap and break pages, headings, labelled lines, page
 * footers, and minutes written as hours.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { onFirstUse } from './first-use.js'

/** The font files, read once: every document embeds the subset of them it uses. */
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

/** Minutes as hours and minutes, signed: 450 → 7:30, -15 → -0:15. */
export function hoursAndMinutes(minutes: number): string {
  const sign = minutes < 0 ? '-' : ''
  const abs = Math.abs(minutes)
  return `${sign}${Math.floor(abs / 60)}:${String(abs % 60).padStart(2, '0')}`
}

export const MARGIN = 36
const PAGE_HEIGHT = 841.89
const PAGE_WIDTH = 523 // A4 less the margins
export const PAGE_BOTTOM = PAGE_HEIGHT - MARGIN - 14 // room for the footer
export const FONT = 'Body'
export const BOLD = 'Body-Bold'

/**
 * pdfkit, with fontkit and the compression and Unicode tables under it, is loaded with the first
 * document rather than by every process that starts the service (a CLI command, each test file).
 */
const loadPdfKit = onFirstUse(() => import('pdfkit'))

/** A new A4 document in `lang`, and the whole file once it is ended. */
export async function startPdf(lang: string, info: { Title: string; Author: string; Subject: string }) {
  const { default: PDFDocument } = await loadPdfKit()
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    bufferPages: true,
    pdfVersion: '1.7',
    subset: 'PDF/A-2b',
    tagged: true,
    lang,
    displayTitle: true,
    info,
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
  return { doc, done }
}

export interface Column {
  width: number
  align: 'left' | 'right' | 'center'
}

export interface RowOptions {
  bold?: boolean
  fill?: string
}

/**
 * One row of a table: its cells wrap within their columns, and a row that does not fit starts a
 * page, on which `continued` (the table's heading row) is drawn first.
 */
function tableRow(
  doc: Doc,
  columns: readonly Column[],
  cells: readonly string[],
  options: RowOptions = {},
  continued?: () => void,
): void {
  const font = () => doc.font(options.bold ? BOLD : FONT).fontSize(7.5)
  font()
  const heights = cells.map((text, i) => doc.heightOfString(text, { width: columns[i]!.width - 4 }))
  const height = Math.max(10, ...heights) + 3
  if (doc.y + height > PAGE_BOTTOM) {
    doc.addPage()
    if (continued) {
      continued()
      font()
    }
  }
  const top = doc.y
  if (options.fill)
    doc
      .rect(MARGIN, top - 1, PAGE_WIDTH, height)
      .fill(options.fill)
      .fillColor('black')
  let x = MARGIN
  cells.forEach((text, i) => {
    const column = columns[i]!
    doc.text(text, x + 2, top + 1, { width: column.width - 4, align: column.align, lineBreak: true })
    x += column.width
  })
  doc.x = MARGIN
  doc.y = top + height
}

const HEADING_ROW: RowOptions = { bold: true, fill: '#e8e8e8' }

/**
 * A table with its heading row, which is drawn again at the top of every page the table goes on
 * to, so that a page read alone (a printed record, an inspector's second page) still names its
 * columns. Returns the function that adds a row.
 */
export function table(
  doc: Doc,
  columns: readonly Column[],
  headings: readonly string[],
): (cells: readonly string[], options?: RowOptions) => void {
  const headingRow = () => tableRow(doc, columns, headings, HEADING_ROW)
  headingRow()
  return (cells, options = {}) => tableRow(doc, columns, cells, options, headingRow)
}

export function heading(doc: Doc, text: string): void {
  if (doc.y + 40 > PAGE_BOTTOM) doc.addPage()
  doc.moveDown(0.6).font(BOLD).fontSize(10).text(text, MARGIN, doc.y).moveDown(0.2)
}

export function line(doc: Doc, label: string, value: string): void {
  doc.font(BOLD).fontSize(8.5).text(`${label}: `, { continued: true }).font(FONT).text(value)
}

/** The footer of every page: `text(page, pages)`, right-aligned in the bottom margin. */
export function pageFooters(doc: Doc, text: (page: number, pages: number) => string): void {
  const range = doc.bufferedPageRange()
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i)
    doc.page.margins.bottom = 0 // the footer sits in the margin; without this pdfkit would start a page for it
    doc.font(FONT).fontSize(7).fillColor('#666')
    doc.text(text(i + 1, range.count), MARGIN, PAGE_HEIGHT - MARGIN, {
      width: PAGE_WIDTH,
      align: 'right',
      lineBreak: false,
    })
  }
}
