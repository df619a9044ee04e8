/**
 * CSV as the service writes it: UTF-8, RFC 4180 (CRLF line ends, fields quoted when they hold a
 * comma, a quote or a line break, or begin or end with a space; quotes doubled). Written with
 * csv-stringify, the writer of the csv-parse family the expense import already reads with.
 */
import { stringify } from 'csv-stringify/sync'

const OPTIONS = { record_delimiter: 'windows', quoted_match: /^\s|\s$/ } as const

export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8'

export type CsvRecord = readonly (string | number)[]

export function csvHeaderLine(header: readonly string[]): string {
  return stringify([[...header]], OPTIONS)
}

export function csvLines(records: readonly CsvRecord[]): string {
  return records.length === 0 ? '' : stringify(records as (string | number)[][], OPTIONS)
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
