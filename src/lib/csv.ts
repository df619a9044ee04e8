/**
 * CSV as the service writes it: UTF-8, RFC 4180 (CRLF line ends, fields quoted when they hold a
 * comma, a quote or a line break, or begin or end with a space; quotes doubled), every text cell a
 * spreadsheet would run as a formula neutralised (`neutralised`). Written with
 * csv-stringify, the writer of the csv-parse family the expense import already reads with.
 */
import { stringify } from 'csv-stringify/sync'

const OPTIONS = { record_delimiter: 'windows', quoted_match: /^\s|\s$/ } as const

export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8'

export type CsvRecord = readonly (string | number)[]

/** Also the full-width forms (＝＋－＠), which some spreadsheets read as the same operators. */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/
/** A number written as text (a negative balance, `-1:30`): a spreadsheet reads it as a number, never a formula. */
const PLAIN_NUMBER = /^-?\d+(?:[.,:]\d+)*$/

/**
 * A text cell a spreadsheet would read as a formula (OWASP CSV injection: it begins with =, +,
 * -, @, tab or CR) is prefixed with an apostrophe, which spreadsheets show as text. Numbers stay
 * numbers: a negative balance is a number, not a formula. Every CSV the service writes goes
 * through `csvLines` and `csvHeaderLine`, which apply it to every cell (a test keeps other writers
 * out: test/unit/csv.test.ts).
 */
export function neutralised(cell: string): string {
  return FORMULA_START.test(cell) && !PLAIN_NUMBER.test(cell) ? `'${cell}` : cell
}

function neutralisedRecord(record: CsvRecord): (string | number)[] {
  return record.map((cell) => (typeof cell === 'string' ? neutralised(cell) : cell))
}

export function csvHeaderLine(header: readonly string[]): string {
  return stringify([neutralisedRecord(header)], OPTIONS)
}

export function csvLines(records: readonly CsvRecord[]): string {
  return records.length === 0 ? '' : stringify(records.map(neutralisedRecord), OPTIONS)
}

/** A whole file: the header, then the records. */
export function csvText(header: readonly string[], records: readonly CsvRecord[]): string {
  return csvHeaderLine(header) + csvLines(records)
}

/** The header, then the records of each page as it comes: the text of a streamed CSV. */
export async function* csvStream(
  pages: AsyncIterable<readonly CsvRecord[]>,
  header: readonly string[],
): AsyncGenerator<string> {
  yield csvHeaderLine(header)
  for await (const page of pages) yield csvLines(page)
}
