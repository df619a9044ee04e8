/**
 * The CSV import behind `jornada expenses import`. The file is streamed through csv-parse and
 * never held in memory: rows are validated one by one with the API's own rules, bad rows are
 * reported with their line number and skipped, and good rows are inserted in batches, one
 * transaction each. Memory stays flat whatever the file's size: a few dozen rows in flight,
 * the first 1,000 row errors, and the employees already looked up.
 */
import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import { CsvError, type Parser, parse } from 'csv-parse'
import { BatchWriter } from '../../db/batch-writer.js'
import type { ExpenseRow } from './expenses.tables.js'
import { type Db, type Unit, nowIsoOf } from '../../db/unit-of-work.js'
import { AppError, type FieldIssue } from '../../errors.js'
import { requireTenant } from '../tenants/index.js'
import * as logic from './expenses.logic.js'
import type { CreateExpenseBodyType } from './expenses.schemas.js'
import * as repo from './expenses.repository.js'
import { expenseInputIssues, importedExpenseRow } from './expenses.service.js'

export const DEFAULT_BATCH_SIZE = 1000
export const MAX_BATCH_SIZE = 10_000
/** Row errors listed in a report; the rest are only counted (`errors_omitted`). */
export const MAX_REPORTED_ERRORS = 1000

export interface RowError {
  /** Line of the file where the row starts; the header is line 1. */
  line: number
  errors: FieldIssue[]
}

export interface ImportReport {
  imported: number
  rejected: number
  errors: RowError[]
  errors_omitted: number
  batches: number
  /** Peak resident memory of the process, in MiB. */
  peak_rss_mib: number
}

export interface ImportProgress {
  start(totalBytes: number): void
  update(bytesRead: number, rows: number): void
  stop(): void
}

export interface ImportOptions {
  /** Rows per transaction, 1 to 10,000 (default 1,000); text as typed on the command line. */
  batchSize?: number | string
  progress?: ImportProgress | null
}

function batchSizeOf(value: number | string | undefined): number {
  if (value === undefined) return DEFAULT_BATCH_SIZE
  const n = typeof value === 'number' ? value : /^\d{1,9}$/.test(value.trim()) ? Number(value.trim()) : Number.NaN
  if (!Number.isInteger(n) || n < 1 || n > MAX_BATCH_SIZE) {
    const message = `must be an integer from 1 to ${MAX_BATCH_SIZE}`
    throw new AppError('invalid_request', `Invalid --batch-size: ${message}`, [{ field: 'batch_size', message }])
  }
  return n
}

/** What the parser hands over: a record with its raw text, or a record it could not read. */
type ParsedItem =
  | { record: Record<string, string>; raw: string }
  | { unreadable: string; code: string | undefined; values: number | null; raw: string }

function recordLength(error: CsvError | undefined): number | null {
  const record = (error as { record?: unknown } | undefined)?.record
  return Array.isArray(record) ? record.length : null
}

const CSV_MESSAGES: Record<string, string> = {
  CSV_INVALID_CLOSING_QUOTE: 'a quoted value must be followed by a comma or the end of the line',
  CSV_QUOTE_NOT_CLOSED: 'a quote is opened and never closed, so the rest of the file could not be read',
  CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE: 'a quoted value must be followed by a comma or the end of the line',
}

function unreadableMessage(item: Extract<ParsedItem, { unreadable: string }>, columnCount: number): string {
  if (item.code === 'CSV_RECORD_INCONSISTENT_COLUMNS' && item.values !== null)
    return `has ${item.values} values but the header has ${columnCount} columns`
  return (item.code && CSV_MESSAGES[item.code]) || item.unreadable
}

function cannotRead(file: string, error: unknown): AppError {
  const reason = error instanceof Error ? error.message : String(error)
  return new AppError('invalid_request', `Cannot read ${file}: ${reason}`, [
    { field: 'file', message: `cannot be read (${reason})` },
  ])
}

/**
 * Imports the expenses of a CSV file into a tenant. Fatal problems throw; row problems are
 * reported. Every expense of the file is created at the unit's moment, the import's start.
 */
export async function importExpensesCsv(
  unit: Unit,
  tenantId: string,
  file: string,
  options: ImportOptions = {},
): Promise<ImportReport> {
  const { db } = unit
  const createdAt = nowIsoOf(unit)
  const batchSize = batchSizeOf(options.batchSize)
  await requireTenant(db, tenantId)
  let size: number
  try {
    const info = await stat(file)
    if (!info.isFile()) throw new Error('not a regular file')
    size = info.size
  } catch (error) {
    throw cannotRead(file, error)
  }

  const report: ImportReport = { imported: 0, rejected: 0, errors: [], errors_omitted: 0, batches: 0, peak_rss_mib: 0 }
  const reject = (line: number, errors: FieldIssue[]) => {
    report.rejected += 1
    if (report.errors.length < MAX_REPORTED_ERRORS) report.errors.push({ line, errors })
    else report.errors_omitted += 1
  }

  const writer = await BatchWriter.open<ExpenseRow>(db, batchSize, repo.insertExpenses)
  const resolveUser = userResolver(() => writer.reader, tenantId)

  let headerSeen = false
  let columnCount = 0
  // Line breaks before the item being read: lines are counted from each record's raw text, so
  // that they are the file's own line numbers (blank lines and quoted line breaks included).
  let linesBefore = 0
  const parser: Parser = parse({
    bom: true,
    trim: true,
    skip_empty_lines: true,
    // `raw`, not `info`: csv-parse builds a large info object per record, which V8 allocates in
    // the old generation, and that alone made the heap grow with the file.
    raw: true,
    skip_records_with_error: true,
    columns: (header: string[]) => {
      headerSeen = true
      linesBefore = parser.info.lines
      const columns = header.map((c) => c.toLowerCase())
      const problem = logic.csvHeaderProblem(logic.checkCsvHeader(columns))
      if (problem) throw new AppError('invalid_request', problem.message, problem.issues)
      columnCount = columns.length
      return columns
    },
    // A record csv-parse cannot read (wrong number of values, stray quote) goes down the stream
    // in its place, so that it is counted and reported in order with the others.
    on_skip: (error: CsvError | undefined, raw: string | undefined) => {
      parser.push({
        unreadable: error?.message ?? 'unreadable record',
        code: error?.code,
        values: recordLength(error),
        raw: raw ?? '',
      })
    },
  })

  // Small reads: csv-parse turns a whole chunk into records at once, and records waiting to be
  // processed outlive V8's young generation; 4 KiB is about 50 rows.
  const source = createReadStream(file, { highWaterMark: 4 * 1024 })
  source.on('error', (error) => parser.destroy(cannotRead(file, error)))
  options.progress?.start(size)
  let rows = 0
  source.on('data', () => options.progress?.update(source.bytesRead, rows))
  source.pipe(parser)

  let lastUnreadableLine = 0
  try {
    for await (const item of parser as AsyncIterable<ParsedItem>) {
      rows += 1
      const line = linesBefore + 1 + logic.leadingBlankLines(item.raw)
      linesBefore += logic.lineBreaks(item.raw)
      if ('unreadable' in item) {
        const issue = { field: 'row', message: unreadableMessage(item, columnCount) }
        // After a quoting error csv-parse may report the same record again as it gives up on it.
        if (line === lastUnreadableLine) {
          const entry = report.errors.at(-1)
          if (entry?.line === line) entry.errors.push(issue)
        } else reject(line, [issue])
        lastUnreadableLine = line
        continue
      }
      const checked = await checkRow(item.record, resolveUser)
      if (checked.problems.length > 0) {
        reject(line, checked.problems)
        continue
      }
      await writer.add(importedExpenseRow(tenantId, checked.body, createdAt))
    }
    await writer.finish()
  } catch (error) {
    source.destroy()
    await writer.abort().catch(() => undefined) // the original error says more
    if (error instanceof CsvError)
      throw new AppError('invalid_request', `${file} is not a readable CSV file: ${error.message}`, [
        { field: 'file', message: error.message },
      ])
    throw error
  } finally {
    options.progress?.update(source.bytesRead, rows)
    options.progress?.stop()
  }
  if (!headerSeen)
    throw new AppError('invalid_request', `${file} is empty: the first line must be the header`, [
      { field: 'file', message: 'is empty' },
    ])
  report.imported = writer.written
  report.batches = writer.batches
  report.peak_rss_mib = Math.round((process.resourceUsage().maxRSS / 1024) * 10) / 10
  return report
}

const COLUMN_ORDER = new Map<string, number>(logic.CSV_COLUMNS.map((c, i) => [c, i]))
const columnOrder = (column: string) => COLUMN_ORDER.get(column) ?? -1

/** The body of one row when valid, or every problem with it, by CSV column. */
async function checkRow(
  record: Record<string, string>,
  resolveUser: (ref: logic.UserReference) => Promise<string | null>,
): Promise<{ body: CreateExpenseBodyType; problems: FieldIssue[] }> {
  const { body, user, issues, unchecked } = logic.csvRowToBody(record)
  let userId: string | null = null
  if (user) {
    userId = await resolveUser(user)
    if (!userId) {
      issues.push(
        user.by === 'email'
          ? { field: 'user_email', message: 'no user of the tenant has this email' }
          : { field: 'user_id', message: 'no user of the tenant has this id' },
      )
    }
  }
  // The employee was checked above; a placeholder keeps the schema from reporting it again.
  body.user_id = userId ?? 'unknown'
  const problems = [...issues]
  const seen = new Set(problems.map((p) => p.field))
  for (const issue of expenseInputIssues(body)) {
    const topField = issue.field.split('.')[0]!
    if (topField === 'user_id' || unchecked.has(topField)) continue
    const column = logic.csvColumnOf(issue.field)
    if (seen.has(column)) continue
    seen.add(column)
    problems.push({ field: column, message: issue.message })
  }
  problems.sort((a, b) => columnOrder(a.field) - columnOrder(b.field))
  return { body: body as unknown as CreateExpenseBodyType, problems }
}

/**
 * Finds employees of one tenant by email (case-insensitive) or id, remembering the answers for
 * the rest of an import: a file usually names the same few employees again and again.
 */
function userResolver(db: () => Db, tenantId: string): (ref: logic.UserReference) => Promise<string | null> {
  const MAX_REMEMBERED = 100_000
  const known = new Map<string, string | null>()
  return async (ref) => {
    const key = ref.by === 'email' ? `e:${ref.email.toLowerCase()}` : `i:${ref.id}`
    const cached = known.get(key)
    if (cached !== undefined) return cached
    const id =
      ref.by === 'email'
        ? ((await repo.userIdByEmail(db(), tenantId, ref.email.toLowerCase())) ?? null)
        : (await repo.userExists(db(), tenantId, ref.id))
          ? ref.id
          : null
    // A file naming ever new (mostly unknown) people must not grow this without end.
    if (known.size >= MAX_REMEMBERED) known.clear()
    known.set(key, id)
    return id
  }
}
