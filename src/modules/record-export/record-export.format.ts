/**
 * The record export's format (docs/decisions/0019-representatives-and-record-export.md,
 * docs/record-export.md), shared by the service that writes it and the verifier that checks it: the
 * files of the ZIP, the shape of each line, and the manifest. Pure: no database, no clock.
 */
import type { AbsenceOfRecord } from '../absences/index.js'
import type { ChainedCorrection, ChainedPunch, ChainHead } from '../attendance/index.js'
import type { LotOfRecord } from '../overtime/index.js'
import type { ScheduleOfRecord } from '../work-calendar/index.js'

export const EXPORT_FORMAT = 'jornada-record-export'
/** 2 since the export holds absences, schedules and overtime (docs/decisions/0023-daily-limits-and-real-life.md). */
export const EXPORT_VERSION = 2
export type ExportVersion = 1 | typeof EXPORT_VERSION

/** The files of an export, in the order they are written; the manifest and its signature come last. */
export const DATA_FILES = [
  'employees.jsonl',
  'punches.jsonl',
  'corrections.jsonl',
  'chains.json',
  'absences.jsonl',
  'schedules.jsonl',
  'overtime.jsonl',
] as const
export type DataFile = (typeof DATA_FILES)[number]

/** The data files of each version: an export of version 1 held the time record alone, and still verifies. */
export function dataFilesOf(version: ExportVersion): readonly DataFile[] {
  return version === 1 ? DATA_FILES.slice(0, 4) : DATA_FILES
}
export const MANIFEST_FILE = 'manifest.json'
export const SIGNATURE_FILE = 'manifest.sig'

export interface EmployeeLine {
  id: string
  full_name: string
  dni: string | null
  hire_date: string | null
  employment_periods: { start: string | null; end: string | null }[]
  status: 'active' | 'disabled'
}

/** A stored punch with its chain fields, and the approved correction that superseded it, if one did. */
export interface PunchLine extends ChainedPunch {
  superseded_by: string | null
}

/** A correction with its trail; `seq`, `prev_hash` and `hash` are set once it is approved (a link of the chain). */
export interface CorrectionLine
  extends Omit<ChainedCorrection, 'seq' | 'prev_hash' | 'hash' | 'decided_by' | 'decided_at'> {
  status: 'pending' | 'approved' | 'rejected' | 'cancelled'
  decided_by: string | null
  decided_at: string | null
  cancelled_at: string | null
  seq: number | null
  prev_hash: string | null
  hash: string | null
}

/** An absence of an exported employee overlapping the range, whatever its status; notes are left out. */
export type AbsenceLine = AbsenceOfRecord

/** What was expected of an employee: their schedule periods reaching into the range, and their holidays in it. */
export interface ScheduleLine extends ScheduleOfRecord {
  tenant_id: string
}

/** An overtime lot of a month the range touches, with the rest drawn from it and its payments. */
export interface OvertimeLine extends LotOfRecord {
  tenant_id: string
}

/** One employee's part of the chain in the export. */
export interface ChainPart {
  user_id: string
  /** The link before the export's first one (null: the export starts at the chain's first link). */
  anchor: ChainHead | null
  /** The export's last link of this employee. */
  head: ChainHead
  /** The employee's whole chain's head when the export was made: a later export must still contain it. */
  recorded_head: ChainHead | null
}

export interface FileDigest {
  name: DataFile
  sha256: string
  bytes: number
  lines: number
}

export interface Manifest {
  format: typeof EXPORT_FORMAT
  version: ExportVersion
  company: { id: string; name: string; cif: string | null }
  range: { from: string; to: string; time_zone: string; start: string; end: string }
  generated_at: string
  record_key: { id: string; algorithm: 'Ed25519'; public_key: string }
  files: FileDigest[]
}

/** The manifest's bytes as written, and signed: JSON, two-space indented, one final line feed. */
export function manifestBytes(manifest: Manifest): Buffer {
  return Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`)
}

/** A line of a .jsonl file: the object's JSON and a line feed. */
export function jsonLine(value: unknown): string {
  return `${JSON.stringify(value)}\n`
}

/** A punch as its line: the chain fields in a fixed order, exactly as stored, then its supersession. */
export function punchLine(p: ChainedPunch, supersededBy: string | null): PunchLine {
  return {
    id: p.id,
    tenant_id: p.tenant_id,
    user_id: p.user_id,
    seq: p.seq,
    type: p.type,
    ts: p.ts,
    modality: p.modality,
    source: p.source,
    created_by: p.created_by,
    kiosk_id: p.kiosk_id,
    correction_id: p.correction_id,
    // Only on a punch made with a credential the company issued: its hash covers it then alone.
    ...(p.credential_origin ? { credential_origin: p.credential_origin } : {}),
    hash_version: p.hash_version,
    created_at: p.created_at,
    prev_hash: p.prev_hash,
    hash: p.hash,
    superseded_by: supersededBy,
  }
}

export function correctionLine(c: CorrectionLine): CorrectionLine {
  return {
    id: c.id,
    tenant_id: c.tenant_id,
    user_id: c.user_id,
    status: c.status,
    reason: c.reason,
    changes: c.changes,
    first_ts: c.first_ts,
    last_ts: c.last_ts,
    proposed_by: c.proposed_by,
    proposed_at: c.proposed_at,
    decided_by: c.decided_by,
    decided_at: c.decided_at,
    decision_note: c.decision_note,
    // Only on a consent given with a credential the company issued: its hash covers it then alone.
    ...(c.decision_credential_origin ? { decision_credential_origin: c.decision_credential_origin } : {}),
    cancelled_at: c.cancelled_at,
    seq: c.seq,
    prev_hash: c.prev_hash,
    hash: c.hash,
  }
}

export function scheduleLine(tenantId: string, s: ScheduleOfRecord): ScheduleLine {
  return {
    tenant_id: tenantId,
    user_id: s.user_id,
    works_holidays: s.works_holidays,
    periods: s.periods,
    holidays: s.holidays,
  }
}

/** A lot as its line: the company after its id, then the lot as the API shows it, its rest and its pay. */
export function overtimeLine(tenantId: string, lot: LotOfRecord): OvertimeLine {
  const { id, ...rest } = lot
  return { id, tenant_id: tenantId, ...rest }
}
