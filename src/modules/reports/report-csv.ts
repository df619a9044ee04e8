/**
 * CSV of the record: UTF-8, RFC 4180 (CRLF line ends, fields quoted when they hold a comma, a
 * quote or a line break, quotes doubled), the fixed header CSV_HEADER. Written with csv-stringify,
 * the writer of the csv-parse family the expense import already reads with.
 */
import { stringify } from 'csv-stringify/sync'
import { CSV_HEADER } from './monthly-report.logic.js'

const OPTIONS = { record_delimiter: 'windows', quoted_match: /^\s|\s$/ } as const

export function csvHeaderLine(): string {
  return stringify([[...CSV_HEADER]], OPTIONS)
}

export function csvLines(records: readonly (string | number)[][]): string {
  return records.length === 0 ? '' : stringify(records as (string | number)[][], OPTIONS)
}

/** The header, then the records of each page as it comes: the text of a streamed CSV. */
export async function* csvStream(pages: AsyncIterable<(string | number)[][]>): AsyncGenerator<string> {
  yield csvHeaderLine()
  for await (const page of pages) yield csvLines(page)
}
