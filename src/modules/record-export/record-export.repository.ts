/**
 * What the record export reads besides the time record: the company's people. The record (the
 * parts of the chains touching the range, their punches, corrections and recorded heads) comes
 * from attendance's front door.
 */
import type { Db } from '../../db/unit-of-work.js'

export interface ExportedUser {
  id: string
  full_name: string
  dni: string | null
  hire_date: string | null
  employment_periods: string
  status: 'active' | 'disabled'
}

/** A page of the company's people in id order, after `afterId`. */
export async function usersAfter(db: Db, tenantId: string, afterId: string, limit: number): Promise<ExportedUser[]> {
  return db
    .selectFrom('users')
    .select(['id', 'full_name', 'dni', 'hire_date', 'employment_periods', 'status'])
    .where('tenant_id', '=', tenantId)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute() as Promise<ExportedUser[]>
}
