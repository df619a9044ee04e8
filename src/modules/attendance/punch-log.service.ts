/**
 * The punch log: every stored punch of an employee over a range, superseded ones included, with
 * where it came from and what corrected it. What the daily record counts is the effective part of
 * it; this is the whole trail, as an inspector or the employee reads it.
 */
import { type RequestScope, noteRecordsRead } from '../../auth/request-scope.js'
import { canSeeRecordsOf } from '../../auth/visibility.js'
import { notFound } from '../../errors.js'
import { assertDateRange, localDays } from '../../lib/calendar.js'
import { listBody, pageOf } from '../../lib/pagination.js'
import { findUserRow } from '../users/index.js'
import * as repo from './attendance.repository.js'
import type { PunchLogEntryType, PunchLogQueryType } from './attendance.schemas.js'
import { punchToApi } from './punch-recording.service.js'

export function punchLogEntryToApi(row: repo.PunchLogRow): PunchLogEntryType {
  return {
    ...punchToApi(row),
    kiosk_id: row.kiosk_id,
    created_at: row.created_at,
    correction_id: row.correction_id,
    superseded_by: row.superseded_by,
  }
}

/** Punches whose moment falls on the local days [from, to] in `tz` (default the company's), by time then id. */
export async function listPunchLog(scope: RequestScope, query: PunchLogQueryType) {
  const { db, auth } = scope
  assertDateRange(query.from, query.to)
  if (!(await canSeeRecordsOf(db, auth, query.user_id)) || !(await findUserRow(db, auth.tenantId, query.user_id)))
    throw notFound('User')
  const days = localDays(query.from, query.to, query.tz ?? auth.tenant.timezone)
  const fromIso = new Date(days.starts[0]!).toISOString()
  const toIso = new Date(days.starts[days.starts.length - 1]!).toISOString()
  const window = pageOf(query)
  const page = await repo.punchLog(db, auth.tenantId, query.user_id, fromIso, toIso, window)
  noteRecordsRead(scope, [query.user_id])
  return listBody(window, page, punchLogEntryToApi)
}
