/**
 * Every scope a key can hold. Scopes are named like the operations they enable (the contract's
 * names, and extensions in the same style); `me` needs none.
 */
export const SCOPES = [
  'users.list',
  'users.get',
  'users.create',
  'users.update',
  'users.deactivate',
  'users.reactivate',
  'departments.list',
  'departments.create',
  'departments.update',
  'work-centers.list',
  'work-centers.create',
  'work-centers.update',
  'tenant.get',
  'tenant.update',
  'schedules.list',
  'schedules.create',
  'schedules.update',
  'holidays.list',
  'holidays.create',
  'holidays.delete',
  'attendance.list',
  'attendance.create',
  'attendance.summary',
  'projects.list',
  'projects.create',
  'projects.update',
  'allocations.create',
  'allocations.list',
  'allocations.get',
  'allocations.delete',
  'expenses.get',
  'expenses.list',
  'expenses.create',
  'absence-types.list',
  'absence-types.create',
  'absence-types.update',
  'absences.list',
  'absences.get',
  'absences.create',
  'absences.decide',
  'absences.cancel',
  'users.vacation-balance',
] as const

export type Scope = (typeof SCOPES)[number]

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value)
}
