/**
 * The record export for the Inspectorate
 * (docs/decisions/0019-representatives-and-record-export.md): a ZIP of the company's time record
 * over a range, signed with the company's record key, that anyone can check offline with `jornada
 * record verify` and nothing else (docs/record-export.md). Besides the time record (employees,
 * punches, corrections, chains) it holds what an inspector needs to check overtime from the export
 * alone (docs/decisions/0023-daily-limits-and-real-life.md): the employees' absences, what their
 * schedules expected, and the overtime lots of the months the range touches.
 *
 * It streams: each file is written as its lines are read, a page of employees at a time, and the
 * ZIP is deflated on the way out, so memory stays bounded whatever the company's size; a client
 * that goes away stops the reads. Where each employee's chain touches the range is fixed first
 * (by `seq`), so links recorded while the export runs are left for the next one and the files
 * agree with each other.
 */
import { createHash } from 'node:crypto'
import { Readable } from 'node:stream'
import { ZipFile } from 'yazl'
import { type RequestScope, noteRecordsRead, primaryScopeOf } from '../../auth/request-scope.js'
import { canExportTheRecord } from '../../auth/policies.js'
import { nowIsoOf } from '../../db/unit-of-work.js'
import { permissionDenied } from '../../errors.js'
import { addDays, assertDateRange, startOfLocalDay, todayIn } from '../../lib/calendar.js'
import type { SecretBox } from '../../lib/secret-box.js'
import { absencesOfRecord } from '../absences/index.js'
import {
  type ChainHead,
  chainPartsTouching,
  correctionsOfChainParts,
  punchesOfChainParts,
  recordedChainHeads,
} from '../attendance/index.js'
import { lotsOfRecord } from '../overtime/index.js'
import { isEmployedDuring, parseEmploymentPeriods } from '../users/index.js'
import { schedulesOfRecord } from '../work-calendar/index.js'
import {
  type ChainPart,
  DATA_FILES,
  type DataFile,
  EXPORT_FORMAT,
  EXPORT_VERSION,
  type FileDigest,
  MANIFEST_FILE,
  type Manifest,
  SIGNATURE_FILE,
  correctionLine,
  jsonLine,
  manifestBytes,
  overtimeLine,
  punchLine,
  scheduleLine,
} from './record-export.format.js'
import * as repo from './record-export.repository.js'
import type { RecordExportQueryType } from './record-export.schemas.js'
import { signWith } from './record-key.logic.js'
import { signingKey } from './record-keys.service.js'

/** Employees whose links are read at once (a year of one employee is about a thousand links). */
const LINK_PAGE = 20
/** People read at once for employees.jsonl. */
const PEOPLE_PAGE = 500
/** Employees whose absences, schedules or overtime lots are read at once. */
const RECORD_PAGE = 100

export interface RecordExport {
  filename: string
  /** The ZIP, as it is made. */
  stream: Readable
  /** Stops the reads (the client went away); the stream ends in error. */
  cancel(): void
}

/** The first and last link of an employee's part, as the files are written: what chains.json says. */
interface PartEnds {
  first: { seq: number; prev_hash: string | null }
  last: ChainHead
}

function noteLink(ends: Map<string, PartEnds>, userId: string, seq: number, prevHash: string | null, hash: string) {
  const known = ends.get(userId)
  if (!known) return void ends.set(userId, { first: { seq, prev_hash: prevHash }, last: { seq, hash } })
  if (seq < known.first.seq) known.first = { seq, prev_hash: prevHash }
  if (seq > known.last.seq) known.last = { seq, hash }
}

/** Yields the chunks unchanged while counting them into `digest`, which is complete when they end. */
async function* digested(chunks: AsyncIterable<string>, digest: FileDigest): AsyncGenerator<Buffer> {
  const hash = createHash('sha256')
  for await (const chunk of chunks) {
    const bytes = Buffer.from(chunk)
    hash.update(bytes)
    digest.bytes += bytes.length
    digest.lines += chunk.split('\n').length - 1
    yield bytes
  }
  digest.sha256 = hash.digest('hex')
}

/**
 * Checks what can be refused before the first byte, then returns the ZIP to stream. Its route
 * declares the read replica (http/read-pipeline.ts): the record is read where the heavy reads run.
 */
export async function startRecordExport(
  scope: RequestScope,
  query: RecordExportQueryType,
  secrets: SecretBox | null,
): Promise<RecordExport> {
  const { auth } = scope
  if (!canExportTheRecord(auth))
    throw permissionDenied('Only an administrator or an inspector key may export the company’s record')
  assertDateRange(query.from, query.to)
  const tenant = auth.tenant
  const zone = tenant.timezone
  const start = new Date(startOfLocalDay(query.from, zone)).toISOString()
  const end = new Date(startOfLocalDay(addDays(query.to, 1), zone)).toISOString()
  // The key may be made now, on the primary.
  const key = await signingKey(primaryScopeOf(scope), tenant.id, secrets)
  const { db } = scope
  const generatedAt = nowIsoOf(scope)
  const { bounds, withOtherCorrections } = await chainPartsTouching(db, tenant.id, start, end)
  const chained = [...bounds.keys()].sort()
  const withCorrections = [...new Set([...chained, ...withOtherCorrections])].sort()
  const ends = new Map<string, PartEnds>()
  /** The ids of employees.jsonl, in its order: whose absences, schedules and lots the export holds. */
  const exported: string[] = []
  const partsOf = (userIds: readonly string[]) =>
    userIds.filter((id) => bounds.has(id)).map((id) => ({ userId: id, ...bounds.get(id)! }))

  async function* employees(): AsyncGenerator<string> {
    const listed = new Set(withCorrections)
    for (let after = ''; ; ) {
      const page = await repo.usersAfter(db, tenant.id, after, PEOPLE_PAGE)
      if (page.length === 0) return
      after = page.at(-1)!.id
      const lines: string[] = []
      const named: string[] = []
      for (const user of page) {
        const periods = parseEmploymentPeriods(user.employment_periods)
        if (!listed.has(user.id) && !isEmployedDuring(user.hire_date, periods, query.from, query.to)) continue
        lines.push(
          jsonLine({
            id: user.id,
            full_name: user.full_name,
            dni: user.dni,
            hire_date: user.hire_date,
            employment_periods: periods,
            status: user.status,
          }),
        )
        named.push(user.id)
      }
      exported.push(...named)
      noteRecordsRead(scope, named)
      if (lines.length > 0) yield lines.join('')
    }
  }

  async function* punches(): AsyncGenerator<string> {
    for (let i = 0; i < chained.length; i += LINK_PAGE) {
      const rows = await punchesOfChainParts(db, tenant.id, partsOf(chained.slice(i, i + LINK_PAGE)))
      let text = ''
      for (const row of rows) {
        noteLink(ends, row.user_id, row.seq, row.prev_hash, row.hash)
        text += jsonLine(punchLine(row, row.superseded_by))
      }
      if (text) yield text
    }
  }

  async function* corrections(): AsyncGenerator<string> {
    for (let i = 0; i < withCorrections.length; i += LINK_PAGE) {
      const ids = withCorrections.slice(i, i + LINK_PAGE)
      const rows = await correctionsOfChainParts(db, tenant.id, ids, partsOf(ids), start, end)
      let text = ''
      for (const row of rows) {
        if (row.seq !== null && row.hash !== null) noteLink(ends, row.user_id, row.seq, row.prev_hash, row.hash)
        text += jsonLine(correctionLine(row))
      }
      if (text) yield text
    }
  }

  async function* chains(): AsyncGenerator<string> {
    yield '{"chains":['
    for (let i = 0; i < chained.length; i += PEOPLE_PAGE) {
      const ids = chained.slice(i, i + PEOPLE_PAGE)
      const heads = await recordedChainHeads(db, tenant.id, ids)
      const parts = ids.flatMap((userId): ChainPart[] => {
        const part = ends.get(userId)
        if (!part) return []
        const anchor = part.first.seq > 1 ? { seq: part.first.seq - 1, hash: part.first.prev_hash ?? '' } : null
        return [{ user_id: userId, anchor, head: part.last, recorded_head: heads.get(userId) ?? null }]
      })
      yield parts.map((p, j) => `${i + j === 0 ? '' : ','}\n${JSON.stringify(p)}`).join('')
    }
    yield '\n]}\n'
  }

  /** A file of one JSON line per row `read` gives for each page of the exported employees. */
  function perEmployeePage<T>(read: (userIds: readonly string[]) => Promise<T[]>, line: (row: T) => unknown) {
    return async function* (): AsyncGenerator<string> {
      for (let i = 0; i < exported.length; i += RECORD_PAGE) {
        const rows = await read(exported.slice(i, i + RECORD_PAGE))
        const text = rows.map((row) => jsonLine(line(row))).join('')
        if (text) yield text
      }
    }
  }
  const today = todayIn(zone, new Date(scope.now))
  const writers: Record<DataFile, () => AsyncIterable<string>> = {
    'employees.jsonl': employees,
    'punches.jsonl': punches,
    'corrections.jsonl': corrections,
    'chains.json': chains,
    'absences.jsonl': perEmployeePage(
      (ids) => absencesOfRecord(db, tenant.id, ids, query.from, query.to),
      (absence) => absence,
    ),
    'schedules.jsonl': perEmployeePage(
      (ids) => schedulesOfRecord(db, tenant, ids, query.from, query.to),
      (schedule) => scheduleLine(tenant.id, schedule),
    ),
    'overtime.jsonl': perEmployeePage(
      (ids) => lotsOfRecord(db, tenant.id, ids, query.from.slice(0, 7), query.to.slice(0, 7), today),
      (lot) => overtimeLine(tenant.id, lot),
    ),
  }
  const zip = new ZipFile()
  const output = zip.outputStream as Readable // a PassThrough
  const digests: FileDigest[] = []
  const sources: Readable[] = []
  const fail = (error: Error) => output.destroy(error)
  const mtime = new Date(generatedAt)
  for (const name of DATA_FILES) {
    const digest: FileDigest = { name, sha256: '', bytes: 0, lines: 0 }
    digests.push(digest)
    // Lazily: a file's reads begin once the file before it is written.
    zip.addReadStreamLazy(name, { mtime }, (done) => {
      const source = Readable.from(digested(writers[name](), digest))
      source.on('error', fail)
      sources.push(source)
      done(null, source)
    })
  }
  const manifest = (): Manifest => ({
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    company: { id: tenant.id, name: tenant.legal_name ?? tenant.name, cif: tenant.cif },
    range: { from: query.from, to: query.to, time_zone: zone, start, end },
    generated_at: generatedAt,
    record_key: { id: key.row.id, algorithm: 'Ed25519', public_key: key.row.public_key },
    files: digests,
  })
  let signed: Buffer | null = null
  zip.addReadStreamLazy(MANIFEST_FILE, { mtime }, (done) => {
    signed = manifestBytes(manifest())
    done(null, Readable.from([signed]))
  })
  zip.addReadStreamLazy(SIGNATURE_FILE, { mtime }, (done) =>
    done(null, Readable.from([`${signWith(key.privateKey, signed!)}\n`])),
  )
  zip.end()
  return {
    filename: `jornada-record-${query.from}-${query.to}.zip`,
    stream: output,
    cancel() {
      for (const source of sources) source.destroy()
      output.destroy()
    },
  }
}
