/**
 * The absences as the record export gives them to the Inspectorate
 * (docs/decisions/0023-daily-limits-and-real-life.md, docs/record-export.md): every absence of some
 * employees overlapping a range, whatever its status, with its type, days or hours and decision.
 * Privacy (docs/decisions/0014-privacy-and-visibility.md): the request's and the decision's notes
 * are free text that may hold health details and are never given out, here as in the API.
 */
import type { Db } from '../../db/unit-of-work.js'
import * as repo from './absences.repository.js'

export interface AbsenceOfRecord {
  id: string
  tenant_id: string
  user_id: string
  /** The type's key (`vacation`, `sick`, `overtime_rest`, ...) and label, and how it counts. */
  type: string
  type_label: string
  consumes_vacation: boolean
  interrupts_vacation: boolean
  status: 'pending' | 'approved' | 'rejected' | 'cancelled'
  start_date: string
  end_date: string
  start_time: string | null
  end_time: string | null
  created_at: string
  decided_by: string | null
  decided_at: string | null
  cancelled_at: string | null
}

/** The absences of `userIds` overlapping [from, to] (days), by employee, first day, then id. */
export async function absencesOfRecord(
  db: Db,
  tenantId: string,
  userIds: readonly string[],
  from: string,
  to: string,
): Promise<AbsenceOfRecord[]> {
  const rows = await repo.absencesOfUsersBetween(db, tenantId, userIds, from, to)
  return rows.map((a) => ({
    id: a.id,
    tenant_id: a.tenant_id,
    user_id: a.user_id,
    type: a.type_key,
    type_label: a.type_label,
    consumes_vacation: Boolean(a.consumes_vacation),
    interrupts_vacation: Boolean(a.interrupts_vacation),
    status: a.status,
    start_date: a.start_date,
    end_date: a.end_date,
    start_time: a.start_time,
    end_time: a.end_time,
    created_at: a.created_at,
    decided_by: a.decided_by,
    decided_at: a.decided_at,
    cancelled_at: a.cancelled_at,
  }))
}
