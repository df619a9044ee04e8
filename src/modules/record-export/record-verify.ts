/**
 * `jornada record verify FILE.zip [--public-key KEY]`
 * (docs/decisions/0019-representatives-and-record-export.md): checks a record export with nothing
 * but the file, no database and no network. The manifest's signature by the record key, the SHA-256
 * of every file against the manifest, every punch's and correction's hash, every link from each
 * employee's anchor to their head, and the supersessions and correction statuses the files state;
 * the absences, schedules and overtime lots line by line (their fields, company, order and
 * employees; docs/decisions/0023-daily-limits-and-real-life.md). Each problem is named by file,
 * line and employee. An export of version 1 (before it held absences, schedules and overtime) still
 * verifies, as what it is.
 *
 * Memory stays bounded: punches.jsonl and corrections.jsonl are read side by side (yauzl opens
 * entries of a ZIP at random), one employee's links at a time; only chains.json and the
 * employees' ids are held whole.
 */
import { createHash, type Hash } from 'node:crypto'
import type { Readable } from 'node:stream'
import { StringDecoder } from 'node:string_decoder'
import { type Entry, type ZipFile, openPromise } from 'yauzl'
import {
  type BrokenLink,
  type ChainEntry,
  type ChainHead,
  punchesReplacedBy,
  verifyChain,
  verifyHead,
} from '../attendance/index.js'
import {
  type AbsenceLine,
  type ChainPart,
  type CorrectionLine,
  type DataFile,
  EXPORT_FORMAT,
  EXPORT_VERSION,
  type ExportVersion,
  MANIFEST_FILE,
  type Manifest,
  type OvertimeLine,
  type PunchLine,
  SIGNATURE_FILE,
  type ScheduleLine,
  dataFilesOf,
} from './record-export.format.js'
import { parsePublicKey, recordKeyId, signatureHolds } from './record-key.logic.js'

export interface Finding {
  /** The file the problem is in (the ZIP itself for an unreadable archive). */
  file: string
  /** 1-based; null when the problem is the file's as a whole. */
  line: number | null
  user_id: string | null
  problem: string
  message: string
}

export interface Verification {
  ok: boolean
  company: Manifest['company'] | null
  range: Manifest['range'] | null
  /** The key the signature was checked with, and where it came from. */
  key: { id: string; source: 'given' | 'named in the export' } | null
  checked: {
    employees: number
    punches: number
    corrections: number
    chains: number
    absences: number
    schedules: number
    overtime_lots: number
  }
  problems: Finding[]
}

/** Beyond these, a file is not an export of this service (or not one this verifier can hold). */
const MAX_MANIFEST_BYTES = 1 << 20
const MAX_CHAINS_BYTES = 256 << 20
const MAX_LINE_CHARS = 1 << 20
const MAX_ENTRIES = 64

class Findings {
  readonly list: Finding[] = []
  add(file: string, line: number | null, userId: string | null, problem: string, message: string) {
    this.list.push({ file, line, user_id: userId, problem, message })
  }
}

/** A file's bytes as they stream by: its SHA-256 and size, checked against the manifest at its end. */
class Digest {
  readonly hash: Hash = createHash('sha256')
  bytes = 0
  update(chunk: Buffer) {
    this.hash.update(chunk)
    this.bytes += chunk.length
  }
}

async function readWhole(zip: ZipFile, entry: Entry, limit: number, digest?: Digest): Promise<Buffer | null> {
  if (entry.uncompressedSize > limit) return null
  const stream = await zip.openReadStreamPromise(entry)
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > limit) {
      stream.destroy()
      return null
    }
    digest?.update(chunk)
    chunks.push(chunk)
  }
  return Buffer.concat(chunks)
}

/** The lines of a stream, numbered from 1, each without its line feed; the bytes go through `digest`. */
async function* linesOf(stream: Readable, digest: Digest): AsyncGenerator<{ n: number; text: string }> {
  const decoder = new StringDecoder('utf8')
  let rest = ''
  let n = 0
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    digest.update(chunk)
    rest += decoder.write(chunk)
    let at = rest.indexOf('\n')
    while (at >= 0) {
      yield { n: ++n, text: rest.slice(0, at) }
      rest = rest.slice(at + 1)
      at = rest.indexOf('\n')
    }
    if (rest.length > MAX_LINE_CHARS) throw new Error(`line ${n + 1} is longer than ${MAX_LINE_CHARS} characters`)
  }
  rest += decoder.end()
  if (rest.length > 0) yield { n: ++n, text: rest }
}

interface Located<T> {
  line: number
  value: T
}

const isString = (v: unknown) => typeof v === 'string'
const isStringOrNull = (v: unknown) => v === null || typeof v === 'string'
const isSeq = (v: unknown) => Number.isSafeInteger(v) && (v as number) >= 1
const isInteger = (v: unknown) => Number.isSafeInteger(v)
const isBoolean = (v: unknown) => typeof v === 'boolean'
const isObject = (v: unknown): v is Record<string, any> => v !== null && typeof v === 'object' && !Array.isArray(v)

function isPunchLine(v: any): v is PunchLine {
  return (
    v !== null &&
    typeof v === 'object' &&
    [v.id, v.tenant_id, v.user_id, v.type, v.ts, v.modality, v.source, v.created_at, v.hash].every(isString) &&
    [v.created_by, v.kiosk_id, v.correction_id, v.prev_hash, v.superseded_by].every(isStringOrNull) &&
    isSeq(v.seq) &&
    (v.hash_version === 1 || v.hash_version === 2)
  )
}

function isCorrectionLine(v: any): v is CorrectionLine {
  return (
    v !== null &&
    typeof v === 'object' &&
    [
      v.id,
      v.tenant_id,
      v.user_id,
      v.status,
      v.reason,
      v.changes,
      v.first_ts,
      v.last_ts,
      v.proposed_by,
      v.proposed_at,
    ].every(isString) &&
    [v.decided_by, v.decided_at, v.decision_note, v.cancelled_at, v.prev_hash, v.hash].every(isStringOrNull) &&
    (v.seq === null || isSeq(v.seq))
  )
}

function isAbsenceLine(v: any): v is AbsenceLine {
  return (
    isObject(v) &&
    [v.id, v.tenant_id, v.user_id, v.type, v.type_label, v.status, v.start_date, v.end_date, v.created_at].every(
      isString,
    ) &&
    [v.start_time, v.end_time, v.decided_by, v.decided_at, v.cancelled_at].every(isStringOrNull) &&
    [v.consumes_vacation, v.interrupts_vacation].every(isBoolean)
  )
}

function isScheduleLine(v: any): v is ScheduleLine {
  return (
    isObject(v) &&
    [v.tenant_id, v.user_id].every(isString) &&
    isBoolean(v.works_holidays) &&
    Array.isArray(v.periods) &&
    v.periods.every(
      (p: any) =>
        isObject(p) &&
        [p.effective_from, p.effective_to, p.schedule_id].every(isStringOrNull) &&
        isString(p.origin) &&
        isObject(p.weekday_minutes),
    ) &&
    Array.isArray(v.holidays) &&
    v.holidays.every((h: any) => isObject(h) && [h.date, h.name, h.type].every(isString))
  )
}

function isOvertimeLine(v: any): v is OvertimeLine {
  return (
    isObject(v) &&
    [v.id, v.tenant_id, v.user_id, v.month, v.kind, v.basis, v.status, v.compensate_by, v.created_at].every(isString) &&
    [v.compensation, v.adjusts, v.decided_by, v.decided_at].every(isStringOrNull) &&
    [v.minutes, v.rested_minutes, v.scheduled_rest_minutes, v.paid_minutes, v.owed_minutes].every(isInteger) &&
    isSeq(v.sequence) &&
    [v.force_majeure, v.overdue].every(isBoolean) &&
    Array.isArray(v.days) &&
    v.days.every((d: any) => isObject(d) && isString(d.date) && isInteger(d.minutes)) &&
    Array.isArray(v.rest_taken) &&
    Array.isArray(v.payments)
  )
}

/** How each file's lines are sorted, as its out_of_order problems say it. */
const ORDER: Partial<Record<DataFile, string>> = {
  'punches.jsonl': 'by employee, then seq',
  'corrections.jsonl': 'by employee, then proposal',
  'absences.jsonl': 'by employee, then first day, then id',
  'schedules.jsonl': 'by employee, one line each',
  'overtime.jsonl': 'by employee, then month, kind and sequence',
}

/** Parsed lines of one file, checked for shape, company and order as they come. */
async function* parsedLines<T extends { user_id: string }>(
  file: DataFile,
  lines: AsyncIterable<{ n: number; text: string }>,
  isLine: (v: unknown) => v is T,
  orderKey: (v: T) => string,
  companyId: string,
  findings: Findings,
): AsyncGenerator<Located<T>> {
  let previous: string | null = null
  for await (const { n, text } of lines) {
    let value: unknown
    try {
      value = JSON.parse(text)
    } catch {
      findings.add(file, n, null, 'line_unreadable', `${file} line ${n} is not JSON`)
      continue
    }
    if (!isLine(value)) {
      findings.add(file, n, null, 'line_unreadable', `${file} line ${n} does not have the fields of its file`)
      continue
    }
    if ((value as any).tenant_id !== companyId)
      findings.add(file, n, value.user_id, 'other_company', `${file} line ${n} belongs to another company`)
    const key = orderKey(value)
    if (previous !== null && key <= previous)
      findings.add(
        file,
        n,
        value.user_id,
        'out_of_order',
        `${file} line ${n} is out of order (lines are sorted ${ORDER[file]})`,
      )
    previous = key
    yield { line: n, value }
  }
}

/** One step of lookahead over an async iterator. */
class Peekable<T> {
  private next: IteratorResult<T> | null = null
  constructor(private readonly iterator: AsyncIterator<T>) {}
  async peek(): Promise<T | undefined> {
    this.next ??= await this.iterator.next()
    return this.next.done ? undefined : this.next.value
  }
  async take(): Promise<T | undefined> {
    const value = await this.peek()
    this.next = null
    return value
  }
}

const seqKey = (seq: number) => String(seq).padStart(16, '0')

function problemMessage(link: BrokenLink, where: string): string {
  switch (link.problem) {
    case 'hash_mismatch':
      return `${where}: its hash does not match its fields (changed after it was recorded)`
    case 'prev_hash_mismatch':
      return `${where}: it does not link to the link before it (a link was changed, removed or reordered)`
    case 'sequence_gap':
      return `${where}: its seq does not follow the link before it (a link is missing or reordered)`
    case 'chain_truncated':
      return `${where}: the employee’s links end before seq ${link.seq}, where chains.json says their part ends`
    case 'head_mismatch':
      return `${where}: the employee’s last link is not the head chains.json names`
    case 'time_not_increasing':
      return `${where}: it is not later than the punch before it`
    default:
      return `${where}: ${link.problem}`
  }
}

/** Checks one employee's links: hashes, the links from the anchor to the head, statuses and supersessions. */
function checkEmployee(
  userId: string,
  punches: readonly Located<PunchLine>[],
  corrections: readonly Located<CorrectionLine>[],
  part: ChainPart | undefined,
  employees: ReadonlySet<string>,
  findings: Findings,
): void {
  const at = new Map<string, { file: DataFile; line: number }>()
  const firstLine = punches[0]
    ? { file: 'punches.jsonl' as const, line: punches[0].line }
    : { file: 'corrections.jsonl' as const, line: corrections[0]!.line }
  if (!employees.has(userId))
    findings.add(
      firstLine.file,
      firstLine.line,
      userId,
      'employee_missing',
      `${firstLine.file} line ${firstLine.line}: employee ${userId} is not in employees.jsonl`,
    )
  const entries: ChainEntry[] = []
  for (const { line, value } of punches) {
    at.set(value.id, { file: 'punches.jsonl', line })
    entries.push({ kind: 'punch', ...value })
  }
  const inFile = new Map<string, CorrectionLine>()
  for (const { line, value: c } of corrections) {
    at.set(c.id, { file: 'corrections.jsonl', line })
    inFile.set(c.id, c)
    const chained = c.seq !== null && c.hash !== null
    if (chained !== (c.status === 'approved') || (chained && (c.decided_by === null || c.decided_at === null))) {
      findings.add(
        'corrections.jsonl',
        line,
        userId,
        'correction_status_mismatch',
        `corrections.jsonl line ${line} (employee ${userId}): a correction is a link of the chain exactly when it is approved, and this one is ${c.status} ${chained ? 'with' : 'without'} a place in the chain`,
      )
    }
    if (chained && c.decided_by !== null && c.decided_at !== null)
      entries.push({
        kind: 'correction',
        ...c,
        seq: c.seq!,
        prev_hash: c.prev_hash,
        hash: c.hash!,
        decided_by: c.decided_by,
        decided_at: c.decided_at,
      })
  }
  entries.sort((a, b) => a.seq - b.seq)
  const where = (link: BrokenLink) => {
    const place = link.punch_id ? at.get(link.punch_id) : undefined
    return place
      ? { ...place, text: `${place.file} line ${place.line} (employee ${userId}, seq ${link.seq})` }
      : { file: 'chains.json' as const, line: null, text: `chains.json (employee ${userId})` }
  }
  if (entries.length > 0 && !part) {
    findings.add(
      firstLine.file,
      firstLine.line,
      userId,
      'chain_missing',
      `employee ${userId} has links but no part in chains.json`,
    )
  }
  if (part) {
    const broken = [...verifyChain(entries, part.anchor), ...verifyHead(userId, entries, part.head)]
    for (const link of broken) {
      const place = where(link)
      findings.add(place.file, place.line, userId, link.problem, problemMessage(link, place.text))
    }
    const recorded = part.recorded_head
    if (
      recorded &&
      (recorded.seq < part.head.seq || (recorded.seq === part.head.seq && recorded.hash !== part.head.hash))
    )
      findings.add(
        'chains.json',
        null,
        userId,
        'head_mismatch',
        `chains.json (employee ${userId}): the recorded head does not follow the part’s head`,
      )
  }
  // Supersessions, as far as the files reach: a correction's move or void names a punch of the file
  // exactly when that punch says the correction superseded it.
  const punchById = new Map(punches.map((p) => [p.value.id, p]))
  const named = new Map<string, string>() // punch -> correction
  for (const c of inFile.values())
    if (c.seq !== null) for (const punchId of punchesReplacedBy(c.changes)) named.set(punchId, c.id)
  for (const [punchId, correctionId] of named) {
    const punch = punchById.get(punchId)
    if (punch && punch.value.superseded_by !== correctionId)
      findings.add(
        'punches.jsonl',
        punch.line,
        userId,
        'supersession_mismatch',
        `punches.jsonl line ${punch.line} (employee ${userId}): correction ${correctionId} moved or voided this punch, and the punch does not say so`,
      )
  }
  for (const { line, value: p } of punches) {
    if (p.superseded_by !== null && named.get(p.id) !== p.superseded_by)
      findings.add(
        'punches.jsonl',
        line,
        userId,
        'supersession_mismatch',
        `punches.jsonl line ${line} (employee ${userId}): it says correction ${p.superseded_by} superseded it, and no approved correction of the file did`,
      )
    if (p.correction_id !== null && inFile.get(p.correction_id)?.status !== 'approved')
      findings.add(
        'punches.jsonl',
        line,
        userId,
        'correction_missing',
        `punches.jsonl line ${line} (employee ${userId}): it was added by correction ${p.correction_id}, which is not approved in corrections.jsonl`,
      )
  }
}

/** The versions this verifier knows: the files each holds. */
const isKnownVersion = (v: unknown): v is ExportVersion => v === 1 || v === EXPORT_VERSION

function manifestProblem(value: any): string | null {
  if (value?.format !== EXPORT_FORMAT || !isKnownVersion(value?.version))
    return `it is not a ${EXPORT_FORMAT} manifest of version 1 to ${EXPORT_VERSION}`
  if (!isString(value.company?.id) || !isString(value.record_key?.id) || !isString(value.record_key?.public_key))
    return 'it does not name the company and the record key'
  if (!Array.isArray(value.files)) return 'it does not list the files'
  const names = value.files.map((f: any) => f?.name).sort()
  const files = dataFilesOf(value.version)
  if (JSON.stringify(names) !== JSON.stringify([...files].sort()))
    return `it lists ${names.join(', ')}, not ${files.join(', ')}`
  if (!value.files.every((f: any) => /^[0-9a-f]{64}$/.test(f.sha256) && Number.isSafeInteger(f.bytes)))
    return 'a file’s digest or size is missing'
  return null
}

/** Verifies the export at `path`; `publicKey` (base64 or PEM) is the company's published record key. */
export async function verifyRecordExport(path: string, options: { publicKey?: string } = {}): Promise<Verification> {
  const findings = new Findings()
  const result: Verification = {
    ok: false,
    company: null,
    range: null,
    key: null,
    checked: { employees: 0, punches: 0, corrections: 0, chains: 0, absences: 0, schedules: 0, overtime_lots: 0 },
    problems: findings.list,
  }
  let zip: ZipFile
  try {
    zip = await openPromise(path, { lazyEntries: true, autoClose: false, strictFileNames: true })
  } catch (error) {
    findings.add(path, null, null, 'not_a_zip', `${path} cannot be read as a ZIP: ${(error as Error).message}`)
    return result
  }
  try {
    await verifyOpened(zip, options, findings, result)
  } catch (error) {
    findings.add(path, null, null, 'damaged', `${path} is damaged: ${(error as Error).message}`)
  } finally {
    zip.close()
  }
  result.ok = findings.list.length === 0
  return result
}

async function verifyOpened(zip: ZipFile, options: { publicKey?: string }, findings: Findings, result: Verification) {
  const entries = new Map<string, Entry>()
  let count = 0
  for await (const entry of zip.eachEntry()) {
    if (++count > MAX_ENTRIES) throw new Error(`it holds more than ${MAX_ENTRIES} files`)
    entries.set(entry.fileName, entry)
  }
  const manifestEntry = entries.get(MANIFEST_FILE)
  const signatureEntry = entries.get(SIGNATURE_FILE)
  const manifestBytes = manifestEntry ? await readWhole(zip, manifestEntry, MAX_MANIFEST_BYTES) : null
  let manifest: Manifest | undefined
  try {
    manifest = manifestBytes ? JSON.parse(manifestBytes.toString('utf8')) : undefined
  } catch {}
  // The files of the version the manifest says (a version 1 export has no absences, schedules or
  // overtime), else of the current version.
  const dataFiles = dataFilesOf(isKnownVersion(manifest?.version) ? manifest.version : EXPORT_VERSION)
  const listed = new Set<string>(Array.isArray(manifest?.files) ? manifest.files.map((f) => f?.name) : [])
  for (const name of entries.keys())
    if (![...dataFiles, MANIFEST_FILE, SIGNATURE_FILE].includes(name as DataFile))
      findings.add(name, null, null, 'unexpected_file', `${name} is not a file of a record export`)
  for (const name of [...dataFiles, MANIFEST_FILE, SIGNATURE_FILE])
    if (!entries.has(name))
      findings.add(
        name,
        null,
        null,
        'file_missing',
        `${name} is missing${listed.has(name) ? ' (the manifest lists it)' : ''}`,
      )
  if (!manifestEntry || !signatureEntry) return

  const signature = await readWhole(zip, signatureEntry, 1024)
  if (manifest === undefined)
    return findings.add(MANIFEST_FILE, null, null, 'manifest_invalid', `${MANIFEST_FILE} is not JSON`)
  const wrong = manifestProblem(manifest)
  if (wrong) return findings.add(MANIFEST_FILE, null, null, 'manifest_invalid', `${MANIFEST_FILE}: ${wrong}`)
  result.company = manifest.company
  result.range = manifest.range

  // The signature: with the key given, or else the one the export names (which says less).
  let publicKey = manifest.record_key.public_key
  result.key = { id: manifest.record_key.id, source: 'named in the export' }
  if (options.publicKey !== undefined) {
    const given = parsePublicKey(options.publicKey)
    if (!given)
      return findings.add(
        '--public-key',
        null,
        null,
        'public_key_invalid',
        'the public key given is neither base64 of 32 bytes nor an Ed25519 PEM key',
      )
    publicKey = given
    result.key = { id: recordKeyId(given), source: 'given' }
    if (recordKeyId(given) !== manifest.record_key.id)
      findings.add(
        MANIFEST_FILE,
        null,
        null,
        'key_not_named',
        `the export says it was signed by ${manifest.record_key.id}; the key given is ${recordKeyId(given)}`,
      )
  } else if (recordKeyId(manifest.record_key.public_key) !== manifest.record_key.id) {
    findings.add(
      MANIFEST_FILE,
      null,
      null,
      'key_not_named',
      `the key in ${MANIFEST_FILE} is not ${manifest.record_key.id}`,
    )
  }
  if (!manifestBytes || !signature || !signatureHolds(publicKey, manifestBytes, signature.toString('utf8')))
    findings.add(
      SIGNATURE_FILE,
      null,
      null,
      'signature_invalid',
      `${SIGNATURE_FILE} is not ${result.key.id}’s signature of ${MANIFEST_FILE} (the manifest was changed, or signed by another key)`,
    )

  const expected = new Map(manifest.files.map((f) => [f.name, f]))
  const checkDigest = (name: DataFile, digest: Digest) => {
    const sha256 = digest.hash.digest('hex')
    const listed = expected.get(name)!
    if (sha256 !== listed.sha256 || digest.bytes !== listed.bytes)
      findings.add(
        name,
        null,
        null,
        'digest_mismatch',
        `${name}: its SHA-256 is ${sha256} (${digest.bytes} bytes); the manifest says ${listed.sha256} (${listed.bytes} bytes)`,
      )
  }
  const present = (name: DataFile) => entries.get(name)

  // chains.json, whole: one small object per employee.
  const chains = new Map<string, ChainPart>()
  const chainsEntry = present('chains.json')
  if (chainsEntry) {
    const digest = new Digest()
    const bytes = await readWhole(zip, chainsEntry, MAX_CHAINS_BYTES, digest)
    checkDigest('chains.json', digest)
    try {
      const parsed = JSON.parse(bytes?.toString('utf8') ?? '') as { chains: ChainPart[] }
      let previous = ''
      for (const part of parsed.chains) {
        if (!isString(part.user_id) || !isHead(part.head) || !(part.anchor === null || isHead(part.anchor)))
          throw new Error('a part lacks its employee, anchor or head')
        if (part.user_id <= previous)
          findings.add(
            'chains.json',
            null,
            part.user_id,
            'out_of_order',
            `chains.json: employee ${part.user_id} is out of order`,
          )
        previous = part.user_id
        chains.set(part.user_id, part)
      }
      result.checked.chains = chains.size
    } catch (error) {
      findings.add(
        'chains.json',
        null,
        null,
        'chains_invalid',
        `chains.json cannot be read: ${(error as Error).message}`,
      )
    }
  }

  // employees.jsonl: the ids, in order.
  const employees = new Set<string>()
  const employeesEntry = present('employees.jsonl')
  if (employeesEntry) {
    const digest = new Digest()
    let previous = ''
    for await (const { n, text } of linesOf(await zip.openReadStreamPromise(employeesEntry), digest)) {
      let id: unknown
      try {
        id = JSON.parse(text).id
      } catch {}
      if (!isString(id)) {
        findings.add('employees.jsonl', n, null, 'line_unreadable', `employees.jsonl line ${n} is not an employee`)
        continue
      }
      if ((id as string) <= previous)
        findings.add(
          'employees.jsonl',
          n,
          id as string,
          'out_of_order',
          `employees.jsonl line ${n} is out of order (sorted by id)`,
        )
      previous = id as string
      employees.add(id as string)
    }
    checkDigest('employees.jsonl', digest)
    result.checked.employees = employees.size
  }

  // absences.jsonl, schedules.jsonl and overtime.jsonl: each line's fields, company and order, and
  // its employee in employees.jsonl.
  const recordFiles = [
    {
      file: 'absences.jsonl',
      isLine: isAbsenceLine,
      order: (a: AbsenceLine) => `${a.user_id}\u0000${a.start_date}\u0000${a.id}`,
      count: 'absences',
    },
    { file: 'schedules.jsonl', isLine: isScheduleLine, order: (l: ScheduleLine) => l.user_id, count: 'schedules' },
    {
      file: 'overtime.jsonl',
      isLine: isOvertimeLine,
      order: (l: OvertimeLine) => `${l.user_id}\u0000${l.month}\u0000${l.kind}\u0000${seqKey(l.sequence)}`,
      count: 'overtime_lots',
    },
  ] as const
  for (const { file, isLine, order, count } of recordFiles) {
    const entry = dataFiles.includes(file) ? present(file) : undefined
    if (!entry) continue
    const digest = new Digest()
    const lines = parsedLines<{ user_id: string }>(
      file,
      linesOf(await zip.openReadStreamPromise(entry), digest),
      isLine as (v: unknown) => v is { user_id: string },
      order as (v: { user_id: string }) => string,
      manifest.company.id,
      findings,
    )
    for await (const { line, value } of lines) {
      result.checked[count]++
      if (!employees.has(value.user_id))
        findings.add(
          file,
          line,
          value.user_id,
          'employee_missing',
          `${file} line ${line}: employee ${value.user_id} is not in employees.jsonl`,
        )
    }
    checkDigest(file, digest)
  }

  // punches.jsonl and corrections.jsonl side by side, one employee at a time.
  const punchesEntry = present('punches.jsonl')
  const correctionsEntry = present('corrections.jsonl')
  if (!punchesEntry || !correctionsEntry) return
  const punchDigest = new Digest()
  const correctionDigest = new Digest()
  const punches = new Peekable(
    parsedLines(
      'punches.jsonl',
      linesOf(await zip.openReadStreamPromise(punchesEntry), punchDigest),
      isPunchLine,
      (p) => `${p.user_id}\u0000${seqKey(p.seq)}`,
      manifest.company.id,
      findings,
    ),
  )
  const corrections = new Peekable(
    parsedLines(
      'corrections.jsonl',
      linesOf(await zip.openReadStreamPromise(correctionsEntry), correctionDigest),
      isCorrectionLine,
      (c) => `${c.user_id}\u0000${c.proposed_at}\u0000${c.id}`,
      manifest.company.id,
      findings,
    ),
  )
  const seen = new Set<string>()
  for (;;) {
    const [p, c] = [await punches.peek(), await corrections.peek()]
    if (!p && !c) break
    const userId = [p?.value.user_id, c?.value.user_id].filter(isString).sort()[0]!
    const ofUser: { punches: Located<any>[]; corrections: Located<CorrectionLine>[] } = {
      punches: [],
      corrections: [],
    }
    while ((await punches.peek())?.value.user_id === userId) ofUser.punches.push((await punches.take())!)
    while ((await corrections.peek())?.value.user_id === userId) ofUser.corrections.push((await corrections.take())!)
    result.checked.punches += ofUser.punches.length
    result.checked.corrections += ofUser.corrections.length
    seen.add(userId)
    checkEmployee(userId, ofUser.punches, ofUser.corrections, chains.get(userId), employees, findings)
  }
  checkDigest('punches.jsonl', punchDigest)
  checkDigest('corrections.jsonl', correctionDigest)
  for (const userId of chains.keys())
    if (!seen.has(userId))
      findings.add(
        'chains.json',
        null,
        userId,
        'chain_truncated',
        `chains.json names a part of employee ${userId}'s chain, and the files hold none of its links`,
      )
}

function isHead(value: unknown): value is ChainHead {
  const head = value as ChainHead
  return head !== null && typeof head === 'object' && isSeq(head.seq) && isString(head.hash)
}
