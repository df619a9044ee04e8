/**
 * What the service keeps (docs/decisions/0019-representatives-and-record-export.md): the time
 * record, the access log, the audit log and the record keys are never deleted by anything it runs,
 * housekeeping included; the law asks for four years at least (art. 34.9 ET), and what a company
 * keeps longer is its own decision. Of those, the rows that never change once written are never
 * updated either (a pending correction or overtime lot is decided in place, a chain head moves, a
 * record key's validity ends). test/architecture checks the code against both lists;
 * docs/record-export.md#retention says what is purged instead, and when. The punch tables are
 * attendance's to name (docs/decisions/0025-request-phases-and-module-ownership.md): it says which
 * they are and which of them are append-only.
 */
import { ATTENDANCE_APPEND_ONLY_TABLES, ATTENDANCE_TABLES } from '../attendance/index.js'

export const NEVER_DELETED = [
  ...ATTENDANCE_TABLES,
  'month_signatures',
  'overtime_lots',
  'overtime_payments',
  'access_log',
  'audit_log',
  'record_keys',
] as const

export const NEVER_UPDATED = [
  ...ATTENDANCE_APPEND_ONLY_TABLES,
  'month_signatures',
  'overtime_payments',
  'access_log',
  'audit_log',
] as const satisfies readonly (typeof NEVER_DELETED)[number][]
