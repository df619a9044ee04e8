/**
 * Permission predicates of the acting user, pure so they can be tested without HTTP or a database.
 * A failed predicate becomes a 403 `permission_denied`, distinct from a missing scope.
 */
import type { Actor } from './context.js'

/** "Administer employees": create, deactivate and edit other users, push punches, absences for others. */
export function canAdministerEmployees(actor: Actor): boolean {
  return actor.role === 'admin'
}

export function isHrMember(actor: Actor, hrDepartmentId: string | null): boolean {
  return hrDepartmentId !== null && actor.departmentId === hrDepartmentId
}

/** HR-managed profile fields (country, company, SSN, qualifications): an admin or an HR member. */
export function canManageHrFields(actor: Actor, hrDepartmentId: string | null): boolean {
  return canAdministerEmployees(actor) || isHrMember(actor, hrDepartmentId)
}

/** Personal profile fields: the user themselves or an admin. */
export function canEditPersonalFields(actor: Actor, targetUserId: string): boolean {
  return actor.id === targetUserId || canAdministerEmployees(actor)
}
