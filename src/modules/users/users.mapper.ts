/** Rows to API objects, explicitly, so that nothing the contract does not show can leak. */
import type { FolderRow } from '../../db/schema.js'
import { PROFILE_FIELDS } from './users.logic.js'
import type { UserWithRefs } from './users.repository.js'
import type { UserFullType, UserReducedType } from './users.schemas.js'

function ref(id: string | null, name: string | null): { id: string; name: string } | null {
  return id !== null && name !== null ? { id, name } : null
}

export function userRowToReduced(row: UserWithRefs): UserReducedType {
  return {
    id: row.id,
    full_name: row.full_name,
    email: row.email,
    role: row.role,
    status: row.status,
    has_photo: Boolean(row.has_photo),
    department: ref(row.department_id, row.department_name),
    work_center: ref(row.work_center_id, row.work_center_name),
  }
}

export function userRowToFull(row: UserWithRefs, folders: FolderRow[] | null): UserFullType {
  const profile = Object.fromEntries(PROFILE_FIELDS.map((f) => [f, row[f]])) as Record<string, unknown>
  profile.qualifications = JSON.parse(row.qualifications) as string[]
  return {
    ...userRowToReduced(row),
    hire_date: row.hire_date,
    vacation_days: row.vacation_days ?? row.default_vacation_days,
    works_holidays: Boolean(row.works_holidays),
    remote_work_allowed: Boolean(row.remote_work_allowed),
    overtime_compensation: null,
    overtime_comp_expiry: null,
    created_at: row.created_at,
    manager_id: row.manager_id,
    schedule_id: row.schedule_id,
    profile: profile as UserFullType['profile'],
    folders: folders === null ? null : folders.map((f) => ({ id: f.id, name: f.name, document_count: f.document_count })),
  }
}
